import type { ResolvedSettings } from '@sunset-lint/core';
import { discoverFiles } from './discovery.js';
import { runScan, type ScanResult } from './scan.js';

export { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, discoverFiles, effectiveExcludes } from './discovery.js';
export { runScan, type ScanOptions, type ScanResult } from './scan.js';
export { buildScanReport, failsOn } from './report.js';

export interface ScanPathsOptions {
  cwd: string;
  /** Files and directories; default `.`. */
  paths: readonly string[];
  settings: ResolvedSettings;
  include?: readonly string[];
  exclude?: readonly string[];
  verbose?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The whole pipeline for a list of paths: discovery, then the two-pass scan. This is the entry
 * point for commands that need findings (scan, baseline, fix). Arguments that do not exist are
 * returned in `missing` for the caller to treat as a usage error.
 */
export async function scanPaths(
  options: ScanPathsOptions,
): Promise<ScanResult & { missing: string[]; skipped: string[] }> {
  const discovered = await discoverFiles({
    cwd: options.cwd,
    paths: options.paths,
    include: options.include,
    exclude: options.exclude,
  });
  const result = await runScan({
    cwd: options.cwd,
    files: discovered.files,
    terraformFiles: discovered.terraformFiles,
    settings: options.settings,
    ...(options.verbose ? { verbose: true } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return { ...result, missing: discovered.missing, skipped: discovered.skipped };
}
