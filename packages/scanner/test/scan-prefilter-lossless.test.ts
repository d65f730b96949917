/**
 * The scan parses only files whose text may match (parse-plan.ts): the one-file prefilter, or the
 * words of a file and of the modules it imports. Nothing it skips may change the report: every
 * fixture folder is scanned with and without the prefilters, and the results must be identical.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Finding, resolveSettings } from '@sunset-lint/core';
import { prefilterFor } from '@sunset-lint/core/internal';
import { describe, expect, test } from 'vitest';
import { discoverFiles } from '../src/scan/files/discovery.js';
import { runScan } from '../src/scan/index.js';
import { makeProject } from './scan-cli-support.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
const settingsAt = (minConfidence: 'high' | 'medium' | 'low') => resolveSettings({ asOf: '2026-11-21', minConfidence });

async function scanBothWays(root: string, paths: readonly string[], minConfidence: 'high' | 'medium' | 'low') {
  const { files } = await discoverFiles({ cwd: root, paths });
  const settings = settingsAt(minConfidence);
  const filtered = await runScan({ cwd: root, files, settings });
  const everything = await runScan({ cwd: root, files, settings, prefilter: false });
  return { filtered, everything };
}

const folders = readdirSync(FIXTURES).filter((name) => statSync(join(FIXTURES, name)).isDirectory());

describe.each(['high', 'medium', 'low'] as const)('at minConfidence %s', (minConfidence) => {
  test('the whole fixture tree: identical findings and diagnostics, fewer files parsed', async () => {
    const { filtered, everything } = await scanBothWays(FIXTURES, ['.'], minConfidence);
    expect(filtered.findings.length).toBeGreaterThan(0);
    expect(filtered.findings).toEqual(everything.findings);
    expect(filtered.diagnostics).toEqual(everything.diagnostics);
    expect(everything.filesParsed).toBe(everything.filesScanned);
    expect(filtered.filesParsed).toBeLessThan(everything.filesParsed);
  });
});

// A folder on its own: its imports from outside the folder are read as support modules.
test.each(folders)('%s on its own, at minConfidence medium: identical findings', async (folder) => {
  const { filtered, everything } = await scanBothWays(join(FIXTURES, folder), ['.'], 'medium');
  expect(filtered.findings).toEqual(everything.findings);
  expect(filtered.diagnostics).toEqual(everything.diagnostics);
});

describe('a URL whose words are written in several modules', () => {
  // No file holds every word of /zones/:zone_id/firewall/rules: the one-file prefilter rules each out.
  const files = {
    'src/segments.ts': `export const FIREWALL = 'firewall';\n`,
    'src/index.ts': `export * from './segments';\n`,
    'src/client.ts': `import { FIREWALL } from './index';\nexport const listRules = (zone: string) =>\n  fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/\${FIREWALL}/rules\`);\n`,
    'src/unrelated.ts': `export const answer = 42;\n`,
  };
  const summary = (result: Awaited<ReturnType<typeof runScan>>) =>
    result.findings.map((f) => `${f.file}:${f.line} ${f.entryId} ${f.confidence}`);

  test('is found through the import chain, and only the chain is parsed', async () => {
    const root = makeProject(files);
    const oneFile = prefilterFor(settingsAt('medium').catalogue, 'medium');
    for (const text of Object.values(files)) expect(oneFile.mayMatch(text)).toBe(false);
    const all = Object.keys(files).map((file) => join(root, file));
    const settings = settingsAt('medium');
    const filtered = await runScan({ cwd: root, files: all, settings });
    const everything = await runScan({ cwd: root, files: all, settings, prefilter: false });
    expect(summary(filtered)).toEqual(['src/client.ts:3 firewall-rules-api high']);
    expect(filtered.findings).toEqual(everything.findings);
    // client.ts is parsed (its imports hold the missing word); index.ts and segments.ts for their values.
    expect(filtered.filesParsed).toBe(3);
  });

  test('a pre-commit run naming only the client still reads the modules it imports', async () => {
    const root = makeProject(files);
    const result = await runScan({ cwd: root, files: [join(root, 'src/client.ts')], settings: settingsAt('medium') });
    expect(summary(result)).toEqual(['src/client.ts:3 firewall-rules-api high']);
  });

  test('an unrelated module, unparsable, is neither parsed nor reported', async () => {
    const root = makeProject({ ...files, 'src/unrelated.ts': `export const = ;\n` });
    const all = Object.keys(files).map((file) => join(root, file));
    const result = await runScan({ cwd: root, files: all, settings: settingsAt('medium') });
    expect(result.diagnostics).toEqual([]);
    expect(summary(result)).toEqual(['src/client.ts:3 firewall-rules-api high']);
  });
});

describe('declared resources whose class or arguments come from other modules', () => {
  const settings = `export const settings = { minify: { css: 'on', html: 'on', js: 'on' } };\n`;
  const summary = (result: Awaited<ReturnType<typeof runScan>>) =>
    result.findings.map((f) => `${f.file}:${f.line} ${f.entryId} ${f.confidence}`);

  test.each([
    [
      'the provider imported by its name, the arguments from another module',
      `import * as cloudflare from '@pulumi/cloudflare';\nimport { settings } from './settings';\n\nexport const zone = new cloudflare.ZoneSettingsOverride('site', { zoneId: 'z', settings });\n`,
    ],
    [
      'a class constructed without an import, the arguments from another module',
      `import { settings } from './settings';\n\nexport const build = (scope: unknown) =>\n  new ZoneSettingsOverride(scope, 'site', { zoneId: 'z', settings });\n`,
    ],
  ])('%s: found, as without the prefilters', async (_, stack) => {
    const root = makeProject({ 'src/settings.ts': settings, 'src/stack.ts': stack });
    const { filtered, everything } = await scanBothWays(root, ['.'], 'medium');
    expect(summary(filtered)).toHaveLength(1);
    expect(summary(filtered)[0]).toContain('zone-setting-minify');
    expect(filtered.findings).toEqual(everything.findings);
  });

  test("a library's own `arrayFilter(` and `Record` types, across its modules, construct no resource: not parsed", async () => {
    const root = makeProject({
      'lib/array-filter.js': `export function arrayFilter(array, predicate) {\n  return array.filter(predicate);\n}\n`,
      'lib/types.ts': `export type Options = Record<string, unknown> & { proto?: string; service?: string; name?: string };\n`,
      'lib/index.ts': `import { arrayFilter } from './array-filter.js';\nimport type { Options } from './types';\nexport const keep = (rows: Options[]) => arrayFilter(rows, Boolean);\n`,
    });
    const { filtered, everything } = await scanBothWays(root, ['.'], 'medium');
    expect(filtered.findings).toEqual(everything.findings);
    expect(everything.filesParsed).toBe(3);
    expect(filtered.filesParsed).toBe(0);
  });
});

describe('imports written unusually are followed too', () => {
  const config = {
    'src/config.ts': `export const MINIFY = '/settings/minify';\n`,
    "src/it's.ts": `export const SETTING = '/settings/minify';\n`,
  };
  const client = (specifier: string, name: string) =>
    `import { ${name} } from ${specifier};\nexport const go = (zone: string) =>\n  fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}\${${name}}\`, { method: 'PATCH' });\n`;
  test.each([
    ['an escape after the dot', `'.\\x2fconfig'`, 'MINIFY'],
    ['a quote of the other kind in the name', `"./it's"`, 'SETTING'],
  ])('%s', async (_, specifier, name) => {
    const root = makeProject({ ...config, 'src/client.ts': client(specifier, name) });
    const { filtered, everything } = await scanBothWays(root, ['.'], 'medium');
    // The module the client imports is followed (high); the other one's constant is written but sent
    // by nothing the scan sees: the grep floor reports it (medium).
    const imported = name === 'MINIFY' ? 'src/config.ts' : "src/it's.ts";
    expect(everything.findings.map((f) => `${f.file} ${f.confidence}`).sort()).toEqual(
      ['src/config.ts', "src/it's.ts"].map((file) => `${file} ${file === imported ? 'high' : 'medium'}`),
    );
    expect(filtered.findings).toEqual(everything.findings);
  });
});

test('helpers that call one another across modules resolve alike whichever file comes first', async () => {
  const root = makeProject({
    'h1.ts': `import { f2 } from './h2';\nexport function f1(p: string, again: boolean) {\n  if (again) return f2(p);\n  return fetch('https://api.cloudflare.com/client/v4' + p, { method: 'PATCH' });\n}\n`,
    'h2.ts': `import { f1 } from './h1';\nexport function f2(p: string) {\n  return f1(p, false);\n}\n`,
    'a.ts': `import { f1 } from './h1';\nexport const a = (z: string) => f1('/zones/' + z + '/settings/minify', true);\n`,
    'b.ts': `import { f2 } from './h2';\nexport const b = (z: string) => f2('/zones/' + z + '/settings/minify');\n`,
  });
  const settings = settingsAt('medium');
  const summary = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line} ${f.confidence}`).sort();
  const inOrder = await runScan({
    cwd: root,
    files: ['a.ts', 'b.ts', 'h1.ts', 'h2.ts'].map((f) => join(root, f)),
    settings,
  });
  const reversed = await runScan({
    cwd: root,
    files: ['b.ts', 'a.ts', 'h2.ts', 'h1.ts'].map((f) => join(root, f)),
    settings,
  });
  expect(summary(inOrder.findings)).toEqual(['a.ts:2 high', 'b.ts:2 high']);
  expect(summary(reversed.findings)).toEqual(summary(inOrder.findings));
});
