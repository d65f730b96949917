import {
  applySettings,
  CatalogueError,
  extendSettingsSchema,
  settingsValidator,
  type ResolvedSettings,
  type SunsetSettings,
} from '@sunset-lint/core';
import { ConfigError, type LoadedConfig } from './load.js';

const GLOBS = {
  type: 'array',
  items: { type: 'string', pattern: '\\S' },
  errorMessage: 'must be a list of glob patterns (non-empty strings)',
} as const;

/** The scanner's configuration: the settings every engine shares plus which files to scan. */
export const SCANNER_SETTINGS_SCHEMA = extendSettingsSchema({
  include: { ...GLOBS, description: 'Files to scan, replacing the default patterns.' },
  exclude: { ...GLOBS, description: 'Files to leave out, on top of the defaults; "!pattern" takes one back.' },
});

const validateScannerSettings = settingsValidator(SCANNER_SETTINGS_SCHEMA);

/** Command-line values that override the configuration, already checked by the command line. */
export type SettingFlags = Pick<SunsetSettings, 'asOf' | 'imminentDays' | 'minConfidence'>;

export interface ScanConfig {
  settings: ResolvedSettings;
  include?: string[];
  exclude?: string[];
  /** Where the settings came from, for messages. */
  source: string;
}

/**
 * Validates the configuration against the scanner's schema (unknown keys are errors naming the
 * key and the file), applies the flags on top, and loads the catalogue with the user's additions,
 * overrides and disables.
 */
export function resolveScanConfig(loaded: LoadedConfig, flags: SettingFlags = {}): ScanConfig {
  const where = loaded.file ?? 'configuration';
  try {
    const config = validateScannerSettings({ ...loaded.settings, ...flags }, where);
    return {
      settings: applySettings(config, where),
      source: where,
      ...(config.include ? { include: config.include } : {}),
      ...(config.exclude ? { exclude: config.exclude } : {}),
    };
  } catch (error) {
    if (error instanceof CatalogueError) throw new ConfigError(error.message);
    throw error;
  }
}
