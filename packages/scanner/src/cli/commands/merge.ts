import { readInputFile } from '../../scan/files/read-source.js';
import { resolve } from 'node:path';
import { GRADES, GRADE_RANK, type Grade } from '@sunset-lint/core/schedule';
import { isJsonReport, mergeJsonReports } from '../../merge/json.js';
import { isSarifLog, mergeSarifLogs } from '../../merge/sarif.js';
import { countOption, oneOf, parseWithPaths } from '../args.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError, type CliIo } from '../io.js';
import { HELP_OPTION, optionsHelp } from '../option-table.js';
import { writeOutputFile } from '../write-file.js';

const MERGE_OPTIONS = {
  format: {
    type: 'string',
    value: 'FORMAT',
    help: "json | sarif: the inputs' format, checked (default: read from the files)",
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

Joins the reports of a sharded scan ('sunset-lint scan --shard i/n', one per CI job) into the
report the whole scan writes: the same findings in the same order, the summary recounted. Give
every shard's json report, or every shard's sarif log (one run per tool, rules kept once).

The reports must come from one scan: the same tool version, as-of date, catalogue and settings
(their settingsFingerprint), --fail-on and baseline file, and form a complete set of shards 1..n,
each once; otherwise nothing is written and the message names the file.

${optionsHelp(MERGE_OPTIONS, 22)}
Exit codes: 0 merged (and nothing at or above --fail-on), 1 findings at or above --fail-on or
more than --max-findings, 2 usage error, unreadable or mismatched reports.
`;

const FORMATS = ['json', 'sarif'] as const;
const FAIL_ON = [...GRADES, 'none'] as const;

/** `sunset-lint merge`: the shards' reports read, merged by the library, written; the exit code of the merged findings. */
export async function runMergeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseWithPaths(argv, MERGE_OPTIONS);
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const format = values.format === undefined ? undefined : oneOf('--format', values.format, FORMATS);
  const failOn = oneOf('--fail-on', values['fail-on'] ?? 'none', FAIL_ON);
  const maxFindings =
    values['max-findings'] === undefined ? undefined : countOption('--max-findings', values['max-findings']);
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
  const failing = merged.grades.filter(
    (grade) => failOn !== 'none' && isGrade(grade) && GRADE_RANK[grade] <= GRADE_RANK[failOn],
  ).length;
  const overLimit = maxFindings !== undefined && merged.grades.length > maxFindings;
  io.stderr.write(
    `sunset-lint: merged ${documents.length} reports: ${merged.grades.length} finding${merged.grades.length === 1 ? '' : 's'}${failOn === 'none' ? '' : ` (${failing} at or above --fail-on ${failOn})`}${overLimit ? `; more than --max-findings ${maxFindings}` : ''}${values.out !== undefined ? `; wrote ${values.out}` : ''}\n`,
  );
  return failing > 0 || overLimit ? EXIT_FINDINGS : EXIT_OK;
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
