import { renderFixDiff } from '../../fix/summary.js';
import { migratePaths } from '../../migrate/run.js';
import { MIGRATION_LEVELS } from '../../migrate/plan.js';
import { renderMigrateSummary } from '../../migrate/summary.js';
import { terminalSafe } from '../../reports/terminal.js';
import { oneOf, parseWithPaths } from '../args.js';
import { configFor, SETTING_OPTIONS } from '../config.js';
import { UsageError, type CliIo } from '../io.js';
import { HELP_OPTION, listedTogether, optionsHelp } from '../option-table.js';

const MIGRATE_OPTIONS = {
  entry: {
    type: 'string',
    multiple: true,
    value: 'ID',
    help: "migrate only this catalogue entry's findings (repeatable; ids as in\n'sunset-lint schedule'; default: every entry)",
  },
  level: {
    type: 'string',
    value: 'LEVEL',
    help: 'automatic | assisted (default automatic): automatic rewrites only the\nentries whose rewrite is the documented replacement; assisted also\nrewrites what the code gives of the assisted entries and writes a\ncomment at the place saying what needs a person',
  },
  'dry-run': {
    type: 'boolean',
    help: "write nothing; print a unified diff of what would change on stdout\n(review it, or apply it with 'git apply'), the summary on stderr",
  },
  ...listedTogether(
    {
      config: SETTING_OPTIONS.config,
      'as-of': SETTING_OPTIONS['as-of'],
      'imminent-days': SETTING_OPTIONS['imminent-days'],
      'min-confidence': SETTING_OPTIONS['min-confidence'],
    },
    "as for 'scan': which findings are reported, hence migrated",
  ),
  quiet: { type: 'boolean', help: 'with --dry-run, no summary on stderr' },
  ...HELP_OPTION,
} as const;

const HELP = `Usage: sunset-lint migrate [paths…] [options]

Rewrites client code off the deprecated parts of the API that 'sunset-lint scan' reports in the
given files and directories (default: .), as each catalogue entry's migration says
(docs/schedule.md: automatic, assisted or manual). Every rewrite is a text splice at a finding's
place; each changed file is parsed and scanned again before it is written, and left alone when it
would not parse, would gain a finding or would keep the one migrated. A file changed since the
scan is left alone. The places left for a person are listed.

${optionsHelp(MIGRATE_OPTIONS, 28)}
Overlapping rewrites are applied over several passes, as 'sunset-lint fix' does; a second run
changes nothing. Exit code 0, or 2 for a usage error (what is left is listed,
not an exit code: 'sunset-lint scan' is the gate).
`;

/** `sunset-lint migrate`: the findings' migrations applied (or shown as a diff), and what is left for a person. */
export async function runMigrateCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseWithPaths(argv, MIGRATE_OPTIONS);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const level = values.level === undefined ? 'automatic' : oneOf('--level', values.level, MIGRATION_LEVELS);
  const config = await configFor(values, io);
  const byId = config.settings.catalogue.byId;
  const unknown = (values.entry ?? []).filter((id) => !byId.has(id));
  if (unknown.length > 0)
    throw new UsageError(
      `--entry: no catalogue entry ${unknown.map((id) => `'${id}'`).join(', ')} (see 'sunset-lint schedule')`,
    );
  const dryRun = values['dry-run'] === true;
  const run = await migratePaths(positionals, config, {
    cwd: io.cwd,
    dryRun,
    level,
    ...(values.entry ? { entries: new Set(values.entry) } : {}),
  });
  if (dryRun) {
    // stdout stays a clean patch; the summary is for the person at the terminal.
    io.stdout.write(renderFixDiff(run));
    if (!values.quiet) io.stderr.write(terminalSafe(renderMigrateSummary(run, true, byId), true));
  } else {
    io.stdout.write(terminalSafe(renderMigrateSummary(run, false, byId), true));
  }
  return 0;
}
