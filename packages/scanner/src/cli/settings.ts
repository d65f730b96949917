import { resolveSettings, type ResolvedSettings } from '@sunset-lint/core';
import { UsageError } from './io.js';

export interface SettingsFlags {
  asOf?: string;
  imminentDays?: string;
}

/** Settings from a config object with command-line flags on top; problems are usage errors (exit 2). */
export function settingsWithFlags(fromConfig: Record<string, unknown>, where: string, flags: SettingsFlags): ResolvedSettings {
  const merged: Record<string, unknown> = { ...fromConfig };
  if (flags.asOf !== undefined) merged.asOf = flags.asOf;
  if (flags.imminentDays !== undefined) {
    if (!/^\d+$/.test(flags.imminentDays)) throw new UsageError(`--imminent-days must be a whole number of days, got '${flags.imminentDays}'`);
    merged.imminentDays = Number(flags.imminentDays);
  }
  try {
    return resolveSettings(merged, where);
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^command line: 'asOf'/, "--as-of"));
  }
}
