import type { ScanConfig } from '../config/resolve.js';
import { discoverConfigured } from '../library/scan.js';
import { runScan } from '../scan/scan.js';
import type { FindingsOf } from './run.js';

/**
 * Findings for `fix` from the scan pipeline itself (discovery, cross-file resolution), so `fix`
 * changes exactly what `scan` reports: a deprecated suffix passed to a helper imported from
 * another module is fixed at the call that supplies it.
 */
export function findingsFromScan(
  cwd: string,
  config: ScanConfig,
  /** As each file is done (the CLI's collector policy). */
  onProgress?: (done: number, total: number) => void,
): FindingsOf {
  return async (paths) => {
    const discovered = await discoverConfigured(cwd, paths, config);
    const result = await runScan({
      cwd,
      files: discovered.files,
      settings: config.settings,
      maxFileSize: config.maxFileSize,
      ...(onProgress ? { onProgress } : {}),
    });
    return { findings: result.findings, diagnostics: result.diagnostics };
  };
}
