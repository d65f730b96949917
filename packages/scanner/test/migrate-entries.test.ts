/**
 * The rewrites that are code of their own (packages/scanner/src/migrate/entries/), through the CLI
 * on real files: what each derives from a body written in the code, and the places it leaves for a
 * person with the reason. The fixture pairs (migrate-cli.test.ts) hold one case of each entry; these
 * are the variants.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runMain } from './support/cli-in-process.js';

const AS_OF = '2026-11-21';
const API = "const API = 'https://api.cloudflare.com/client/v4';\n";

/** Migrates one file at --level assisted: its text after, and the summary. */
async function migrated(name: string, text: string): Promise<{ after: string; stdout: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-migrate-entries-'));
  writeFileSync(join(dir, name), text);
  const run = await runMain(['migrate', '--level', 'assisted', '--as-of', AS_OF], { cwd: dir });
  expect(run.status, run.stderr).toBe(0);
  return { after: readFileSync(join(dir, name), 'utf8'), stdout: run.stdout };
}

const firewall = (body: string, extra = '') =>
  `${API}export async function add(zoneId, token${extra}) {\n  await fetch(\`\${API}/zones/\${zoneId}/firewall/rules\`, { method: 'POST', headers: { Authorization: \`Bearer \${token}\` }, body: JSON.stringify(${body}) });\n}\n`;

describe('firewall rules -> WAF custom rules', () => {
  test('bypass becomes skip of the same products, with the phases named for a person; ref carried, paused true is enabled false', async () => {
    const { after } = await migrated(
      'rules.mjs',
      firewall(
        "[{ filter: { expression: 'ip.src in {10.0.0.0/8}' }, action: 'bypass', products: ['waf', 'rateLimit'], paused: true, ref: 'internal' }]",
      ),
    );
    expect(after).toContain(
      "body: JSON.stringify({ expression: 'ip.src in {10.0.0.0/8}', action: 'skip', action_parameters: { products: ['waf', 'rateLimit'] }, enabled: false, ref: 'internal' })",
    );
    expect(after).toContain('rulesets/${customRulesetId}/rules`');
    expect(after).toMatch(
      /\/\/ sunset-lint migrate \(firewall-rules-api\): bypass became skip of the same products; .*phases: \['http_ratelimit', 'http_request_firewall_managed'\]/,
    );
    expect(after).toContain(
      'const customRules = await fetch(`${API}/zones/${zoneId}/rulesets/phases/http_request_firewall_custom/entrypoint`, { headers: { Authorization: `Bearer ${token}` } });',
    );
  });

  test('a rule that names a stored filter, two rules in one request, a computed action: listed for a person with the reason', async () => {
    for (const [body, reason] of [
      ["[{ filter: { id: 'abc' }, action: 'block' }]", 'refers to a stored filter'],
      [
        "[{ filter: { expression: 'true' }, action: 'block' }, { filter: { expression: 'false' }, action: 'log' }]",
        '2 rules in one request',
      ],
      ["[{ filter: { expression: 'true' }, action }]", 'the action is not written literally here'],
    ] as const) {
      const text = firewall(body, body.includes('action }') ? ', action' : '');
      const { after, stdout } = await migrated('rules.mjs', text);
      expect(after).toBe(text);
      expect(stdout).toMatch(new RegExp(`firewall-rules-api: no rewrite derived here \\([^\\n]*${reason}`));
    }
  });

  test('two creates in one block: the entry point is read once, by a person', async () => {
    const text = `${API}export async function add(zoneId) {\n  await fetch(\`\${API}/zones/\${zoneId}/firewall/rules\`, { method: 'POST', body: JSON.stringify([{ filter: { expression: 'true' }, action: 'block' }]) });\n  await fetch(\`\${API}/zones/\${zoneId}/firewall/rules\`, { method: 'POST', body: JSON.stringify([{ filter: { expression: 'false' }, action: 'block' }]) });\n}\n`;
    const { after, stdout } = await migrated('rules.mjs', text);
    expect(after).toBe(text);
    expect(stdout).toContain('several requests to `firewall/rules` in one block');
  });
});

describe('legacy rate limits -> rate limiting rules', () => {
  test('a challenge takes timeout 0; the period is rounded and said; methods _ALL_ and both schemes add nothing', async () => {
    const text = `${API}export async function limit(zoneId) {\n  await fetch(\`\${API}/zones/\${zoneId}/rate_limits\`, { method: 'POST', body: JSON.stringify({ threshold: 100, period: 50, match: { request: { url: 'example.com/api/v1/*', methods: ['_ALL_'], schemes: ['HTTP', 'HTTPS'] } }, action: { mode: 'managed_challenge', response: { body: 'slow down' } } }) });\n}\n`;
    const { after } = await migrated('limits.mjs', text);
    expect(after).toContain(
      "body: JSON.stringify({ expression: '(http.host eq \"example.com\" and starts_with(http.request.uri.path, \"/api/v1/\"))', action: 'managed_challenge', ratelimit: { characteristics: ['cf.colo.id', 'ip.src'], period: 60, requests_per_period: 100, mitigation_timeout: 0 }, enabled: true })",
    );
    expect(after).toMatch(/period 50 -> 60 s \(the nearest allowed; the rate changes/);
    expect(after).toContain('not carried: action.response');
  });

  test('a URL pattern with a wildcard inside the path is listed for a person', async () => {
    const text = `${API}export async function limit(zoneId) {\n  await fetch(\`\${API}/zones/\${zoneId}/rate_limits\`, { method: 'POST', body: JSON.stringify({ threshold: 5, period: 60, match: { request: { url: 'example.com/*/login' } }, action: { mode: 'ban', timeout: 60 } }) });\n}\n`;
    const { after, stdout } = await migrated('limits.mjs', text);
    expect(after).toBe(text);
    expect(stdout).toContain(
      'rate-limiting-legacy: no rewrite derived here (the URL pattern has a wildcard inside the host or path',
    );
  });
});

describe('Mobile Redirect -> a Single Redirects rule', () => {
  test('strip_uri drops the path and the query string; turning it off is listed for a person', async () => {
    const on = `${API}export async function on(zoneId) {\n  await fetch(\`\${API}/zones/\${zoneId}/settings/mobile_redirect\`, { method: 'PATCH', body: JSON.stringify({ value: { status: 'on', mobile_subdomain: 'mobile', strip_uri: true } }) });\n}\n`;
    const { after } = await migrated('redirect.mjs', on);
    expect(after).toContain("method: 'POST'");
    expect(after).toContain(
      'target_url: { expression: \'concat("https://mobile.", http.host)\' }, preserve_query_string: false',
    );
    const off = on.replace("status: 'on'", "status: 'off'");
    const left = await migrated('redirect.mjs', off);
    expect(left.after).toBe(off);
    expect(left.stdout).toContain('the call turns the redirect off');
  });
});

describe('Access bookmarks -> applications of type bookmark', () => {
  test("an update keeps its id and gains type: 'bookmark' on a line of its own; a body that has a type keeps it", async () => {
    const put = `${API}export async function rename(accountId, id, name) {\n  await fetch(\`\${API}/accounts/\${accountId}/access/bookmarks/\${id}\`, {\n    method: 'PUT',\n    body: JSON.stringify({\n      name,\n      domain: 'wiki.example.com',\n    }),\n  });\n}\n`;
    const { after } = await migrated('bookmarks.mjs', put);
    expect(after).toContain(
      "access/apps/${id}`, {\n    method: 'PUT',\n    body: JSON.stringify({\n      type: 'bookmark',\n      name,\n",
    );
    expect(after).toContain("the path takes the application's id (find it in GET .../access/apps, type 'bookmark')");
    const typed = put.replace('      name,\n', "      name,\n      type: 'bookmark',\n");
    const kept = await migrated('bookmarks.mjs', typed);
    expect(kept.after.match(/type: 'bookmark'/g)).toHaveLength(1);
    expect(kept.after).toContain('access/apps/${id}');
  });
});

describe('manual entries: the replacement written out at the place', () => {
  test('a legacy WAF package: the reference client call with the sensitivity and action-mode mapping', async () => {
    const text = `${API}export async function tune(zone, id) {\n  await fetch(\`\${API}/zones/\${zone}/firewall/waf/packages/\${id}\`, { method: 'PATCH', body: JSON.stringify({ sensitivity: 'low', action_mode: 'simulate' }) });\n}\n`;
    const { after, stdout } = await migrated('waf.mjs', text);
    expect(after).toBe(text);
    expect(stdout).toContain(
      "applyManagedRulesetChange(client, { accountId, zoneId: zone }, { paranoiaLevel: 1, scoreThreshold: 60, action: 'log' }, { deploy: true }) (sensitivity low -> score threshold 60, action_mode simulate -> log;",
    );
  });

  test('zone analytics over a day: the hourly GraphQL node, the same zone and range; colos by colo code', async () => {
    const text = `${API}export async function day(zoneId) {\n  return fetch(\`\${API}/zones/\${zoneId}/analytics/dashboard?since=-1440\`);\n}\nexport async function colos(zoneId) {\n  return fetch(\`\${API}/zones/\${zoneId}/analytics/colos?since=-60\`);\n}\n`;
    const { stdout } = await migrated('analytics.mjs', text);
    expect(stdout).toContain(
      'httpRequests1hGroups(limit: 10000, filter: { datetime_geq: $since, datetime_lt: $until })',
    );
    expect(stdout).toContain(
      'variables: { zoneTag: zoneId, since: <1440 minutes before now, as a time>, until: <now, as a time> }',
    );
    expect(stdout).toContain('dimensions { coloCode }');
  });
});

describe('axios and got requests, updates and deletes by id', () => {
  const axiosFile = (call: string) =>
    `import axios from 'axios';\n${API}export async function run(zoneId, id) {\n  ${call}\n}\n`;

  test('api.request({ method, url, data }) on an instance: the entry point is read with the instance, the method becomes post in its case', async () => {
    const text = `import axios from 'axios';\nconst api = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4' });\nexport async function add(zoneId) {\n  await api.request({ method: 'post', url: \`/zones/\${zoneId}/firewall/rules\`, data: { filter: { expression: 'true' }, action: 'log' } });\n}\n`;
    const { after } = await migrated('rules.mjs', text);
    expect(after).toContain(
      'const customRules = await api.get(`/zones/${zoneId}/rulesets/phases/http_request_firewall_custom/entrypoint`);\n  const customRulesetId = customRules.data.result.id;\n',
    );
    expect(after).toContain(
      "await api.request({ method: 'post', url: `/zones/${zoneId}/rulesets/${customRulesetId}/rules`, data: { expression: 'true', action: 'log', enabled: true } });",
    );
  });

  test('a PATCH of one firewall rule by id becomes the PATCH of the rule, the id mapping said in the comment', async () => {
    const { after } = await migrated(
      'rules.mjs',
      axiosFile(
        "await axios.patch(`${API}/zones/${zoneId}/firewall/rules/${id}`, { filter: { expression: 'true' }, action: 'allow', paused: false });",
      ),
    );
    expect(after).toContain(
      "await axios.patch(`${API}/zones/${zoneId}/rulesets/${customRulesetId}/rules/${id}`, { expression: 'true', action: 'skip', action_parameters: { ruleset: 'current' }, enabled: true });",
    );
    expect(after).toMatch(
      /\/\/ sunset-lint migrate \(firewall-rules-api\): allow became skip .*; id names the firewall rule: the rule that replaces it has an id of its own; map it to that rule's id/,
    );
    expect(after).not.toContain('(a 404)');
  });

  test('what is left for a person: a bulk update, a read by id, a partial update, a body sent as text through got, another client', async () => {
    for (const [call, reason] of [
      [
        "await axios.put(`${API}/zones/${zoneId}/firewall/rules`, [{ id, filter: { expression: 'true' }, action: 'block' }]);",
        'a PUT request: only the POST that creates one',
      ],
      ['await axios.get(`${API}/zones/${zoneId}/rate_limits/${id}`);', 'a GET request of one by id'],
      [
        'await axios.patch(`${API}/zones/${zoneId}/firewall/rules/${id}`, { paused: true });',
        'an update that does not send a whole rule the rewrite translates (the rule refers to a stored filter',
      ],
    ] as const) {
      const text = axiosFile(call);
      const { after, stdout } = await migrated('rules.mjs', text);
      expect(after).toBe(text);
      expect(stdout).toContain(reason);
    }
    const gotText = `import got from 'got';\n${API}export async function add(zoneId) {\n  await got.post(\`\${API}/zones/\${zoneId}/firewall/rules\`, { body: '[{"filter":{"expression":"true"},"action":"block"}]' });\n}\n`;
    const left = await migrated('rules.mjs', gotText);
    expect(left.after).toBe(gotText);
    expect(left.stdout).toContain(
      'the body is not `json: …` (or `JSON.stringify(…)`) of a value written at the request',
    );
    const kyText = `import ky from 'ky';\n${API}export async function add(zoneId) {\n  await ky.post(\`\${API}/zones/\${zoneId}/firewall/rules\`, { json: [{ filter: { expression: 'true' }, action: 'block' }] });\n}\n`;
    const ky = await migrated('rules.mjs', kyText);
    expect(ky.after).toBe(kyText);
    expect(ky.stdout).toContain('not a request written here through fetch, axios or got');
  });
});
