import { SETTINGS_SCHEMA } from '@sunset-lint/core/schedule';
import { BaselineError } from '../baseline/baseline.js';
import { ConfigError, loadConfig } from '../config/load.js';
import { resolveScanConfig, type ScanConfig, type SettingFlags } from '../config/resolve.js';
import { dayOption, daysOption, oneOf, type ParsedCommandLine } from './args.js';
import { UsageError, type CliIo } from './io.js';

// The settings part of the command line, apart from the scan itself: `schedule` reads the same
// configuration without loading the scanner and its parser.

/** Options shared by `scan`, `baseline` and `fix` (the latter two have no --format/--fail-on/--baseline). */
export const COMMON_OPTIONS = {
  'as-of': { type: 'string' },
  'imminent-days': { type: 'string' },
  'min-confidence': { type: 'string' },
  config: { type: 'string' },
  quiet: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The values parseArgs gives for the common options: the settings flags, and those that say how to scan. */
export type CommonValues = ParsedCommandLine<{ options: typeof COMMON_OPTIONS }>['values'];
type SettingValues = Pick<CommonValues, 'config' | 'as-of' | 'imminent-days' | 'min-confidence'>;

const CONFIDENCES = SETTINGS_SCHEMA.properties.minConfidence.enum;

export async function configFor(values: SettingValues, io: CliIo): Promise<ScanConfig> {
  const flags = settingFlags(values);
  return withUsageErrors(async () => resolveScanConfig(await loadConfig(io.cwd, values.config), flags));
}

function settingFlags(values: SettingValues): SettingFlags {
  const asOf = values['as-of'];
  const imminentDays = values['imminent-days'];
  const minConfidence = values['min-confidence'];
  return {
    ...(asOf !== undefined ? { asOf: dayOption('--as-of', asOf) } : {}),
    ...(imminentDays !== undefined ? { imminentDays: daysOption('--imminent-days', imminentDays) } : {}),
    ...(minConfidence !== undefined ? { minConfidence: oneOf('--min-confidence', minConfidence, CONFIDENCES) } : {}),
  };
}

/** Configuration and baseline problems are usage errors (exit 2), with the message naming the file and key. */
export async function withUsageErrors<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BaselineError) throw new UsageError(error.message);
    throw error;
  }
}
