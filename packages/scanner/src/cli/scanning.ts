import type { ScanRequest } from '../library/scan.js';
import type { Diagnostic } from '../reports/types.js';
import { terminalSafe } from '../reports/terminal.js';
import { createProgress } from '../scan/progress.js';
import type { CommonValues } from './config.js';
import type { CliIo } from './io.js';
import { youngGenerationCap } from './collector-policy.js';

/**
 * What the scanning commands (`scan`, `baseline`) show while the library scans: the progress bar
 * when someone is watching a terminal, and the scan's notices on stderr unless `--quiet`.
 * `finish` clears the bar once the scan is over, and takes off the young generation's cap.
 */
export function scanFeedback(
  values: Pick<CommonValues, 'quiet' | 'no-progress'>,
  io: CliIo,
): Pick<ScanRequest, 'onProgress' | 'onNotice'> & { finish: () => void } {
  const progress = createProgress(io.stderr, io.env, !values.quiet && !values['no-progress']);
  // Called as each file is done, on the main thread: where the scan's garbage is made.
  const cap = youngGenerationCap(io.env, process.execArgv);
  return {
    onProgress: (done, total) => {
      cap.fileDone();
      progress.update(done, total);
    },
    onNotice: (notice) => {
      // A notice after the first pass (a cache not saved) must not be drawn over by the bar.
      progress.finish();
      if (notice.severity === 'warning' || !values.quiet)
        io.stderr.write(`sunset-lint: ${terminalSafe(notice.text)}\n`);
    },
    finish: () => {
      cap.restore();
      progress.finish();
    },
  };
}

/** Diagnostics on stderr when no text report shows them (parse errors must not pass unseen). */
export function noteDiagnostics(diagnostics: readonly Diagnostic[], io: CliIo, shownElsewhere: boolean): void {
  if (shownElsewhere) return;
  for (const d of diagnostics) {
    const where = d.file
      ? `${d.file}${d.line !== undefined ? `:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : ''}: `
      : '';
    io.stderr.write(terminalSafe(`sunset-lint: ${d.severity}: ${where}${d.message} [${d.code}]`) + '\n');
  }
}
