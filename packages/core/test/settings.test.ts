/** The settings schema: its messages, the type derived from it, and the file shipped for editors. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, test } from 'vitest';
import {
  extendSettingsSchema,
  resolveSettings,
  SettingsError,
  settingsJsonSchema,
  settingsValidator,
  type CatalogueChanges,
  type Confidence,
  type Grade,
  type Severity,
  type SunsetSettings,
} from '../src/index.js';
import { createAjv } from '../src/schema/ajv.js';
import { REPO_ROOT } from './support/fixtures.js';

const WHERE = "settings['sunset-lint']";
const CORE = join(REPO_ROOT, 'packages', 'core');

function messageFor(raw: unknown): string {
  try {
    resolveSettings(raw, WHERE);
  } catch (error) {
    if (error instanceof SettingsError) return error.message;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(raw)}`);
}

describe('a wrong type in each key names the key, what it must be and what it got', () => {
  test.each([
    [{ asOf: 20261121 }, "'asOf' must be a date written YYYY-MM-DD, got 20261121"],
    [{ asOf: '2026-02-30' }, '\'asOf\' must be a date written YYYY-MM-DD, got "2026-02-30"'],
    [{ imminentDays: '30' }, '\'imminentDays\' must be a whole number of days (0 or more), got "30"'],
    [{ imminentDays: 1.5 }, "'imminentDays' must be a whole number of days (0 or more), got 1.5"],
    [
      { apiHosts: 'api.example.com' },
      '\'apiHosts\' must be a non-empty list of host names (e.g. ["api.cloudflare.com"]), got "api.example.com"',
    ],
    [
      { apiHosts: ['api.example.com', 'https://api.example.com'] },
      '\'apiHosts\' must be a non-empty list of host names (e.g. ["api.cloudflare.com"]), got ["api.example.com","https://api.example.com"]',
    ],
    [{ severities: 'error' }, '\'severities\' must be an object mapping grades to severities, got "error"'],
    [{ severities: { imminent: 2 } }, '\'severities.imminent\' must be "error", "warn" or "off", got 2'],
    [{ minConfidence: 1 }, '\'minConfidence\' must be "high", "medium" or "low", got 1'],
    [{ catalogue: ['x'] }, '\'catalogue\' must be an object with add, eolOverrides and/or disable, got ["x"]'],
    [{ catalogue: { add: {} } }, "'catalogue.add' must be a list of catalogue entries, got {}"],
    [
      { catalogue: { eolOverrides: ['x'] } },
      '\'catalogue.eolOverrides\' must map entry ids to YYYY-MM-DD dates, got ["x"]',
    ],
    [
      { catalogue: { eolOverrides: { 'firewall-rules-api': 2030 } } },
      "'catalogue.eolOverrides.firewall-rules-api' must be a date written YYYY-MM-DD, got 2030",
    ],
    [
      { catalogue: { disable: 'firewall-rules-api' } },
      '\'catalogue.disable\' must be a list of entry ids, got "firewall-rules-api"',
    ],
    [{ catalogue: { disable: [7] } }, "'catalogue.disable' must be a list of entry ids, got [7]"],
    ['2026-11-21', '\'(root)\' must be an object, got "2026-11-21"'],
  ])('%j', (raw, message) => {
    expect(messageFor(raw)).toBe(`${WHERE}: ${message}`);
  });
});

describe('unknown keys list the known ones', () => {
  test.each([
    [
      { asof: '2026-11-21' },
      "'asof' is not a known setting (known: asOf, imminentDays, apiHosts, severities, minConfidence, catalogue)",
    ],
    [{ catalogue: { overrides: {} } }, "'catalogue.overrides' is not a known key (known: add, eolOverrides, disable)"],
    [{ severities: { expird: 'off' } }, "'severities.expird' is not a grade (grades: expired, imminent, scheduled)"],
  ])('%j', (raw, message) => {
    expect(messageFor(raw)).toBe(`${WHERE}: ${message}`);
  });

  test('one message for several problems: every one, each naming its key', () => {
    expect(messageFor({ asof: '2026-11-21', imminentDays: -1, minConfidence: 'certain' })).toBe(
      [
        `${WHERE}: 3 problems:`,
        "  'asof' is not a known setting (known: asOf, imminentDays, apiHosts, severities, minConfidence, catalogue)",
        "  'imminentDays' must be a whole number of days (0 or more), got -1",
        `  'minConfidence' must be "high", "medium" or "low", got "certain"`,
      ].join('\n'),
    );
  });

  test('the error names the key path for tools', () => {
    const error = (() => {
      try {
        return resolveSettings({ catalogue: { eolOverrides: { x: false } } }, WHERE);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SettingsError);
    expect(error).toMatchObject({ file: WHERE, field: 'catalogue.eolOverrides.x' });
  });

  test("entries in catalogue.add keep the catalogue loader's messages", () => {
    expect(() => resolveSettings({ catalogue: { add: [{ id: 'next-thing', title: 'x' }] } }, WHERE)).toThrow(
      `${WHERE} (add[0]): entry 'next-thing': 6 problems:\n  field 'replacement' is required\n`,
    );
  });
});

describe('an engine extends the schema with its own keys', () => {
  const schema = extendSettingsSchema({
    include: { type: 'array', items: { type: 'string' }, errorMessage: 'must be a list of glob patterns' },
  });
  const validate = settingsValidator(schema);

  test('its keys are checked and typed; the shared ones still are', () => {
    const settings = validate({ include: ['src/**'], minConfidence: 'low' }, 'sunset-lint.config.json');
    expectTypeOf(settings.include).toEqualTypeOf<string[] | undefined>();
    expect(settings.include).toEqual(['src/**']);
    expect(() => validate({ include: 'src/**' }, 'sunset-lint.config.json')).toThrow(
      'sunset-lint.config.json: \'include\' must be a list of glob patterns, got "src/**"',
    );
    expect(() => validate({ includes: [] }, 'sunset-lint.config.json')).toThrow(
      "'includes' is not a known setting (known: asOf, imminentDays, apiHosts, severities, minConfidence, catalogue, include)",
    );
  });
});

test('SunsetSettings, derived from the schema, is the type the engines document', () => {
  expectTypeOf<SunsetSettings>().toEqualTypeOf<{
    asOf?: string;
    imminentDays?: number;
    apiHosts?: string[];
    severities?: Partial<Record<Grade, Severity>>;
    minConfidence?: Confidence;
    catalogue?: CatalogueChanges;
  }>();
});

describe('settings.schema.json, shipped for editors', () => {
  const file = join(CORE, 'settings.schema.json');
  const shipped: unknown = JSON.parse(readFileSync(file, 'utf8'));

  test('is written from the definition (run `pnpm --filter @sunset-lint/core settings-schema` after a change)', () => {
    expect(shipped).toEqual(settingsJsonSchema());
  });

  test('is a schema ajv compiles, accepting full settings and refusing a wrong one', () => {
    const validate = createAjv().compile(settingsJsonSchema());
    const full: SunsetSettings = {
      asOf: '2026-11-21',
      imminentDays: 30,
      apiHosts: ['api.cloudflare.com', 'localhost:8787'],
      severities: { expired: 'error', imminent: 'warn', scheduled: 'off' },
      minConfidence: 'low',
      catalogue: { add: [], eolOverrides: { 'firewall-rules-api': '2030-01-01' }, disable: ['zone-setting-brotli'] },
    };
    expect(validate(full)).toBe(true);
    expect(validate({ ...full, imminentDays: -1 })).toBe(false);
  });

  test('is in the package', () => {
    const manifest: { files: string[]; exports: Record<string, unknown> } = JSON.parse(
      readFileSync(join(CORE, 'package.json'), 'utf8'),
    );
    expect(manifest.files).toContain('settings.schema.json');
    expect(manifest.exports['./settings.schema.json']).toBe('./settings.schema.json');
  });
});
