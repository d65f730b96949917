import { sep } from 'node:path';
import type { Diagnostic } from '../reports/types.js';
import type { Discovered } from '../scan/discovery.js';
import type { ScanConfig } from '../config/resolve.js';
import { UsageError } from './io.js';

const UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, kb: 1024, mb: 1024 * 1024 };

/** `--max-file-size`: bytes, or KB and MB (binary, as `ls -h` counts), e.g. `800000`, `512KB`, `8MB`. */
function maxFileSizeOption(value: string): number {
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
 * What discovery left out and why, as the report's diagnostics: FIFOs, sockets and devices with a
 * source file's name (never opened: a FIFO would block the scan), folders that cannot be listed and
 * `.gitignore` files that cannot be read.
 */
export function discoveryDiagnostics(
  discovered: Pick<Discovered, 'special' | 'unreadableFolders' | 'unreadIgnoreFiles'>,
): Diagnostic[] {
  const slashed = (path: string) => path.split(sep).join('/');
  return [
    ...discovered.unreadableFolders.map(({ path, code }): Diagnostic => ({
      code: 'read-error',
      severity: 'error',
      file: slashed(path),
      message: `cannot read the folder: ${code}; its files were not scanned`,
    })),
    ...discovered.special.map((file): Diagnostic => ({
      code: 'not-a-regular-file',
      severity: 'warning',
      file: slashed(file),
      message: 'skipped: a FIFO, socket or device, not a regular file',
    })),
    ...discovered.unreadIgnoreFiles.map(({ path, reason }): Diagnostic => ({
      code: 'read-error',
      severity: 'warning',
      file: slashed(path),
      message: `ignore file not applied: ${reason}`,
    })),
  ];
}
