import { readInputFile } from '../../scan/files/read-source.js';
import { resolve } from 'node:path';
import { GRADES, GRADE_RANK, type Grade } from '@sunset-lint/core/schedule';
import { isJsonReport, mergeJsonReports } from '../../merge/json.js';
import { isSarifLog, mergeSarifLogs } from '../../merge/sarif.js';
import { countOption, oneOf, parseWithPaths, type ParsedCommandLine } from '../args.js';
import { configFor } from '../config.js';
import { readScanReport } from '../earlier-report.js';
import { REPOSITORY_NAME, repositoriesReport } from '../../merge/repositories.js';
import { renderHtml } from '../../reports/html.js';
import { renderJson } from '../../reports/json.js';
import { toolInfo } from '../../scan/report.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError, type CliIo } from '../io.js';
import { HELP_OPTION, optionsHelp } from '../option-table.js';
import { writeOutputFile } from '../write-file.js';

const MERGE_OPTIONS = {
  format: {
    type: 'string',
    value: 'FORMAT',
    help: "json | sarif: the inputs' format, checked (default: read from the files);\nwith --repository, the format written: json (default) | html",
  },
  repository: {
    type: 'string',
    multiple: true,
    value: 'NAME=FILE',
    help: "instead of shards: the 'scan --format json' report of one repository\n(repeatable; NAME of letters, digits, '.', '_', '-'): one report of\nall, each path prefixed by NAME/, with the counts per repository",
  },
  config: {
    type: 'string',
    value: 'FILE',
    help: "with --repository: the configuration whose catalogue the scans used\n(default: as 'scan' finds it from the current directory)",
  },
  out: { type: 'string', value: 'FILE', help: 'write the merged report to FILE (default: stdout)' },
  'fail-on': {
    type: 'string',
    value: 'GRADE',
    help: 'exit 1 when a merged finding is at least this urgent:\nexpired | imminent | scheduled | none (default none: the shards gate)',
  },
  'max-findings': {
    type: 'string',
    value: 'N',
    help: 'also exit 1 when the merged report has more than N findings',
  },
  ...HELP_OPTION,
} as const;

const HELP = `Usage: sunset-lint merge FILE... [options]
       sunset-lint merge --repository NAME=FILE... [--format json|html] [options]

Joins the reports of a sharded scan ('sunset-lint scan --shard i/n', one per CI job) into the
report the whole scan writes: the same findings in the same order, the summary recounted. Give
every shard's json report, or every shard's sarif log (one run per tool, rules kept once).

The reports must come from one scan: the same tool version, as-of date, catalogue and settings
(their settingsFingerprint), --fail-on and baseline file, and form a complete set of shards 1..n,
each once; otherwise nothing is written and the message names the file.

With --repository, merge joins the reports of several repositories (an organization's audit,
docs/migrate.md): the HTML audit or the JSON report of all of them, each finding's path prefixed
by its repository's name and, in JSON, its \`repository\`; a table of the repositories' counts by
grade and in total. The reports must share their as-of date and imminent window, and their
entries' end-of-life dates must be those of the catalogue in effect here; otherwise nothing is
written and the message names the file. A report carries no code: the audit shows each place
without its line of code.

${optionsHelp(MERGE_OPTIONS, 22)}
Exit codes: 0 merged (and nothing at or above --fail-on), 1 findings at or above --fail-on or
more than --max-findings, 2 usage error, unreadable or mismatched reports.
`;

const FORMATS = ['json', 'sarif'] as const;
const REPOSITORY_FORMATS = ['json', 'html'] as const;
const FAIL_ON = [...GRADES, 'none'] as const;

/** `sunset-lint merge`: the shards' reports read, merged by the library, written; the exit code of the merged findings. */
export async function runMergeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseWithPaths(argv, MERGE_OPTIONS);
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const failOn = oneOf('--fail-on', values['fail-on'] ?? 'none', FAIL_ON);
  const maxFindings =
    values['max-findings'] === undefined ? undefined : countOption('--max-findings', values['max-findings']);
  if (values.repository !== undefined) return runRepositories(values, positionals, failOn, maxFindings, io);
  if (values.config !== undefined) throw new UsageError('--config is an option of --repository');
  const format = values.format === undefined ? undefined : oneOf('--format', values.format, FORMATS);
  if (positionals.length === 0) throw new UsageError('give the reports to merge: sunset-lint merge FILE...');

  const documents = positionals.map((file) => ({ file, value: readReport(resolve(io.cwd, file), file) }));
  const formatOf = (value: unknown) => (isJsonReport(value) ? 'json' : isSarifLog(value) ? 'sarif' : undefined);
  const expected = format ?? formatOf(documents[0]!.value);
  for (const { file, value } of documents) {
    const found = formatOf(value);
    if (found === undefined) throw new UsageError(`${file} is neither a sunset-lint json report nor a sarif log`);
    if (found !== expected)
      throw new UsageError(`${file} is a ${found} report, but the merge is of ${expected} reports`);
  }
  const merged =
    expected === 'json'
      ? mergeJsonReports(documents.map(({ file, value }) => ({ file, report: isJsonReport(value) ? value : never() })))
      : mergeSarifLogs(documents.map(({ file, value }) => ({ file, log: isSarifLog(value) ? value : never() })));

  if (values.out === undefined) io.stdout.write(merged.text);
  else writeOutputFile(resolve(io.cwd, values.out), values.out, merged.text);
  return finish(documents.length, merged.grades, failOn, maxFindings, values.out, io);
}

/** The summary line on stderr, and the exit code of the merged findings. */
function finish(
  reports: number,
  grades: readonly string[],
  failOn: Grade | 'none',
  maxFindings: number | undefined,
  out: string | undefined,
  io: CliIo,
): number {
  const failing = grades.filter(
    (grade) => failOn !== 'none' && isGrade(grade) && GRADE_RANK[grade] <= GRADE_RANK[failOn],
  ).length;
  const overLimit = maxFindings !== undefined && grades.length > maxFindings;
  io.stderr.write(
    `sunset-lint: merged ${reports} reports: ${grades.length} finding${grades.length === 1 ? '' : 's'}${failOn === 'none' ? '' : ` (${failing} at or above --fail-on ${failOn})`}${overLimit ? `; more than --max-findings ${maxFindings}` : ''}${out !== undefined ? `; wrote ${out}` : ''}\n`,
  );
  return failing > 0 || overLimit ? EXIT_FINDINGS : EXIT_OK;
}

type MergeValues = ParsedCommandLine<{ options: typeof MERGE_OPTIONS; allowPositionals: true }>['values'];

/** `merge --repository NAME=FILE…`: the repositories' JSON reports as one JSON report or HTML audit. */
async function runRepositories(
  values: MergeValues,
  positionals: readonly string[],
  failOn: Grade | 'none',
  maxFindings: number | undefined,
  io: CliIo,
): Promise<number> {
  if (positionals.length > 0)
    throw new UsageError(`--repository names each report: give no other files ('${positionals[0]}')`);
  const format = oneOf('--format', values.format ?? 'json', REPOSITORY_FORMATS);
  const repositories = (values.repository ?? []).map((given) => {
    const at = given.indexOf('=');
    if (at <= 0 || at === given.length - 1)
      throw new UsageError(
        `--repository: give NAME=FILE (a name, and its 'scan --format json' report), not '${given}'`,
      );
    const name = given.slice(0, at);
    if (!REPOSITORY_NAME.test(name))
      throw new UsageError(`--repository: '${name}' is not a name of letters, digits, '.', '_' and '-' ('${given}')`);
    return { name, file: given.slice(at + 1) };
  });
  const twice = repositories.find((r, index) => repositories.findIndex((other) => other.name === r.name) !== index);
  if (twice) throw new UsageError(`--repository: each name once ('${twice.name}' twice)`);
  const inputs = repositories.map(({ name, file }) => ({
    name,
    file,
    report: readScanReport(resolve(io.cwd, file), file),
  }));
  const config = await configFor(values, io);
  const report = repositoriesReport(inputs, config.settings.catalogue.entries, toolInfo(), failOn);
  const text = format === 'html' ? renderHtml(report) : renderJson(report);
  if (values.out === undefined) io.stdout.write(text);
  else writeOutputFile(resolve(io.cwd, values.out), values.out, text);
  return finish(
    inputs.length,
    report.findings.map((finding) => finding.grade),
    failOn,
    maxFindings,
    values.out,
    io,
  );
}

function readReport(path: string, shown: string): unknown {
  const read = readInputFile(path);
  if (!read.ok) throw new UsageError(`cannot read ${shown}: ${read.errno ?? read.message}`);
  const text = read.text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${shown} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function isGrade(value: string): value is Grade {
  return GRADES.some((grade) => grade === value);
}

function never(): never {
  throw new Error('unreachable: the format was checked');
}
