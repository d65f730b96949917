import { resolve } from 'node:path';
import { DEFAULT_BASELINE_FILE, renderBaseline } from '../../baseline/baseline.js';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../io.js';
import { COMMON_OPTIONS, configFor } from '../config.js';
import { noteDiagnostics, parse, scanWithProgress, writeReport } from './scan.js';

const HELP = `Usage: sunset-lint baseline [paths…] [--output FILE] [options]

Scans like 'sunset-lint scan' and writes every current finding to a baseline file (default
${DEFAULT_BASELINE_FILE}). 'sunset-lint scan --baseline FILE' then reports only findings that
are not in it, and lists the baseline entries that no longer occur. Run both from the same
directory: findings are keyed by their path relative to it.

Options:
  --output FILE             where to write the baseline (default ${DEFAULT_BASELINE_FILE})
  --as-of YYYY-MM-DD, --imminent-days N, --min-confidence LEVEL, --config FILE,
  --quiet, --no-progress, --verbose        as for 'sunset-lint scan'
  -h, --help                this help
`;

export async function runBaselineCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parse(argv, { ...COMMON_OPTIONS, output: { type: 'string' } });
  const values = parsed.values;
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const output = values.output ?? DEFAULT_BASELINE_FILE;
  const config = await configFor(values, io);
  const result = await scanWithProgress(parsed.positionals, config, values, io);
  writeReport(resolve(io.cwd, output), output, renderBaseline(result.findings));
  if (!values.quiet) {
    io.stderr.write(
      `sunset-lint: wrote ${result.findings.length} finding${result.findings.length === 1 ? '' : 's'} from ${result.filesScanned} files to ${output}\n`,
    );
    noteDiagnostics(result, io, false);
  }
  return result.diagnostics.some((d) => d.code === 'internal-error') ? EXIT_USAGE : EXIT_OK;
}
