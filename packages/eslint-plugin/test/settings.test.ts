import { ESLint, Linter } from 'eslint';
import { describe, expect, test } from 'vitest';
import plugin from '../src/index.js';
import { AS_OF } from './support/rule-tester.js';
import { lint, userConfig } from './support/lint.js';

/** Lints one line with every rule under these shared settings. */
function verify(settings: unknown, code = "fetch('https://api.cloudflare.com/client/v4/zones/z/firewall/rules');") {
  const linter = new Linter({ configType: 'flat' });
  return linter.verify(
    code,
    [plugin.configs.recommended as Linter.Config, { settings: { 'sunset-lint': settings } }],
    'client.js',
  );
}

describe("settings['sunset-lint'] problems are errors that name the key or id", () => {
  test.each([
    [{ asOf: AS_OF, imminentDay: 30 }, /ESLint settings\['sunset-lint'\]: 'imminentDay' is not a known setting/],
    [{ asOf: '21/11/2026' }, /'asOf' must be a date written YYYY-MM-DD/],
    [{ severities: { expired: 'fatal' } }, /'severities\.expired' must be "error", "warn" or "off"/],
    [
      { catalogue: { disable: ['firewall-rule-api'] } },
      /unknown catalogue entry id 'firewall-rule-api' \(did you mean 'firewall-rules-api'\?\)/,
    ],
    [{ catalogue: { eolOverrides: { 'no-such-entry': '2027-01-01' } } }, /unknown catalogue entry id 'no-such-entry'/],
    [{ catalogue: { add: [{ id: 'next-thing', title: 'x' }] } }, /add\[0\].*next-thing/],
    [{ catalogue: { remove: [] } }, /'catalogue\.remove' is not a known key/],
  ])('%j', (settings, message) => {
    expect(() => verify(settings)).toThrow(message);
  });

  test('every problem at once: the schema problems, then each unknown id', () => {
    expect(() => verify({ imminentDays: -1, catalogue: { disable: ['no-such-id', 'firewall-rule-api'] } })).toThrow(
      [
        "ESLint settings['sunset-lint']: 3 problems:",
        "  'imminentDays' must be a whole number of days (0 or more), got -1",
        "  'catalogue.disable[0]' unknown catalogue entry id 'no-such-id'",
        "  'catalogue.disable[1]' unknown catalogue entry id 'firewall-rule-api' (did you mean 'firewall-rules-api'?)",
      ].join('\n'),
    );
    expect(() => verify({ catalogue: { disable: ['no-such-id', 'nor-this-one'] } })).toThrow(
      /'catalogue\.disable\[0\]' unknown catalogue entry id 'no-such-id'\n {2}'catalogue\.disable\[1\]' unknown catalogue entry id 'nor-this-one'/,
    );
  });

  test('ESLint adds the file and the rule that was loading', async () => {
    const error = await lint(
      ESLint,
      ['fixtures/fetch/purge-firewall-rules.mjs'],
      userConfig({ asOf: AS_OF, catalogue: { disable: ['nope'] } }),
    ).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^ESLint settings\['sunset-lint'\] \(disable\): unknown catalogue entry id 'nope'\nOccurred while linting .*purge-firewall-rules\.mjs:1\nRule: "sunset-lint\/[a-z0-9-]+"$/,
    );
  });

  test('a rule option outside the schema is a configuration error', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = [
      {
        plugins: { 'sunset-lint': plugin },
        rules: { 'sunset-lint/no-deprecated-endpoint': ['error', { grades: ['soon'] }] },
      },
    ] as Linter.Config[];
    expect(() => linter.verify('x', config, 'a.js')).toThrow(
      /"sunset-lint\/no-deprecated-endpoint":\s+Value "soon" should be equal to one of the allowed values/,
    );
  });
});

describe('valid settings', () => {
  test('no settings at all grade as of today', () => {
    expect(verify(undefined).map((m) => m.ruleId)).toEqual(['sunset-lint/no-deprecated-endpoint']);
  });

  test("severities 'off' drops a grade; minConfidence 'low' adds weak findings", () => {
    expect(verify({ asOf: AS_OF, severities: { expired: 'off' } })).toEqual([]);
    const registrar = 'export const lock = { locked: true, auto_renew: true };';
    expect(verify({ asOf: AS_OF }, registrar)).toEqual([]);
    expect(verify({ asOf: AS_OF, minConfidence: 'low' }, registrar).map((m) => m.ruleId)).toEqual([
      'sunset-lint/no-dns-record-locked',
    ]);
  });

  test('asOf moves grades: before the end of life a finding says when it ends', () => {
    const [message] = verify({ asOf: '2024-12-20', imminentDays: 60 });
    expect(message?.message).toMatch(/reaches end of life on 2025-01-15 \(ends in 26 days\)/);
  });
});
