import {
  describeMatchers,
  formatDay,
  gradeEol,
  type CatalogueEntry,
  type GradeResult,
} from '@sunset-lint/core/schedule';
import { oneOf, parseCommandLine } from '../args.js';
import type { CliIo } from '../io.js';
import { configFor, SETTING_OPTIONS } from '../config.js';
import { HELP_OPTION, optionsHelp } from '../option-table.js';

const SCHEDULE_OPTIONS = {
  format: { type: 'string', default: 'text', value: 'FORMAT', help: 'text | json | markdown (default text)' },
  'as-of': SETTING_OPTIONS['as-of'],
  'imminent-days': SETTING_OPTIONS['imminent-days'],
  config: SETTING_OPTIONS.config,
  ...HELP_OPTION,
} as const;

const HELP = `Usage: sunset-lint schedule [--format text|json|markdown] [--as-of YYYY-MM-DD] [--imminent-days N] [--config FILE]
       sunset-lint schedule import --openapi FILE [--out FILE [--force]]
       sunset-lint schedule diff --openapi FILE [--format text|json] [--as-of YYYY-MM-DD] [--max-years N] [--config FILE]

Prints every catalogue entry (the built-in schedule plus your configuration's additions,
end-of-life overrides and disables) with its grade as of the date (default: today, UTC).

  import   Turn the deprecations of the provider's OpenAPI document (JSON) into catalogue
           entries for your configuration ({ "catalogue": { "add": [...] } })
  diff     Compare the OpenAPI document with the catalogue: missing entries, dates that
           disagree, entries no longer deprecated, suspicious dates (exit 1 on differences)

${optionsHelp(SCHEDULE_OPTIONS, 28)}
Run 'sunset-lint schedule import --help' or 'sunset-lint schedule diff --help' for their options.
`;

const FORMATS = ['text', 'json', 'markdown'] as const;

/** `sunset-lint schedule`: the catalogue graded as of a day (`schedule import` and `schedule diff` are commands of their own). */
export async function runScheduleCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(argv, { options: SCHEDULE_OPTIONS, allowPositionals: false });
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const format = oneOf('--format', values.format, FORMATS);
  const { settings } = await configFor(values, io);
  const rows = settings.catalogue.entries.map((entry) => ({ entry, graded: gradeEol(entry.eol, settings) }));
  const asOf = formatDay(settings.asOf);
  io.stdout.write(
    format === 'json'
      ? renderJson(rows, asOf, settings.imminentDays)
      : format === 'markdown'
        ? renderMarkdown(rows, asOf)
        : renderText(rows, asOf),
  );
  return 0;
}

type Row = { entry: CatalogueEntry; graded: GradeResult };

function renderJson(rows: Row[], asOf: string, imminentDays: number): string {
  const entries = rows.map(({ entry, graded }) => ({
    id: entry.id,
    title: entry.title,
    area: entry.area,
    eol: formatDay(entry.eol),
    grade: graded.grade,
    daysUntil: graded.daysUntil,
    inWords: graded.inWords,
    rule: entry.rule,
    matches: describeMatchers(entry),
    replacement: entry.replacement,
    docs: entry.docs,
  }));
  return `${JSON.stringify({ asOf, imminentDays, entries }, null, 2)}\n`;
}

function renderText(rows: Row[], asOf: string): string {
  const lines = [`Deprecation schedule as of ${asOf} (${rows.length} entries)`, ''];
  for (const { entry, graded } of rows) {
    lines.push(`${formatDay(entry.eol)}  ${graded.grade.padEnd(9)}  ${entry.id}  (${graded.inWords})`);
    lines.push(`    ${entry.title} [${entry.area}]`);
    for (const matcher of describeMatchers(entry)) lines.push(`    matches: ${matcher}`);
    lines.push(`    replacement: ${entry.replacement}`, '');
  }
  return `${lines.join('\n')}`;
}

function renderMarkdown(rows: Row[], asOf: string): string {
  const escape = (value: string) => value.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const lines = [
    `# Deprecation schedule as of ${asOf}`,
    '',
    '| End of life | Grade | Entry | Area | Matches | Replacement |',
    '|---|---|---|---|---|---|',
  ];
  for (const { entry, graded } of rows) {
    lines.push(
      `| ${formatDay(entry.eol)} | ${graded.grade} (${graded.inWords}) | \`${entry.id}\` | ${escape(entry.area)} | ${describeMatchers(entry).map(escape).join('<br>')} | ${escape(entry.replacement)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
