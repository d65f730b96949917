import type { Catalogue } from '../catalogue/types.js';
import type { Confidence } from '../findings/finding.js';
import { CONFIDENCE_RANK } from '../findings/finding.js';
import type { Detector, Route, Term } from './detector.js';
import {
  decodedNearEscapes,
  decodeEscapes,
  perCatalogue,
  termCheck,
  termFinder,
  termIdentity,
  termSource,
} from './text-terms.js';
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
 * Words many files contain, most common first: a route's terms are checked rarest first (the first
 * one missing ends the check), so these go last. Generic API path segments are here too (every
 * endpoint has `zones` or `accounts`).
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

/**
 * Every route of the one-file prefilter, before the dominated ones are left out; listed once (the
 * prefilter and the terms' pass both start from them, at every start of the CLI and the plugin).
 */
const allRoutes = perCatalogue((catalogue: Catalogue, minConfidence: Confidence): readonly Route[] => {
  const options = { lowConfidenceToo: CONFIDENCE_RANK[minConfidence] >= CONFIDENCE_RANK.low };
  return [
    ...catalogue.entries.flatMap((entry) => DETECTORS.flatMap((detector) => detector.routes(entry, options))),
    // The grep floor: a window of a path written in the file.
    ...floorRoutes(catalogue.entries),
  ];
});

/** Which terms of the routes a text holds (`termFinder` over each term once), and a term's place in the answer. */
export interface RouteTerms {
  /** 1 at the place of each term the text holds; the answer is kept for the next caller: read it only. */
  find(source: string): Uint8Array;
  /** The place of a term (its text, case and whole-word setting; `accessed` aside), if a route has it. */
  indexOf(term: Term): number | undefined;
}

/**
 * The terms of every route of the one-file prefilter, which include those of the cross-file one
 * (its detectors are among these): the scanner's plan asks both of each file, and both read the
 * terms off one pass. The last two texts' answers are kept (a file's text and its decoded escapes).
 */
export const routeTermsFor = perCatalogue((catalogue: Catalogue, minConfidence: Confidence): RouteTerms => {
  const distinct: Term[] = [];
  const places = new Map<string, number>();
  for (const term of allRoutes(catalogue, minConfidence).flat())
    if (!places.has(termIdentity(term))) {
      places.set(termIdentity(term), distinct.length);
      distinct.push(term);
    }
  const findTerms = termFinder(distinct);
  const recent: Array<{ source: string; found: Uint8Array }> = [];
  return {
    find(source) {
      const known = recent.find((answer) => answer.source === source);
      if (known) return known.found;
      const found = findTerms(source);
      recent.unshift({ source, found });
      recent.length = Math.min(recent.length, 2);
      return found;
    },
    indexOf: (term) => places.get(termIdentity(term)),
  };
});

function buildPrefilter(catalogue: Catalogue, minConfidence: Confidence): Prefilter {
  const routes = withoutDominated(allRoutes(catalogue, minConfidence)).map(byRarity);
  // A route without terms (a template of parameters only) could match anything.
  if (routes.some((route) => route.length === 0)) return { mayMatch: () => true };
  // One pass over the file finds every term of every route (routeTermsFor); a route holds when each
  // of its terms was found, and a term read as a receiver's member (`accessed`) is read so.
  // Looking for the rarest term first and checking a route's others only where it stood read a file
  // again once per term by a regular expression, and one of those terms can be common (`weight`,
  // the rarest of the SRV record's fields, was in 68 % of 10,000 generated application files).
  const terms = routeTermsFor(catalogue, minConfidence);
  const checks = routes.map((route) =>
    route.map((term) => ({
      index: terms.indexOf(term)!,
      ...(term.accessed ? { accessed: termCheck(term) } : {}),
    })),
  );
  const texts = [...new Set(routes.flat().map((term) => term.text.toLowerCase()))];
  const longestTerm = Math.max(...texts.map((text) => text.length));
  const anyTerm = new RegExp(texts.map((text) => termSource({ text })).join('|'), 'i');
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
    const found = terms.find(source);
    return checks.some((route) =>
      route.every(({ index, accessed }) => found[index] === 1 && (accessed?.(source) ?? true)),
    );
  }
}

/** The least common term first: a file the route does not hold usually lacks it. */
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
