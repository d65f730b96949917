import type { CatalogueEntry } from '../catalogue/types.js';
import type { Node } from '../extract/ast.js';
import type { Evaluator } from '../extract/evaluate.js';
import type { RawMatch, RequestFact } from '../extract/facts.js';
import type { ScopeIndex } from '../extract/scope.js';

/** Text a file must contain for a detector to match: as written, in any case, or as a whole word. */
export interface Term {
  text: string;
  ignoreCase?: boolean;
  wholeWord?: boolean;
  /** A receiver name: the word must be (the end of) an expression whose member `accessed` is read. */
  accessed?: string;
}

/** One way a file can produce a match: every term is in the file's text. */
export type Route = Term[];

export const words = (...texts: string[]): Route => texts.map((text) => ({ text }));

/**
 * What every detector tells the prefilter (`prefilter.ts`): necessary conditions on a file's text
 * for it to match an entry. Kept beside the matcher it describes, so the two cannot drift.
 */
export interface Detector {
  routes(entry: CatalogueEntry, options: { lowConfidenceToo: boolean }): Route[];
}

/** What a local detector sees of one file. */
export interface FileContext {
  index: ScopeIndex;
  ev: Evaluator;
  source: string;
  /** Objects sent as a request's body or headers, with the request. */
  requestObjects: ReadonlyMap<Node, RequestFact>;
  /** Call expressions recognized as requests (`https.request(…)`), for what is done to their result. */
  requestCalls: ReadonlySet<Node>;
}

/** A detector that needs nothing beyond the file (fields, error shapes, header pairs, ciphers). */
export interface LocalDetector extends Detector {
  detect(entry: CatalogueEntry, file: FileContext): RawMatch[];
}
