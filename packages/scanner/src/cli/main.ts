import { InputError } from '../errors.js';
import { REPORT_FORMATS } from '../reports/types.js';
import { EXIT_USAGE, processIo, UsageError, type CliIo } from './io.js';

type Command = (argv: readonly string[], io: CliIo) => Promise<number>;

// Commands are loaded lazily so `sunset-lint schedule` does not pay for the scanner's parser.
const commands: Record<string, () => Promise<Command>> = {
  schedule: async () => (await import('./commands/schedule.js')).runScheduleCommand,
  ruleset: async () => (await import('./commands/ruleset.js')).runRulesetCommand,
  fix: async () => (await import('./commands/fix.js')).runFixCommand,
  migrate: async () => (await import('./commands/migrate.js')).runMigrateCommand,
  scan: async () => (await import('./commands/scan.js')).runScanCommand,
  baseline: async () => (await import('./commands/baseline.js')).runBaselineCommand,
  merge: async () => (await import('./commands/merge.js')).runMergeCommand,
};

/** Commands with subcommands of their own (`schedule import`): the subcommand's module runs, not its parent's. */
const subcommands: Record<string, Record<string, () => Promise<Command>>> = {
  schedule: {
    import: async () => (await import('./commands/schedule-import.js')).runScheduleImport,
    diff: async () => (await import('./commands/schedule-diff.js')).runScheduleDiff,
  },
};

const USAGE = `Usage: sunset-lint <command> [options]

Commands:
  schedule   Print the deprecation catalogue with each entry's grade as of a date;
             'schedule import|diff --openapi FILE' read the provider's OpenAPI document
  ruleset    Show or set the managed OWASP core ruleset of a zone (paranoia level, threshold, action)
  scan       Scan files across modules for deprecated API use and write reports
             (${REPORT_FORMATS.join(', ')})
  baseline   Write the current findings to a baseline file that 'scan --baseline' then ignores
  fix        Apply the mechanical fixes of the findings (--dry-run prints a diff instead)
  migrate    Rewrite the findings as their catalogue entries' migrations say (--level, --dry-run)
  merge      Join the json or sarif reports of a sharded scan ('scan --shard i/n') into one
${'' /* further commands are listed by their modules' help */}
Options:
  -h, --help     this help
  -v, --version  the version of sunset-lint

Run 'sunset-lint help <command>' (or 'sunset-lint <command> --help') for a command's options.
`;

export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  // `sunset-lint help scan` is `sunset-lint scan --help`, as in git and npm (`help schedule diff` too).
  if (argv[0] === 'help' && argv[1] !== undefined) return main([...argv.slice(1), '--help'], io);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(USAGE);
    return name === undefined ? EXIT_USAGE : 0;
  }
  if (name === '--version' || name === '-v') {
    const { createRequire } = await import('node:module');
    const pkg = createRequire(import.meta.url)('sunset-lint/package.json') as { version: string };
    io.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  const ofCommand = Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
  const sub = ofCommand && rest[0] !== undefined && Object.hasOwn(ofCommand, rest[0]) ? ofCommand[rest[0]] : undefined;
  const load = sub ?? commands[name];
  if (!load) {
    io.stderr.write(`sunset-lint: unknown command '${name}'\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  try {
    return await (
      await load()
    )(sub ? rest.slice(1) : rest, io);
  } catch (error) {
    // The command line's mistakes and what the library refuses of what it was given alike (exit 2).
    if (error instanceof UsageError || error instanceof InputError) {
      io.stderr.write(`sunset-lint ${name}: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
