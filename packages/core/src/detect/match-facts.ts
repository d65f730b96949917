import { CONFIDENCE_RANK } from '../findings/finding.js';
import type { FileFacts, RawMatch } from '../extract/facts.js';
import { matchInFileFacts } from './in-file.js';
import { matchRequest, type MatchContext } from './requests.js';
import { matchDeclaredResource } from './resources.js';
import { matchSdkCall } from './sdk.js';

/**
 * All raw matches of a file: its in-file facts, requests, SDK calls and declared resources matched
 * against the catalogue's entries. The scanner calls this after substituting what other modules
 * export (a caller with only requests and SDK calls, `--types`, leaves the rest out).
 */
export function matchFacts(
  facts: Pick<FileFacts, 'requests' | 'sdkCalls'> & Partial<Pick<FileFacts, 'resources' | 'inFile'>>,
  context: MatchContext,
): RawMatch[] {
  const resources = (facts.resources ?? []).flatMap((resource) => matchDeclaredResource(resource, context.entries));
  const all = [
    ...withoutPayloadReadings(facts.inFile ? matchInFileFacts(facts.inFile, context.entries) : [], resources),
    ...facts.requests.flatMap((request) => matchRequest(request, context)),
    ...facts.sdkCalls.flatMap((call) => matchSdkCall(call, context)),
    ...resources,
  ];
  return dedupe(all);
}

/**
 * A declared resource's arguments can also read as an API payload (`{ type: 'SRV', data: { service } }`):
 * one usage, one finding, told as the resource it declares, with the payload reading's fixes.
 */
function withoutPayloadReadings(inFile: RawMatch[], resources: RawMatch[]): RawMatch[] {
  const placeOf = (match: RawMatch) => `${match.entryId}@${match.file ?? ''}@${match.range[0]}:${match.range[1]}`;
  const byPlace = new Map(resources.map((match) => [placeOf(match), match]));
  return inFile.filter((match) => {
    const resource = byPlace.get(placeOf(match));
    if (!resource) return true;
    if (match.fixes?.length && !resource.fixes?.length) resource.fixes = match.fixes;
    return false;
  });
}

/**
 * One match per entry and place: the most confident, with every fix and related location any of
 * them offered. A path's usages are one per place whichever requests send it (`onePerPlace`);
 * other detectors may report several things at one place (two cipher names in one string).
 */
function dedupe(matches: RawMatch[]): RawMatch[] {
  const byPlace = new Map<string, RawMatch>();
  for (const match of matches) {
    const what = match.onePerPlace ? '' : match.subject;
    const key = `${match.entryId}@${match.file ?? ''}@${match.range[0]}:${match.range[1]}:${what}`;
    const existing = byPlace.get(key);
    if (!existing) {
      byPlace.set(key, match);
      continue;
    }
    const best = CONFIDENCE_RANK[match.confidence] < CONFIDENCE_RANK[existing.confidence] ? match : existing;
    // The most confident reading knows the most (a request knows its body): its fixes win.
    const fixes = best.fixes?.length
      ? best.fixes
      : unique([...(existing.fixes ?? []), ...(match.fixes ?? [])], (fix) => fix.description);
    const related = unique(
      [...(best.related ?? []), ...(existing.related ?? []), ...(match.related ?? [])],
      (place) => `${place.file ?? ''}@${place.range[0]}:${place.range[1]}`,
    );
    byPlace.set(key, { ...best, ...(fixes.length ? { fixes } : {}), ...(related.length ? { related } : {}) });
  }
  return [...byPlace.values()];
}

function unique<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
