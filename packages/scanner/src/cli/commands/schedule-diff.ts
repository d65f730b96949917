import { formatDay } from '@sunset-lint/core/schedule';
import { oneOf, parseCommandLine } from '../args.js';
import { configFor } from '../config.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError, type CliIo } from '../io.js';
import { collectDeprecations } from '../../schedule-sync/collect.js';
import { diffSchedule, hasDifferences } from '../../schedule-sync/diff.js';
import { groupDeprecations } from '../../schedule-sync/group.js';
import { problemLines, renderDiffJson, renderDiffText } from '../../schedule-sync/render.js';
import { readOpenApiDocument } from '../../schedule-sync/document.js';
import { OPENAPI_OPTION, requireOpenApi } from '../openapi-option.js';
import { HELP_OPTION, optionsHelp } from '../option-table.js';

const DIFF_OPTIONS = {
  ...OPENAPI_OPTION,
  format: { type: 'string', default: 'text', value: 'FORMAT', help: 'text (default) or json' },
  'as-of': {
    type: 'string',
    value: 'DATE',
    help: 'The date suspicious dates are measured from (default: today, UTC)',
  },
  'max-years': {
    type: 'string',
    default: '10',
    value: 'N',
    help: 'A date more than N years after the as-of date is suspicious (default 10)',
  },
  config: {
    type: 'string',
    value: 'FILE',
    help: "The configuration whose catalogue changes apply (default: found as 'scan' does)",
  },
  ...HELP_OPTION,
} as const;

const DIFF_HELP = `Usage: sunset-lint schedule diff --openapi FILE [--format text|json] [--as-of YYYY-MM-DD] [--max-years N] [--config FILE]

Compares an OpenAPI 3.0/3.1 document (JSON) with the effective catalogue (built-in entries plus
your configuration): operations the document deprecates that no entry covers, end-of-life dates
that disagree, entries whose operations the document no longer marks deprecated, suspicious
dates (year 2099 or later, more than --max-years after the as-of date, a sunset before the end
of life, invalid dates), and, for information, entries whose endpoints the document lacks.

${optionsHelp(DIFF_OPTIONS, 22)}
Exit codes: 0 no differences (informational lines alone do not count), 1 differences, 2 usage error.
`;

/** `sunset-lint schedule diff`: the document's deprecations against the catalogue; exit 1 on differences. */
export async function runScheduleDiff(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(argv, { options: DIFF_OPTIONS, allowPositionals: false });
  if (values.help) {
    io.stdout.write(DIFF_HELP);
    return 0;
  }
  const format = oneOf('--format', values.format, ['text', 'json'] as const);
  const maxYears = yearsOption(values['max-years']);
  const file = requireOpenApi(values.openapi);
  const { settings } = await configFor(values, io);
  const document = readOpenApiDocument(io.cwd, file);
  const collected = collectDeprecations(document);
  const { groups, warnings } = groupDeprecations(collected.operations);
  const problems = [...collected.problems, ...warnings];
  const diff = diffSchedule(collected, groups, problems, settings.catalogue.entries, {
    asOf: settings.asOf,
    maxYears,
  });
  const asOf = formatDay(settings.asOf);
  if (format === 'json') io.stdout.write(renderDiffJson(file, diff, asOf, problems));
  else {
    io.stdout.write(renderDiffText(file, diff, asOf));
    const skipped = problemLines(
      file,
      problems.filter((problem) => !problem.invalidDate),
    );
    if (skipped.length > 0) io.stderr.write(`${skipped.join('\n')}\n`);
  }
  return hasDifferences(diff) ? EXIT_FINDINGS : EXIT_OK;
}

function yearsOption(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) === 0)
    throw new UsageError(`--max-years must be a whole number of years (1 or more), got '${value}'`);
  return Number(value);
}
