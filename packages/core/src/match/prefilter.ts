import type { Catalogue } from '../catalogue/types.js';
import type { Confidence } from '../findings/finding.js';
import { CONFIDENCE_RANK } from '../findings/finding.js';
import type { Detector, Route, Term } from './detector.js';
import { decodedNearEscapes, decodeEscapes, perCatalogue, someWord, termCheck, termSource } from './text-terms.js';
import { IN_FILE_DETECTORS } from './in-file.js';
import { requests } from './requests.js';
import { declaredResources } from './resources.js';
import { sdkCalls } from './sdk.js';
import { floorRoutes } from './path-floor.js';

/** Every detector: each states its own routes beside its matcher. */
const DETECTORS: readonly Detector[] = [requests, sdkCalls, declaredResources, ...IN_FILE_DETECTORS];

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

/**
 * A cheap test on a file's text before any analysis: most files of a project never name the API,
 * and the single-file analysis of such a file can only come back empty. Each route is a necessary
 * condition of one detector (named beside it), so a file for which no route holds has no match; a
 * file for which one holds is analyzed in full. Escape sequences are read first where a file has
 * them, so a word written as `'fire\x77all'` is seen: the filter loses nothing the analysis finds.
 */
export const prefilterFor = perCatalogue(buildPrefilter);

function buildPrefilter(catalogue: Catalogue, minConfidence: Confidence): Prefilter {
  const options = { lowConfidenceToo: CONFIDENCE_RANK[minConfidence] >= CONFIDENCE_RANK.low };
  const routes = withoutDominated([
    ...catalogue.entries.flatMap((entry) => DETECTORS.flatMap((detector) => detector.routes(entry, options))),
    // The grep floor: a window of a path written in the file.
    ...floorRoutes(catalogue.entries),
  ]).map(byRarity);
  // A route without terms (a template of parameters only) could match anything.
  if (routes.some((route) => route.length === 0)) return { mayMatch: () => true };
  // One pass finds which routes' rarest terms the file has (in any case: a superset of the terms
  // that need case); only those routes are looked at further, as they are found, and the pass
  // stops at the first that holds. Most files have none, and that pass is all they cost. A key is
  // looked for as a whole word only when every route it starts asks for one.
  const keyOf = (term: Term) => term.text.toLowerCase();
  const someKey = someWord(
    routes.map((route) => keyOf(route[0]!)),
    (key) => routes.every((route) => keyOf(route[0]!) !== key || route[0]!.wholeWord === true),
  );
  const byKey = new Map<string, Array<Array<(source: string) => boolean>>>();
  for (const route of routes) {
    const key = keyOf(route[0]!);
    byKey.set(key, [...(byKey.get(key) ?? []), route.map(termCheck)]);
  }
  const terms = [...new Set(routes.flat().map((term) => term.text.toLowerCase()))];
  const longestTerm = Math.max(...terms.map((term) => term.length));
  const anyTerm = new RegExp(terms.map((term) => termSource({ text: term })).join('|'), 'i');
  return {
    mayMatch(source) {
      // A word written with escapes (`'/fire\\x77all/rules'`) is seen once the escapes are read.
      // Only the text around an escape can hide a term: the whole file is read again only when
      // such text, decoded, holds one.
      return mayMatchText(source) || (escapedTermNear(source) && mayMatchText(decodeEscapes(source)));
    },
  };

  function escapedTermNear(source: string): boolean {
    const decoded = decodedNearEscapes(source, longestTerm);
    return decoded !== '' && anyTerm.test(decoded);
  }

  function mayMatchText(source: string): boolean {
    return someKey(source, (key) => byKey.get(key)!.some((checks) => checks.every((check) => check(source))));
  }
}

/** The least common term first: it decides most files at once. */
function byRarity(route: Route): Route {
  const score = (term: Term) => {
    const common = COMMON_WORDS.indexOf(term.text.toLowerCase());
    return common < 0 ? 1000 + term.text.length : common;
  };
  return [...route].sort((a, b) => score(b) - score(a));
}

/**
 * The routes that say something: a route whose terms include all of another route's is implied by
 * it (the floor's `rate_limits` implies the request detector's `zones` + `rate_limits`), and a
 * route twice is once. Fewer routes, fewer checks per file.
 */
function withoutDominated(routes: readonly Route[]): Route[] {
  const keyOf = (term: Term) =>
    `${term.text}\u0000${term.ignoreCase ?? false}\u0000${term.wholeWord ?? false}\u0000${term.accessed ?? ''}`;
  const sets = routes.map((route) => new Set(route.map(keyOf)));
  const kept: Route[] = [];
  const holdsAll = (set: ReadonlySet<string>, other: ReadonlySet<string>) => {
    for (const key of other) if (!set.has(key)) return false;
    return true;
  };
  sets.forEach((set, i) => {
    const implied = sets.some(
      (other, j) => j !== i && other.size <= set.size && (other.size < set.size || j < i) && holdsAll(set, other),
    );
    if (!implied) kept.push(routes[i]!);
  });
  return kept;
}
