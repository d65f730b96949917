import { resolve } from 'node:path';
import { applyBaseline, readBaseline } from '../../baseline/baseline.js';
import { findingsFromScan } from '../../fix/findings.js';
import { withYoungGenerationCap } from '../collector-policy.js';
import { fixPaths } from '../../fix/run.js';
import { renderFixDiff, renderFixSummary } from '../../fix/summary.js';
import { terminalSafe } from '../../reports/terminal.js';
import { GRADES } from '@sunset-lint/core/schedule';
import { plural } from '../../reports/summary.js';
import { failsOn } from '../../scan/report.js';
import { defaultBaseline } from '../../library/scan.js';
import { repositoryPrefix } from '../../repository-root.js';
import { oneOf, parseWithPaths } from '../args.js';
import { configFor, SETTING_OPTIONS } from '../config.js';
import { EXIT_FINDINGS, EXIT_OK, type CliIo } from '../io.js';
import { HELP_OPTION, listedTogether, optionsHelp } from '../option-table.js';

const FIX_OPTIONS = {
  'dry-run': {
    type: 'boolean',
    help: "write nothing; print a unified diff of what would change on stdout\n(review it, or apply it with 'git apply'), the summary on stderr",
  },
  suggestions: {
    type: 'boolean',
    help: "also apply suggested fixes (ESLint's editor suggestions), which change\nbehaviour and deserve review: dropping a header, moving to a v2\nendpoint, removing SRV data fields. By default only safe fixes apply",
  },
  ...listedTogether(
    {
      config: SETTING_OPTIONS.config,
      'as-of': SETTING_OPTIONS['as-of'],
      'imminent-days': SETTING_OPTIONS['imminent-days'],
      'min-confidence': SETTING_OPTIONS['min-confidence'],
    },
    "as for 'scan': which findings are reported, hence fixed",
  ),
  quiet: { type: 'boolean', help: 'with --dry-run, no summary on stderr' },
  'fail-on': {
    type: 'string',
    value: 'GRADE',
    help: "exit 1 while findings at least this urgent remain once the fixes are in,\nas eslint --fix exits 1 while errors remain: expired | imminent |\nscheduled | none (default expired, as for 'scan')",
  },
  // Accepted as `scan` accepts them (the commands shared their options); `fix` shows no progress bar.
  'no-progress': { type: 'boolean', label: '--no-progress, --verbose', help: "accepted as for 'scan'; no effect here" },
  verbose: { type: 'boolean', listedWith: 'no-progress' },
  ...HELP_OPTION,
} as const;

const FAIL_ON = [...GRADES, 'none'] as const;

const HELP = `Usage: sunset-lint fix [paths…] [options]

Applies the mechanical fixes of what 'sunset-lint scan' reports in the given files and directories
(default: .), the same fixes as the ESLint plugin's --fix, and prints what changed.

${optionsHelp(FIX_OPTIONS, 28)}
Overlapping fixes are applied over several passes (at most 10), as ESLint does.

Exit codes: 0 nothing at or above --fail-on remains (outside the repository's baseline, as
'scan' finds it), 1 findings at or above it remain (a dry run: would remain after its one
pass), 2 usage or configuration error.
`;

/** `sunset-lint fix`: the fixes of the scan's findings applied (or shown as a diff), and a summary. */
export async function runFixCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseWithPaths(argv, FIX_OPTIONS);
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const failOn = oneOf('--fail-on', values['fail-on'] ?? 'expired', FAIL_ON);
  const config = await configFor(values, io);
  const dryRun = values['dry-run'] === true;
  const run = await withYoungGenerationCap(io.env, (fileDone) =>
    fixPaths(positionals, findingsFromScan(io.cwd, config, fileDone), {
      cwd: io.cwd,
      dryRun,
      suggestions: values.suggestions === true,
    }),
  );
  if (dryRun) {
    // stdout stays a clean patch; the summary is for the person at the terminal.
    io.stdout.write(renderFixDiff(run));
    if (!values.quiet) io.stderr.write(terminalSafe(renderFixSummary(run, true), true));
  } else {
    io.stdout.write(terminalSafe(renderFixSummary(run, false), true));
  }
  // What the repository's baseline accepts does not fail `fix`, as it does not fail `scan`.
  const baselineFile = defaultBaseline(io.cwd);
  const remaining = baselineFile
    ? applyBaseline(run.remaining, readBaseline(resolve(io.cwd, baselineFile), baselineFile), baselineFile, {
        prefix: repositoryPrefix(io.cwd),
        scanned: () => false,
      }).findings
    : run.remaining;
  const failing = remaining.filter((finding) => failsOn(finding, failOn, config.failOnDocs ?? false)).length;
  if (failing === 0) return EXIT_OK;
  if (!(dryRun && values.quiet))
    io.stderr.write(
      `sunset-lint: ${plural(failing, 'finding')} at or above --fail-on ${failOn} ${dryRun ? 'would remain' : 'remain'} (see 'sunset-lint scan')\n`,
    );
  return EXIT_FINDINGS;
}
