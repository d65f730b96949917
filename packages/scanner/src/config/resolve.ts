import type { Language } from '../languages/kinds.js';
import {
  applySettings,
  CatalogueError,
  settingsValidator,
  type ResolvedSettings,
  type SunsetSettings,
  unknownCatalogueIds,
} from '@sunset-lint/core/schedule';
import { ConfigError, type LoadedConfig } from './load.js';
import { SCANNER_SETTINGS_SCHEMA } from './settings-schema.js';
import { scannerSettingsValidator } from './settings-validator.generated.js';

const validateScannerSettings = settingsValidator(
  SCANNER_SETTINGS_SCHEMA,
  scannerSettingsValidator,
  unknownCatalogueIds,
);

/** Command-line values that override the configuration, already checked by the command line. */
export type SettingFlags = Pick<SunsetSettings, 'asOf' | 'imminentDays' | 'minConfidence'>;

export interface ScanConfig {
  settings: ResolvedSettings;
  include?: string[];
  exclude?: string[];
  /** `reportUnusedSuppressions` (default `warn`). */
  reportUnusedSuppressions?: 'off' | 'warn' | 'error';
  /** `maxFileSize` (or `--max-file-size`): larger files are skipped with a diagnostic. */
  maxFileSize?: number;
  /** `languages` (or `--languages`): the languages scanned; all when absent. */
  languages?: Language[];
  /** `failOnDocs` (or `--fail-on-docs`): documentation findings count against `failOn`. */
  failOnDocs?: boolean;
  /** Where the settings came from, for messages. */
  source: string;
  /** No configuration file was found: where the search looked (`--verbose` prints it). */
  notFound?: string;
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
      ...(loaded.notFound !== undefined ? { notFound: loaded.notFound } : {}),
      ...(config.include ? { include: config.include } : {}),
      ...(config.exclude ? { exclude: config.exclude } : {}),
      ...(config.reportUnusedSuppressions ? { reportUnusedSuppressions: config.reportUnusedSuppressions } : {}),
      ...(config.maxFileSize !== undefined ? { maxFileSize: config.maxFileSize } : {}),
      ...(config.languages ? { languages: [...new Set(config.languages)] as Language[] } : {}),
      ...(config.failOnDocs !== undefined ? { failOnDocs: config.failOnDocs } : {}),
    };
  } catch (error) {
    if (error instanceof CatalogueError) throw new ConfigError(error.message);
    throw error;
  }
}
