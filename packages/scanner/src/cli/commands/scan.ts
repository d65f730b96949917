import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { GRADES } from '@sunset-lint/core/schedule';
import { applyBaseline, readBaseline } from '../../baseline/baseline.js';
import type { ScanConfig } from '../../config/resolve.js';
import { COLOR_OPTIONS, colorFlag, useColor } from '../../reports/color.js';
import { loadRenderer } from '../../reports/load.js';
import { terminalWidth } from '../../reports/wrap.js';
import { plural } from '../../reports/summary.js';
import { terminalSafe } from '../../reports/terminal.js';
import { REPORT_FORMATS, type ReportFormat, type ScanReport } from '../../reports/types.js';
import { discoverFiles } from '../../scan/discovery.js';
import { createProgress } from '../../scan/progress.js';
import { buildScanReport, failsOn } from '../../scan/report.js';
import type { ScanResult } from '../../scan/scan.js';
import { repositoryPrefix } from '../repository-root.js';
import { parseShard } from '../../shard/shard.js';
import { shardMembership, type ShardMembership } from '../../shard/membership.js';
import { discoveryDiagnostics, withMaxFileSize } from '../file-limits.js';
import { oneOf, parseCommandLine, type ParsedCommandLine } from '../args.js';
import { COMMON_OPTIONS, configFor, withUsageErrors, type CommonValues } from '../config.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from '../io.js';
import { errorCode } from '../../scan/error-code.js';

const HELP = `Usage: sunset-lint scan [paths…] [options]

Scans JavaScript and TypeScript files (default: the current directory) for calls of deprecated
parts of the edge API, across files, and writes reports. A path is a file, a directory or a glob
pattern, quoted so that the shell leaves it alone ('src/**/*.ts').

Options:
  --as-of YYYY-MM-DD        grade as of this day (default: today, UTC)
  --imminent-days N         end of life within N days is imminent (default 90)
  --fail-on GRADE           exit 1 when a finding is at least this urgent:
                            expired | imminent | scheduled | none (default expired)
  --max-findings N          also exit 1 when the report has more than N findings of any grade
                            (after --baseline; like ESLint's --max-warnings; default: no limit)
  --format FORMAT           text | json | sarif | markdown | html | github | gitlab | junit |
                            checkstyle (default text); repeatable
  --sarif-category NAME     the SARIF analysis category (runAutomationDetails.id), one per upload
                            of the same commit (default sunset-lint)
  --output FILE             write the preceding --format's report to FILE (a --format without
                            --output goes to stdout; an --output alone takes its format from
                            the extension: .json .sarif .md .html, else text)
  --config FILE             configuration file (default: sunset-lint.config.{json,mjs,js} or the
                            "sunset-lint" key of package.json in the current directory)
  --baseline FILE           report only findings that FILE does not have; list its stale entries
  --min-confidence LEVEL    high | medium | low (default medium)
  --color, --no-color       color the text report or not, whatever the terminal, NO_COLOR and
                            FORCE_COLOR say (default: color on a terminal)
  --quiet                   no progress bar and no notes on stderr
  --no-progress             no progress bar
  --verbose                 also report relative imports that name no file
  --types                   also ask the project's TypeScript type checker what the scan cannot
                            resolve (string-literal types, \`as const\` maps, generic wrappers);
                            slower: loads the whole program
  --tsconfig FILE           the tsconfig.json for --types (default: the nearest one upwards)
  --cache                   keep each file's analysis by content hash and reuse it while the file,
                            the tool, the catalogue and the settings are unchanged (a re-scan reads
                            and hashes every file but parses only the changed ones)
  --cache-location DIR      where --cache keeps it (default: .sunset-lint-cache)
  --shard I/N               report only on shard I of N (files split by a hash of their path from
                            the repository root); imports still resolve across all files.
                            'sunset-lint merge' joins the shards' json or sarif reports
  --report-unused-suppressions off|warn|error
                            report eslint-disable comments naming a sunset-lint rule and
                            sunset-lint-ignore comments that silence nothing (default warn;
                            error fails the scan; config key reportUnusedSuppressions)
  --max-file-size SIZE      skip files larger than SIZE bytes (or KB, MB: 512KB, 8MB) with a
                            file-too-large diagnostic (default 5MB; config key maxFileSize)
  -h, --help                this help

Exit codes: 0 nothing at or above --fail-on (and at most --max-findings findings), 1 findings
at or above it (or more than --max-findings), 2 usage, configuration or internal error.
`;

const SCAN_OPTIONS = {
  ...COMMON_OPTIONS,
  ...COLOR_OPTIONS,
  'fail-on': { type: 'string' },
  'max-findings': { type: 'string' },
  'sarif-category': { type: 'string' },
  format: { type: 'string', multiple: true },
  output: { type: 'string', multiple: true },
  baseline: { type: 'string' },
  types: { type: 'boolean' },
  tsconfig: { type: 'string' },
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  shard: { type: 'string' },
  'report-unused-suppressions': { type: 'string' },
  'max-file-size': { type: 'string' },
} as const;

type ScanningValues = Pick<CommonValues, 'quiet' | 'no-progress' | 'verbose'> & {
  cache?: boolean | undefined;
  /** `--types`: the type checker resolves what the code does not show (types-mode/). */
  types?: boolean | undefined;
  tsconfig?: string | undefined;
  'cache-location'?: string | undefined;
};
type ScanTokens = ReturnType<typeof parseScanArgs>['tokens'];

const FAIL_ON = [...GRADES, 'none'] as const;
const UNUSED_SUPPRESSIONS = ['off', 'warn', 'error'] as const;
const EXTENSION_FORMATS: Readonly<Record<string, ReportFormat>> = {
  '.json': 'json',
  '.sarif': 'sarif',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
};

function parseScanArgs(argv: readonly string[]) {
  return parse(argv, SCAN_OPTIONS);
}

export async function runScanCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseScanArgs(argv);
  const values = parsed.values;
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const failOn = oneOf('--fail-on', values['fail-on'] ?? 'expired', FAIL_ON);
  const maxFindings =
    values['max-findings'] === undefined ? undefined : countOption('--max-findings', values['max-findings']);
  const sarifCategory = values['sarif-category'];
  if (sarifCategory !== undefined && !/^[^\s/][^\s]*$/.test(sarifCategory))
    throw new UsageError(`--sarif-category must be a name without spaces, got '${sarifCategory}'`);
  const reports = reportTargets(parsed.tokens);
  const shard = values.shard === undefined ? undefined : parseShard('--shard', values.shard);
  const unusedFlag = values['report-unused-suppressions'];
  const configured = withMaxFileSize(await configFor(values, io), values['max-file-size']);
  const config =
    unusedFlag === undefined
      ? configured
      : {
          ...configured,
          reportUnusedSuppressions: oneOf('--report-unused-suppressions', unusedFlag, UNUSED_SUPPRESSIONS),
        };
  const baselineFile = values.baseline;
  const baseline =
    baselineFile === undefined
      ? undefined
      : await withUsageErrors(() => readBaseline(resolve(io.cwd, baselineFile), baselineFile));

  const inShard = shard ? shardMembership(io.cwd, shard) : undefined;
  const result = await scanWithProgress(parsed.positionals, config, values, io, inShard);
  let findings = inShard ? result.findings.filter((finding) => inShard.path(finding.file)) : result.findings;
  let summary;
  // A shard judges only the baseline entries of its own files: the others are another shard's.
  const baselineHere = inShard ? baseline?.filter((entry) => inShard.path(entry.file)) : baseline;
  if (baselineHere && baselineFile !== undefined)
    ({ findings, summary } = applyBaseline(findings, baselineHere, baselineFile));
  const report = buildScanReport({
    findings,
    ...(result.suppressed ? { suppressed: result.suppressed } : {}),
    diagnostics: result.diagnostics,
    filesScanned: result.filesScanned,
    settings: config.settings,
    failOn,
    ...(summary ? { baseline: summary } : {}),
    repositoryPrefix: repositoryPrefix(io.cwd),
    ...(shard ? { shard } : {}),
  });
  // The HTML report shows each finding's line of code; the other formats never read the files again.
  if (reports.some((target) => target.format === 'html'))
    report.sourceLines = (await import('../../scan/source-lines.js')).readSourceLines(
      report.findings,
      io.cwd,
      config.maxFileSize,
    );
  const renderOptions = sarifCategory === undefined ? {} : { sarifCategory };

  for (const target of reports) {
    const render = await loadRenderer(target.format);
    if (target.output === undefined) {
      const color = target.format === 'text' && useColor(io.stdout, io.env, colorFlag(parsed.tokens));
      const width = target.format === 'text' ? terminalWidth(io.stdout, io.env) : undefined;
      io.stdout.write(render(report, { ...renderOptions, color, ...(width === undefined ? {} : { width }) }));
    } else {
      writeReport(resolve(io.cwd, target.output), target.output, render(report, { ...renderOptions, color: false }));
    }
  }
  const failing = report.findings.filter((finding) => failsOn(finding, report.failOn)).length;
  const suppressedCount = result.suppressed?.length ?? 0;
  const suppressedNote = suppressedCount ? `, ${suppressedCount} suppressed by comments` : '';
  const overLimit = maxFindings !== undefined && report.findings.length > maxFindings;
  if (!values.quiet) {
    const written = reports.filter((r) => r.output !== undefined).map((r) => r.output);
    const toStdout = reports.some((r) => r.output === undefined && r.format === 'text');
    if (!toStdout)
      io.stderr.write(
        `sunset-lint: ${countsLine(report, failing)}${suppressedNote}${summary ? `, ${summary.suppressed} in the baseline, ${summary.stale.length} stale baseline entries` : ''}${overLimit ? `; more than --max-findings ${maxFindings}` : ''}${written.length ? `; wrote ${written.join(', ')}` : ''}\n`,
      );
    else if (overLimit)
      io.stderr.write(`sunset-lint: ${report.findings.length} findings, more than --max-findings ${maxFindings}\n`);
    if (toStdout && suppressedCount)
      io.stderr.write(`sunset-lint: ${suppressedCount} suppressed by comments (not in the report)\n`);
    noteDiagnostics(result, io, toStdout);
  }
  if (result.diagnostics.some((d) => d.code === 'internal-error')) return EXIT_USAGE;
  return failing > 0 || overLimit || failsOnSuppressions(result.diagnostics) ? EXIT_FINDINGS : EXIT_OK;
}

/** Suppression comments reported as errors fail the scan, as their ESLint counterparts fail a lint. */
function failsOnSuppressions(diagnostics: ScanResult['diagnostics']): boolean {
  return diagnostics.some(
    (d) => d.severity === 'error' && (d.code === 'invalid-suppression' || d.code === 'unused-suppression'),
  );
}

/**
 * The stderr summary's counts, worded as the text report's headline so the two agree: findings, the
 * files they are in, the files scanned, and how many fail the scan.
 */
function countsLine(report: ScanReport, failing: number): string {
  const filesWithFindings = new Set(report.findings.map((finding) => finding.file)).size;
  const failOn = report.failOn === 'none' ? '' : `; ${failing} at or above --fail-on ${report.failOn}`;
  return `${plural(report.findings.length, 'finding')} in ${plural(filesWithFindings, 'file')} (${plural(report.filesScanned, 'file')} scanned${failOn})`;
}

function countOption(option: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${option} must be a whole number (0 or more), got '${value}'`);
  return Number(value);
}

/** The scanning commands' parsing: paths as positionals, the options of the command. */
export function parse<const O extends typeof COMMON_OPTIONS>(
  argv: readonly string[],
  options: O,
): ParsedCommandLine<{ options: O; allowPositionals: true }> {
  return parseCommandLine(argv, { options, allowPositionals: true });
}

/**
 * Configuration with the flags on top; every problem is a usage error (exit 2) naming the file and
 * key. Flags are checked on their own first so that a bad flag is not blamed on the config file.
 */
/** Discovery and the scan, with the progress bar when someone is watching a terminal. */
export async function scanWithProgress(
  paths: readonly string[],
  config: ScanConfig,
  values: ScanningValues,
  io: CliIo,
  shard?: ShardMembership,
): Promise<ScanResult> {
  const discovered = await discoverFiles({
    cwd: io.cwd,
    paths,
    include: config.include,
    exclude: config.exclude,
    maxFileSize: config.maxFileSize,
  });
  if (discovered.missing.length) throw new UsageError(`no such file or directory: ${discovered.missing.join(', ')}`);
  if (!values.quiet)
    for (const given of discovered.empty)
      io.stderr.write(`sunset-lint: ${terminalSafe(given)}: no JavaScript, TypeScript or Terraform file to scan\n`);
  if (!values.quiet)
    for (const { path, files } of discovered.gitignored)
      io.stderr.write(
        `sunset-lint: ${terminalSafe(path)}: ${plural(files, 'file')} to scan, all ignored by .gitignore (files named one by one are scanned even so)\n`,
      );
  const skipped = discoveryDiagnostics(discovered);
  if (discovered.files.length === 0 && discovered.terraformFiles.length === 0)
    return { findings: [], diagnostics: skipped, filesScanned: 0, filesParsed: 0 };
  // The scan (and TypeScript's parser with it) loads only when there is a file to parse.
  const { runScan } = await import('../../scan/scan.js');
  const types = values.types ? await typesFor(discovered.files, values.tsconfig, io) : undefined;
  const cache = values.cache
    ? await openCache(resolve(io.cwd, values['cache-location'] ?? DEFAULT_CACHE), config, io)
    : undefined;
  const progress = createProgress(io.stderr, io.env, !values.quiet && !values['no-progress']);
  let result: ScanResult;
  try {
    result = await runScan({
      cwd: io.cwd,
      files: discovered.files,
      terraformFiles: discovered.terraformFiles,
      settings: config.settings,
      ...(values.verbose ? { verbose: true } : {}),
      ...(cache ? { cache } : {}),
      ...(shard ? { reportsOn: shard.file } : {}),
      ...(types ? { types } : {}),
      ...(config.reportUnusedSuppressions ? { reportUnusedSuppressions: config.reportUnusedSuppressions } : {}),
      ...(config.maxFileSize !== undefined ? { maxFileSize: config.maxFileSize } : {}),
      onProgress: (done, total) => progress.update(done, total),
    });
  } finally {
    progress.finish();
  }
  result.diagnostics.push(...skipped);
  if (cache) {
    // A cache that cannot be written costs the next scan time, never this scan's result.
    try {
      cache.save();
    } catch (error) {
      io.stderr.write(
        `sunset-lint: the cache was not saved: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
  }
  return result;
}

const DEFAULT_CACHE = '.sunset-lint-cache';

/** `--types`: the type checker for these files, loaded only now (it costs a TypeScript program). */
async function typesFor(files: readonly string[], tsconfig: string | undefined, io: CliIo) {
  const given = tsconfig !== undefined ? resolve(io.cwd, tsconfig) : undefined;
  if (given !== undefined && !existsSync(given)) throw new UsageError(`--tsconfig: no such file: ${tsconfig}`);
  (await import('../../scan/typescript-code-cache.js')).loadTypeScriptWithCodeCache();
  return (await import('../../types-mode/types-pass.js')).typesResolution(files, given);
}

async function openCache(directory: string, config: ScanConfig, io: CliIo) {
  const { ScanCache } = await import('../../scan/cache.js');
  const cache = ScanCache.open(directory, config.settings);
  if (cache.problem) io.stderr.write(`sunset-lint: ${cache.problem}\n`);
  return cache;
}

/** Diagnostics on stderr when no text report shows them (parse errors must not pass unseen). */
export function noteDiagnostics(result: ScanResult, io: CliIo, shownElsewhere: boolean): void {
  if (shownElsewhere) return;
  for (const d of result.diagnostics) {
    const where = d.file
      ? `${d.file}${d.line !== undefined ? `:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : ''}: `
      : '';
    io.stderr.write(terminalSafe(`sunset-lint: ${d.severity}: ${where}${d.message} [${d.code}]`) + '\n');
  }
}

/**
 * `--format`/`--output` pairs in command-line order: an --output belongs to the --format just
 * before it; an --output without one takes the format its extension names.
 */
function reportTargets(tokens: ScanTokens): Array<{ format: ReportFormat; output?: string }> {
  const targets: Array<{ format: ReportFormat; output?: string; paired: boolean }> = [];
  for (const token of tokens) {
    if (token.kind !== 'option' || token.value === undefined) continue;
    if (token.name === 'format') {
      targets.push({ format: oneOf('--format', token.value, REPORT_FORMATS), paired: false });
    } else if (token.name === 'output') {
      const last = targets[targets.length - 1];
      if (last && !last.paired) {
        last.output = token.value;
        last.paired = true;
      } else {
        const extension = /\.[^./\\]+$/.exec(token.value)?.[0].toLowerCase() ?? '';
        targets.push({ format: EXTENSION_FORMATS[extension] ?? 'text', output: token.value, paired: true });
      }
    }
  }
  if (targets.length === 0) return [{ format: 'text' }];
  if (targets.filter((t) => t.output === undefined).length > 1)
    throw new UsageError('only one report can go to stdout: give the other --format an --output FILE');
  const outputs = targets.map((t) => t.output).filter((o): o is string => o !== undefined);
  if (new Set(outputs).size !== outputs.length)
    throw new UsageError('two reports would be written to the same --output file');
  return targets.map(({ format, output }) => (output === undefined ? { format } : { format, output }));
}

export function writeReport(path: string, shown: string, text: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (error) {
    throw new UsageError(`cannot write ${shown}: ${errorCode(error) ?? String(error)}`);
  }
}
