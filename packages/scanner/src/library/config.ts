import { loadConfig, type LoadedConfig } from '../config/load.js';
import { resolveScanConfig, type ScanConfig, type SettingFlags } from '../config/resolve.js';
import type { ScannerSettings } from '../config/settings-schema.js';
import { InputError } from '../errors.js';

/** Settings over the configuration's, as the CLI's flags are over its configuration file. */
export type SettingOverrides = SettingFlags & Pick<ScanConfig, 'maxFileSize' | 'reportUnusedSuppressions'>;

/** The configuration the request names (or the one in `cwd`), with its overrides on top. */
export async function scanConfigFor(request: {
  cwd: string;
  config?: string | ScannerSettings;
  overrides?: SettingOverrides;
}): Promise<ScanConfig> {
  const loaded: LoadedConfig =
    typeof request.config === 'object' ? { settings: request.config } : await loadConfig(request.cwd, request.config);
  const { maxFileSize, reportUnusedSuppressions, ...flags } = request.overrides ?? {};
  const config = resolveScanConfig(loaded, flags);
  if (maxFileSize !== undefined && !(Number.isSafeInteger(maxFileSize) && maxFileSize >= 1))
    throw new InputError(`maxFileSize must be a whole number of bytes, 1 or more, got ${maxFileSize}`);
  return {
    ...config,
    ...(maxFileSize !== undefined ? { maxFileSize } : {}),
    ...(reportUnusedSuppressions !== undefined ? { reportUnusedSuppressions } : {}),
  };
}
