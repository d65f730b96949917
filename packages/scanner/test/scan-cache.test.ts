/**
 * `--cache`: per-file results by content hash. A re-scan parses only changed files, and because
 * the cross-file pass always runs, a file whose imported constant changed is judged with the new
 * value although its own cache entry is reused.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Finding, resolveSettings } from '@sunset-lint/core';
import { describe, expect, test } from 'vitest';
import { ScanCache } from '../src/scan/cache/cache.js';
import { runScan } from '../src/scan/index.js';
import { makeProject, runCli } from './scan-cli-support.js';

const settings = resolveSettings({ asOf: '2026-11-21' });
const API = 'https://api.cloudflare.com/client/v4';
const files = {
  'src/config.ts': `export const BASE = '${API}';\n`,
  'src/client.ts': `import { BASE } from './config';\nexport const listRules = (zone: string) => fetch(\`\${BASE}/zones/\${zone}/firewall/rules\`);\n`,
  'src/paths.ts': `export const BILLING = '/user/billing/profile';\n`,
  'src/billing.ts': `import { BILLING } from './paths';\nexport const profile = () => fetch('${API}' + BILLING);\n`,
  'src/util.ts': `export const sum = (a: number, b: number) => a + b;\n`,
};
const paths = (root: string) => Object.keys(files).map((file) => join(root, file));
/** runScan returns findings unsorted (the report sorts). */
const sorted = (findings: Finding[]) =>
  [...findings].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const summary = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line} ${f.entryId} ${f.confidence}`).sort();

async function scanWithCache(root: string, minConfidence: 'medium' | 'high' = 'medium') {
  const at = minConfidence === 'medium' ? settings : resolveSettings({ asOf: '2026-11-21', minConfidence });
  const cache = ScanCache.open(join(root, '.sunset-lint-cache'), at);
  const result = await runScan({ cwd: root, files: paths(root), settings: at, cache });
  cache.save();
  return { result, cache };
}

describe('a warm re-scan', () => {
  test('parses only what changed and reports what a cold scan reports', async () => {
    const root = makeProject(files);
    const cold = await scanWithCache(root);
    expect(summary(cold.result.findings)).toEqual([
      'src/client.ts:2 firewall-rules-api high',
      'src/paths.ts:1 billing-profile-and-history high',
    ]);
    const warm = await scanWithCache(root);
    expect(sorted(warm.result.findings)).toEqual(sorted(cold.result.findings));
    expect(warm.result.filesParsed).toBe(0);
    const uncached = await runScan({ cwd: root, files: paths(root), settings });
    expect(sorted(uncached.findings)).toEqual(sorted(cold.result.findings));
  });

  test('a constant changed in one file makes a finding in another disappear and come back', async () => {
    const root = makeProject(files);
    await scanWithCache(root);
    // The base now names another host: the request in client.ts is no API call any more.
    writeFileSync(join(root, 'src/config.ts'), `export const BASE = 'https://example.com/api';\n`);
    const changed = await scanWithCache(root);
    expect(summary(changed.result.findings)).toEqual(['src/paths.ts:1 billing-profile-and-history high']);
    // client.ts came from the cache; config.ts (not analysed on its own) was parsed for its value.
    expect(changed.result.filesParsed).toBe(1);
    writeFileSync(join(root, 'src/config.ts'), files['src/config.ts']);
    const back = await scanWithCache(root);
    expect(summary(back.result.findings)).toContain('src/client.ts:2 firewall-rules-api high');
  });

  test('an edit that keeps the size is seen (the modification time changed)', async () => {
    const root = makeProject(files);
    await scanWithCache(root);
    const same = files['src/paths.ts'].replace('/user/billing/profile', '/user/billing/PROFILE');
    expect(same).toHaveLength(files['src/paths.ts'].length);
    writeFileSync(join(root, 'src/paths.ts'), same);
    const changed = await scanWithCache(root);
    expect(summary(changed.result.findings)).toEqual(['src/client.ts:2 firewall-rules-api high']);
    expect(changed.result.filesParsed).toBe(1);
  });

  test('a path changed where it is written: the finding follows the text', async () => {
    const root = makeProject(files);
    await scanWithCache(root);
    writeFileSync(join(root, 'src/paths.ts'), `export const BILLING = '/user/subscriptions';\n`);
    const changed = await scanWithCache(root);
    expect(summary(changed.result.findings)).toEqual(['src/client.ts:2 firewall-rules-api high']);
  });

  test('other settings use another cache file, and the old one is removed', async () => {
    const root = makeProject(files);
    await scanWithCache(root);
    const before = readdirSync(join(root, '.sunset-lint-cache'));
    const high = await scanWithCache(root, 'high');
    expect(high.result.filesParsed).toBeGreaterThan(0);
    const after = readdirSync(join(root, '.sunset-lint-cache'));
    expect(after).toEqual([expect.stringMatching(/^index-[0-9a-f]+$/), expect.stringMatching(/^scan-[0-9a-f]+\.bin$/)]);
    expect(after).not.toEqual(before);
  });

  test('a damaged cache file is named, ignored and rebuilt', async () => {
    const root = makeProject(files);
    const { result } = await scanWithCache(root);
    const name = readdirSync(join(root, '.sunset-lint-cache')).find((entry) => entry.startsWith('scan-'));
    writeFileSync(join(root, '.sunset-lint-cache', name!), 'not a cache');
    const cache = ScanCache.open(join(root, '.sunset-lint-cache'), settings);
    expect(cache.problem).toMatch(new RegExp(`${name}.*rebuilt`));
    const again = await runScan({ cwd: root, files: paths(root), settings, cache });
    expect(sorted(again.findings)).toEqual(sorted(result.findings));
  });
});

test('a path sent from two files merges into the same finding warm as cold', async () => {
  const root = makeProject({
    'config.ts': `export const MINIFY = '/settings/minify';\n`,
    'a.ts': `import { MINIFY } from './config';\nexport const get = (zone: string) => fetch(\`${API}/zones/\${zone}\${MINIFY}\`);\n`,
    'b.ts': `import { MINIFY } from './config';\nexport const set = (zone: string) => fetch('${API}/zones/' + zone + MINIFY, { method: 'PATCH' });\n`,
  });
  const all = ['a.ts', 'b.ts', 'config.ts'].map((file) => join(root, file));
  const scan = async (cached: boolean) => {
    const cache = cached ? ScanCache.open(join(root, '.sunset-lint-cache'), settings) : undefined;
    const result = await runScan({ cwd: root, files: all, settings, ...(cache ? { cache } : {}) });
    cache?.save();
    return result.findings;
  };
  await scan(true);
  // a.ts changes, b.ts's cross-file matches come from the cache: the merged finding must not change.
  writeFileSync(join(root, 'a.ts'), `${readFileSync(join(root, 'a.ts'), 'utf8')}// edited\n`);
  const warm = await scan(true);
  const cold = await scan(false);
  expect(warm).toHaveLength(1);
  expect(warm).toEqual(cold);
});

describe('sunset-lint scan --cache', () => {
  test('writes .sunset-lint-cache/ (or --cache-location) and reports the same on a warm run', () => {
    const root = makeProject(files);
    const args = ['scan', '--as-of', '2026-11-21', '--format', 'json', '--fail-on', 'none'];
    const plain = runCli(args, { cwd: root });
    const cold = runCli([...args, '--cache'], { cwd: root });
    const warm = runCli([...args, '--cache'], { cwd: root });
    expect(cold.status).toBe(0);
    expect(JSON.parse(cold.stdout).findings).toHaveLength(2);
    expect(cold.stdout).toBe(plain.stdout);
    expect(warm.stdout).toBe(plain.stdout);
    const layout = readdirSync(join(root, '.sunset-lint-cache'));
    expect(layout).toEqual([
      expect.stringMatching(/^index-[0-9a-f]+$/),
      expect.stringMatching(/^scan-[0-9a-f]+\.bin$/),
    ]);
    // One stored index per parsed text (client, billing, paths, and config read for its value).
    expect(readdirSync(join(root, '.sunset-lint-cache', layout[0]!))).toHaveLength(4);
    runCli([...args, '--cache', '--cache-location', 'tmp/lint-cache'], { cwd: root });
    expect(readdirSync(join(root, 'tmp/lint-cache'))).toHaveLength(2);
    expect(existsSync(join(root, '.sunset-lint-cache'))).toBe(true);
    expect(readFileSync(join(root, 'src/util.ts'), 'utf8')).toBe(files['src/util.ts']);
  });
});
