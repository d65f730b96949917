import type { FromSchema, SchemaNode } from '../schema/from-schema.js';

/*
 * The settings every engine shares, defined once: ajv checks them with this schema, the
 * `SunsetSettings` type is derived from it, and `settings.schema.json` (shipped with the package
 * for editors) is written from it by scripts/write-settings-schema.mjs.
 */

const DAY = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  errorMessage: 'must be a date written YYYY-MM-DD',
} as const;

const SEVERITY = { type: 'string', enum: ['error', 'warn', 'off'] } as const;

export const SETTINGS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  errorMessage: 'must be an object',
  properties: {
    asOf: { ...DAY, description: 'Grade as of this day (YYYY-MM-DD); default: today in UTC.' },
    imminentDays: {
      type: 'integer',
      minimum: 0,
      errorMessage: 'must be a whole number of days (0 or more)',
      description: 'End of life within this many days is imminent; default 90.',
    },
    apiHosts: {
      type: 'array',
      minItems: 1,
      items: { type: 'string', pattern: '^[A-Za-z0-9.-]+(:[0-9]+)?$' },
      errorMessage: 'must be a non-empty list of host names (e.g. ["api.cloudflare.com"])',
      description: 'Hosts of the API; a URL to another host is not reported. Default ["api.cloudflare.com"].',
    },
    severities: {
      type: 'object',
      properties: { expired: SEVERITY, imminent: SEVERITY, scheduled: SEVERITY },
      propertyNames: {
        enum: ['expired', 'imminent', 'scheduled'],
        errorMessage: 'is not a grade (grades: expired, imminent, scheduled)',
      },
      errorMessage: 'must be an object mapping grades to severities',
      description: 'Severity per grade; default expired: error, imminent: warn, scheduled: warn.',
    },
    minConfidence: {
      type: 'string',
      enum: ['high', 'medium', 'low'],
      description: 'Findings below this confidence are dropped; default medium.',
    },
    catalogue: {
      type: 'object',
      additionalProperties: false,
      errorMessage: 'must be an object with add, eolOverrides and/or disable',
      description: 'Catalogue additions, end-of-life overrides and disabled entry ids.',
      properties: {
        add: {
          type: 'array',
          // Each entry is checked by the catalogue loader against rules/schema.json, whose
          // messages name the entry (`add[0]`) and its field.
          items: { description: 'A catalogue entry, in the schema of rules/schema.json.' },
          errorMessage: 'must be a list of catalogue entries',
          description: 'New entries, in the same schema as rules/*.json.',
        },
        eolOverrides: {
          type: 'object',
          additionalProperties: DAY,
          errorMessage: 'must map entry ids to YYYY-MM-DD dates',
          description: 'Entry id -> replacement end-of-life date (YYYY-MM-DD).',
        },
        disable: {
          type: 'array',
          items: { type: 'string' },
          errorMessage: 'must be a list of entry ids',
          description: 'Entry ids to switch off.',
        },
      },
    },
  },
} as const satisfies SchemaNode;

/**
 * The settings every engine shares: `settings['sunset-lint']` in ESLint, the config file or the
 * `"sunset-lint"` key of package.json for the scanner.
 */
export type SunsetSettings = FromSchema<typeof SETTINGS_SCHEMA>;

/** An engine's settings: the shared ones plus its own keys (the scanner's `include`, `exclude`). */
export function extendSettingsSchema<const P extends Readonly<Record<string, SchemaNode>>>(properties: P) {
  return { ...SETTINGS_SCHEMA, properties: { ...SETTINGS_SCHEMA.properties, ...properties } };
}

/** The document shipped as `settings.schema.json`, for editors (`"$schema"`). */
export function settingsJsonSchema(): object {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://sunset-lint.dev/schema/settings.json',
    title: 'sunset-lint settings',
    description:
      "The settings every sunset-lint engine shares: settings['sunset-lint'] in ESLint, " +
      'sunset-lint.config.json or the "sunset-lint" key of package.json for the scanner ' +
      '(which also takes include and exclude).',
    ...SETTINGS_SCHEMA,
  };
}
