/**
 * The SDK rewrites of `sunset-lint migrate --level assisted` (packages/scanner/src/migrate/entries/sdk-*.ts),
 * through the CLI on real files: the variants the fixture pairs (fixtures/migrate/<entry>/before.sdk.ts,
 * run by migrate-cli.test.ts) do not hold, the places left for a person with their reason, and the
 * class `scan --format json` gives each place, which agrees with what `migrate` does there.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { runMain } from './support/cli-in-process.js';

const AS_OF = '2026-11-21';
const PAIRS = join(REPO_ROOT, 'fixtures', 'migrate');

async function cli(dir: string, ...args: string[]) {
  const run = await runMain([...args, '--as-of', AS_OF], { cwd: dir });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/** Migrates one file at --level assisted: its text after, and the summary. */
async function migrated(name: string, text: string): Promise<{ after: string; stdout: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-migrate-sdk-'));
  writeFileSync(join(dir, name), text);
  const stdout = await cli(dir, 'migrate', '--level', 'assisted');
  return { after: readFileSync(join(dir, name), 'utf8'), stdout, dir };
}

const HEAD = 'import Cloudflare from "cloudflare"\nconst cf = new Cloudflare()\n';

describe('client.firewall.rules and client.rateLimits -> rules of the phase entry point', () => {
  test("a create in a file of double quotes without semicolons: the API's string action and top-level keys, allow -> skip, paused -> enabled, priority said", async () => {
    const { after, stdout } = await migrated(
      'rules.mjs',
      `${HEAD}export async function allowOffice(zoneId, paused) {\n  await cf.firewall.rules.create({ zone_id: zoneId, filter: { expression: "ip.src eq 198.51.100.7" }, action: "allow", description: "Office", paused, priority: 5 })\n}\n`,
    );
    expect(stdout).toMatch(/^Migrated 1 place in 1 file:/);
    expect(after).toContain(
      '  const customRules = await cf.rulesets.phases.get("http_request_firewall_custom", { zone_id: zoneId })\n' +
        '  await cf.rulesets.rules.create(customRules.id, { zone_id: zoneId, description: "Office", expression: "ip.src eq 198.51.100.7", action: "skip", action_parameters: { ruleset: "current" }, enabled: !paused })\n}\n',
    );
    expect(after).toMatch(
      /\/\/ sunset-lint migrate \(firewall-rules-api\): allow became skip .*; priority 5 is not carried: .*rulesets\.rules\.create adds the rule last/,
    );
    expect(after).toContain(
      'create it: cf.rulesets.phases.update("http_request_firewall_custom", { zone_id: zoneId, rules: [rule] })',
    );
  });

  test('a create that is not awaited, a name already used, params not written at the call, a stored filter, a wildcard inside the path: listed for a person with the reason', async () => {
    for (const [call, reason] of [
      [
        "return cf.firewall.rules.create({ zone_id: zoneId, filter: { expression: 'true' }, action: { mode: 'ban' } })",
        'the call is not awaited',
      ],
      [
        "const customRules = 1\n  await cf.firewall.rules.create({ zone_id: zoneId, filter: { expression: 'true' }, action: { mode: 'ban' } })",
        'the name `customRules` is already used here',
      ],
      ['await cf.rateLimits.create(params)', 'the params are not one object literal written at the call'],
      ["await cf.firewall.rules.create({ zone_id: zoneId, filter: { id: 'f1' }, action: 'block' })", 'stored filter'],
      [
        "await cf.rateLimits.create({ zone_id: zoneId, threshold: 5, period: 60, match: { request: { url: 'example.com/a*b' } }, action: { mode: 'ban' } })",
        'the URL pattern has a wildcard inside the host or path',
      ],
    ] as const) {
      const text = `${HEAD}export async function add(zoneId, params) {\n  ${call}\n}\n`;
      const { after, stdout } = await migrated('rules.mjs', text);
      expect(after).toBe(text);
      expect(stdout).toMatch(new RegExp(`: no rewrite derived here \\([^\\n]*${reason.replace(/[()`]/g, '\\$&')}`));
    }
  });

  test('a list in a for await, a get and a filters call: the replacement written out once, then listed for a person', async () => {
    const text = `${HEAD}export async function audit(zoneId, id) {\n  for await (const rule of cf.firewall.rules.list({ zone_id: zoneId, page: 2 })) console.log(rule)\n  const one = await cf.rateLimits.get(id, { zone_id: zoneId })\n  const filters = await cf.filters.list({ zone_id: zoneId })\n  return [one, filters]\n}\n`;
    const { after, stdout, dir } = await migrated('audit.mjs', text);
    expect(stdout).toMatch(/^Migrated 2 places in 1 file:/);
    expect(after).toContain(
      '  // sunset-lint migrate (firewall-rules-api): firewall.rules.list has no exact replacement: (await cf.rulesets.phases.get("http_request_firewall_custom", { zone_id: zoneId })).rules; one list, no pages (page dropped), of rules of the ruleset engine (expression, action, enabled) rather than firewall rules, with ids of their own\n  for await (const rule of cf.firewall.rules.list({ zone_id: zoneId, page: 2 })) console.log(rule)\n',
    );
    expect(after).toContain(
      '  // sunset-lint migrate (rate-limiting-legacy): rateLimits.get has no exact replacement: (await cf.rulesets.phases.get("http_ratelimit", { zone_id: zoneId })).rules.find((rule) => rule.id === <the rule\'s id>); rate limit ids such as id do not carry over',
    );
    expect(stdout).toMatch(/firewall-rules-api: no rewrite derived here \(filters\.list has no replacement call: /);
    // The calls themselves are unchanged: only the comments were written.
    expect(after.replace(/^ *\/\/ sunset-lint migrate .*\n/gm, '')).toBe(text);
    // A second run writes nothing and lists both places with the comment already there.
    const again = await cli(dir, 'migrate', '--level', 'assisted');
    expect(again).toMatch(/^Nothing to migrate\.$/m);
    expect(readFileSync(join(dir, 'audit.mjs'), 'utf8')).toBe(after);
    expect(again.match(/: the replacement is written in the comment above \(/g)).toHaveLength(2);
  });
});

describe('client.zeroTrust.access.bookmarks -> client.zeroTrust.access.applications', () => {
  test("a create whose fields are the params' body (untyped code), one without fields, a list in a for await", async () => {
    const { after } = await migrated(
      'bookmarks.mjs',
      `${HEAD}export async function sync(accountId, id) {\n  await cf.zeroTrust.access.bookmarks.create(id, { account_id: accountId, body: { name: "Wiki", domain: "wiki.example.com", hidden: true } })\n  await cf.zeroTrust.access.bookmarks.create(id, { account_id: accountId })\n  for await (const b of cf.zeroTrust.access.bookmarks.list({ account_id: accountId })) console.log(b)\n}\n`,
    );
    expect(after).toContain(
      'await cf.zeroTrust.access.applications.create({ account_id: accountId, type: "bookmark", name: "Wiki", domain: "wiki.example.com" })\n',
    );
    expect(after).toMatch(
      /\/\/ sunset-lint migrate \(access-bookmark-applications\): mapped: name, domain to the application of type 'bookmark'; not carried \(a bookmark application has no such field\): hidden; the server assigns the application's id/,
    );
    expect(after).toContain(
      "the call sends no field: add the bookmark's name and domain; the server assigns the application's id (the answer's id): store it where the bookmark id (id) was used\n  await cf.zeroTrust.access.applications.create({ account_id: accountId, type: \"bookmark\" })\n",
    );
    expect(after).toContain(
      'for await (const b of cf.zeroTrust.access.applications.list({ account_id: accountId })) console.log(b)',
    );
    expect(after).not.toContain('access.bookmarks.');
  });

  test('fields the call does not write: listed for a person', async () => {
    const text = `${HEAD}export async function add(accountId, id, spec) {\n  await cf.zeroTrust.access.bookmarks.update(id, { account_id: accountId, body: spec })\n}\n`;
    const { after, stdout } = await migrated('bookmarks.mjs', text);
    expect(after).toBe(text);
    expect(stdout).toMatch(/no rewrite derived here \(the bookmark's fields are not written at the call/);
  });
});

describe("each SDK place's class in scan --format json agrees with what migrate does there", () => {
  test.each(['access-bookmark-applications', 'firewall-rules-api', 'rate-limiting-legacy'])(
    '%s/before.sdk.ts: every place is assisted; migrate at the default level points to --level assisted there',
    async (id) => {
      const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-migrate-sdk-class-'));
      cpSync(join(PAIRS, id, 'before.sdk.ts'), join(dir, 'before.sdk.ts'));
      const report = JSON.parse(await cli(dir, 'scan', '--format', 'json', '--fail-on', 'none')) as {
        findings: Array<{ line: number; column: number; migration?: string }>;
      };
      expect(report.findings.length).toBeGreaterThan(0);
      expect(new Set(report.findings.map((f) => f.migration))).toEqual(new Set(['assisted']));
      const stdout = await cli(dir, 'migrate');
      expect(stdout).toMatch(/^Nothing to migrate\.$/m);
      for (const finding of report.findings)
        expect(stdout).toMatch(
          new RegExp(
            `before\\.sdk\\.ts:${finding.line}:${finding.column} {2}${id}: assisted migration: run with --level assisted to `,
          ),
        );
    },
  );
});
