import { SETTINGS_SCHEMA } from '@sunset-lint/core/schedule';
import { scanConfigFor, type SettingOverrides } from '../library/config.js';
import type { ScanConfig } from '../config/resolve.js';
import { dayOption, daysOption, oneOf, type ParsedCommandLine } from './args.js';
import type { CliIo } from './io.js';
import { HELP_OPTION } from './option-table.js';

// The settings part of the command line, apart from the scan itself: `schedule` reads the same
// configuration without loading the scanner and its parser.

/** The options that choose the settings, as `scan` lists them; `baseline`, `fix` and `schedule` take them too. */
export const SETTING_OPTIONS = {
  'as-of': { type: 'string', value: 'YYYY-MM-DD', help: 'grade as of this day (default: today, UTC)' },
  'imminent-days': {
    type: 'string',
    value: 'N',
    help: 'end of life within N days is imminent (default 90)',
  },
  'min-confidence': { type: 'string', value: 'LEVEL', help: 'high | medium | low (default medium)' },
  config: {
    type: 'string',
    value: 'FILE',
    help: 'configuration file (default: sunset-lint.config.{json,mjs,js} or the\n"sunset-lint" key of package.json in the current directory, else the\nnearest folder above it, up to the repository root)',
  },
} as const;

/** How the scanning commands (`scan`, `baseline`, `fix`) talk while they scan. */
export const SCANNING_OPTIONS = {
  quiet: { type: 'boolean', help: 'no progress bar and no notes on stderr' },
  'no-progress': { type: 'boolean', help: 'no progress bar' },
  verbose: {
    type: 'boolean',
    help: 'also say which configuration file applies (or where none was found)\nand report relative imports that name no file',
  },
} as const;

/** Options shared by `scan`, `baseline` and `fix`. */
export const COMMON_OPTIONS = { ...SETTING_OPTIONS, ...SCANNING_OPTIONS, ...HELP_OPTION } as const;

/** The values parseArgs gives for the common options: the settings flags, and those that say how to scan. */
export type CommonValues = ParsedCommandLine<{ options: typeof COMMON_OPTIONS }>['values'];
type SettingValues = Pick<CommonValues, 'config' | 'as-of' | 'imminent-days' | 'min-confidence'>;

const CONFIDENCES = SETTINGS_SCHEMA.properties.minConfidence.enum;

/**
 * The configuration (`--config FILE`, else the one in the working directory) with the flags on
 * top. Flags are checked on their own first so that a bad flag is not blamed on the config file.
 */
export async function configFor(values: SettingValues, io: CliIo, more: SettingOverrides = {}): Promise<ScanConfig> {
  return scanConfigFor({
    cwd: io.cwd,
    ...(values.config !== undefined ? { config: values.config } : {}),
    overrides: { ...settingFlags(values), ...more },
  });
}

/** The settings flags, checked: what `scan` passes to the library as overrides. */
export function settingFlags(values: SettingValues): SettingOverrides {
  const asOf = values['as-of'];
  const imminentDays = values['imminent-days'];
  const minConfidence = values['min-confidence'];
  return {
    ...(asOf !== undefined ? { asOf: dayOption('--as-of', asOf) } : {}),
    ...(imminentDays !== undefined ? { imminentDays: daysOption('--imminent-days', imminentDays) } : {}),
    ...(minConfidence !== undefined ? { minConfidence: oneOf('--min-confidence', minConfidence, CONFIDENCES) } : {}),
  };
}
