import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BaselineEntry, DEFAULT_BASELINE_FILE } from '@sunset-lint/core/schedule';
import { BaselineError, readBaseline, renderBaseline } from '../../baseline/baseline.js';
import { defaultBaselinePath, findUsages } from '../../library/scan.js';
import { fromRepositoryRoot, repositoryPrefix } from '../../repository-root.js';
import { slashedRelative } from '../../scan/files/relative-path.js';
import { parseWithPaths } from '../args.js';
import { configFor, SCANNING_OPTIONS, SETTING_OPTIONS, settingFlags } from '../config.js';
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
root: write and scan from any folder of the repository. A baseline already there keeps its entries
of the files this run did not scan (another package's, say) while those files exist.

${optionsHelp(BASELINE_OPTIONS, 28)}`;

/**
 * The entries of the baseline already at `path` whose files this run did not scan and that still
 * exist: a baseline written from one package's folder (or of a few files) updates that part of the
 * repository's baseline and keeps the rest. A file that is not a baseline is replaced, as before.
 */
function entriesNotScanned(
  path: string,
  shown: string,
  prefix: string,
  scannedFiles: readonly string[],
  cwd: string,
): BaselineEntry[] {
  if (!existsSync(path)) return [];
  let earlier: BaselineEntry[];
  try {
    earlier = readBaseline(path, shown);
  } catch (error) {
    if (error instanceof BaselineError) return [];
    throw error;
  }
  const scanned = new Set(scannedFiles.map((file) => fromRepositoryRoot(prefix, file)));
  const root = prefix === '' ? cwd : resolve(cwd, ...prefix.split('/').map(() => '..'));
  return earlier.filter((entry) => !scanned.has(entry.file) && existsSync(join(root, entry.file)));
}

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
      undefined,
      // As `scan` grades them: each file by the configuration nearest it, unless --config names one.
      values.config === undefined ? { overrides: settingFlags(values) } : undefined,
    );
  } finally {
    feedback.finish();
  }
  const prefix = repositoryPrefix(io.cwd);
  const kept = entriesNotScanned(resolve(io.cwd, output), output, prefix, result.scannedFiles, io.cwd);
  writeOutputFile(resolve(io.cwd, output), output, renderBaseline(result.findings, prefix, kept));
  if (!values.quiet) {
    const keptNote = kept.length > 0 ? ` (and kept ${kept.length} of its entries for files not scanned here)` : '';
    io.stderr.write(
      `sunset-lint: wrote ${result.findings.length} finding${result.findings.length === 1 ? '' : 's'} from ${result.filesScanned} files to ${output}${keptNote}\n`,
    );
    noteDiagnostics(result.diagnostics, io, false);
  }
  return result.diagnostics.some((d) => d.code === 'internal-error') ? EXIT_USAGE : EXIT_OK;
}
