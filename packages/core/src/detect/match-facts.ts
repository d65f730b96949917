import { CONFIDENCE_RANK } from '../findings/finding.js';
import type { FileFacts, RawMatch } from '../extract/facts.js';
import { matchRequest, type MatchContext } from './requests.js';
import { matchSdkCall } from './sdk.js';

/**
 * All raw matches of a file: the local ones plus requests and SDK calls matched against the
 * catalogue. The scanner calls this after substituting what other modules export.
 */
export function matchFacts(
  facts: Pick<FileFacts, 'requests' | 'sdkCalls' | 'local'>,
  context: MatchContext,
): RawMatch[] {
  const enabled = new Set(context.entries.map((entry) => entry.id));
  const all = [
    ...facts.local.filter((match) => enabled.has(match.entryId)),
    ...facts.requests.flatMap((request) => matchRequest(request, context)),
    ...facts.sdkCalls.flatMap((call) => matchSdkCall(call, context)),
  ];
  return dedupe(all);
}

/** One match per entry and place: the most confident, with every fix any of them offered. */
function dedupe(matches: RawMatch[]): RawMatch[] {
  const byPlace = new Map<string, RawMatch>();
  for (const match of matches) {
    const key = `${match.entryId}@${match.range[0]}:${match.range[1]}:${match.subject}`;
    const existing = byPlace.get(key);
    if (!existing) byPlace.set(key, match);
    else {
      const best = CONFIDENCE_RANK[match.confidence] < CONFIDENCE_RANK[existing.confidence] ? match : existing;
      const fixes = [...(existing.fixes ?? []), ...(match.fixes ?? [])].filter(
        (fix, i, all) => all.findIndex((other) => other.description === fix.description) === i,
      );
      byPlace.set(key, { ...best, ...(fixes.length ? { fixes } : {}) });
    }
  }
  return [...byPlace.values()];
}
