import { extendSettingsSchema, type FromSchema } from '@sunset-lint/core/schedule';

/*
 * On its own, without the code that checks it: @sunset-lint/core's scripts/generate-validators.mjs
 * compiles it to settings-validator.generated.ts (`pnpm docs`).
 */

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

export type ScannerSettings = FromSchema<typeof SCANNER_SETTINGS_SCHEMA>;
