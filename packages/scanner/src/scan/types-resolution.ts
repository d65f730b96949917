import type { ResolvedSettings } from '@sunset-lint/core';
import type { FileFacts, RawMatch } from '@sunset-lint/core/internal';
import type { ParseSource } from './reader/parse-outcome.js';

/**
 * What `--types` adds to the scan's per-file step (types-mode/types-pass.ts implements it, loaded
 * only with `--types`): one more resolver over the facts the scan extracted, not a second scan.
 */
export interface TypesResolution {
  /** Parses a file for the scan from the type checker's own parse of it: each file is parsed once. */
  parseSource: ParseSource;
  /** The checker's tree of a file whose text is `text`, for reading its comments without parsing again. */
  parsedTree(file: string, text: string): import('typescript').SourceFile | undefined;
  /**
   * The matches only the type checker reveals in a file's facts (its holes and SDK arguments
   * narrowed to string-literal types), each with a note saying so; a warning when the checker
   * failed on the file. A match the code shows by itself is never replaced by one of these
   * (core's `withTypedFindings`).
   */
  typedMatches(facts: FileFacts, file: string, settings: ResolvedSettings): TypedMatches;
}

export interface TypedMatches {
  matches: RawMatch[];
  warning?: string;
}
