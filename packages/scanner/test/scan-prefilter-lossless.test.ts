/**
 * The scan parses only files whose text may match (parse-plan.ts): the one-file prefilter, or the
 * words of a file and of the modules it imports. Nothing it skips may change the report: every
 * fixture folder is scanned with and without the prefilters, and the results must be identical.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prefilterFor, resolveSettings } from '@sunset-lint/core';
import { describe, expect, test } from 'vitest';
import { discoverFiles } from '../src/scan/discovery.js';
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
