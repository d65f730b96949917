import { mergeMatchesAtSamePlace, placeKey } from '../place/merge.js';
import type { FileFacts, RawMatch } from '../facts.js';
import type { Finding, TextEdit } from '../findings/finding.js';
import { matchInFileFacts } from './in-file.js';
import { apiRoots, matchRequest, type MatchContext } from './requests.js';
import { matchDeclaredResource } from './resources.js';
import { matchSdkCall } from './sdk.js';
import { matchWrittenPaths } from './path-floor.js';
import { sentToAnotherHost, sentToAnotherHostFromOtherModules } from '../url/normalize.js';
import { withFloorReadings } from '../place/floor.js';

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
  // Text that a request (resolved across files, for the scanner) sends to another host is that
  // host's path: neither a mention of ours nor a floor reading.
  const roots = apiRoots(context.entries);
  const elsewhere = sentToAnotherHost(facts.requests, context.apiHosts, (segment) => roots.has(segment));
  const sentElsewhere = (start: number, end: number) => elsewhere.some(([s, e]) => s <= start && end <= e);
  const requests = elsewhere.length
    ? facts.requests.filter(
        (request) =>
          request.via !== 'mention' ||
          !request.url.some(
            (part) => part.kind === 'text' && part.spans?.some((span) => !span.file && sentElsewhere(...span.written)),
          ),
      )
    : facts.requests;
  const all = [
    ...withoutPayloadReadings(facts.inFile ? matchInFileFacts(facts.inFile, context.entries) : [], resources),
    ...requests.flatMap((request) => matchRequest(request, context)),
    ...facts.sdkCalls.flatMap((call) => matchSdkCall(call, context)),
    ...resources,
  ];
  const written = (facts.inFile?.writtenPaths ?? []).filter(
    (path) => !path.pieces.some(([, , start, end]) => sentElsewhere(start, end)),
  );
  const floor = matchWrittenPaths(written, context.entries, context.apiHosts);
  const matches = withFloorReadings(
    mergeMatchesAtSamePlace(all),
    mergeMatchesAtSamePlace(floor),
    (match) => match.floor?.root,
  );
  return elsewhere.length ? matches.map((match) => withoutEditsElsewhere(match, elsewhere)) : matches;
}

/**
 * Text a request to another host also sends (`const SEG = 'script_monitor'` in our URL and in
 * theirs) is no one's to rewrite: the finding keeps its place, without the fixes and the migration
 * that would change the other host's request too.
 */
function withoutEditsElsewhere(match: RawMatch, elsewhere: ReadonlyArray<[number, number]>): RawMatch {
  if (match.file !== undefined) return match;
  const touches = (edits: readonly TextEdit[]) =>
    edits.some((edit) => elsewhere.some(([start, end]) => edit.start < end && start < edit.end));
  const fixes = match.fixes?.filter((fix) => !touches(fix.edits));
  const blocked = match.migration !== undefined && match.migration !== 'blocked' && touches(match.migration.edits);
  // The text reported is itself sent elsewhere: whatever the migration would derive from it too.
  const shared = touches([{ start: match.range[0], end: match.range[1], text: '' }]);
  if (fixes?.length === match.fixes?.length && !blocked && !shared) return match;
  const { fixes: _fixes, ...rest } = match;
  return {
    ...rest,
    ...(fixes?.length ? { fixes } : {}),
    ...(blocked || shared ? { migration: 'blocked' as const, noRewrite: SHARED_WITH_ANOTHER_HOST } : {}),
  };
}

const SHARED_WITH_ANOTHER_HOST = 'the text is also sent to another host by a request of this file';

/**
 * Text written in other modules that a request of this file (resolved across files) sends to another
 * host: `export const SEG = 'script_monitor'` in one module, sent to ours by a second module and to
 * theirs by a third. The scanner gathers these over every module and holds the findings placed
 * there to `withoutRewritesOfSharedText`.
 */
export function textSentToAnotherHostFromOtherModules(
  facts: Pick<FileFacts, 'requests'>,
  context: MatchContext,
): Array<{ file: string; range: [number, number] }> {
  const roots = apiRoots(context.entries);
  return sentToAnotherHostFromOtherModules(facts.requests, context.apiHosts, (segment) => roots.has(segment));
}

/**
 * A finding whose text, or whose fixes' or migration's edits, lie on text that a request of another
 * module (`by`, a path for the message) sends to another host: kept, without the fixes and the
 * migration, and with the reason (`noRewrite`), as `withoutEditsElsewhere` does in one file.
 */
export function withoutRewritesOfSharedText(
  finding: Finding,
  ranges: ReadonlyArray<readonly [number, number]>,
  by: string,
): Finding {
  const touches = (edits: readonly TextEdit[]) =>
    edits.some((edit) => ranges.some(([start, end]) => edit.start < end && start < edit.end));
  const fixes = finding.fixes.filter((fix) => !touches(fix.edits));
  const blocked = finding.migration !== undefined && touches(finding.migration.edits);
  const shared = touches([{ start: finding.range[0], end: finding.range[1], text: '' }]);
  if (fixes.length === finding.fixes.length && !blocked && !shared) return finding;
  if (!blocked && !shared) return { ...finding, fixes };
  const { migration: _migration, ...rest } = finding;
  return { ...rest, fixes, noRewrite: `the text is also sent to another host by a request of ${by}` };
}

/**
 * A declared resource's arguments can also read as an API payload (`{ type: 'SRV', data: { service } }`):
 * one usage, one finding, told as the resource it declares, with the payload reading's fixes.
 */
function withoutPayloadReadings(inFile: RawMatch[], resources: RawMatch[]): RawMatch[] {
  const byPlace = new Map(resources.map((match) => [placeKey(match), match]));
  return inFile.filter((match) => {
    const resource = byPlace.get(placeKey(match));
    if (!resource) return true;
    if (match.fixes?.length && !resource.fixes?.length) resource.fixes = match.fixes;
    return false;
  });
}
