import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  loadCatalogue,
  RULE_CAPABILITIES,
  RULE_NAMES,
  RULE_TABLE,
  type RuleName,
  type RuleRow,
} from '@sunset-lint/core';
import { ESLint, Linter } from 'eslint';
import { describe, expect, test } from 'vitest';
import plugin, { rules } from '../src/index.js';
import { RULE_DOCS_BASE_URL } from '../src/create-rule.js';
import { lint, REPO_ROOT, userConfig } from './support/lint.js';
import { NEXT_YEAR_ENTRY } from './support/next-year-entry.js';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};
const ruleNames = RULE_NAMES;
const catalogue = loadCatalogue();

describe('the plugin object', () => {
  test('meta names the package and its version', () => {
    expect(plugin.meta).toMatchObject({ name: packageJson.name, version: packageJson.version });
  });

  test('there is a rule for every rule the catalogue names', () => {
    for (const entry of catalogue.entries) expect(ruleNames).toContain(entry.rule);
  });

  test("each rule's meta is its row of the rule table: the capabilities core shapes its findings' fixes by, and its words", () => {
    for (const [name, rule] of Object.entries(rules)) {
      const row: RuleRow = RULE_TABLE[name as RuleName];
      const announced = {
        type: rule.meta.type,
        description: rule.meta.docs.description,
        fixable: rule.meta.fixable !== undefined,
        hasSuggestions: rule.meta.hasSuggestions === true,
      };
      expect(announced, name).toEqual({
        type: row.type,
        description: row.description,
        ...RULE_CAPABILITIES[name as RuleName],
      });
      if (row.fixable) expect(rule.meta.fixable, name).toBe('code');
    }
  });

  test('recommended registers the plugin as sunset-lint and turns every rule on', () => {
    const recommended = plugin.configs.recommended;
    expect(recommended.plugins?.['sunset-lint']).toBe(plugin);
    expect(recommended.rules).toEqual(Object.fromEntries(ruleNames.map((name) => [`sunset-lint/${name}`, 'error'])));
  });

  test('recommended-by-grade: expired as errors, the rest as warnings, each finding once under its one rule name', async () => {
    const settings = { asOf: '2026-11-21', catalogue: { add: [NEXT_YEAR_ENTRY] } };
    const reported = await lint(
      ESLint,
      ['fixtures/fetch/purge-firewall-rules.mjs', 'packages/eslint-plugin/test/support/by-grade-sample.js'],
      userConfig(settings, 'recommended-by-grade'),
    );
    const sample = reported
      .filter((r) => r.file.endsWith('by-grade-sample.js'))
      .map((r) => [r.ruleId, r.severity, r.entryId]);
    expect(sample).toEqual([
      ['sunset-lint/no-deprecated-endpoint', 2, 'firewall-rules-api'],
      ['sunset-lint/no-deprecated-endpoint', 1, 'zone-setting-next'],
    ]);
    expect(
      reported
        .filter((r) => r.file.startsWith('fixtures/'))
        .every((r) => r.severity === 2 && r.ruleId.startsWith('sunset-lint/')),
    ).toBe(true);
  });
});

describe('every place that lists the rules lists exactly the rule table (catalogue/rule-table.ts)', () => {
  const sorted = [...RULE_NAMES].sort();
  const namesIn = (folder: string, suffix: string) =>
    readdirSync(join(REPO_ROOT, folder))
      .filter((file) => file.endsWith(suffix))
      .map((file) => file.slice(0, -suffix.length))
      .sort();

  test("the plugin's rules, in the table's order", () => {
    expect(Object.keys(rules)).toEqual(RULE_NAMES);
  });

  test('a page per rule in docs/rules/ (`pnpm docs` writes a stub for a new rule)', () => {
    expect(namesIn('docs/rules', '.md')).toEqual(sorted);
  });

  test("a RuleTester file per rule in the plugin's test/rules/", () => {
    expect(namesIn('packages/eslint-plugin/test/rules', '.test.ts')).toEqual(sorted);
  });

  test('the `rule` enum of rules/schema.json as committed (`pnpm docs` writes it)', () => {
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'rules', 'schema.json'), 'utf8')) as {
      properties: { rule: { enum: string[] } };
    };
    expect(schema.properties.rule.enum).toEqual(RULE_NAMES);
  });

  test("the README's rules list (`pnpm docs:rules` writes it)", () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^\| \[([a-z0-9-]+)\]\(docs\/rules\/\1\.md\)/gm)].map((m) => m[1]);
    expect(listed).toEqual(sorted);
  });
});

describe.each(ruleNames)('rule %s', (name) => {
  const rule = rules[name];
  const docPath = join(REPO_ROOT, 'docs', 'rules', `${name}.md`);

  test('links to its page in docs/rules/', () => {
    expect(rule.meta.docs?.url).toBe(`${RULE_DOCS_BASE_URL}${name}.md`);
    expect(existsSync(docPath)).toBe(true);
  });

  test('its page lists exactly the catalogue entries it reports', () => {
    const listed = [...readFileSync(docPath, 'utf8').matchAll(/^\| \[`([a-z0-9-]+)`\]/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(
      catalogue.entries
        .filter((entry) => entry.rule === name)
        .map((entry) => entry.id)
        .sort(),
    );
  });
});

test('the configs are plain flat-config objects ESLint accepts', async () => {
  const eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfigFile: true,
    overrideConfig: [plugin.configs.recommended as Linter.Config],
  });
  const [result] = await eslint.lintText("fetch('https://api.cloudflare.com/client/v4/user/billing/history');", {
    filePath: 'billing.js',
  });
  expect(result?.messages.map((m) => m.ruleId)).toEqual(['sunset-lint/no-deprecated-endpoint']);
});

describe('a fix is automatic only on a rule that announces one', () => {
  const entry = (rule: string) => ({
    id: 'pool-legacy-alerts',
    title: 'Pool `legacy_alerts` flag',
    area: 'Load balancing',
    eol: '2026-01-01',
    rule,
    replacement: 'Notification policies',
    docs: 'https://example.com',
    match: {
      fields: [{ path: 'legacy_alerts', context: 'load-balancer-pool', access: ['write'], onWrite: 'fix-remove' }],
    },
  });
  const code = "export const pool = { name: 'eu', origins: [], legacy_alerts: true };";
  const lint = (rule: string) => {
    const linter = new Linter({ configType: 'flat' });
    const config = [
      plugin.configs.recommended as Linter.Config,
      { settings: { 'sunset-lint': { asOf: '2026-11-21', catalogue: { add: [entry(rule)] } } } },
    ];
    return linter.verify(code, config, 'pool.js');
  };

  test.each([
    ['no-deprecated-field', { fix: true, suggestions: 0 }],
    ['no-srv-data-name-fields', { fix: false, suggestions: 1 }],
    ['no-lb-notification-email', { fix: false, suggestions: 0 }],
  ] as const)('%s', (rule, expected) => {
    const [message] = lint(rule);
    expect(message?.ruleId).toBe(`sunset-lint/${rule}`);
    expect({ fix: message?.fix !== undefined, suggestions: message?.suggestions?.length ?? 0 }).toEqual(expected);
  });
});
