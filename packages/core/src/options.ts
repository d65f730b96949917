import { loadCatalogue, unknownCatalogueIds } from './catalogue/load.js';
import type { Catalogue } from './catalogue/types.js';
import type { Confidence } from './findings/finding.js';
import { parseDay, todayUtc, type Day } from './grading/day.js';
import { DEFAULT_IMMINENT_DAYS, DEFAULT_SEVERITIES, type Grade, type Severity } from './grading/grade.js';
import { SETTINGS_SCHEMA, type SunsetSettings } from './settings/schema.js';
import { sunsetSettingsValidator } from './settings/settings-validator.generated.js';
import { SettingsError, settingsValidator } from './settings/validate.js';
import { DEFAULT_API_HOSTS } from './url/normalize.js';

export { SettingsError } from './settings/validate.js';
export type { SunsetSettings } from './settings/schema.js';

export interface ResolvedSettings {
  asOf: Day;
  imminentDays: number;
  apiHosts: readonly string[];
  severities: Readonly<Record<Grade, Severity>>;
  minConfidence: Confidence;
  catalogue: Catalogue;
}

/** Checks settings against the shared schema (unknown keys are errors); see `settingsValidator`. */
export const validateSettings = settingsValidator(SETTINGS_SCHEMA, sunsetSettingsValidator, unknownCatalogueIds);

/** Validates settings and loads the catalogue with the user's changes. */
export function resolveSettings(raw: unknown, where = 'settings'): ResolvedSettings {
  return applySettings(validateSettings(raw ?? {}, where), where);
}

/**
 * Defaults, the calendar check a schema cannot make, and the catalogue with the user's changes,
 * for settings that passed the schema (the shared one or an engine's extension of it).
 */
export function applySettings(settings: SunsetSettings, where: string): ResolvedSettings {
  let asOf = todayUtc();
  if (settings.asOf !== undefined) {
    const day = parseDay(settings.asOf);
    if (!day) {
      const problem = `must be a date written YYYY-MM-DD, got ${JSON.stringify(settings.asOf)}`;
      throw new SettingsError(`${where}: 'asOf' ${problem}`, where, undefined, 'asOf');
    }
    asOf = day;
  }
  const catalogue = loadCatalogue({
    ...(settings.catalogue ? { changes: settings.catalogue } : {}),
    changesSource: where,
  });
  return {
    asOf,
    imminentDays: settings.imminentDays ?? DEFAULT_IMMINENT_DAYS,
    apiHosts: settings.apiHosts ?? DEFAULT_API_HOSTS,
    severities: { ...DEFAULT_SEVERITIES, ...settings.severities },
    minConfidence: settings.minConfidence ?? 'medium',
    catalogue,
  };
}
