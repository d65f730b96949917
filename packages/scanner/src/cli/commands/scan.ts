import { resolve } from 'node:path';
import { GRADES, type Grade } from '@sunset-lint/core/schedule';
import type { SettingOverrides } from '../../library/config.js';
import { scanForReport } from '../../library/scan.js';
import { colorFlag, useColor } from '../../reports/color.js';
import { loadRenderer } from '../../reports/load.js';
import { plural } from '../../reports/summary.js';
import { REPORT_FORMATS, type Diagnostic, type ReportFormat, type ScanReport } from '../../reports/types.js';
import { terminalWidth } from '../../reports/wrap.js';
import { failsOn } from '../../scan/report.js';
import { parseShard } from '../../shard/shard.js';
import { LANGUAGES, type Language } from '../../languages/kinds.js';
import { PARSER_CHOICES } from '../../scan/reader/parsers.js';
import type { Concurrency } from '../../scan/parallel/index-in-workers.js';
import { countOption, oneOf, parseWithPaths, sizeOption, type ParsedCommandLine } from '../args.js';
import { SCANNING_OPTIONS, SETTING_OPTIONS, settingFlags } from '../config.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from '../io.js';
import { HELP_OPTION, optionsHelp } from '../option-table.js';
import { noteDiagnostics, scanFeedback } from '../scanning.js';
import { type OutputFile, writeOutputFiles } from '../write-file.js';

const SCAN_OPTIONS = {
  'as-of': SETTING_OPTIONS['as-of'],
  'imminent-days': SETTING_OPTIONS['imminent-days'],
  'fail-on': {
    type: 'string',
    value: 'GRADE',
    help: 'exit 1 when a finding is at least this urgent:\nexpired | imminent | scheduled | none (default expired)',
  },
  'max-findings': {
    type: 'string',
    value: 'N',
    help: "also exit 1 when the report has more than N findings of any grade\n(after --baseline; like ESLint's --max-warnings; default: no limit)",
  },
  format: {
    type: 'string',
    multiple: true,
    value: 'FORMAT',
    help: 'text | json | sarif | markdown | html | github | gitlab | junit |\ncheckstyle (default text); repeatable',
  },
  'sarif-category': {
    type: 'string',
    value: 'NAME',
    help: 'the SARIF analysis category (runAutomationDetails.id), one per upload\nof the same commit (default sunset-lint)',
  },
  output: {
    type: 'string',
    multiple: true,
    value: 'FILE',
    help: "write the preceding --format's report to FILE (a --format without\n--output goes to stdout; an --output alone takes its format from\nthe extension: .json .sarif .md .html, else text)",
  },
  config: SETTING_OPTIONS.config,
  baseline: {
    type: 'string',
    value: 'FILE',
    label: '--baseline FILE, --no-baseline',
    help: "report only findings that FILE does not have; list its stale entries\n(default: .sunset-lint-baseline.json at the repository root, which\n'sunset-lint baseline' writes, when it exists; --no-baseline: none)",
  },
  'no-baseline': { type: 'boolean', listedWith: 'baseline' },
  'min-confidence': SETTING_OPTIONS['min-confidence'],
  color: {
    type: 'boolean',
    label: '--color, --no-color',
    help: 'color the text report or not, whatever the terminal, NO_COLOR and\nFORCE_COLOR say (default: color on a terminal)',
  },
  'no-color': { type: 'boolean', listedWith: 'color' },
  ...SCANNING_OPTIONS,
  // As ESLint's --quiet: errors only (in place of SCANNING_OPTIONS' entry, where it was listed).
  quiet: {
    type: 'boolean',
    short: 'q',
    help: "report only error-level findings, as ESLint's --quiet: those of severity\nerror (the severities setting; default: expired) and those at or above\n--fail-on; no progress bar and no notes on stderr",
  },
  types: {
    type: 'boolean',
    help: "also ask the project's TypeScript type checker what the scan cannot\nresolve (string-literal types, `as const` maps, generic wrappers);\nslower: loads the whole program",
  },
  tsconfig: {
    type: 'string',
    value: 'FILE',
    help: 'the tsconfig.json for --types (default: the nearest one upwards)',
  },
  parser: {
    type: 'string',
    value: 'NAME',
    help: "which parser reads JavaScript and TypeScript: auto | oxc | typescript\n(default auto: oxc-parser; on Node 20 TypeScript's when more than 300\nfiles are parsed; both find the same)",
  },
  concurrency: {
    type: 'string',
    value: 'N|auto|off',
    help: 'worker threads that parse files (default auto: with 4 cores or more,\none per core but one, up to 4, from 400 files to parse on; off: the\nmain thread alone)',
  },
  cache: {
    type: 'boolean',
    help: "keep each file's analysis by content hash and reuse it while the file,\nthe tool, the catalogue and the settings are unchanged (a re-scan reads\nand hashes every file but parses only the changed ones)",
  },
  'cache-location': {
    type: 'string',
    value: 'DIR',
    help: 'where --cache keeps it (default: .sunset-lint-cache)',
  },
  shard: {
    type: 'string',
    value: 'I/N',
    help: "report only on shard I of N (files split by a hash of their path from\nthe repository root); imports still resolve across all files.\n'sunset-lint merge' joins the shards' json or sarif reports",
  },
  'report-unused-suppressions': {
    type: 'string',
    value: 'off|warn|error',
    help: 'report eslint-disable comments naming a sunset-lint rule and\nsunset-lint-ignore comments that silence nothing (default warn;\nerror fails the scan; config key reportUnusedSuppressions)',
  },
  languages: {
    type: 'string',
    value: 'LIST',
    help: 'scan only these languages, comma-separated: javascript, terraform, shell,\npython, go, docs, text (default: all; config key languages)',
  },
  'fail-on-docs': {
    type: 'boolean',
    help: 'let findings in documentation (Markdown, MDX, reStructuredText) count\nagainst --fail-on (default: reported, never failing; config key failOnDocs)',
  },
  'max-file-size': {
    type: 'string',
    value: 'SIZE',
    help: 'skip files larger than SIZE bytes (or KB, MB: 512KB, 8MB) with a\nfile-too-large diagnostic (default 5MB; config key maxFileSize)',
  },
  'max-warnings': {
    type: 'string',
    value: 'N',
    help: "also exit 1 when more than N findings are warnings (severity warn;\ndefault: imminent and scheduled), as ESLint's --max-warnings; counted\nbefore --quiet hides them (default: no limit)",
  },
  'ignore-pattern': {
    type: 'string',
    multiple: true,
    value: 'PATTERN',
    help: "also exclude the files this glob matches, as an entry of the config's\nexclude does ('**/generated/**'; '!**/build/**' takes a default\nexclude back out); repeatable",
  },
  stdin: {
    type: 'boolean',
    help: "scan the text on stdin instead of files (an editor's buffer, a pipe),\nas the file --stdin-filename names; its imports are read from disk",
  },
  'stdin-filename': {
    type: 'string',
    value: 'NAME',
    help: "the file --stdin's text is reported as (it need not exist); its name\nchooses the language: src/a.ts, deploy.sh, main.tf, api.py, …",
  },
  since: {
    type: 'string',
    value: 'FILE',
    help: "an earlier 'scan --format json' report of the same repository: the\nhtml report's schedule shows, per entry, how many of its places are\nmigrated since (no longer found, by fingerprint)",
  },
  'html-print': {
    type: 'string',
    value: 'MODE',
    help: "what the html report prints: full (everything, the default) or\nsummary (cards, schedule, entries in use; not each file's findings);\nthe page has a check box to switch",
  },
  ...HELP_OPTION,
} as const;

const HELP = `Usage: sunset-lint scan [paths…] [options]

Scans JavaScript, TypeScript, Terraform, shell, Python, Go and documentation files (default: the
current directory) for calls of deprecated parts of the edge API, across files, and writes reports. A path is a file, a directory or a glob
pattern, quoted so that the shell leaves it alone ('src/**/*.ts').

${optionsHelp(SCAN_OPTIONS, 28)}
Exit codes: 0 nothing at or above --fail-on (and at most --max-findings findings, --max-warnings
warnings), 1 findings at or above it (or more than --max-findings or --max-warnings), 2 usage,
configuration or internal error.
`;

type ScanTokens = ParsedCommandLine<{ options: typeof SCAN_OPTIONS; allowPositionals: true }>['tokens'];

const FAIL_ON = [...GRADES, 'none'] as const;
const UNUSED_SUPPRESSIONS = ['off', 'warn', 'error'] as const;
const HTML_PRINT = ['full', 'summary'] as const;
const EXTENSION_FORMATS: Readonly<Record<string, ReportFormat>> = {
  '.json': 'json',
  '.sarif': 'sarif',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
};

function concurrencyOption(value: string): Concurrency {
  if (value === 'auto' || value === 'off') return value;
  if (!/^[1-9][0-9]*$/.test(value) || Number(value) > 64)
    throw new UsageError(`--concurrency must be a number of threads from 1 to 64, auto or off, got '${value}'`);
  return Number(value);
}

/** `sunset-lint scan`: the flags as a request to the library's scan, its report rendered, the exit code. */
export async function runScanCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseWithPaths(argv, SCAN_OPTIONS);
  const values = parsed.values;
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const failOn = oneOf('--fail-on', values['fail-on'] ?? 'expired', FAIL_ON);
  const maxFindings =
    values['max-findings'] === undefined ? undefined : countOption('--max-findings', values['max-findings']);
  const maxWarnings =
    values['max-warnings'] === undefined ? undefined : countOption('--max-warnings', values['max-warnings']);
  const stdinFilename = stdinOption(values, parsed.positionals);
  const htmlPrint =
    values['html-print'] === undefined ? undefined : oneOf('--html-print', values['html-print'], HTML_PRINT);
  const sarifCategory = values['sarif-category'];
  if (sarifCategory !== undefined && !/^[^\s/][^\s]*$/.test(sarifCategory))
    throw new UsageError(`--sarif-category must be a name without spaces, got '${sarifCategory}'`);
  if (values['no-baseline'] && values.baseline !== undefined)
    throw new UsageError('--baseline FILE and --no-baseline cannot be used together');
  const reports = reportTargets(parsed.tokens);
  if (values.since !== undefined && !reports.some((target) => target.format === 'html'))
    throw new UsageError("--since shows the progress in the html report: give '--format html'");
  // Loaded only with --since: a scan without it reads no earlier report.
  const since =
    values.since === undefined
      ? undefined
      : {
          earlier: (await import('../earlier-report.js')).readScanReport(resolve(io.cwd, values.since), values.since),
          progressSince: (await import('../../migrate/plan-report.js')).progressSince,
        };
  const shard = values.shard === undefined ? undefined : parseShard('--shard', values.shard);
  const maxFileSize = values['max-file-size'];
  const unusedFlag = values['report-unused-suppressions'];
  const overrides: SettingOverrides = {
    ...settingFlags(values),
    ...(maxFileSize === undefined ? {} : { maxFileSize: sizeOption('--max-file-size', maxFileSize) }),
    ...(values.languages === undefined ? {} : { languages: languagesOption(values.languages) }),
    ...(values['fail-on-docs'] ? { failOnDocs: true } : {}),
    ...(unusedFlag === undefined
      ? {}
      : { reportUnusedSuppressions: oneOf('--report-unused-suppressions', unusedFlag, UNUSED_SUPPRESSIONS) }),
  };
  const stdin = stdinFilename === undefined ? undefined : { filename: stdinFilename, text: await readStdin(io) };
  const feedback = scanFeedback(values, io);
  let scanned;
  try {
    scanned = await scanForReport({
      cwd: io.cwd,
      paths: parsed.positionals,
      ...(values['ignore-pattern'] ? { ignorePatterns: values['ignore-pattern'] } : {}),
      ...(stdin ? { stdin } : {}),
      ...(values.config !== undefined ? { config: values.config } : {}),
      overrides,
      failOn,
      ...(values['no-baseline']
        ? { baseline: false }
        : values.baseline !== undefined
          ? { baseline: values.baseline }
          : {}),
      ...(values.parser !== undefined ? { parser: oneOf('--parser', values.parser, PARSER_CHOICES) } : {}),
      ...(values.concurrency !== undefined ? { concurrency: concurrencyOption(values.concurrency) } : {}),
      ...(values.types ? { types: values.tsconfig !== undefined ? { tsconfig: values.tsconfig } : true } : {}),
      ...(values.cache
        ? { cache: values['cache-location'] !== undefined ? { location: values['cache-location'] } : true }
        : {}),
      ...(shard ? { shard } : {}),
      ...(values.verbose ? { verbose: true } : {}),
      // The HTML report shows each finding's line of code; the other formats never read the files again.
      ...(reports.some((target) => target.format === 'html') ? { sourceLines: true } : {}),
      // The JSON report classes each place as `migrate` would migrate it (read from the files, not stdin).
      ...(reports.some((target) => target.format === 'json') ? { migrationClasses: true } : {}),
      onProgress: feedback.onProgress,
      onNotice: feedback.onNotice,
    });
  } finally {
    feedback.finish();
  }
  const { report: scannedReport, diagnostics } = scanned;
  const warnings = scannedReport.findings.filter((finding) => finding.severity === 'warn').length;
  const overWarnings = maxWarnings !== undefined && warnings > maxWarnings;
  const shown = values.quiet ? errorsOnly(scannedReport) : scannedReport;
  const report = since
    ? {
        ...shown,
        progress: { since: since.earlier.asOf, ...since.progressSince(since.earlier, scannedReport.findings) },
      }
    : shown;
  const renderOptions = {
    ...(sarifCategory === undefined ? {} : { sarifCategory }),
    ...(htmlPrint === undefined ? {} : { htmlPrint }),
  };

  // The files first, all or none (write-file.ts), then stdout: a run whose second --output cannot
  // be written leaves no first one behind.
  const files: OutputFile[] = [];
  let toStdoutText: string | undefined;
  for (const target of reports) {
    const render = await loadRenderer(target.format);
    if (target.output === undefined) {
      const color = target.format === 'text' && useColor(io.stdout, io.env, colorFlag(parsed.tokens));
      const width = target.format === 'text' ? terminalWidth(io.stdout, io.env) : undefined;
      toStdoutText = render(report, { ...renderOptions, color, ...(width === undefined ? {} : { width }) });
    } else
      files.push({
        path: resolve(io.cwd, target.output),
        shown: target.output,
        text: render(report, { ...renderOptions, color: false }),
      });
  }
  writeOutputFiles(files);
  if (toStdoutText !== undefined) io.stdout.write(toStdoutText);
  const failing = report.findings.filter((finding) => failsOn(finding, report.failOn, report.failOnDocs)).length;
  const suppressedCount = report.suppressed?.length ?? 0;
  const suppressedNote = suppressedCount ? `, ${suppressedCount} suppressed by comments` : '';
  const overLimit = maxFindings !== undefined && scannedReport.findings.length > maxFindings;
  const summary = report.baseline;
  if (!values.quiet) {
    const written = reports.filter((r) => r.output !== undefined).map((r) => r.output);
    const toStdout = reports.some((r) => r.output === undefined && r.format === 'text');
    if (!toStdout)
      io.stderr.write(
        `sunset-lint: ${countsLine(report, failing)}${suppressedNote}${summary ? `, ${summary.suppressed} in the baseline, ${summary.stale.length} stale baseline entries` : ''}${overLimit ? `; more than --max-findings ${maxFindings}` : ''}${written.length ? `; wrote ${written.join(', ')}` : ''}\n`,
      );
    else if (overLimit)
      io.stderr.write(
        `sunset-lint: ${scannedReport.findings.length} findings, more than --max-findings ${maxFindings}\n`,
      );
    if (toStdout && suppressedCount)
      io.stderr.write(`sunset-lint: ${suppressedCount} suppressed by comments (not in the report)\n`);
    noteDiagnostics(diagnostics, io, toStdout);
  }
  if (diagnostics.some((d) => d.code === 'internal-error')) return EXIT_USAGE;
  // Said even with --quiet, as ESLint says "ESLint found too many warnings (maximum: 0)".
  if (overWarnings)
    io.stderr.write(`sunset-lint: ${plural(warnings, 'warning')}, more than --max-warnings ${maxWarnings}\n`);
  return failing > 0 || overLimit || overWarnings || failsOnSuppressions(diagnostics) ? EXIT_FINDINGS : EXIT_OK;
}

/**
 * `--quiet`: the findings ESLint's --quiet would show, the errors: those of severity `error`, and
 * those that fail the scan (at or above --fail-on), so that an exit 1 never comes with an empty report.
 */
function errorsOnly(report: ScanReport): ScanReport {
  const findings = report.findings.filter(
    (finding) => finding.severity === 'error' || failsOn(finding, report.failOn, report.failOnDocs),
  );
  const hidden: Partial<Record<Grade, number>> = {};
  for (const finding of report.findings)
    if (!findings.includes(finding)) hidden[finding.grade] = (hidden[finding.grade] ?? 0) + 1;
  return { ...report, findings, ...(Object.keys(hidden).length ? { hiddenByQuiet: hidden } : {}) };
}

/** `--stdin` and `--stdin-filename`, checked: the name the text is scanned as, or undefined without --stdin. */
function stdinOption(
  values: { stdin?: boolean; 'stdin-filename'?: string; types?: boolean; shard?: string },
  positionals: readonly string[],
): string | undefined {
  const filename = values['stdin-filename'];
  if (!values.stdin) {
    if (filename !== undefined) throw new UsageError('--stdin-filename names the text of --stdin: give --stdin too');
    return undefined;
  }
  if (filename === undefined || filename.trim() === '')
    throw new UsageError('--stdin needs --stdin-filename NAME: the name chooses the language (src/a.ts, main.tf, …)');
  if (positionals.length)
    throw new UsageError(`--stdin scans the text on stdin, not paths: drop ${positionals.join(' ')}`);
  // The type checker and the shards read files from disk, never the text on stdin.
  if (values.types) throw new UsageError('--types reads the files on disk: it does not go with --stdin');
  if (values.shard !== undefined) throw new UsageError('--shard splits files on disk: it does not go with --stdin');
  return filename;
}

/** All of stdin, as UTF-8 text. */
async function readStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin ?? process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Suppression comments reported as errors fail the scan, as their ESLint counterparts fail a lint. */
function failsOnSuppressions(diagnostics: readonly Diagnostic[]): boolean {
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

/** `--languages javascript,shell`: names checked here, so that a typo is a usage error naming the flag. */
function languagesOption(given: string): Language[] {
  const names = given
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(LANGUAGES as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length)
    throw new UsageError(
      `--languages takes a comma-separated list of ${LANGUAGES.join(', ')}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
    );
  return names as Language[];
}
