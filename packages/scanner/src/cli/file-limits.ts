import { sep } from 'node:path';
import type { Diagnostic } from '../reports/types.js';
import type { ScanConfig } from '../config/resolve.js';
import { UsageError } from './io.js';

const UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, kb: 1024, mb: 1024 * 1024 };

/** `--max-file-size`: bytes, or KB and MB (binary, as `ls -h` counts), e.g. `800000`, `512KB`, `8MB`. */
export function maxFileSizeOption(value: string): number {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(value.trim());
  const bytes = match ? Number(match[1]) * UNITS[(match[2] ?? '').toLowerCase()]! : 0;
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new UsageError(`--max-file-size must be a size in bytes, KB or MB (1 or more, e.g. 8MB), got '${value}'`);
  return bytes;
}

/** The flag over the config key `maxFileSize`. */
export function withMaxFileSize(config: ScanConfig, flag: string | undefined): ScanConfig {
  return flag === undefined ? config : { ...config, maxFileSize: maxFileSizeOption(flag) };
}

/**
 * FIFOs, sockets and devices with a source file's name, as warnings of the report: the scan never
 * opens them (a FIFO would block it), and says so.
 */
export function specialFileDiagnostics(special: readonly string[]): Diagnostic[] {
  return special.map((file) => ({
    code: 'not-a-regular-file',
    severity: 'warning',
    file: file.split(sep).join('/'),
    message: 'skipped: a FIFO, socket or device, not a regular file',
  }));
}
