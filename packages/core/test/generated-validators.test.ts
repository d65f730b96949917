/**
 * The standalone validators generated from the shipped schemas (scripts/generate-validators.mjs):
 * current with their schemas, used for them, and reporting exactly what ajv reports.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { catalogueEntryValidator } from '../src/catalogue/entry-validator.generated.js';
import { defaultRulesDir, SETTINGS_SCHEMA } from '../src/index.js';
import { compileSchema } from '../src/schema/ajv.js';
import { validatorFor, type GeneratedValidator } from '../src/schema/generated.js';
import { sunsetSettingsValidator } from '../src/settings/settings-validator.generated.js';
import { REPO_ROOT } from './support/fixtures.js';

const ENTRY_SCHEMA: object = JSON.parse(readFileSync(join(defaultRulesDir(), 'schema.json'), 'utf8'));

test('every generated validator is what its schema compiles to today (the check of `pnpm docs:check`)', () => {
  const script = join(REPO_ROOT, 'packages', 'core', 'scripts', 'generate-validators.mjs');
  const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});

const cases: Array<[string, object, GeneratedValidator<unknown>, unknown[]]> = [
  [
    'rules/schema.json',
    ENTRY_SCHEMA,
    catalogueEntryValidator,
    [
      JSON.parse(readFileSync(join(defaultRulesDir(), 'firewall-rules-api.json'), 'utf8')),
      {},
      { id: 'Bad Id', eol: '03/01/2027', severity: 'high', match: {} },
      { id: 'x', match: { endpoints: [{ methods: ['FETCH', 'GET', 'GET'], path: '' }] } },
      'not an entry',
    ],
  ],
  [
    'the settings schema',
    SETTINGS_SCHEMA,
    sunsetSettingsValidator,
    [
      { asOf: '2026-11-21', apiHosts: ['api.cloudflare.com'], severities: { expired: 'warn' } },
      { asof: '2026-01-01', imminentDays: -1.5, apiHosts: [], severities: { soon: 'warn', expired: 'fatal' } },
      { catalogue: { add: 'x', eolOverrides: { a: 'soon' }, disable: [1], remove: [] }, minConfidence: 'certain' },
      [],
    ],
  ],
];

describe.each(cases)('the validator generated from %s', (_name, schema, generated, inputs) => {
  test('is the one used for that schema', () => {
    expect(validatorFor(schema, generated)).toBe(generated.validate);
  });

  test('accepts and refuses what ajv does, with the same errors', () => {
    const ajv = compileSchema(schema);
    for (const input of inputs) {
      expect(generated.validate(input), JSON.stringify(input)).toBe(ajv(input));
      expect(generated.validate.errors ?? null).toEqual(ajv.errors ?? null);
    }
  });
});

test('a schema other than the one generated from is compiled by ajv', () => {
  const stricter = { ...SETTINGS_SCHEMA, required: ['asOf'] };
  const validate = validatorFor(stricter, sunsetSettingsValidator);
  expect(validate).not.toBe(sunsetSettingsValidator.validate);
  expect(validate({})).toBe(false);
  expect(validate.errors?.[0]).toMatchObject({ keyword: 'required', params: { missingProperty: 'asOf' } });
});
