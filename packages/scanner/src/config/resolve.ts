import { CatalogueError, CONFIDENCE_RANK, parseDay, resolveSettings, type ResolvedSettings } from '@sunset-lint/core';
import { ConfigError, type LoadedConfig } from './load.js';

/** The scanner's keys on top of the settings every engine shares. */
export const SCANNER_KEYS = ['include', 'exclude'] as const;

/** Command-line values that override the configuration (still strings, as typed). */
export interface SettingFlags {
  asOf?: string;
  imminentDays?: string;
  minConfidence?: string;
}

export interface ScanConfig {
  settings: ResolvedSettings;
  include?: string[];
  exclude?: string[];
  /** Where the settings came from, for messages. */
  source: string;
}

/**
 * Validates the configuration (unknown keys are errors naming the key and the file), applies the
 * flags on top, and loads the catalogue with the user's additions, overrides and disables.
 * Flags are checked on their own first so that a bad flag is not blamed on the config file.
 */
export function resolveScanConfig(loaded: LoadedConfig, flags: SettingFlags = {}): ScanConfig {
  const where = loaded.file ?? 'configuration';
  const raw: Record<string, unknown> = { ...loaded.settings };
  const include = patternList(raw.include, where, 'include');
  const exclude = patternList(raw.exclude, where, 'exclude');
  if (flags.asOf !== undefined) {
    if (!parseDay(flags.asOf)) throw new ConfigError(`--as-of must be a date written YYYY-MM-DD, got '${flags.asOf}'`);
    raw.asOf = flags.asOf;
  }
  if (flags.imminentDays !== undefined) {
    if (!/^\d+$/.test(flags.imminentDays))
      throw new ConfigError(`--imminent-days must be a whole number of days (0 or more), got '${flags.imminentDays}'`);
    raw.imminentDays = Number(flags.imminentDays);
  }
  if (flags.minConfidence !== undefined) {
    if (!(flags.minConfidence in CONFIDENCE_RANK))
      throw new ConfigError(
        `--min-confidence must be one of ${Object.keys(CONFIDENCE_RANK).join(', ')}, got '${flags.minConfidence}'`,
      );
    raw.minConfidence = flags.minConfidence;
  }
  let settings: ResolvedSettings;
  try {
    settings = resolveSettings(raw, where, { extraKeys: SCANNER_KEYS });
  } catch (error) {
    if (error instanceof CatalogueError) throw new ConfigError(error.message);
    throw error;
  }
  return { settings, source: where, ...(include ? { include } : {}), ...(exclude ? { exclude } : {}) };
}

function patternList(value: unknown, where: string, key: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.trim() !== '')) {
    throw new ConfigError(
      `${where}: '${key}' must be a list of glob patterns (non-empty strings), got ${JSON.stringify(value)}`,
    );
  }
  return value as string[];
}
