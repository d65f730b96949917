import type { Catalogue, CatalogueEntry, FieldMatcher } from '../catalogue/types.js';
import type { Confidence } from '../findings/finding.js';
import { CONFIDENCE_RANK } from '../findings/finding.js';
import { compileTemplate } from '../url/template.js';
import { RECEIVER_HINTS, SRV_DATA_KEYS } from './local-matches.js';

/** Text the file must contain: as written, in any case, or as a whole word. */
interface Term {
  text: string;
  ignoreCase?: boolean;
  wholeWord?: boolean;
  /** A receiver name: the word must be (the end of) an expression whose member `accessed` is read. */
  accessed?: string;
}

/** One way a file can produce a match: every term is in the file's text. */
type Route = Term[];

export interface Prefilter {
  /** False when no detector can produce a match at the confidence asked for. */
  mayMatch(source: string): boolean;
}

/**
 * Words many files contain, most common first: a route is looked at through its rarest term, so
 * these go last. Generic API path segments are here too (every endpoint has `zones` or `accounts`).
 */
const COMMON_WORDS = [
  'data',
  'name',
  'type',
  'port',
  'service',
  'target',
  'proto',
  'settings',
  'rules',
  'user',
  'zones',
  'accounts',
  'members',
  'roles',
  'invites',
  'groups',
  'packages',
  'profile',
  'history',
  'images',
  'priority',
  'weight',
];
/** Reads are high confidence only on receivers named as RECEIVER_HINTS says (a start is found anywhere). */
function receiverTerms(context: FieldMatcher['context']): Term[] {
  return RECEIVER_HINTS[context].map(({ text, where }) => ({
    text,
    ignoreCase: true,
    ...(where === 'whole' ? { wholeWord: true } : {}),
  }));
}
/**
 * What may stand between a receiver's name and the member read from it, as receiverName in
 * local-matches.ts sees through it: `records[0]`, `getRecord()`, `(record as SrvRecord)`,
 * `record!`, `record?.`; then `.name` or `['name']`.
 */
const RECEIVER_TAIL = String.raw`(?:\s*(?:\[[^\]\n]*\]|\([^)\n]*\)|\)|!|\s(?:as|satisfies)\s[^)\n]*))*\s*`;

const cache = new WeakMap<Catalogue, Map<Confidence, Prefilter>>();

/**
 * A cheap test on a file's text before any analysis: most files of a project never name the API,
 * and the single-file analysis of such a file can only come back empty. Each route is a necessary
 * condition of one detector (named beside it), so a file for which no route holds has no match; a
 * file for which one holds is analyzed in full. Words hidden behind escape sequences in string
 * literals (`'fire\x77all'`) are not seen.
 */
export function prefilterFor(catalogue: Catalogue, minConfidence: Confidence): Prefilter {
  let byConfidence = cache.get(catalogue);
  if (!byConfidence) cache.set(catalogue, (byConfidence = new Map()));
  let prefilter = byConfidence.get(minConfidence);
  if (!prefilter) byConfidence.set(minConfidence, (prefilter = buildPrefilter(catalogue, minConfidence)));
  return prefilter;
}

function buildPrefilter(catalogue: Catalogue, minConfidence: Confidence): Prefilter {
  const lowToo = CONFIDENCE_RANK[minConfidence] >= CONFIDENCE_RANK.low;
  const routes = catalogue.entries.flatMap((entry) => entryRoutes(entry, lowToo)).map(byRarity);
  // A route without terms (a template of parameters only) could match anything.
  if (routes.some((route) => route.length === 0)) return { mayMatch: () => true };
  // One regular-expression pass finds which routes' rarest terms the file has (in any case: a
  // superset of the terms that need case); only those routes are looked at further. Most files
  // have none, and that pass is all they cost.
  const keyOf = (term: Term) => term.text.toLowerCase();
  const keys = [...new Set(routes.map((route) => keyOf(route[0]!)))].sort((a, b) => b.length - a.length);
  const gate = new RegExp(
    keys
      .map((key) =>
        termSource({ text: key, wholeWord: routes.some((route) => keyOf(route[0]!) === key && route[0]!.wholeWord) }),
      )
      .join('|'),
    'gi',
  );
  // Where one key is found, every key it contains is there too (the pass sees one key per place).
  const contained = new Map(keys.map((key) => [key, keys.filter((other) => key.includes(other))]));
  const byKey = new Map<string, Array<Array<(source: string) => boolean>>>();
  for (const route of routes) {
    const key = keyOf(route[0]!);
    byKey.set(key, [...(byKey.get(key) ?? []), route.map(termCheck)]);
  }
  return {
    mayMatch(source) {
      const found = new Set<string>();
      gate.lastIndex = 0;
      for (let hit = gate.exec(source); hit; hit = gate.exec(source)) {
        for (const key of contained.get(hit[0].toLowerCase()) ?? []) found.add(key);
        gate.lastIndex = hit.index + 1;
      }
      for (const key of found)
        if (byKey.get(key)!.some((checks) => checks.every((check) => check(source)))) return true;
      return false;
    },
  };
}

function entryRoutes(entry: CatalogueEntry, lowToo: boolean): Route[] {
  const match = entry.match;
  const words = (...texts: string[]): Route => texts.map((text) => ({ text }));
  const routes: Route[] = [];
  // detect/requests.ts matchEndpoints: the literal segments of the template are in the URL's text.
  for (const endpoint of match.endpoints ?? []) routes.push(words(...literalSegments(endpoint.path)));
  // detect/requests.ts hasSegment.
  for (const segment of match.segments ?? []) routes.push(words(segment.segment));
  // detect/requests.ts bulkSettings and detect/sdk.ts settings calls: the id is a string of the file.
  for (const id of match.settingIds ?? []) routes.push(words(id));
  // detect/sdk.ts: the chain's names are member names of the file.
  for (const sdk of match.sdk ?? []) routes.push(words(...sdk.chain.split('.')));
  for (const field of match.fields ?? []) routes.push(...fieldRoutes(field, lowToo));
  // local-matches.ts errorShapeChecks: the code as a number literal, the message, the chain field.
  for (const shape of match.errorShapes ?? []) {
    routes.push(words(String(shape.code)));
    if (shape.message) routes.push(words(shape.message));
    if (shape.chainField) routes.push(words(shape.chainField));
  }
  // local-matches.ts headerCombinations: header names in any case.
  for (const combo of match.headers ?? []) routes.push(combo.allOf.map((text) => ({ text, ignoreCase: true })));
  // local-matches.ts cipherNames.
  for (const cipher of match.ciphers ?? []) routes.push(words(cipher));
  return routes;
}

/**
 * local-matches.ts fieldWrites/fieldReads and detect/requests.ts payloadFields: the path's names
 * are in the file. The fields of one record type (SRV's `data.name`) are common words, so above low
 * confidence they also need what gives the detectors their context: the record type (`type:
 * 'SRV'`), a receiver named like a record, two SRV data keys, or a body sent to a field endpoint.
 */
function fieldRoutes(field: FieldMatcher, lowToo: boolean): Route[] {
  const names: Route = field.path.split('.').map((text) => ({ text }));
  if (lowToo || !field.recordType) return [names];
  const routes: Route[] = [[...names, { text: field.recordType, ignoreCase: true }]];
  // A read needs the receiver right before the path's first name (`record.data.service`).
  for (const receiver of receiverTerms(field.context))
    routes.push([...names, { ...receiver, accessed: names[0]!.text }]);
  if (field.recordType === 'SRV') {
    for (const [i, a] of SRV_DATA_KEYS.entries())
      for (const b of SRV_DATA_KEYS.slice(i + 1))
        routes.push([...names, { text: a, wholeWord: true }, { text: b, wholeWord: true }]);
  }
  for (const endpoint of field.endpoints ?? [])
    routes.push([...names, ...literalSegments(endpoint.path).map((text) => ({ text }))]);
  return routes;
}

/** A template's literal segments, but not those with digits (`v1`): a number can write them (`v${1}`). */
function literalSegments(path: string): string[] {
  return compileTemplate(path).segments.flatMap((segment) =>
    segment.kind === 'literal' && !/\d/.test(segment.text) ? [segment.text] : [],
  );
}

/** The least common term first: it decides most files at once. */
function byRarity(route: Route): Route {
  const score = (term: Term) => {
    const common = COMMON_WORDS.indexOf(term.text.toLowerCase());
    return common < 0 ? 1000 + term.text.length : common;
  };
  return [...route].sort((a, b) => score(b) - score(a));
}

function termSource(term: Term): string {
  const escaped = term.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return term.wholeWord ? `\\b${escaped}\\b` : escaped;
}

function termCheck(term: Term): (source: string) => boolean {
  if (!term.ignoreCase && !term.wholeWord && !term.accessed) return (source) => source.includes(term.text);
  let pattern = termSource(term);
  if (term.accessed) {
    const accessed = term.accessed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = `${term.wholeWord ? pattern : `${pattern}\\w*`}${RECEIVER_TAIL}(?:\\??\\.\\s*${accessed}\\b|(?:\\?\\.)?\\[\\s*['"\`]${accessed}['"\`])`;
  }
  const regex = new RegExp(pattern, term.ignoreCase ? 'i' : '');
  return (source) => regex.test(source);
}
