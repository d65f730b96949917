import {
  extractFileFacts,
  LineIndex,
  prefilterFor,
  type FileFacts,
  type ImportedCallFact,
  type RequestFact,
  type ResolvedSettings,
} from '@sunset-lint/core';
import type { Diagnostic } from '../reports/types.js';
import { isStackOverflow, TOO_DEEP, type ParseSource } from './parse-outcome.js';
import type { ModuleRecord } from './resolve-facts.js';

/** The facts a file's findings are matched from (no in-file facts where the prefilter says none can match). */
export type MatchableFacts = Pick<FileFacts, 'requests' | 'sdkCalls' | 'resources'> &
  Partial<Pick<FileFacts, 'inFile'>>;

/**
 * What one file leaves for the scan once its tree is dropped: what it exports to other modules,
 * and either facts that need nothing else (`ready`) or facts that wait for other modules.
 */
export type FileIndex =
  | { kind: 'diagnostic'; diagnostic: Omit<Diagnostic, 'file'> }
  | {
      kind: 'indexed';
      record: ModuleRecord;
      facts: MatchableFacts;
      /** Imported calls that may send requests; empty, with no imported values, when `facts` need no other module. */
      importedCalls: ImportedCallFact[];
      needsOtherModules: boolean;
    };

/**
 * The pure per-file step: parse, extract, and keep only the small index (no AST, no source
 * text). The prefilter both engines share decides whether the file's own facts can match at all;
 * its exports are kept either way, since other files may build their URLs from them.
 */
export function indexFile(
  file: string,
  source: string,
  settings: ResolvedSettings,
  parseSource: ParseSource,
  prefilter = true,
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
    facts = extractFileFacts(parsed.program, source, settings);
  } catch (error) {
    if (isStackOverflow(error)) return diagnostic('too-deeply-nested', TOO_DEEP);
    const message = error instanceof Error ? error.message : String(error);
    return diagnostic('internal-error', `the extractor failed on this file: ${message}`);
  }
  const importedCalls = facts.importedCalls.filter(saysSomething);
  const record = detached({
    exports: facts.exports,
    exportAll: facts.exportAll,
    importedCalls: importedCalls.filter((call) => call.ownerFn !== undefined),
  });
  const all: MatchableFacts = {
    requests: facts.requests,
    sdkCalls: facts.sdkCalls,
    resources: facts.resources,
    inFile: facts.inFile,
  };
  const needsOtherModules =
    importedCalls.length > 0 ||
    all.requests.some(holdsImport) ||
    all.sdkCalls.some((call) => call.clientFrom) ||
    all.resources.some((resource) => resource.pending);
  // The prefilter is a condition on one file's text: it decides only for facts that need no other
  // module (a URL built from another module's constants can match although this text cannot).
  const own =
    needsOtherModules || !prefilter || prefilterFor(settings.catalogue, settings.minConfidence).mayMatch(source)
      ? all
      : { requests: [], sdkCalls: [], resources: [] };
  return {
    kind: 'indexed',
    record,
    facts: needsOtherModules ? detached(own) : own,
    importedCalls: needsOtherModules ? detached(importedCalls) : [],
    needsOtherModules,
  };
}

function diagnostic(code: string, message: string): FileIndex {
  return { kind: 'diagnostic', diagnostic: { code, severity: 'error', message } };
}

/**
 * A copy that shares nothing with the parse: strings cut from the source (a literal's value, a
 * name) can be V8 slices that keep the whole file's text alive. Kept facts are small; copying them
 * is what keeps the index at its own size.
 */
function detached<T>(value: T): T {
  return structuredClone(value);
}

/** A request whose URL (or helper-inner URL) holds a value of another module. */
export function holdsImport(request: RequestFact): boolean {
  return (
    request.url.some((part) => part.kind === 'hole' && part.from !== undefined) ||
    (request.innerUrl?.some((part) => part.kind === 'hole' && part.from !== undefined) ?? false)
  );
}

/**
 * An imported call can only matter when an argument carries text, a constant from elsewhere or a
 * parameter (`get(x)` with only unknown arguments adds nothing to what the helper reports itself).
 * Dropping the rest keeps the index small on large codebases.
 */
function saysSomething(call: ImportedCallFact): boolean {
  return call.args.some((arg) =>
    arg.some((part) => part.kind !== 'hole' || part.from !== undefined || part.param !== undefined),
  );
}
