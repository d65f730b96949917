import type { CatalogueEntry } from '../catalogue/types.js';
import type { InFileFacts, RawMatch } from '../facts.js';

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

/**
 * A detector whose facts no other module changes (fields, error shapes, header pairs, ciphers): it
 * matches one entry against the facts the reader extracted (`InFileFacts`).
 */
export interface InFileDetector extends Detector {
  match(entry: CatalogueEntry, facts: InFileFacts): RawMatch[];
}
