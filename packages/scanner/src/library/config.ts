import { loadConfig, type LoadedConfig } from '../config/load.js';
import { resolveScanConfig, type ScanConfig, type SettingFlags } from '../config/resolve.js';
import type { ScannerSettings } from '../config/settings-schema.js';
import { InputError } from '../errors.js';
import { LANGUAGES, type Language } from '../languages/kinds.js';

/** Settings over the configuration's, as the CLI's flags are over its configuration file. */
export type SettingOverrides = SettingFlags &
  Pick<ScanConfig, 'maxFileSize' | 'reportUnusedSuppressions' | 'languages' | 'failOnDocs'>;

/** The configuration the request names (or the one in `cwd`), with its overrides on top. */
export async function scanConfigFor(request: {
  cwd: string;
  config?: string | ScannerSettings;
  overrides?: SettingOverrides;
}): Promise<ScanConfig> {
  const loaded: LoadedConfig =
    typeof request.config === 'object' ? { settings: request.config } : await loadConfig(request.cwd, request.config);
  const { maxFileSize, reportUnusedSuppressions, languages, failOnDocs, ...flags } = request.overrides ?? {};
  const config = resolveScanConfig(loaded, flags);
  if (maxFileSize !== undefined && !(Number.isSafeInteger(maxFileSize) && maxFileSize >= 1))
    throw new InputError(`maxFileSize must be a whole number of bytes, 1 or more, got ${maxFileSize}`);
  return {
    ...config,
    ...(maxFileSize !== undefined ? { maxFileSize } : {}),
    ...(reportUnusedSuppressions !== undefined ? { reportUnusedSuppressions } : {}),
    ...(languages !== undefined ? { languages: checkedLanguages(languages) } : {}),
    ...(failOnDocs !== undefined ? { failOnDocs } : {}),
  };
}

function checkedLanguages(languages: readonly string[]): Language[] {
  const unknown = languages.filter((language) => !(LANGUAGES as readonly string[]).includes(language));
  if (languages.length === 0 || unknown.length)
    throw new InputError(
      `languages must name one or more of ${LANGUAGES.join(', ')}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
    );
  return [...new Set(languages)] as Language[];
}
