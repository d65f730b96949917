import { loadCatalogue } from './catalogue/load.js';
import { CatalogueError } from './catalogue/errors.js';
import type { Catalogue, CatalogueChanges } from './catalogue/types.js';
import type { Confidence } from './findings/finding.js';
import { formatDay, parseDay, todayUtc, type Day } from './grading/day.js';
import { DEFAULT_IMMINENT_DAYS, DEFAULT_SEVERITIES, GRADES, type Grade, type Severity } from './grading/grade.js';
import { DEFAULT_API_HOSTS } from './url/normalize.js';

/**
 * The settings every engine shares: `settings['sunset-lint']` in ESLint, the config file or the
 * `"sunset-lint"` key of package.json for the scanner.
 */
export interface SunsetSettings {
  /** Grade as of this day (`YYYY-MM-DD`); default: today in UTC. */
  asOf?: string;
  /** End of life within this many days is `imminent`; default 90. */
  imminentDays?: number;
  /** Hosts of the API; a URL to another host is not reported. Default `["api.cloudflare.com"]`. */
  apiHosts?: string[];
  /** Severity per grade; default expired: error, imminent: warn, scheduled: warn. */
  severities?: Partial<Record<Grade, Severity>>;
  /** Findings below this confidence are dropped; default `medium`. */
  minConfidence?: Confidence;
  /** Catalogue additions, end-of-life overrides and disabled entry ids. */
  catalogue?: CatalogueChanges;
}

export interface ResolvedSettings {
  asOf: Day;
  imminentDays: number;
  apiHosts: readonly string[];
  severities: Readonly<Record<Grade, Severity>>;
  minConfidence: Confidence;
  catalogue: Catalogue;
}

const SETTING_KEYS = ['asOf', 'imminentDays', 'apiHosts', 'severities', 'minConfidence', 'catalogue'];
const CATALOGUE_KEYS = ['add', 'eolOverrides', 'disable'];

/** A settings problem; the message names where the settings came from and the key. */
export class SettingsError extends CatalogueError {}

function fail(where: string, key: string, problem: string): never {
  throw new SettingsError(`${where}: '${key}' ${problem}`, where, undefined, key);
}

/** Validates settings (unknown keys are errors) and loads the catalogue with the user's changes. */
export function resolveSettings(
  raw: unknown,
  where = 'settings',
  extra: { extraKeys?: readonly string[] } = {},
): ResolvedSettings {
  const settings = (raw ?? {}) as Record<string, unknown>;
  if (typeof settings !== 'object' || Array.isArray(settings)) fail(where, '(root)', 'must be an object');
  const allowed = [...SETTING_KEYS, ...(extra.extraKeys ?? [])];
  for (const key of Object.keys(settings))
    if (!allowed.includes(key)) fail(where, key, `is not a known setting (known: ${allowed.join(', ')})`);

  let asOf = todayUtc();
  if (settings.asOf !== undefined) {
    const parsed = typeof settings.asOf === 'string' ? parseDay(settings.asOf) : undefined;
    if (!parsed) fail(where, 'asOf', `must be a date written YYYY-MM-DD, got ${JSON.stringify(settings.asOf)}`);
    asOf = parsed;
  }
  const imminentDays = settings.imminentDays ?? DEFAULT_IMMINENT_DAYS;
  if (typeof imminentDays !== 'number' || !Number.isInteger(imminentDays) || imminentDays < 0)
    fail(
      where,
      'imminentDays',
      `must be a whole number of days (0 or more), got ${JSON.stringify(settings.imminentDays)}`,
    );
  const apiHosts = settings.apiHosts ?? DEFAULT_API_HOSTS;
  if (
    !Array.isArray(apiHosts) ||
    apiHosts.length === 0 ||
    !apiHosts.every((host) => typeof host === 'string' && /^[a-z0-9.-]+(:\d+)?$/i.test(host))
  )
    fail(where, 'apiHosts', 'must be a non-empty list of host names (e.g. ["api.cloudflare.com"])');
  const severities = { ...DEFAULT_SEVERITIES };
  if (settings.severities !== undefined) {
    if (typeof settings.severities !== 'object' || settings.severities === null)
      fail(where, 'severities', 'must be an object mapping grades to severities');
    for (const [grade, severity] of Object.entries(settings.severities)) {
      if (!GRADES.includes(grade as Grade))
        fail(where, `severities.${grade}`, `is not a grade (grades: ${GRADES.join(', ')})`);
      if (!['error', 'warn', 'off'].includes(severity as string))
        fail(where, `severities.${grade}`, `must be "error", "warn" or "off", got ${JSON.stringify(severity)}`);
      severities[grade as Grade] = severity as Severity;
    }
  }
  const minConfidence = settings.minConfidence ?? 'medium';
  if (!['high', 'medium', 'low'].includes(minConfidence as string))
    fail(where, 'minConfidence', `must be "high", "medium" or "low", got ${JSON.stringify(minConfidence)}`);

  const changes = settings.catalogue as Record<string, unknown> | undefined;
  if (changes !== undefined) {
    if (typeof changes !== 'object' || changes === null || Array.isArray(changes))
      fail(where, 'catalogue', 'must be an object with add, eolOverrides and/or disable');
    for (const key of Object.keys(changes))
      if (!CATALOGUE_KEYS.includes(key))
        fail(where, `catalogue.${key}`, `is not a known key (known: ${CATALOGUE_KEYS.join(', ')})`);
    if (changes.add !== undefined && !Array.isArray(changes.add))
      fail(where, 'catalogue.add', 'must be a list of catalogue entries');
    if (
      changes.disable !== undefined &&
      (!Array.isArray(changes.disable) || !changes.disable.every((id) => typeof id === 'string'))
    )
      fail(where, 'catalogue.disable', 'must be a list of entry ids');
    if (
      changes.eolOverrides !== undefined &&
      (typeof changes.eolOverrides !== 'object' || changes.eolOverrides === null || Array.isArray(changes.eolOverrides))
    )
      fail(where, 'catalogue.eolOverrides', 'must map entry ids to YYYY-MM-DD dates');
    for (const [id, eol] of Object.entries((changes.eolOverrides as Record<string, unknown> | undefined) ?? {}))
      if (typeof eol !== 'string') fail(where, `catalogue.eolOverrides.${id}`, 'must be a date written YYYY-MM-DD');
  }
  const catalogue = loadCatalogue({
    ...(changes ? { changes: changes as CatalogueChanges } : {}),
    changesSource: where,
  });
  return {
    asOf,
    imminentDays: imminentDays as number,
    apiHosts: apiHosts as string[],
    severities,
    minConfidence: minConfidence as Confidence,
    catalogue,
  };
}

export function describeSettings(settings: ResolvedSettings): { asOf: string; imminentDays: number } {
  return { asOf: formatDay(settings.asOf), imminentDays: settings.imminentDays };
}
