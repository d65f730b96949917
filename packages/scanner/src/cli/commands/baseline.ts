import { resolve } from 'node:path';
import { DEFAULT_BASELINE_FILE, renderBaseline } from '../../baseline/baseline.js';
import { defaultBaselinePath, findUsages } from '../../library/scan.js';
import { repositoryPrefix } from '../../repository-root.js';
import { slashedRelative } from '../../scan/files/relative-path.js';
import { parseWithPaths } from '../args.js';
import { configFor, SCANNING_OPTIONS, SETTING_OPTIONS } from '../config.js';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../io.js';
import { HELP_OPTION, listedTogether, optionsHelp } from '../option-table.js';
import { noteDiagnostics, scanFeedback } from '../scanning.js';
import { writeOutputFile } from '../write-file.js';

const BASELINE_OPTIONS = {
  output: {
    type: 'string',
    value: 'FILE',
    help: `where to write the baseline (default ${DEFAULT_BASELINE_FILE} at the\nrepository root, where 'scan' finds it)`,
  },
  ...listedTogether({ ...SETTING_OPTIONS, ...SCANNING_OPTIONS }, "as for 'sunset-lint scan'"),
  ...HELP_OPTION,
} as const;

const HELP = `Usage: sunset-lint baseline [paths…] [--output FILE] [options]

Scans like 'sunset-lint scan' and writes every current finding to a baseline file (default
${DEFAULT_BASELINE_FILE} at the repository root). 'sunset-lint scan' then finds it there (or
takes --baseline FILE), reports only findings that are not in it, and lists the entries of the
files it scanned that no longer occur. Findings are keyed by their path from the repository
root: write and scan from any folder of the repository.

${optionsHelp(BASELINE_OPTIONS, 28)}`;

/** `sunset-lint baseline`: the library's scan of the paths, its findings written as a baseline file. */
export async function runBaselineCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseWithPaths(argv, BASELINE_OPTIONS);
  const values = parsed.values;
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const output = values.output ?? slashedRelative(io.cwd, defaultBaselinePath(io.cwd));
  const config = await configFor(values, io);
  const feedback = scanFeedback(values, io);
  let result;
  try {
    result = await findUsages(
      {
        cwd: io.cwd,
        paths: parsed.positionals,
        ...(values.verbose ? { verbose: true } : {}),
        onProgress: feedback.onProgress,
        onNotice: feedback.onNotice,
      },
      config,
    );
  } finally {
    feedback.finish();
  }
  writeOutputFile(resolve(io.cwd, output), output, renderBaseline(result.findings, repositoryPrefix(io.cwd)));
  if (!values.quiet) {
    io.stderr.write(
      `sunset-lint: wrote ${result.findings.length} finding${result.findings.length === 1 ? '' : 's'} from ${result.filesScanned} files to ${output}\n`,
    );
    noteDiagnostics(result.diagnostics, io, false);
  }
  return result.diagnostics.some((d) => d.code === 'internal-error') ? EXIT_USAGE : EXIT_OK;
}
