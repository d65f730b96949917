import { type ResolvedSettings, type ValuesCut, valuesCutMessage } from '@sunset-lint/core';
import { extractFileFacts, type FileFacts, type IndexedFacts, indexFacts, LineIndex } from '@sunset-lint/core/internal';
import type { Diagnostic } from '../../reports/types.js';
import { isStackOverflow, TOO_DEEP, type ParseSource } from './parse-outcome.js';
import type { TypedMatches } from '../types-resolution.js';
import { placeSyntaxOf, placeVocabulary, type PlaceSyntax } from '../../migrate/place-syntax.js';

/**
 * What one file leaves for the scan once its tree is dropped: a diagnostic, or core's index of it
 * (what it exports to other modules, and the facts its findings are matched from).
 */
export type FileIndex =
  | { kind: 'diagnostic'; diagnostic: Omit<Diagnostic, 'file'> }
  | ({
      kind: 'indexed';
      typed?: TypedMatches;
      /** What the scan reports about the file besides its findings: values its budget cut (`value-budget`). */
      notes?: Array<Omit<Diagnostic, 'file'>>;
      /**
       * What the migration planning asks of the file's syntax (migrate/place-syntax.ts), taken from
       * this parse: a JSON scan classes its places from it without parsing the file again.
       */
      places?: PlaceSyntax;
    } & IndexedFacts);

/**
 * The scanner's reader for JavaScript and TypeScript and the per-file step: parse, extract (core's
 * reader over the ESTree), and keep only core's small index. Parse and extraction failures become
 * the file's diagnostic.
 */
export function indexFile(
  file: string,
  source: string,
  settings: ResolvedSettings,
  parseSource: ParseSource,
  prefilter = true,
  /** `--types`: what the type checker adds to these facts (before the prefilter, which cannot see types). */
  typedMatches?: (facts: FileFacts) => TypedMatches,
  /** Bare specifiers that name modules of the project (workspace packages, tsconfig aliases). */
  projectModule?: (specifier: string) => boolean,
  /** Whether facts that wait for other modules are copied away from the parse (core's `indexFacts`). */
  detachFacts = true,
): FileIndex {
  const parsed = parseSource(file, source);
  if (!parsed.ok) {
    if (parsed.tooDeep) return diagnostic('too-deeply-nested', parsed.message);
    const at = parsed.offset !== undefined ? new LineIndex(source).position(parsed.offset) : undefined;
    return {
      kind: 'diagnostic',
      diagnostic: {
        code: 'parse-error',
        severity: 'error',
        message: `not parsed, so not scanned: ${parsed.message}`,
        ...(at ? { line: at.line, column: at.column } : {}),
      },
    };
  }
  let facts: FileFacts;
  try {
    facts = extractFileFacts(parsed.program, source, settings, projectModule);
  } catch (error) {
    if (isStackOverflow(error)) return diagnostic('too-deeply-nested', TOO_DEEP);
    const message = error instanceof Error ? error.message : String(error);
    return diagnostic('internal-error', `the extractor failed on this file: ${message}`);
  }
  const typed = typedMatches?.(facts);
  const indexed = indexFacts(facts, source, settings, { prefilter, detachFacts });
  const notes = indexed.valuesCut ? [valueBudgetNote(indexed.valuesCut, source)] : undefined;
  // While the tree is here: the syntax the migration classes of the file's places are read from.
  const vocabulary = placeVocabulary(settings.catalogue.entries);
  const places = vocabulary ? placeSyntaxOf(parsed.program, source, vocabulary) : undefined;
  return {
    kind: 'indexed',
    ...indexed,
    ...(typed ? { typed } : {}),
    ...(notes ? { notes } : {}),
    ...(places ? { places } : {}),
  };
}

/**
 * Values the file's budget left unknown (core's url/budget.ts): a warning at the place of the first,
 * so that a file the scan could not read in full is never taken for a clean one. The ESLint plugin
 * reports the same text at the same place.
 */
function valueBudgetNote(cut: ValuesCut, source: string): Omit<Diagnostic, 'file'> {
  const at = new LineIndex(source).position(cut.at);
  return {
    code: 'value-budget',
    severity: 'warning',
    message: valuesCutMessage(cut),
    line: at.line,
    column: at.column,
  };
}

function diagnostic(code: string, message: string): FileIndex {
  return { kind: 'diagnostic', diagnostic: { code, severity: 'error', message } };
}
