import { resolve } from 'node:path';
import { valuesCutMessage, type Finding, type ResolvedSettings, type SuppressedFinding } from '@sunset-lint/core';
import {
  buildFindings,
  CrossFileResolver,
  type DeferredFile,
  detached,
  type IdentityOf,
  LineIndex,
  type LocateInFile,
  type MatchContext,
  matchesByFile,
  mergeFindingsAtSamePlace,
  type ModuleRecord,
  ownString,
  type RawMatch,
  withFloorReadings,
  withoutRewritesOfSharedText,
  withTypedFindings,
} from '@sunset-lint/core/internal';
import type { Diagnostic } from '../reports/types.js';
import type { CachedOutcome, CrossOutcome, FileNotes, ScanCache } from './cache/cache.js';
import { DependencyFingerprints } from './cache/dependency-fingerprint.js';
import { indexFromDisk, ParserNeeded, type IndexedFromDisk } from './reader/index-from-disk.js';
import { ModuleResolver } from './plan/module-resolution.js';
import { ProjectModules } from './plan/project-modules.js';
import type { ParseSource } from './reader/parse-outcome.js';
import { parseEverything, planParsing, type ParsePlan } from './plan/parse-plan.js';
import { readSource } from './files/read-source.js';
import { filesToAnalyse } from './plan/shard-plan.js';
import { withSuppressionComments, type UnusedSuppressions } from './suppress/suppressions.js';
import { readTerraformForScan } from './terraform-pass.js';
import { repositoryPathFor } from '../repository-root.js';
import { readScriptsForScan } from './languages-pass.js';
import { kindOfPath, type Language } from '../languages/kinds.js';
import type { TypesResolution } from './types-resolution.js';
import { loadParser, type ParserChoice } from './reader/parsers.js';
import { WorkerIndexes, workersFor, type Concurrency } from './parallel/index-in-workers.js';
import { crossOutcomeOf, fileOutcomeOf, type FileOutcome, type Indexer, ScanModules } from './graph/scan-modules.js';
import { slashedRelative } from './files/relative-path.js';
import type { PlaceSyntax } from '../migrate/place-syntax.js';

export interface ScanOptions {
  /** Paths in findings and diagnostics are relative to this directory, `/`-separated. */
  cwd: string;
  /** Absolute paths of the files to report on (discovery's output). */
  files: readonly string[];
  /** Absolute paths of the Terraform files to read (discovery's `terraformFiles`). */
  terraformFiles?: readonly string[];
  /** Absolute paths of the shell, Python, Go and documentation files to read (discovery's `scriptFiles`). */
  scriptFiles?: readonly string[];
  /** `--languages`: the languages read (default every one). */
  languages?: ReadonlySet<Language>;
  settings: ResolvedSettings;
  /**
   * The settings that grade each JavaScript or TypeScript file (absolute path) where the scan's
   * configurations differ only in grading (`asOf`, `imminentDays`, `severities`, end-of-life dates:
   * library/scan.ts `passesOf`); default `settings`. Everything before grading reads `settings`.
   */
  gradingOf?: (file: string) => ResolvedSettings;
  /** Also report relative imports that name no file (`unresolved-import` warnings). */
  verbose?: boolean;
  /**
   * Called as files are done, with `total` the files the report counts as scanned (every
   * language's, as `filesScanned`): JavaScript and TypeScript one by one as the first pass reaches
   * them, Terraform and the other languages as their readers finish.
   */
  onProgress?: (done: number, total: number) => void;
  /**
   * Off: every file is parsed and analysed, as if no text could be ruled out (the prefilters'
   * lossless test compares the two; findings must be identical).
   */
  prefilter?: boolean;
  /** Per-file results by content hash (`--cache`); the cross-file pass always runs. */
  cache?: ScanCache;
  /** Called once between the passes, while only the index is held (the benchmark weighs it here). */
  onIndexed?: (index: { modules: number; deferred: number }) => void;
  /**
   * `--shard`: the files of `files` this scan reports on; the others are still the scanned set
   * (imports resolve to them, findings are placed in them as in a whole scan), and a file among
   * them is analysed only when its cross-file matches may land in one of these (shard-plan.ts).
   */
  reportsOn?: (file: string) => boolean;
  /**
   * `--types`: the type checker as one more resolver in the per-file step (types-mode/). Every file
   * is parsed (the prefilters read text, not types), once, from the checker's own parse of it, and
   * the per-file cache is not used (its entries know nothing of types).
   */
  types?: TypesResolution;
  /** `--concurrency`: worker threads for the per-file step (default `auto`: from a large parse set on). */
  concurrency?: Concurrency;
  /** `--parser`: which parser reads JavaScript and TypeScript (default `auto`: oxc-parser where it runs, else TypeScript's). */
  parser?: ParserChoice;
  /** How unused suppressions are reported (default `warn`). */
  reportUnusedSuppressions?: UnusedSuppressions;
  /** Files larger than this many bytes are skipped with a `file-too-large` diagnostic (`--max-file-size`). */
  maxFileSize?: number;
  /** Workspace packages and tsconfig `paths` aliases that bare imports name (found from the files when absent). */
  projectModules?: ProjectModules;
}

export interface ScanResult {
  /** Unsorted; the report sorts. */
  findings: Finding[];
  diagnostics: Diagnostic[];
  filesScanned: number;
  /**
   * Files parsed by this scan: those whose text may match and are not in the cache, and modules
   * parsed for the values a parsed file imports from them.
   */
  filesParsed: number;
  /** Findings that suppression comments silenced (not in `findings`). */
  suppressed?: SuppressedFinding[];
  /**
   * What the per-file step kept of the syntax of each JavaScript or TypeScript file with a finding of
   * an automatic entry (migrate/place-syntax.ts; `{}` where it kept nothing), by absolute path: the
   * migration classes of the places are read from it (place-class.ts). Absent when there is none.
   */
  places?: ReadonlyMap<string, PlaceSyntax>;
}

const everyFile = () => true;

/**
 * Two passes. The first indexes each file (indexFile: parse once, extract, drop the AST and the
 * text): a file that needs nothing from other modules gets its findings right there; any other
 * keeps only its small index. The second substitutes what the modules export (resolveAcrossFiles)
 * and matches, reading the text again only for files that turn out to have findings (to place and
 * fingerprint them). Memory is the sum of the indexes, not of the trees.
 */
export async function runScan(options: ScanOptions): Promise<ScanResult> {
  const prefilter = options.prefilter ?? true;
  const cache = prefilter && !options.types ? options.cache : undefined;
  const scanned = new Set(options.files);
  const resolver = new ModuleResolver(
    (file) => scanned.has(file),
    options.projectModules ?? ProjectModules.find(options.files),
  );
  const plan =
    prefilter && !options.types
      ? planParsing(options.files, options.settings, resolver, cache, options.maxFileSize)
      : parseEverything(options.files);
  const own = options.reportsOn ?? everyFile;
  const analysed = options.reportsOn ? filesToAnalyse(plan, options.files, own) : scanned;
  // TypeScript's parser loads only when a file has to be parsed: not for a scan whose files cannot
  // match, nor for a re-scan whose files are all in the cache.
  const toParse = [...plan.parse].filter((file) => analysed.has(file) && !cache?.hasIndex(file)).length;
  const progress = new ScanProgress(options, own);
  const pass = { options, prefilter, cache, scanned, resolver, plan, own, analysed, progress };
  let result: ScanResult;
  try {
    result = await indexAndMatch(
      pass,
      options.types?.parseSource ?? (toParse > 0 ? await loadParser(options.parser, toParse) : undefined),
    );
  } catch (error) {
    // A module read on demand (a value a cached file imports) was not cached after all.
    if (!(error instanceof ParserNeeded)) throw error;
    result = await indexAndMatch(pass, await loadParser(options.parser, toParse));
  }
  const fingerprintPath = repositoryPathFor(options.cwd);
  // Terraform files: read (their parser loads only when there is one) and matched on their own.
  const terraformFiles = (options.terraformFiles ?? []).filter(own);
  const terraform = await readTerraformForScan(
    terraformFiles,
    options.settings,
    (file) => slashedRelative(options.cwd, file),
    fingerprintPath,
    options.maxFileSize,
  );
  progress.done(terraformFiles);
  // Shell, Python, Go and documentation: read by their own readers, matched by core as any file.
  const scripts = await readScriptsForScan(
    options.scriptFiles ?? [],
    options.settings,
    (file) => slashedRelative(options.cwd, file),
    {
      fingerprintPath,
      maxFileSize: options.maxFileSize,
      languages: options.languages,
      ...(options.parser ? { parser: options.parser } : {}),
      ...(options.reportsOn ? { reportsOn: options.reportsOn } : {}),
    },
  );
  result = {
    ...result,
    findings: [...result.findings, ...terraform.findings, ...scripts.findings],
    diagnostics: [...result.diagnostics, ...terraform.diagnostics, ...scripts.diagnostics],
    filesScanned: result.filesScanned + terraformFiles.length + scripts.filesScanned,
  };
  progress.finished(result.filesScanned);
  // Suppression comments apply once, to every finding of the scan. A shard reads those of its own
  // files only: the others are another shard's.
  const namingFiles = [
    ...options.files.filter((file) => own(file) && (plan.namingFiles?.has(file) ?? true)),
    ...scripts.namingFiles,
  ];
  return withSuppressionComments(result, {
    cwd: options.cwd,
    settings: options.settings,
    reportUnused: options.reportUnusedSuppressions,
    gradingOf: options.gradingOf,
    namingFiles,
    terraformSources: terraform.sources,
    scriptSources: scripts.sources,
    parser: options.parser,
    ...(options.types ? { parsedTree: options.types.parsedTree } : {}),
  });
}

interface Pass {
  options: ScanOptions;
  prefilter: boolean;
  cache: ScanCache | undefined;
  scanned: ReadonlySet<string>;
  resolver: ModuleResolver;
  plan: ParsePlan;
  /** Files reported on: all scanned files, or a shard's. */
  own: (file: string) => boolean;
  /** Files analysed: the reported ones and, in a shard, the others whose matches may land in them. */
  analysed: ReadonlySet<string>;
  progress: ScanProgress;
}

/**
 * The progress bar's count: the files the summary counts as scanned (JavaScript and TypeScript the
 * scan reports on, Terraform, the other languages' files), so that the bar's last figure is the
 * summary's "N files scanned". Each file is counted once, however many passes reach it.
 */
class ScanProgress {
  private readonly counted = new Set<string>();
  private readonly total: number;

  constructor(
    private readonly options: ScanOptions,
    own: (file: string) => boolean,
  ) {
    const languages = options.languages;
    const scripts = (options.scriptFiles ?? []).filter((file) => {
      const kind = kindOfPath(file);
      return own(file) && (kind === 'shebang' || !languages || (kind !== undefined && languages.has(kind.language)));
    });
    // An estimate until the end: an extensionless file counts when its shebang names a language.
    this.total = options.files.filter(own).length + (options.terraformFiles ?? []).filter(own).length + scripts.length;
  }

  /** These files are done (those the scan does not report on are not counted). */
  done(files: readonly string[]): void {
    const before = this.counted.size;
    for (const file of files) this.counted.add(file);
    if (this.counted.size !== before) this.report(this.counted.size);
  }

  /**
   * Every file is done: the bar's last figure is the summary's count (below the estimate when an
   * extensionless file's shebang names no language the scan reads).
   */
  finished(scanned: number): void {
    this.options.onProgress?.(scanned, scanned);
  }

  private report(done: number): void {
    this.options.onProgress?.(Math.min(done, this.total), this.total);
  }
}

async function indexAndMatch(pass: Pass, parse: ParseSource | undefined): Promise<ScanResult> {
  const { options, prefilter, cache, scanned, plan, own, analysed, progress } = pass;
  const { settings } = options;
  const context: MatchContext = { entries: settings.catalogue.entries, apiHosts: settings.apiHosts };
  const records = new Map<string, ModuleRecord>();
  const diagnostics: Diagnostic[] = [];
  /** Files whose matches wait for the cross-file pass: to resolve, or resolved by an earlier scan (`--cache`). */
  const deferred: Array<DeferredFile | { file: string; cross: CrossOutcome }> = [];
  const relativePath = (file: string) => slashedRelative(options.cwd, file);
  /** The files parsed, by whichever thread (a module two threads read for its exports counts once). */
  const parsed = new Set<string>();
  const ownPaths = options.reportsOn ? new Set(options.files.filter(own).map(relativePath)) : undefined;
  const ownPath = (path: string) => ownPaths?.has(path) ?? true;
  // A file whose matches need other modules is resolved as soon as it is indexed, and only its
  // matches are kept: the index of a file that calls the API through imported clients is most of
  // the scan's memory. A module it reads that the loop has not reached yet is indexed then (as the
  // loop would, `early` keeps it for the loop): the same records, so the same matches. Not with
  // `--types`, whose per-file step asks the type checker.
  const resolveEarly = !options.types;
  // The per-file step: the index `--cache` kept for this text, else the file parsed now (then
  // with its text, for placing findings and for checking the cache's hash before storing). Facts
  // resolved at once are not copied away from the parse: their matches are (`resolveDeferred`).
  // The syntax of each indexed file the scan reports on, for its places' migration classes.
  const places = new Map<string, PlaceSyntax | undefined>();
  const keepPlaces = (file: string, indexed: IndexedFromDisk) => {
    if ('index' in indexed && indexed.index.kind === 'indexed' && own(file)) places.set(file, indexed.index.places);
  };
  const indexer: Indexer = (file, scannedHere = false) => {
    const indexed = indexOf(file, scannedHere);
    keepPlaces(file, indexed);
    return indexed;
  };
  const indexOf: Indexer = (file, scannedHere = false) => {
    const cached = cache?.index(file);
    if (cached) return { index: cached };
    // The type checker answers only for files the scan reports on, not for modules read for their exports.
    const types = scannedHere ? options.types : undefined;
    const project = pass.resolver.project;
    const indexed = indexFromDisk(file, settings, parse, prefilter, options.maxFileSize, types, project, !resolveEarly);
    if ('index' in indexed) parsed.add(file);
    return indexed;
  };
  const toParse = options.files.filter((file) => plan.parse.has(file) && analysed.has(file));
  const loopFiles = new Set(toParse);
  const early = new Map<string, IndexedFromDisk>();
  const onDemand: Indexer = (file) => {
    if (!resolveEarly || !loopFiles.has(file)) return indexer(file);
    const indexed = indexer(file, true);
    early.set(file, indexed);
    return indexed;
  };
  const modules = new ScanModules(records, pass.resolver, cache, onDemand);
  const crossFile = new CrossFileResolver(modules);
  const report = new FindingsByFile(
    relativePath,
    repositoryPathFor(options.cwd),
    options.gradingOf ?? (() => settings),
    diagnostics,
    options.maxFileSize,
  );
  for (const [file, problem] of plan.unreadable)
    if (own(file)) diagnostics.push(fileDiagnostic(relativePath(file), problem.code, problem.message));
  const place = (file: string, matches: readonly RawMatch[]) => {
    for (const [at, atFile] of matchesByFile(matches, file, (other) => scanned.has(other))) report.add(at, atFile);
  };
  // `--verbose` lists the imports the cross-file pass could not resolve: it runs that pass afresh.
  let fingerprints: DependencyFingerprints | undefined;
  const fingerprint = (file: string) => {
    if (!cache || options.verbose) return undefined;
    fingerprints ??= new DependencyFingerprints(plan.imports, (one) => cache.hashOf(one));
    return fingerprints.of(file);
  };
  /** The file's notes (values its budget cut, `value-budget`), as diagnostics about it; kept with its outcome. */
  const notesOf = new Map<string, FileNotes>();
  const noteFile = (file: string, notes: FileNotes | undefined) => {
    if (!notes) return;
    notesOf.set(file, notes);
    for (const note of notes) diagnostics.push({ ...note, file: relativePath(file) });
  };
  /**
   * A deferred file's matches, with what other modules export substituted, the text of other modules
   * its requests send to another host, and the values the step's budget cut (kept by `--cache` for
   * the next scan).
   */
  const resolveDeferred = (entry: DeferredFile): CrossOutcome => {
    const cross = crossOutcomeOf(entry, crossFile, context);
    const kept = crossForCache(entry.file, cross);
    const notes = notesOf.get(entry.file);
    if (kept) cache?.storeOutcome(entry.file, { kind: 'deferred', cross: kept, ...(notes ? { notes } : {}) });
    return cross;
  };
  /** A deferred file's cross-file outcome as `--cache` keeps it: with the fingerprint of what it depends on, or not at all. */
  const crossForCache = (file: string, cross: CrossOutcome) => {
    const print = fingerprint(file);
    return print === undefined ? undefined : { fingerprint: print, ...cross };
  };
  /**
   * What the scan keeps of a file's outcome, from this thread (with the text it read) or from a
   * worker (`posted`: a copy already): its diagnostic, or its record, notes, places and matches;
   * matches that waited for other modules are placed with the others of the cross-file pass, in the
   * same order either way.
   */
  const keep = (file: string, outcome: FileOutcome, source: string | undefined, posted: boolean) => {
    if ('problem' in outcome) {
      if (own(file))
        diagnostics.push(fileDiagnostic(relativePath(file), outcome.problem.code, outcome.problem.message));
      return;
    }
    if ('diagnostic' in outcome) {
      if (own(file)) diagnostics.push({ ...outcome.diagnostic, file: relativePath(file) });
      return;
    }
    if (!records.has(file)) records.set(file, outcome.record);
    if (own(file)) {
      places.set(file, outcome.places);
      noteFile(file, outcome.notes);
    }
    if (outcome.typed && own(file)) {
      const { matches, warning } = outcome.typed;
      if (warning)
        diagnostics.push({ code: 'types-error', severity: 'warning', message: warning, file: relativePath(file) });
      report.addTyped(file, matches, source);
    }
    if ('deferred' in outcome) deferred.push(outcome.deferred);
    // Kept to the end of the scan: a copy that keeps no parse's text alive (core's `detached`).
    else if ('cross' in outcome) deferred.push({ file, cross: posted ? outcome.cross : detached(outcome.cross) });
    else if (own(file)) report.add(file, outcome.matches, source);
  };
  /** What `--cache` keeps of a file this thread indexed: its index, and its outcome as far as it is known. */
  const storeInCache = (file: string, indexed: IndexedFromDisk, outcome: FileOutcome) => {
    if (!cache || !('index' in indexed) || 'problem' in outcome) return;
    const notes = 'notes' in outcome && outcome.notes ? { notes: outcome.notes } : {};
    const cross = 'cross' in outcome ? crossForCache(file, outcome.cross) : undefined;
    const kept: CachedOutcome =
      'diagnostic' in outcome
        ? { kind: 'diagnostic', diagnostic: outcome.diagnostic }
        : 'matches' in outcome
          ? { kind: 'self', matches: outcome.matches, ...notes }
          : { kind: 'deferred', ...(cross ? { cross } : {}), ...notes };
    cache.storeIndex(file, indexed.index, kept, indexed.source);
  };
  // The files no pass parses (nothing in them can match) are done from the start.
  progress.done(options.files.filter((file) => own(file) && !loopFiles.has(file)));
  const workers = parallelIndexes(pass, toParse, parse);
  try {
    for (const file of toParse) {
      if (own(file)) progress.done([file]);
      const outcome = cache?.outcome(file);
      if (outcome?.kind === 'diagnostic') {
        if (own(file)) diagnostics.push({ ...outcome.diagnostic, file: relativePath(file) });
      } else if (outcome?.kind === 'self') {
        if (own(file)) {
          report.add(file, outcome.matches);
          noteFile(file, outcome.notes);
        }
      } else if (outcome?.kind === 'deferred' && outcome.cross && outcome.cross.fingerprint === fingerprint(file)) {
        // Placed with the others of the cross-file pass, in the order of a cold scan: where findings
        // merge, the order they arrive in decides which one stays (placement.ts).
        const { fingerprint: _fingerprint, ...cross } = outcome.cross;
        deferred.push({ file, cross });
        if (own(file)) noteFile(file, outcome.notes);
      } else {
        const indexedEarly = early.get(file);
        early.delete(file);
        // A worker may have done it too: its result is dropped.
        const fromWorker = indexedEarly ? void workers?.take(file) : await workers?.take(file);
        if (fromWorker && 'resolved' in fromWorker) {
          for (const one of fromWorker.parsed) parsed.add(one);
          keep(file, fromWorker.resolved, undefined, true);
          continue;
        }
        const indexedByWorker = fromWorker?.indexed;
        if (indexedByWorker && 'index' in indexedByWorker) parsed.add(file);
        const indexed = indexedEarly ?? indexedByWorker ?? indexer(file, true);
        const outcome = fileOutcomeOf(file, indexed, records, context, resolveEarly ? crossFile : undefined);
        storeInCache(file, indexed, outcome);
        keep(file, outcome, 'source' in indexed ? indexed.source : undefined, false);
      }
    }
  } finally {
    await workers?.close();
  }

  options.onIndexed?.({ modules: records.size, deferred: deferred.length });
  const crossOutcomes = deferred.map((entry) => ({
    file: entry.file,
    ...('cross' in entry ? entry.cross : resolveDeferred(entry)),
  }));
  for (const { file, sentToAnotherHost, valuesCut } of crossOutcomes) {
    // Text of another module that this file sends to another host: no fix or migration rewrites it.
    for (const shared of sentToAnotherHost ?? []) report.shareWithAnotherHost(shared.file, shared.range, file);
    // Values the graph step cut where this file needed them: said at that place, as for its own reading.
    if (valuesCut && own(file)) {
      const at = report.position(file, valuesCut.at);
      diagnostics.push({
        code: 'value-budget',
        severity: 'warning',
        message: valuesCutMessage(valuesCut, 'other modules'),
        file: relativePath(file),
        ...(at ? { line: at.line, column: at.column } : {}),
      });
    }
  }
  for (const { file, matches } of crossOutcomes) place(file, matches);
  if (options.verbose) {
    for (const { fromFile, specifier } of modules.unresolved())
      if (scanned.has(fromFile) && own(fromFile))
        diagnostics.push({
          code: 'unresolved-import',
          severity: 'warning',
          message: `'${specifier}' names no source file; values imported from it stay unknown`,
          file: relativePath(fromFile),
        });
  }
  // A shard keeps what lands in its own files: a match is merged with the others at its place
  // (placement.ts) before, so that each place ends as in a whole scan.
  const findings = report.findings().filter((finding) => ownPath(finding.file));
  const withPlaces = new Map<string, PlaceSyntax>();
  for (const finding of findings) {
    if (settings.catalogue.byId.get(finding.entryId)?.migration?.class !== 'automatic') continue;
    const file = resolve(options.cwd, finding.file);
    if (withPlaces.has(file)) continue;
    // A file `--cache` answered without reading its index (its matches were kept): the index has it.
    const cached = places.has(file) ? undefined : cache?.index(file);
    const kept = places.has(file) ? places.get(file) : cached?.kind === 'indexed' ? cached.places : null;
    if (kept !== null) withPlaces.set(file, kept ?? {});
  }
  return {
    findings,
    diagnostics,
    filesScanned: options.reportsOn ? options.files.filter(own).length : options.files.length,
    filesParsed: parsed.size,
    ...(withPlaces.size ? { places: withPlaces } : {}),
  };
}

/**
 * The per-file step of a large parse set on worker threads (`--concurrency`): the files the scan
 * will read and parse now (not those `--cache` has), when there are enough of them, the main
 * thread doing its own part of them. Not with `--types`, whose type checker lives on the main thread.
 */
function parallelIndexes(pass: Pass, toParse: readonly string[], parse: ParseSource | undefined) {
  const { options, cache } = pass;
  if (!parse || options.types) return undefined;
  const fresh = toParse.filter((file) => !cache?.hasIndex(file));
  const workers = workersFor(options.concurrency ?? 'auto', fresh.length);
  if (workers === 0) return undefined;
  return new WorkerIndexes(fresh, workers, {
    settings: options.settings,
    parser: options.parser ?? 'auto',
    prefilter: pass.prefilter,
    maxFileSize: options.maxFileSize,
    project: pass.resolver.project.toData(),
    withSource: cache !== undefined,
    // Resolved on the worker too, unless the main thread needs each file's index (to store it,
    // `--cache`) or every module lookup (`--verbose` lists the imports that named no file).
    ...(cache || options.verbose ? {} : { resolve: { scanned: options.files } }),
  });
}

function fileDiagnostic(file: string, code: string, message: string): Diagnostic {
  return { code, severity: 'error', message, file };
}

/**
 * Findings as they are placed, file by file: a file's own matches at once (its text at hand), and
 * matches that other files place in it (a path written there, sent from elsewhere) read it again.
 * Related locations in other files are located through the same reads. What is kept of a text for
 * the rest of the scan is small: its line starts, and the snippets fingerprints need.
 */
class FindingsByFile {
  private readonly built: Finding[] = [];
  private readonly typed: Finding[] = [];
  /** The grep floor's findings, with the expression each was found in (see core's `withFloorReadings`). */
  private readonly floor = new Map<Finding, [number, number]>();
  /** Where each line starts, in the files findings and related locations point into. */
  private readonly lines = new Map<string, LineIndex | undefined>();
  /** By relative path: text that requests of another module (`by`, the first) send to another host. */
  private readonly shared = new Map<string, { ranges: Array<[number, number]>; by: string }>();
  /**
   * The text at a range of a module the scan does not report on, by file and range: the fingerprint
   * of a match that belongs there (core's `identity`). Only these snippets are kept, not the texts.
   */
  private readonly snippets = new Map<string, string>();
  /** The text last read for a snippet: the matches one file places at its requests often point into one module. */
  private lastRead?: { file: string; text: string };

  constructor(
    private readonly relativePath: (file: string) => string,
    /** The path a finding's fingerprint hashes: the one from the repository root. */
    private readonly fingerprintPath: (relative: string) => string,
    /** The settings that grade a file's findings (the configuration nearest it). */
    private readonly gradingOf: (file: string) => ResolvedSettings,
    private readonly diagnostics: Diagnostic[],
    private readonly maxFileSize: number | undefined,
  ) {}

  add(file: string, matches: readonly RawMatch[], source?: string): void {
    const floor = matches.filter((match) => match.floor);
    this.built.push(...this.build(file, floor.length ? matches.filter((match) => !match.floor) : matches, source));
    const roots = new Map(floor.map((match) => [`${match.entryId}\u0000${match.range.join(':')}`, match.floor!.root]));
    for (const finding of this.build(file, floor, source))
      this.floor.set(finding, roots.get(`${finding.entryId}\u0000${finding.range.join(':')}`)!);
  }

  /** Matches only the type checker revealed (`--types`): kept where the code shows nothing by itself. */
  addTyped(file: string, matches: readonly RawMatch[], source?: string): void {
    this.typed.push(...this.build(file, matches, source));
  }

  findings(): Finding[] {
    const findings = withFloorReadings(
      withTypedFindings(mergeFindingsAtSamePlace(this.built), this.typed),
      [...this.floor.keys()],
      (finding) => this.floor.get(finding),
    );
    if (this.shared.size === 0) return findings;
    return findings.map((finding) => {
      const shared = this.shared.get(finding.file);
      return shared ? withoutRewritesOfSharedText(finding, shared.ranges, shared.by) : finding;
    });
  }

  /** Text of `file` that a request of `by` sends to another host (`withoutRewritesOfSharedText`). */
  shareWithAnotherHost(file: string, range: [number, number], by: string): void {
    const relative = this.relativePath(file);
    const known = this.shared.get(relative);
    if (known) known.ranges.push(range);
    else this.shared.set(relative, { ranges: [range], by: this.relativePath(by) });
  }

  /** Line and column of an offset of `file`, read again (undefined when it cannot be). */
  position(file: string, offset: number): { line: number; column: number } | undefined {
    return this.lineIndex(file)?.position(offset);
  }

  private build(file: string, matches: readonly RawMatch[], source?: string): Finding[] {
    if (matches.length === 0) return [];
    const text = source ?? this.reread(file);
    if (text === undefined) return [];
    // The file's own locations are found in the text at hand, not in a second read.
    if (!this.lines.has(file)) this.lines.set(file, new LineIndex(text));
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
    const relative = this.relativePath(file);
    // A match placed at its request because the module it belongs to is not reported on keeps the
    // fingerprint it has in that module (core's `identity`): a whole scan's baseline knows it.
    const identityOf: IdentityOf = (other, range) => {
      const snippet = this.snippet(other, range);
      if (snippet === undefined) return undefined;
      return { fingerprintFile: this.fingerprintPath(this.relativePath(other)), snippet };
    };
    return buildFindings(
      matches,
      relative,
      text,
      this.gradingOf(file),
      locate,
      undefined,
      this.fingerprintPath(relative),
      identityOf,
    );
  }

  /** The text at `range` in `file`, read once per file and range; a copy that keeps no text alive. */
  private snippet(file: string, range: readonly [number, number]): string | undefined {
    const key = `${file}\u0000${range[0]}:${range[1]}`;
    const known = this.snippets.get(key);
    if (known !== undefined) return known;
    if (this.lastRead?.file !== file) {
      const text = this.reread(file);
      if (text === undefined) return undefined;
      this.lastRead = { file, text };
    }
    const snippet = ownString(this.lastRead.text.slice(range[0], range[1]));
    this.snippets.set(key, snippet);
    return snippet;
  }

  private reread(file: string): string | undefined {
    const read = readSource(file, this.maxFileSize);
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
      const read = readSource(file, this.maxFileSize);
      this.lines.set(file, read.ok ? new LineIndex(read.source) : undefined);
    }
    return this.lines.get(file);
  }
}
