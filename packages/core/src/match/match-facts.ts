import { mergeMatchesAtSamePlace, placeKey } from '../place/merge.js';
import type { FileFacts, RawMatch } from '../facts.js';
import { matchInFileFacts } from './in-file.js';
import { apiRoots, matchRequest, type MatchContext } from './requests.js';
import { matchDeclaredResource } from './resources.js';
import { matchSdkCall } from './sdk.js';
import { matchWrittenPaths } from './path-floor.js';
import { sentToAnotherHost } from '../url/normalize.js';
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
  return withFloorReadings(mergeMatchesAtSamePlace(all), mergeMatchesAtSamePlace(floor), (match) => match.floor?.root);
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
