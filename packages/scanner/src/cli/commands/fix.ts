import { findingsFromScan, MissingPathsError } from '../../fix/findings.js';
import { fixPaths } from '../../fix/run.js';
import { renderFixDiff, renderFixSummary } from '../../fix/summary.js';
import { terminalSafe } from '../../reports/terminal.js';
import { UsageError, type CliIo } from '../io.js';
import { COMMON_OPTIONS, configFor } from '../config.js';
import { parse } from './scan.js';

const HELP = `Usage: sunset-lint fix [paths…] [options]

Applies the mechanical fixes of what 'sunset-lint scan' reports in the given files and directories
(default: .), the same fixes as the ESLint plugin's --fix, and prints what changed.

Options:
  --dry-run                 write nothing; print a unified diff of what would change on stdout
                            (review it, or apply it with 'git apply'), the summary on stderr
  --suggestions             also apply suggested fixes (ESLint's editor suggestions), which change
                            behaviour and deserve review: dropping a header, moving to a v2
                            endpoint, removing SRV data fields. By default only safe fixes apply
  --config FILE, --as-of YYYY-MM-DD, --imminent-days N, --min-confidence LEVEL
                            as for 'scan': which findings are reported, hence fixed
  -h, --help                this help

Overlapping fixes are applied over several passes (at most 10), as ESLint does.
`;

export async function runFixCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...COMMON_OPTIONS,
    'dry-run': { type: 'boolean' },
    suggestions: { type: 'boolean' },
  });
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const config = await configFor(values, io);
  const dryRun = values['dry-run'] === true;
  let run;
  try {
    run = await fixPaths(positionals, findingsFromScan(io.cwd, config), {
      cwd: io.cwd,
      dryRun,
      suggestions: values.suggestions === true,
    });
  } catch (error) {
    if (error instanceof MissingPathsError) throw new UsageError(error.message);
    throw error;
  }
  if (dryRun) {
    // stdout stays a clean patch; the summary is for the person at the terminal.
    io.stdout.write(renderFixDiff(run));
    if (!values.quiet) io.stderr.write(terminalSafe(renderFixSummary(run, true), true));
  } else {
    io.stdout.write(terminalSafe(renderFixSummary(run, false), true));
  }
  return 0;
}
