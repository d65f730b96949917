import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import {
  buildFindings,
  extractFileFacts,
  LineIndex,
  matchFacts,
  type FileFacts,
  type Finding,
  type ImportedCallFact,
  type MatchContext,
  type RequestFact,
  type ResolvedSettings,
  type SdkCallFact,
} from '@sunset-lint/core';
import type { Diagnostic } from '../reports/types.js';
import { ModuleResolver } from './module-resolution.js';
import { isStackOverflow, parseSource, TOO_DEEP } from './parse.js';
import { CrossFileResolver, type ModuleRecord, type ModuleSource } from './resolve-facts.js';

export interface ScanOptions {
  /** Paths in findings and diagnostics are relative to this directory, `/`-separated. */
  cwd: string;
  /** Absolute paths of the files to report on (discovery's output). */
  files: readonly string[];
  settings: ResolvedSettings;
  /** Also report relative imports that name no file (`unresolved-import` warnings). */
  verbose?: boolean;
  /** Called after each file of the first pass (parse and extract). */
  onProgress?: (done: number, total: number) => void;
  /** Called once between the passes, while only the index is held (the benchmark weighs it here). */
  onIndexed?: (index: { modules: number; deferred: number }) => void;
}

export interface ScanResult {
  /** Unsorted; the report sorts. */
  findings: Finding[];
  diagnostics: Diagnostic[];
  filesScanned: number;
}

/** A file whose findings wait for other modules: its facts, without AST or source text. */
interface DeferredFile {
  file: string;
  relativePath: string;
  sourceLength: number;
  facts: Pick<FileFacts, 'requests' | 'sdkCalls' | 'local'>;
  importedCalls: ImportedCallFact[];
}

/**
 * Two passes. The first parses each file once, extracts its facts and drops the AST and the text
 * at once: a file that needs nothing from other modules gets its findings right there; any other
 * keeps only its small index. The second substitutes what the modules export and matches, reading
 * the text again only for files that turn out to have findings (to place and fingerprint them).
 * Memory is the sum of the indexes, not of the trees.
 */
export function runScan(options: ScanOptions): ScanResult {
  const { settings } = options;
  const context: MatchContext = { entries: settings.catalogue.entries, apiHosts: settings.apiHosts };
  const scanned = new Set(options.files);
  const records = new Map<string, ModuleRecord>();
  const findings: Finding[] = [];
  const diagnostics: Diagnostic[] = [];
  const deferred: DeferredFile[] = [];
  const relativePath = (file: string) => relative(options.cwd, file).split(sep).join('/');
  const unresolved = new Set<string>();

  const resolver = new ModuleResolver((file) => scanned.has(file));
  const modules: ModuleSource = {
    resolve(fromFile, specifier) {
      const found = resolver.resolve(fromFile, specifier);
      if (!found && options.verbose && scanned.has(fromFile) && !unresolved.has(`${fromFile}\u0000${specifier}`)) {
        unresolved.add(`${fromFile}\u0000${specifier}`);
        diagnostics.push({
          code: 'unresolved-import',
          severity: 'warning',
          message: `'${specifier}' names no source file; values imported from it stay unknown`,
          file: relativePath(fromFile),
        });
      }
      return found;
    },
    record(file) {
      let record = records.get(file);
      if (!record && !scanned.has(file)) {
        // A module outside the scanned paths (a pre-commit run names only staged files): read for its exports, never reported.
        record = loadSupportModule(file, settings);
        records.set(file, record);
      }
      return record;
    },
  };

  let done = 0;
  for (const file of options.files) {
    const relativeFile = relativePath(file);
    const read = readSource(file);
    if (!read.ok) {
      diagnostics.push({
        code: 'read-error',
        severity: 'error',
        message: `cannot read the file: ${read.message}`,
        file: relativeFile,
      });
    } else {
      const source = read.source;
      const parsed = parseSource(file, source);
      if (!parsed.ok) {
        const at = parsed.offset !== undefined ? new LineIndex(source).position(parsed.offset) : undefined;
        if (parsed.tooDeep)
          diagnostics.push({
            code: 'too-deeply-nested',
            severity: 'error',
            message: parsed.message,
            file: relativeFile,
          });
        else
          diagnostics.push({
            code: 'parse-error',
            severity: 'error',
            message: `not parsed, so not scanned: ${parsed.message}`,
            file: relativeFile,
            ...(at ? { line: at.line, column: at.column } : {}),
          });
      } else {
        let facts: FileFacts | undefined;
        try {
          facts = extractFileFacts(parsed.program, source, settings);
        } catch (error) {
          if (isStackOverflow(error))
            diagnostics.push({ code: 'too-deeply-nested', severity: 'error', message: TOO_DEEP, file: relativeFile });
          else
            diagnostics.push({
              code: 'internal-error',
              severity: 'error',
              message: `the extractor failed on this file: ${error instanceof Error ? error.message : String(error)}`,
              file: relativeFile,
            });
        }
        if (facts) {
          const importedCalls = facts.importedCalls.filter(saysSomething);
          records.set(
            file,
            detached({
              exports: facts.exports,
              exportAll: facts.exportAll,
              importedCalls: importedCalls.filter((call) => call.ownerFn !== undefined),
            }),
          );
          const kept = { requests: facts.requests, sdkCalls: facts.sdkCalls, local: facts.local };
          if (
            importedCalls.length === 0 &&
            !facts.requests.some(holdsImport) &&
            !facts.sdkCalls.some((call) => call.clientFrom)
          ) {
            findings.push(...buildFindings(matchFacts(kept, context), relativeFile, source, settings));
          } else {
            deferred.push(
              detached({ file, relativePath: relativeFile, sourceLength: source.length, facts: kept, importedCalls }),
            );
          }
        }
      }
    }
    options.onProgress?.(++done, options.files.length);
  }

  options.onIndexed?.({ modules: records.size, deferred: deferred.length });
  const crossFile = new CrossFileResolver(modules);
  for (const entry of deferred) {
    const requests: RequestFact[] = entry.facts.requests.map((request) =>
      holdsImport(request) ? crossFile.resolveRequest(request, entry.file) : request,
    );
    for (const call of entry.importedCalls) requests.push(...crossFile.resolveImportedCall(call, entry.file));
    const sdkCalls = entry.facts.sdkCalls
      .map((call) => crossFile.resolveSdkCall(call, entry.file))
      .filter((call): call is SdkCallFact => call !== undefined);
    const matches = matchFacts({ requests, sdkCalls, local: entry.facts.local }, context);
    if (matches.length === 0) continue;
    const read = readSource(entry.file);
    if (!read.ok || read.source.length !== entry.sourceLength) {
      diagnostics.push({
        code: 'changed-during-scan',
        severity: 'error',
        message: 'the file changed or vanished while it was scanned; scan again',
        file: entry.relativePath,
      });
      continue;
    }
    findings.push(...buildFindings(matches, entry.relativePath, read.source, settings));
  }
  return { findings, diagnostics, filesScanned: options.files.length };
}

/** Text as ESLint sees it: without a byte-order mark, so columns on line 1 agree. */
function readSource(file: string): { ok: true; source: string } | { ok: false; message: string } {
  try {
    const source = readFileSync(file, 'utf8');
    return { ok: true, source: source.charCodeAt(0) === 0xfeff ? source.slice(1) : source };
  } catch (error) {
    return { ok: false, message: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}

function loadSupportModule(file: string, settings: ResolvedSettings): ModuleRecord {
  const empty: ModuleRecord = { exports: {}, exportAll: [], importedCalls: [] };
  const read = readSource(file);
  if (!read.ok) return empty;
  const parsed = parseSource(file, read.source);
  if (!parsed.ok) return empty;
  try {
    const facts = extractFileFacts(parsed.program, read.source, settings);
    return detached({
      exports: facts.exports,
      exportAll: facts.exportAll,
      importedCalls: facts.importedCalls.filter((call) => call.ownerFn !== undefined && saysSomething(call)),
    });
  } catch {
    return empty;
  }
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
function holdsImport(request: RequestFact): boolean {
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
