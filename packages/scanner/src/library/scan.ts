import { existsSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import {
  type BaselineEntry,
  DEFAULT_BASELINE_FILE,
  findConfigFile,
  type Grade,
  writtenEntry,
} from '@sunset-lint/core/schedule';
import { applyBaseline, readBaseline } from '../baseline/baseline.js';
import type { ScanConfig } from '../config/resolve.js';
import { kindOfPath, type Language } from '../languages/kinds.js';
import type { ScannerSettings } from '../config/settings-schema.js';
import { InputError } from '../errors.js';
import { scanConfigFor, type SettingOverrides } from './config.js';
import { fromRepositoryRoot, fromWorkingDirectory, repositoryPrefix } from '../repository-root.js';
import { slashedRelative } from '../scan/files/relative-path.js';
import { plural } from '../reports/summary.js';
import type { ParserChoice } from '../scan/reader/parsers.js';
import type { Concurrency } from '../scan/parallel/index-in-workers.js';
import type { BaselineSummary, Diagnostic, ScanReport } from '../reports/types.js';
import { byReader, discoverFiles, isScannable, type Discovered } from '../scan/files/discovery.js';
import { withStandIns } from '../scan/files/read-source.js';
import { buildScanReport } from '../scan/report.js';
import type { ScanResult } from '../scan/scan.js';
import { shardMembership, type ShardMembership } from '../shard/membership.js';
import { checkShard, type Shard } from '../shard/shard.js';

/*
 * The scanner as a library: `scan(request)` finds the deprecated API uses under some paths and
 * returns the report that every format renders (the json format prints it as it is). It prints
 * nothing, exits never and reads no command line: the `scan` and `baseline` commands are adapters
 * over it (flags in, rendering and exit codes out), and another program can call it the same way.
 */

/** What to scan and how: everything but the working directory has the CLI's default. */
export interface ScanRequest {
  /** Paths in the report are relative to this directory, `/`-separated; the configuration is looked for here. */
  cwd: string;
  /** Files, directories and quoted glob patterns, relative to `cwd` (default: `cwd` itself). */
  paths?: readonly string[];
  /**
   * Glob patterns excluded on top of the configuration's `exclude`, read as its entries are
   * (`scan --ignore-pattern`; `!pattern` takes a default exclude back out).
   */
  ignorePatterns?: readonly string[];
  /**
   * Scan this text alone instead of `paths`, as the file `filename` (relative to `cwd`; need not
   * exist), whose name chooses the language (`scan --stdin --stdin-filename`).
   */
  stdin?: { filename: string; text: string };
  /**
   * A configuration file (relative to `cwd`), or the configuration itself (what a
   * `sunset-lint.config.json` holds); default: the one the CLI finds in `cwd`.
   */
  config?: string | ScannerSettings;
  /** Over the configuration (`scan --as-of`, `--imminent-days`, `--min-confidence`, `--max-file-size`, `--report-unused-suppressions`). */
  overrides?: SettingOverrides;
  /** The grade from which a finding fails the scan, recorded in the report (default `expired`). */
  failOn?: Grade | 'none';
  /**
   * A baseline file (relative to `cwd`): the report keeps only the findings it does not have.
   * Default: `.sunset-lint-baseline.json` at the repository root when there is one; `false`: none.
   */
  baseline?: string | false;
  /** Also ask the project's TypeScript type checker (`scan --types`), with this tsconfig.json for every file. */
  types?: boolean | { tsconfig?: string };
  /** Which parser reads JavaScript and TypeScript (`scan --parser`; default `auto`). */
  parser?: ParserChoice;
  /** Worker threads for the per-file step (`scan --concurrency`; default `auto`). */
  concurrency?: Concurrency;
  /** Keep each file's analysis by content hash for the next scan (`scan --cache`), in `location` (default `.sunset-lint-cache`). */
  cache?: boolean | { location?: string };
  /** Report only on this shard of the files (`scan --shard`). */
  shard?: Shard;
  /** Also report relative imports that name no file. */
  verbose?: boolean;
  /** Give the report each finding's line of code (`sourceLines`, which the HTML report shows). */
  sourceLines?: boolean;
  /**
   * Give the report each place's migration class (`migrationClasses`, the JSON report's `migration`:
   * automatic only where `sunset-lint migrate` rewrites the place). Not with `stdin`.
   */
  migrationClasses?: boolean;
  /** Called after each file of the scan's first pass. */
  onProgress?: (done: number, total: number) => void;
  /** Called with what a person may want to know that is not in the report: a path with nothing to scan, a cache not saved. */
  onNotice?: (notice: ScanNotice) => void;
}

export interface ScanNotice {
  text: string;
  /** `info`: a path with nothing to scan; `warning`: the cache could not be used or saved (a slower next scan). */
  severity: 'info' | 'warning';
}

/** The report of a scan: findings, diagnostics, the catalogue and settings it was graded with. */
export async function scan(request: ScanRequest): Promise<ScanReport> {
  return (await scanForReport(request)).report;
}

/** `scan`'s report, with the scan's diagnostics in the order it met them (the CLI notes them so on stderr). */
export async function scanForReport(
  request: ScanRequest,
): Promise<{ report: ScanReport; diagnostics: readonly Diagnostic[] }> {
  const stdin = request.stdin;
  if (stdin === undefined) return scanAndReport(request);
  // The text stands in for the file for every read of the scan, the HTML report's quotes included.
  return withStandIns(new Map([[resolve(request.cwd, stdin.filename), stdin.text]]), () => scanAndReport(request));
}

async function scanAndReport(
  request: ScanRequest,
): Promise<{ report: ScanReport; diagnostics: readonly Diagnostic[] }> {
  const configured = await scanConfigFor(request);
  const config = request.ignorePatterns?.length
    ? { ...configured, exclude: [...(configured.exclude ?? []), ...request.ignorePatterns] }
    : configured;
  const baselineFile = request.baseline === undefined ? defaultBaseline(request.cwd) : request.baseline || undefined;
  const baseline =
    baselineFile === undefined ? undefined : readBaseline(resolve(request.cwd, baselineFile), baselineFile);
  const prefix = repositoryPrefix(request.cwd);
  const shard = request.shard === undefined ? undefined : checkShard(request.shard);
  const inShard = shard ? shardMembership(request.cwd, shard) : undefined;
  const result = await findUsages(
    request,
    config,
    inShard,
    request.config === undefined ? { ...(request.overrides ? { overrides: request.overrides } : {}) } : undefined,
  );
  // Type findings come from the whole program: a shard keeps its own.
  let findings = inShard ? result.findings.filter((finding) => inShard.path(finding.file)) : result.findings;
  let summary: BaselineSummary | undefined;
  // A shard judges only the baseline entries of its own files: the others are another shard's.
  const baselineHere: BaselineEntry[] | undefined = inShard
    ? baseline?.filter((entry) => inShard.path(fromWorkingDirectory(prefix, entry.file)))
    : baseline;
  if (baselineHere && baselineFile !== undefined) {
    const scanned = new Set(result.scannedFiles.map((file) => fromRepositoryRoot(prefix, file)));
    ({ findings, summary } = applyBaseline(findings, baselineHere, baselineFile, {
      prefix,
      scanned: (file) => scanned.has(file),
    }));
  }
  const report = buildScanReport({
    findings,
    ...(result.suppressed ? { suppressed: result.suppressed } : {}),
    diagnostics: result.diagnostics,
    filesScanned: result.filesScanned,
    settings: config.settings,
    failOn: request.failOn ?? 'expired',
    ...(config.failOnDocs ? { failOnDocs: true } : {}),
    ...(summary ? { baseline: summary } : {}),
    repositoryPrefix: prefix,
    ...(shard ? { shard } : {}),
  });
  if (request.sourceLines)
    report.sourceLines = (await import('../scan/source-lines.js')).readSourceLines(
      report.findings,
      request.cwd,
      config.maxFileSize,
    );
  if (request.migrationClasses && !request.stdin)
    report.migrationClasses = await (
      await import('../migrate/place-class.js')
    ).migrationClasses(report.findings, config.settings.catalogue.entries, request.cwd, (file) =>
      result.places?.get(resolve(request.cwd, file)),
    );
  return { report, diagnostics: result.diagnostics };
}

const DEFAULT_CACHE = '.sunset-lint-cache';

/**
 * The baseline `sunset-lint baseline` writes by default: `.sunset-lint-baseline.json` at the
 * repository root (the current directory outside a repository), as a path from `cwd`; undefined
 * when there is none.
 */
export function defaultBaseline(cwd: string): string | undefined {
  const path = defaultBaselinePath(cwd);
  return existsSync(path) ? slashedRelative(cwd, path) : undefined;
}

/** Where the default baseline lives: the repository root's `.sunset-lint-baseline.json`. */
export function defaultBaselinePath(cwd: string): string {
  return resolve(cwd, fromWorkingDirectory(repositoryPrefix(cwd), DEFAULT_BASELINE_FILE));
}

/** The files a configuration scans under these paths; a path that does not exist is an input error. */
export async function discoverConfigured(
  cwd: string,
  paths: readonly string[],
  config: ScanConfig,
): Promise<Discovered> {
  const discovered = await discoverFiles({
    cwd,
    paths,
    include: config.include,
    exclude: config.exclude,
    maxFileSize: config.maxFileSize,
  });
  if (discovered.missing.length) throw new InputError(`no such file or directory: ${discovered.missing.join(', ')}`);
  return discovered;
}

/** `--stdin`'s one file, on the list of the reader its name chooses; a name no reader takes is an input error. */
function stdinDiscovered(cwd: string, filename: string): Discovered {
  const file = resolve(cwd, filename);
  if (!isScannable(file))
    throw new InputError(
      `--stdin-filename ${filename}: no language is scanned in a file of this name (JavaScript, TypeScript, Terraform, shell, Python, Go or documentation: .ts, .js, .tf, .sh, .py, .go, .md, …)`,
    );
  return {
    ...byReader([file]),
    skipped: [],
    missing: [],
    empty: [],
    gitignored: [],
    special: [],
    unreadableFolders: [],
    unreadIgnoreFiles: [],
  };
}

/**
 * Discovery, the scan and the type checker's pass, suppression comments applied: the findings of
 * every scanned file (the caller keeps a shard's), unsorted, as `baseline` writes them.
 */
export async function findUsages(
  request: Omit<ScanRequest, 'config' | 'overrides' | 'failOn' | 'baseline' | 'shard'>,
  config: ScanConfig,
  shard?: ShardMembership,
  /**
   * The configuration was found, not named (`--config`): each file is graded by the configuration
   * nearest it (`cascade.overrides`, the flags, over each), as the ESLint plugin grades it.
   */
  cascade?: { overrides?: SettingOverrides },
): Promise<ScanResult & { scannedFiles: string[] }> {
  const { cwd } = request;
  const paths = request.paths ?? [];
  const notice = request.onNotice ?? (() => {});
  // Which configuration applies is the first question when the editor and the scan disagree.
  if (request.verbose)
    notice({
      text: config.notFound ?? `configuration: ${config.source}`,
      severity: 'info',
    });
  const discovered = request.stdin
    ? stdinDiscovered(cwd, request.stdin.filename)
    : await discoverConfigured(cwd, paths, config);
  for (const given of discovered.empty)
    notice({
      text: `${given}: no file to scan (JavaScript, TypeScript, Terraform, shell, Python, Go, documentation or another text format)`,
      severity: 'info',
    });
  for (const { path, files } of discovered.gitignored)
    notice({
      text: `${path}: ${plural(files, 'file')} to scan, all ignored by .gitignore (files named one by one are scanned even so)`,
      severity: 'info',
    });
  const skipped = discoveryDiagnostics(discovered);
  if (discovered.files.length === 0 && discovered.terraformFiles.length === 0 && discovered.scriptFiles.length === 0)
    return { findings: [], diagnostics: skipped, filesScanned: 0, filesParsed: 0, scannedFiles: [] };
  // The scan (and TypeScript's parser with it) loads only when there is a file to parse.
  const { runScan } = await import('../scan/scan.js');
  const types = request.types ? await typesResolutionFor(discovered.files, request.types, cwd) : undefined;
  const cacheLocation = typeof request.cache === 'object' ? request.cache.location : undefined;
  const { ProjectModules } = await import('../scan/plan/project-modules.js');
  const projectModules = ProjectModules.find(discovered.files);
  const groups = cascade ? await configGroups(cwd, discovered, config, cascade.overrides) : undefined;
  const passes = groups && groups.length > 1 ? passesOf(groups) : undefined;
  // One cache folder holds one key: passes of different keys would replace each other's cache.
  const cache =
    request.cache && (passes?.length ?? 1) === 1
      ? await openCache(
          resolve(cwd, cacheLocation ?? DEFAULT_CACHE),
          groups?.map((group) => group.config.settings) ?? [config.settings],
          notice,
          projectModules.fingerprint,
        )
      : undefined;
  if (groups && passes && groups.length > 1) {
    if (request.cache && !cache)
      notice({
        text: `--cache is not used: ${groups.length} configurations grade the scanned files, with ${passes.length} different catalogues or detection settings (one pass each; --config FILE applies one)`,
        severity: 'info',
      });
    const result = await scanByConfiguration(passes, discovered, projectModules, shard, cache, {
      cwd,
      ...(config.languages ? { languages: new Set(config.languages) } : {}),
      ...(request.verbose ? { verbose: true } : {}),
      ...(types ? { types } : {}),
      ...(request.parser ? { parser: request.parser } : {}),
      ...(request.concurrency !== undefined ? { concurrency: request.concurrency } : {}),
      ...(config.maxFileSize !== undefined ? { maxFileSize: config.maxFileSize } : {}),
      ...(request.onProgress ? { onProgress: request.onProgress } : {}),
    });
    result.diagnostics.push(...skipped);
    if (request.verbose) notice(parsedNotice(result.filesParsed, passes.length, groups.length));
    if (cache) saveCache(cache, notice);
    return { ...result, scannedFiles: scannedFiles(cwd, discovered, config.languages, result.diagnostics) };
  }
  const result = await runScan({
    cwd,
    files: discovered.files,
    projectModules,
    terraformFiles: discovered.terraformFiles,
    scriptFiles: discovered.scriptFiles,
    ...(config.languages ? { languages: new Set(config.languages) } : {}),
    settings: config.settings,
    ...(request.verbose ? { verbose: true } : {}),
    ...(cache ? { cache } : {}),
    ...(shard ? { reportsOn: shard.file } : {}),
    ...(types ? { types } : {}),
    ...(request.parser ? { parser: request.parser } : {}),
    ...(request.concurrency !== undefined ? { concurrency: request.concurrency } : {}),
    ...(config.reportUnusedSuppressions ? { reportUnusedSuppressions: config.reportUnusedSuppressions } : {}),
    ...(config.maxFileSize !== undefined ? { maxFileSize: config.maxFileSize } : {}),
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
  });
  result.diagnostics.push(...skipped);
  if (request.verbose) notice(parsedNotice(result.filesParsed, 1, 1));
  if (cache) saveCache(cache, notice);
  return { ...result, scannedFiles: scannedFiles(cwd, discovered, config.languages, result.diagnostics) };
}

/** A cache that cannot be written costs the next scan time, never this scan's result. */
function saveCache(cache: { save(): void }, notice: (notice: ScanNotice) => void): void {
  try {
    cache.save();
  } catch (error) {
    notice({
      text: `the cache was not saved: ${error instanceof Error ? error.message : String(error)}`,
      severity: 'warning',
    });
  }
}

/**
 * `--verbose`: how many times the scan parsed a JavaScript or TypeScript file (a file parsed by two
 * passes counts twice), and in how many passes over the files for how many configurations.
 */
function parsedNotice(parsed: number, passes: number, configurations: number): ScanNotice {
  const over =
    configurations > 1
      ? ` (${plural(passes, 'pass', 'passes')} over the files for ${configurations} configurations)`
      : '';
  return { text: `parses of JavaScript and TypeScript files: ${parsed}${over}`, severity: 'info' };
}

/** The scanned files that one configuration grades, with it. */
interface ConfigGroup {
  config: ScanConfig;
  files: ReadonlySet<string>;
}

/**
 * The scanned files by the configuration nearest each (core's `findConfigFile` from the file's
 * folder, as the ESLint plugin finds it for the file it lints); the scan's own configuration
 * (found from `cwd`) for files whose nearest is that one. One group: the whole scan has one.
 */
async function configGroups(
  cwd: string,
  discovered: Discovered,
  config: ScanConfig,
  overrides: SettingOverrides | undefined,
): Promise<ConfigGroup[]> {
  const own = findConfigFile(cwd).found?.path ?? '';
  const byFolder = new Map<string, string>();
  const byConfig = new Map<string, Set<string>>();
  for (const file of [...discovered.files, ...discovered.terraformFiles, ...discovered.scriptFiles]) {
    const folder = dirname(file);
    let found = byFolder.get(folder);
    if (found === undefined) {
      try {
        found = findConfigFile(folder).found?.path ?? '';
      } catch {
        found = own; // A broken package.json on the way: the scan's own configuration, as before.
      }
      byFolder.set(folder, found);
    }
    let files = byConfig.get(found);
    if (!files) byConfig.set(found, (files = new Set()));
    files.add(file);
  }
  if (byConfig.size === 1 && byConfig.has(own)) return [{ config, files: byConfig.get(own)! }];
  const groups: ConfigGroup[] = [];
  for (const [path, files] of [...byConfig].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const groupConfig =
      path === own
        ? config
        : await scanConfigFor({
            cwd,
            config: path === '' ? {} : slashedRelative(cwd, path),
            ...(overrides ? { overrides } : {}),
          });
    groups.push({ config: groupConfig, files });
  }
  return groups;
}

/**
 * The configurations that can share one pass over the JavaScript and TypeScript files: those whose
 * settings before grading are the same (the catalogue but for its end-of-life dates, `apiHosts`,
 * `minConfidence`, `reportUnusedSuppressions`). They read, extract and match alike; only grading
 * (`asOf`, `imminentDays`, `severities`, `catalogue.eolOverrides`) differs per file. In the order of
 * `groups`.
 */
function passesOf(groups: readonly ConfigGroup[]): ConfigGroup[][] {
  const byKey = new Map<string, ConfigGroup[]>();
  for (const group of groups) {
    const { settings, reportUnusedSuppressions } = group.config;
    // The catalogue is in end-of-life order: an override moves an entry, which detects the same.
    const entries = [...settings.catalogue.entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const key = JSON.stringify({
      entries: entries.map((entry) => ({ ...writtenEntry(entry), eol: undefined })),
      apiHosts: settings.apiHosts,
      minConfidence: settings.minConfidence,
      reportUnusedSuppressions,
    });
    const pass = byKey.get(key);
    if (pass) pass.push(group);
    else byKey.set(key, [group]);
  }
  return [...byKey.values()];
}

/**
 * One pass over the JavaScript and TypeScript files per set of configurations that detect alike
 * (`passesOf`): every file is read and its imports resolve from every file, each pass reports on
 * the files its configurations grade (as a shard reports on its own), and grades each file by its
 * own configuration. Terraform and the other languages are read per configuration, each file once.
 */
async function scanByConfiguration(
  passes: readonly ConfigGroup[][],
  discovered: Discovered,
  projectModules: ProjectModulesOf,
  shard: ShardMembership | undefined,
  cache: ScanOptionsOf['cache'],
  common: Omit<ScanOptionsOf, 'files' | 'terraformFiles' | 'scriptFiles' | 'settings' | 'projectModules'>,
): Promise<ScanResult> {
  const { runScan } = await import('../scan/scan.js');
  const merged: ScanResult = { findings: [], diagnostics: [], filesScanned: 0, filesParsed: 0 };
  const seen = new Set<string>();
  const runs = passes.flatMap((pass) => {
    const files = new Set(pass.flatMap((group) => [...group.files]));
    const grading = new Map(pass.flatMap((group) => [...group.files].map((file) => [file, group.config.settings])));
    // The pass over JavaScript and TypeScript (with its first configuration's other files), then
    // the other configurations' other files.
    return pass.map(({ config, files: own }, index) => ({
      config,
      files: index === 0 ? files : own,
      javascript: index === 0,
      otherFiles: own,
      ...(index === 0 && pass.length > 1 ? { gradingOf: (file: string) => grading.get(file) ?? config.settings } : {}),
    }));
  });
  for (const { config, files, javascript, otherFiles, gradingOf } of runs) {
    const terraformFiles = discovered.terraformFiles.filter((file) => otherFiles.has(file));
    const scriptFiles = discovered.scriptFiles.filter((file) => otherFiles.has(file));
    if (!javascript && terraformFiles.length === 0 && scriptFiles.length === 0) continue;
    const result = await runScan({
      ...common,
      files: javascript ? discovered.files : [],
      projectModules,
      terraformFiles,
      scriptFiles,
      settings: config.settings,
      ...(gradingOf ? { gradingOf } : {}),
      ...(cache && javascript ? { cache } : {}),
      reportsOn: (file) => files.has(file) && (shard?.file(file) ?? true),
      ...(config.reportUnusedSuppressions ? { reportUnusedSuppressions: config.reportUnusedSuppressions } : {}),
    });
    merged.findings.push(...result.findings);
    if (result.suppressed) (merged.suppressed ??= []).push(...result.suppressed);
    // A file every pass reads (a parse error, a budget cut) is said once.
    for (const diagnostic of result.diagnostics) {
      const key = JSON.stringify(diagnostic);
      if (!seen.has(key)) merged.diagnostics.push(diagnostic);
      seen.add(key);
    }
    merged.filesScanned += result.filesScanned;
    merged.filesParsed += result.filesParsed;
    // Each pass kept the syntax of the files it reports on.
    if (result.places) merged.places = new Map([...(merged.places ?? []), ...result.places]);
  }
  return merged;
}

type ScanOptionsOf = Parameters<(typeof import('../scan/scan.js'))['runScan']>[0];
type ProjectModulesOf = NonNullable<ScanOptionsOf['projectModules']>;

/**
 * The files this scan read, from `cwd`: those discovered in a language it scans, less those it
 * could not read or parse (an error diagnostic), whose findings it cannot vouch for.
 */
function scannedFiles(
  cwd: string,
  discovered: Discovered,
  languages: readonly Language[] | undefined,
  diagnostics: readonly Diagnostic[],
): string[] {
  const scans = (language: Language) => languages === undefined || languages.includes(language);
  const failed = new Set(diagnostics.filter((d) => d.severity === 'error' && d.file).map((d) => d.file));
  const scriptLanguage = (file: string): Language | undefined => {
    const kind = kindOfPath(file);
    return kind === 'shebang' ? 'shell' : kind?.language;
  };
  return [
    ...(scans('javascript') ? discovered.files : []),
    ...(scans('terraform') ? discovered.terraformFiles : []),
    ...discovered.scriptFiles.filter((file) => {
      const language = scriptLanguage(file);
      return language !== undefined && scans(language);
    }),
  ]
    .map((file) => slashedRelative(cwd, file))
    .filter((file) => !failed.has(file));
}

/** `--types`: the type checker for these files, loaded only now (it costs a TypeScript program). */
async function typesResolutionFor(files: readonly string[], types: true | { tsconfig?: string }, cwd: string) {
  const tsconfig = types === true ? undefined : types.tsconfig;
  const given = tsconfig !== undefined ? resolve(cwd, tsconfig) : undefined;
  if (given !== undefined && !existsSync(given)) throw new InputError(`--tsconfig: no such file: ${tsconfig}`);
  (await import('../scan/reader/typescript-code-cache.js')).loadTypeScriptWithCodeCache();
  const [{ typesResolution }, { RefusedConfigError }] = await Promise.all([
    import('../types-mode/types-pass.js'),
    import('../types-mode/typed-program.js'),
  ]);
  try {
    return typesResolution(files, given);
  } catch (error) {
    if (error instanceof RefusedConfigError) throw new InputError(error.message);
    throw error;
  }
}

/** The cache for a scan graded by these configurations' settings (one pass: they detect alike). */
async function openCache(
  directory: string,
  settings: readonly ScanConfig['settings'][],
  notice: (notice: ScanNotice) => void,
  modules: string,
) {
  const { ScanCache } = await import('../scan/cache/cache.js');
  const cache = ScanCache.open(directory, settings, modules);
  if (cache.problem) notice({ text: cache.problem, severity: 'warning' });
  return cache;
}

/**
 * What discovery left out and why, as the report's diagnostics: FIFOs, sockets and devices with a
 * source file's name (never opened: a FIFO would block the scan), folders that cannot be listed and
 * `.gitignore` files that cannot be read.
 */
function discoveryDiagnostics(
  discovered: Pick<Discovered, 'special' | 'unreadableFolders' | 'unreadIgnoreFiles'>,
): Diagnostic[] {
  const slashed = (path: string) => path.split(sep).join('/');
  return [
    ...discovered.unreadableFolders.map(({ path, code }): Diagnostic => ({
      code: 'read-error',
      severity: 'error',
      file: slashed(path),
      message: `cannot read the folder: ${code}; its files were not scanned`,
    })),
    ...discovered.special.map((file): Diagnostic => ({
      code: 'not-a-regular-file',
      severity: 'warning',
      file: slashed(file),
      message: 'skipped: a FIFO, socket or device, not a regular file',
    })),
    ...discovered.unreadIgnoreFiles.map(({ path, reason }): Diagnostic => ({
      code: 'read-error',
      severity: 'warning',
      file: slashed(path),
      message: `ignore file not applied: ${reason}`,
    })),
  ];
}
