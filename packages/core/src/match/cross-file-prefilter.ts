import type { Catalogue } from '../catalogue/types.js';
import type { Confidence } from '../findings/finding.js';
import { CONFIDENCE_RANK } from '../findings/finding.js';
import type { Detector, Term } from './detector.js';
import { requests } from './requests.js';
import { declaredResources } from './resources.js';
import { sdkCalls } from './sdk.js';
import { routeTermsFor } from './prefilter.js';
import { decodedNearEscapes, perCatalogue, termIdentity } from './text-terms.js';

/**
 * The detectors whose facts take values from other modules (URLs built from imported constants,
 * helpers and clients defined elsewhere). The local detectors (fields, error shapes, header pairs,
 * ciphers) see one file only, and the one-file prefilter already speaks for them.
 */
const CROSS_FILE_DETECTORS: readonly Detector[] = [requests, sdkCalls, declaredResources];

/** Which of the cross-file routes' terms a text holds: one bit per term. */
export type TermSet = bigint;

export interface CrossFilePrefilter {
  /** The terms this text holds, escapes read (`'fire\x77all'` holds `firewall`). */
  termsOf(source: string): TermSet;
  /** False when no request or SDK call built from texts holding together only `terms` can match. */
  mayMatch(terms: TermSet): boolean;
}

/**
 * The prefilter for a file whose URLs may be built from other modules' values: a value reaches a
 * file only through its imports, so every word of such a URL is written in the file or in a module
 * it imports, directly or not. The scanner unites the terms of a file and of everything it imports
 * and asks this whether any route then holds; if none does, the file cannot match, even across
 * files, and is not parsed. A route's terms are looked for as words of the texts (a superset of
 * what the one-file prefilter asks: a receiver context is not required).
 */
export const crossFilePrefilterFor = perCatalogue(buildCrossFilePrefilter);

function buildCrossFilePrefilter(catalogue: Catalogue, minConfidence: Confidence): CrossFilePrefilter {
  const options = { lowConfidenceToo: CONFIDENCE_RANK[minConfidence] >= CONFIDENCE_RANK.low };
  const routes = catalogue.entries.flatMap((entry) =>
    CROSS_FILE_DETECTORS.flatMap((detector) => detector.routes(entry, options)),
  );
  // A route without terms (a template of parameters only) could match anything.
  if (routes.some((route) => route.length === 0)) return { termsOf: () => 0n, mayMatch: () => true };

  // Each term once (its `accessed` aside: the text is what is looked for), with its bit.
  const terms: Term[] = [];
  const bitOf = new Map<string, bigint>();
  for (const term of routes.flat()) {
    if (bitOf.has(termIdentity(term))) continue;
    bitOf.set(termIdentity(term), 1n << BigInt(terms.length));
    terms.push(term);
  }
  const longestTerm = Math.max(...terms.map((term) => term.text.length));
  const routeMasks = [
    ...new Set(routes.map((route) => route.reduce((mask, term) => mask | bitOf.get(termIdentity(term))!, 0n))),
  ];

  // The one-file prefilter's pass finds these terms too (its detectors include these three): a
  // file's text is read once for both.
  const routeTerms = routeTermsFor(catalogue, minConfidence);
  const places = terms.map((term) => routeTerms.indexOf(term)!);
  const bits = terms.map((term) => bitOf.get(termIdentity(term))!);
  function termsInText(source: string): TermSet {
    const found = routeTerms.find(source);
    let set = 0n;
    places.forEach((place, index) => {
      if (found[place]) set |= bits[index]!;
    });
    return set;
  }

  return {
    termsOf(source) {
      const decoded = decodedNearEscapes(source, longestTerm);
      return decoded === '' ? termsInText(source) : termsInText(source) | termsInText(decoded);
    },
    mayMatch: (held) => routeMasks.some((mask) => (held & mask) === mask),
  };
}
