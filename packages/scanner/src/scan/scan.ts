import { relative, sep } from 'node:path';
import {
  buildFindings,
  LineIndex,
  matchFacts,
  type Finding,
  type LocateInFile,
  type MatchContext,
  type RawMatch,
  type ResolvedSettings,
} from '@sunset-lint/core';
import type { Diagnostic } from '../reports/types.js';
import { resolveAcrossFiles, type DeferredFile } from './cross-file-pass.js';
import { indexFile } from './index-file.js';
import { ModuleResolver } from './module-resolution.js';
import { matchesByFile, mergeFindingsAtSamePlace } from './placement.js';
import { parseEverything, planParsing } from './parse-plan.js';
import { readSource } from './read-source.js';
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
  /**
   * Off: every file is parsed and analysed, as if no text could be ruled out (the prefilters'
   * lossless test compares the two; findings must be identical).
   */
  prefilter?: boolean;
  /** Called once between the passes, while only the index is held (the benchmark weighs it here). */
  onIndexed?: (index: { modules: number; deferred: number }) => void;
}

export interface ScanResult {
  /** Unsorted; the report sorts. */
  findings: Finding[];
  diagnostics: Diagnostic[];
  filesScanned: number;
  /** Files parsed: those whose text may match, and modules parsed for values a parsed file imports. */
  filesParsed: number;
}

/**
 * Two passes. The first indexes each file (indexFile: parse once, extract, drop the AST and the
 * text): a file that needs nothing from other modules gets its findings right there; any other
 * keeps only its small index. The second substitutes what the modules export (resolveAcrossFiles)
 * and matches, reading the text again only for files that turn out to have findings (to place and
 * fingerprint them). Memory is the sum of the indexes, not of the trees.
 */
export function runScan(options: ScanOptions): ScanResult {
  const { settings } = options;
  const context: MatchContext = { entries: settings.catalogue.entries, apiHosts: settings.apiHosts };
  const scanned = new Set(options.files);
  const records = new Map<string, ModuleRecord>();
  const diagnostics: Diagnostic[] = [];
  const deferred: DeferredFile[] = [];
  const relativePath = (file: string) => relative(options.cwd, file).split(sep).join('/');
  const modules = new ScanModules(scanned, records, settings);
  const report = new FindingsByFile(relativePath, settings, diagnostics);

  const prefilter = options.prefilter ?? true;
  const plan = prefilter ? planParsing(options.files, settings, modules.resolver) : parseEverything(options.files);
  for (const [file, message] of plan.unreadable)
    diagnostics.push(fileDiagnostic(relativePath(file), 'read-error', `cannot read the file: ${message}`));
  let done = 0;
  for (const file of options.files) {
    if (!plan.parse.has(file)) continue;
    const read = readSource(file);
    if (!read.ok) {
      diagnostics.push(fileDiagnostic(relativePath(file), 'read-error', `cannot read the file: ${read.message}`));
    } else {
      const indexed = indexFile(file, read.source, settings, prefilter);
      if (indexed.kind === 'diagnostic') diagnostics.push({ ...indexed.diagnostic, file: relativePath(file) });
      else {
        records.set(file, indexed.record);
        if (indexed.needsOtherModules)
          deferred.push({ file, facts: indexed.facts, importedCalls: indexed.importedCalls });
        else report.add(file, matchFacts(indexed.facts, context), read.source);
      }
    }
    options.onProgress?.(++done, plan.parse.size);
  }

  options.onIndexed?.({ modules: records.size, deferred: deferred.length });
  const crossFile = new CrossFileResolver(modules);
  for (const entry of deferred) {
    const matches = matchFacts(resolveAcrossFiles(entry, crossFile), context);
    for (const [file, atFile] of matchesByFile(matches, entry.file, (other) => scanned.has(other)))
      report.add(file, atFile);
  }
  if (options.verbose) {
    for (const { fromFile, specifier } of modules.unresolved())
      if (scanned.has(fromFile))
        diagnostics.push({
          code: 'unresolved-import',
          severity: 'warning',
          message: `'${specifier}' names no source file; values imported from it stay unknown`,
          file: relativePath(fromFile),
        });
  }
  return {
    findings: report.findings(),
    diagnostics,
    filesScanned: options.files.length,
    filesParsed: plan.parse.size + modules.loadedOnDemand,
  };
}

function fileDiagnostic(file: string, code: string, message: string): Diagnostic {
  return { code, severity: 'error', message, file };
}

/** Where the resolver finds modules: the scan's index, and support modules loaded on demand. */
class ScanModules implements ModuleSource {
  readonly resolver: ModuleResolver;
  private readonly misses = new Map<string, { fromFile: string; specifier: string }>();
  /** Modules parsed only for the values a parsed file imports from them. */
  loadedOnDemand = 0;

  constructor(
    scanned: ReadonlySet<string>,
    private readonly records: Map<string, ModuleRecord>,
    private readonly settings: ResolvedSettings,
  ) {
    this.resolver = new ModuleResolver((file) => scanned.has(file));
  }

  resolve(fromFile: string, specifier: string): string | undefined {
    const found = this.resolver.resolve(fromFile, specifier);
    if (!found) this.misses.set(`${fromFile}\u0000${specifier}`, { fromFile, specifier });
    return found;
  }

  record(file: string): ModuleRecord | undefined {
    let record = this.records.get(file);
    if (!record) {
      // A module the scan did not parse (its text cannot match) or outside the scanned paths (a
      // pre-commit run names only staged files): read for its exports, never reported.
      record = loadSupportModule(file, this.settings);
      this.loadedOnDemand++;
      this.records.set(file, record);
    }
    return record;
  }

  /** Relative imports that named no file, once each, in the order met. */
  unresolved(): Array<{ fromFile: string; specifier: string }> {
    return [...this.misses.values()];
  }
}

/**
 * Findings as they are placed, file by file: a file's own matches at once (its text at hand), and
 * matches that other files place in it (a path written there, sent from elsewhere) read it again.
 * Related locations in other files are located through the same reads.
 */
class FindingsByFile {
  private readonly built: Finding[] = [];
  private readonly lines = new Map<string, LineIndex | undefined>();

  constructor(
    private readonly relativePath: (file: string) => string,
    private readonly settings: ResolvedSettings,
    private readonly diagnostics: Diagnostic[],
  ) {}

  add(file: string, matches: readonly RawMatch[], source?: string): void {
    if (matches.length === 0) return;
    const text = source ?? this.reread(file);
    if (text === undefined) return;
    const locate: LocateInFile = (other, range) => {
      const index = this.lineIndex(other);
      if (!index) return undefined;
      const from = index.position(range[0]);
      const to = index.position(range[1]);
      return {
        file: this.relativePath(other),
        line: from.line,
        column: from.column,
        endLine: to.line,
        endColumn: to.column,
      };
    };
    this.built.push(...buildFindings(matches, this.relativePath(file), text, this.settings, locate));
  }

  findings(): Finding[] {
    return mergeFindingsAtSamePlace(this.built);
  }

  private reread(file: string): string | undefined {
    const read = readSource(file);
    if (read.ok) return read.source;
    this.diagnostics.push(
      fileDiagnostic(
        this.relativePath(file),
        'changed-during-scan',
        'the file changed or vanished while it was scanned; scan again',
      ),
    );
    return undefined;
  }

  private lineIndex(file: string): LineIndex | undefined {
    if (!this.lines.has(file)) {
      const read = readSource(file);
      this.lines.set(file, read.ok ? new LineIndex(read.source) : undefined);
    }
    return this.lines.get(file);
  }
}

function loadSupportModule(file: string, settings: ResolvedSettings): ModuleRecord {
  const read = readSource(file);
  const indexed = read.ok ? indexFile(file, read.source, settings) : undefined;
  return indexed?.kind === 'indexed' ? indexed.record : { exports: {}, exportAll: [], importedCalls: [] };
}
