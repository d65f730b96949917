import { parseArgs } from 'node:util';
import { findingsForFix } from '../../fix/findings.js';
import { fixPaths } from '../../fix/run.js';
import { renderFixDiff, renderFixSummary } from '../../fix/summary.js';
import { UsageError, type CliIo } from '../io.js';
import { settingsWithFlags } from '../settings.js';

const HELP = `Usage: sunset-lint fix [paths…] [--dry-run] [--suggestions] [--as-of YYYY-MM-DD] [--imminent-days N]

Applies the mechanical fixes of the findings in the given files and directories (default: .),
the same fixes as the ESLint plugin's --fix, and prints what changed.

  --dry-run       Write nothing; print a unified diff of what would change on stdout
                  (apply it with 'git apply'), and the summary on stderr.
  --suggestions   Also apply suggested fixes (ESLint's editor suggestions), which change
                  behaviour and deserve review: dropping a header, moving to a v2 endpoint,
                  removing SRV data fields. By default only safe fixes are applied.
  --as-of, --imminent-days
                  As for 'scan': which findings are reported (severity 'off' is not fixed).
`;

export async function runFixCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        'dry-run': { type: 'boolean', default: false },
        suggestions: { type: 'boolean', default: false },
        'as-of': { type: 'string' },
        'imminent-days': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const settings = settingsWithFlags({}, 'command line', {
    ...(values['as-of'] !== undefined ? { asOf: values['as-of'] } : {}),
    ...(values['imminent-days'] !== undefined ? { imminentDays: values['imminent-days'] } : {}),
  });
  const dryRun = values['dry-run'] === true;
  const run = await fixPaths(positionals, findingsForFix(io.cwd, settings), { cwd: io.cwd, dryRun, suggestions: values.suggestions === true });
  if (dryRun) {
    // stdout stays a clean patch; the summary is for the person at the terminal.
    io.stdout.write(renderFixDiff(run));
    io.stderr.write(renderFixSummary(run, true));
  } else {
    io.stdout.write(renderFixSummary(run, false));
  }
  return 0;
}
