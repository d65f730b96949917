import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { formatDay } from '@sunset-lint/core/schedule';
import { renderFixDiff } from '../../fix/summary.js';
import { PLAN_FORMATS, renderPlan } from '../../migrate/plan-render.js';
import { buildMigrationPlan, placesOfReport, placesOfRun } from '../../migrate/plan-report.js';
import { readScanReport } from '../earlier-report.js';
import { readInputFile } from '../../scan/files/read-source.js';
import { writeOutputFile } from '../write-file.js';
import { withYoungGenerationCap } from '../collector-policy.js';
import { migratePaths } from '../../migrate/run.js';
import { MIGRATION_LEVELS } from '../../migrate/plan.js';
import { renderMigrateSummary } from '../../migrate/summary.js';
import { terminalSafe } from '../../reports/terminal.js';
import { oneOf, parseWithPaths, type ParsedCommandLine } from '../args.js';
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
  plan: {
    type: 'boolean',
    help: 'change nothing; write the migration plan: per catalogue entry, its\nplaces, which migrate rewrites (at the default level) and which need\na person (with the replacement request where the code gives it)',
  },
  format: {
    type: 'string',
    value: 'FORMAT',
    help: 'with --plan: markdown | json | html (default markdown)',
  },
  output: { type: 'string', value: 'FILE', help: 'with --plan: write the plan to FILE (default: stdout)' },
  since: {
    type: 'string',
    multiple: true,
    value: 'FILE',
    help: "with --plan: an earlier 'scan --format json' report of the same\nrepository: how many of its places are migrated since (no longer\nfound, by fingerprint); with --repository, NAME=FILE for that\nrepository (repeatable, one per repository at most)",
  },
  repository: {
    type: 'string',
    multiple: true,
    value: 'NAME=FILE',
    help: "with --plan, instead of scanning paths: the 'scan --format json'\nreport of one repository (repeatable): the plan per repository and\nin total",
  },
  ...HELP_OPTION,
} as const;

const HELP = `Usage: sunset-lint migrate [paths…] [options]
       sunset-lint migrate --plan [paths… | --repository NAME=FILE…] [options]

Rewrites client code off the deprecated parts of the API that 'sunset-lint scan' reports in the
given files and directories (default: .), as each catalogue entry's migration says
(docs/schedule.md: automatic, assisted or manual). Every rewrite is a text splice at a finding's
place; each changed file is parsed and scanned again before it is written, and left alone when it
would not parse, would gain a finding or would keep the one migrated. A file changed since the
scan is left alone. The places left for a person are listed. With --plan nothing is changed: the
plan (docs/migrate.md) lists every place, what migrate would do there, and the progress since an
earlier report.

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
  if (values.plan) return runPlan(values, positionals, io);
  const planOnly = (['format', 'output', 'since', 'repository'] as const).filter((name) => values[name] !== undefined);
  if (planOnly.length > 0) throw new UsageError(`--${planOnly[0]} is an option of --plan`);
  const level = values.level === undefined ? 'automatic' : oneOf('--level', values.level, MIGRATION_LEVELS);
  const config = await configFor(values, io);
  const byId = config.settings.catalogue.byId;
  checkEntries(values.entry, byId);
  const dryRun = values['dry-run'] === true;
  const run = await withYoungGenerationCap(io.env, (fileDone) =>
    migratePaths(positionals, config, {
      onProgress: fileDone,
      cwd: io.cwd,
      dryRun,
      level,
      ...(values.entry ? { entries: new Set(values.entry) } : {}),
    }),
  );
  if (dryRun) {
    // stdout stays a clean patch; the summary is for the person at the terminal.
    io.stdout.write(renderFixDiff(run));
    if (!values.quiet) io.stderr.write(terminalSafe(renderMigrateSummary(run, true, byId), true));
  } else {
    io.stdout.write(terminalSafe(renderMigrateSummary(run, false, byId), true));
  }
  return 0;
}

type MigrateValues = ParsedCommandLine<{ options: typeof MIGRATE_OPTIONS; allowPositionals: true }>['values'];

function checkEntries(ids: readonly string[] | undefined, byId: ReadonlyMap<string, unknown>): void {
  const unknown = (ids ?? []).filter((id) => !byId.has(id));
  if (unknown.length > 0)
    throw new UsageError(
      `--entry: no catalogue entry ${unknown.map((id) => `'${id}'`).join(', ')} (see 'sunset-lint schedule')`,
    );
}

/**
 * The earlier reports `--since` names, by repository (`''` for a scan of paths): one FILE with
 * paths; with `--repository`, NAME=FILE per repository that has one (a repository without one
 * shows no progress).
 */
function sinceReports(given: readonly string[], repositories: ReadonlyArray<{ name: string }>): Map<string, string> {
  if (repositories.length === 0) {
    if (given.length > 1) throw new UsageError('--since: one earlier report for a scan of paths');
    return new Map(given.map((file) => ['', file]));
  }
  const out = new Map<string, string>();
  for (const value of given) {
    const at = value.indexOf('=');
    const name = value.slice(0, at);
    if (at <= 0 || at === value.length - 1)
      throw new UsageError(
        `--since: with --repository, give NAME=FILE (a repository's name, and its earlier 'scan --format json' report), not '${value}'`,
      );
    if (!repositories.some((repository) => repository.name === name))
      throw new UsageError(`--since: no --repository named '${name}'`);
    if (out.has(name)) throw new UsageError(`--since: one earlier report per repository ('${name}' twice)`);
    out.set(name, value.slice(at + 1));
  }
  return out;
}

/** `migrate --plan`: the plan of a dry run over the paths, or of the repositories' reports; nothing is changed. */
async function runPlan(values: MigrateValues, positionals: readonly string[], io: CliIo): Promise<number> {
  for (const name of ['level', 'dry-run'] as const)
    if (values[name] !== undefined) throw new UsageError(`--${name} does not go with --plan`);
  const format = oneOf('--format', values.format ?? 'markdown', PLAN_FORMATS);
  const repositories = (values.repository ?? []).map((given) => {
    const at = given.indexOf('=');
    if (at <= 0 || at === given.length - 1)
      throw new UsageError(
        `--repository: give NAME=FILE (a name, and its 'scan --format json' report), not '${given}'`,
      );
    return { name: given.slice(0, at), file: given.slice(at + 1) };
  });
  if (new Set(repositories.map((r) => r.name)).size !== repositories.length)
    throw new UsageError('--repository: each name once');
  if (repositories.length > 0 && positionals.length > 0)
    throw new UsageError('--repository makes the plan from reports: give no paths to scan');
  const since = sinceReports(values.since ?? [], repositories);
  const config = await configFor(values, io);
  const byId = config.settings.catalogue.byId;
  checkEntries(values.entry, byId);
  const wanted = (entryId: string) => !values.entry || values.entry.includes(entryId);
  const asOf = formatDay(config.settings.asOf);
  const version = (createRequire(import.meta.url)('sunset-lint/package.json') as { version: string }).version;
  const catalogue = config.settings.catalogue.entries;
  let plan;
  if (repositories.length > 0) {
    // Reports that class every place (`migration`, written by `scan`) were looked at place by place.
    let byPlace = true;
    const sources = repositories.map(({ name, file }) => {
      const report = readScanReport(resolve(io.cwd, file), file);
      const earlierFile = since.get(name);
      const earlier = earlierFile === undefined ? undefined : readScanReport(resolve(io.cwd, earlierFile), earlierFile);
      if (report.findings.some((finding) => finding.migration === undefined)) byPlace = false;
      return {
        name,
        asOf: report.asOf,
        places: placesOfReport(report, byId).filter((place) => wanted(place.entryId)),
        ...(earlier
          ? { earlier: { asOf: earlier.asOf, findings: earlier.findings.filter((f) => wanted(f.entryId)) } }
          : {}),
      };
    });
    plan = buildMigrationPlan(sources, catalogue, {
      version,
      asOf,
      automaticBy: byPlace ? 'place' : 'entry-class',
    });
  } else {
    const sinceFile = since.get('');
    const earlier = sinceFile === undefined ? undefined : readScanReport(resolve(io.cwd, sinceFile), sinceFile);
    const run = await withYoungGenerationCap(io.env, (fileDone) =>
      migratePaths(positionals, config, {
        onProgress: fileDone,
        cwd: io.cwd,
        dryRun: true,
        level: 'automatic',
        ...(values.entry ? { entries: new Set(values.entry) } : {}),
      }),
    );
    const textOf = (file: string) => {
      const read = readInputFile(resolve(io.cwd, file));
      return read.ok ? read.text : undefined;
    };
    const source = {
      asOf,
      places: placesOfRun(run, byId, textOf),
      ...(earlier
        ? { earlier: { asOf: earlier.asOf, findings: earlier.findings.filter((f) => wanted(f.entryId)) } }
        : {}),
    };
    plan = buildMigrationPlan([source], catalogue, { version, asOf, automaticBy: 'place' });
  }
  const text = renderPlan(plan, format);
  if (values.output === undefined) io.stdout.write(text);
  else writeOutputFile(resolve(io.cwd, values.output), values.output, text);
  return 0;
}
