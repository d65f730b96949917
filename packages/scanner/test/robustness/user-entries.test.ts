/**
 * User-supplied catalogue entries (`catalogue.add` in the scanner's config and in the ESLint
 * settings) are rejected at load when a path template is not a path or an id is taken, with the
 * file and the key named; and matching stays linear in the scanned text (no pattern backtracks).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveSettings } from '@sunset-lint/core';
import plugin from '@sunset-lint/eslint-plugin';
import { Linter } from 'eslint';
import { describe, expect, test } from 'vitest';
import { runScan } from '../../src/scan/index.js';
import { makeProject } from '../scan-cli-support.js';
import { runMain } from '../support/cli-in-process.js';

function entry(path: string, id = 'my-endpoint') {
  return {
    id,
    title: 'My endpoint',
    area: 'Zones',
    eol: '2026-01-01',
    rule: 'no-deprecated-endpoint',
    replacement: 'Another endpoint',
    docs: 'https://example.com',
    match: { endpoints: [{ methods: ['GET'], path }] },
  };
}

const NOT_A_TEMPLATE: Array<[string, string]> = [
  ['/zones/{zone_id/settings', "segment '{zone_id' is neither literal text nor a parameter (:name or {name})"],
  ['/zones/:/settings', "segment ':' is neither literal text nor a parameter (:name or {name})"],
  ['/zones/{a}{b}/x', "segment '{a}{b}' is neither literal text nor a parameter (:name or {name})"],
  ['/zones/../settings', "'..' is a dot segment, which no request URL keeps"],
  ['/:zone_id/{id}', 'it has no literal segment, so it would match every path of its length'],
];

describe('catalogue.add: rejected at load, file and key named', () => {
  test.each(NOT_A_TEMPLATE)('scanner config: %s', async (path, problem) => {
    const root = makeProject({
      'a.js': 'fetch("https://api.cloudflare.com/client/v4/zones")\n',
      'sunset-lint.config.json': JSON.stringify({
        catalogue: { add: [entry('/zones/:zone_id/x', 'fine'), entry(path)] },
      }),
    });
    const run = await runMain(['scan'], { cwd: root });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `sunset-lint scan: sunset-lint.config.json (add[1]): entry 'my-endpoint': field 'match.endpoints.0.path' is not a path template: ${problem}, got ${JSON.stringify(path)}\n`,
    );
  });

  test('scanner config: an id that is taken, by a built-in entry or by another addition', async () => {
    const builtIn = makeProject({
      'a.js': '',
      'sunset-lint.config.json': JSON.stringify({
        catalogue: { add: [entry('/zones/:id/x', 'rate-limiting-legacy')] },
      }),
    });
    expect((await runMain(['scan'], { cwd: builtIn })).stderr).toBe(
      "sunset-lint scan: sunset-lint.config.json (add[0]): entry 'rate-limiting-legacy': field 'id' is already used by rules/rate-limiting-legacy.json\n",
    );
    const twice = makeProject({
      'a.js': '',
      'sunset-lint.config.json': JSON.stringify({ catalogue: { add: [entry('/zones/:id/x'), entry('/zones/:id/y')] } }),
    });
    const run = await runMain(['scan'], { cwd: twice });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "sunset-lint scan: sunset-lint.config.json (add[1]): entry 'my-endpoint': field 'id' is already used by sunset-lint.config.json\n",
    );
  });

  test.each(NOT_A_TEMPLATE)('ESLint settings: %s', (path, problem) => {
    const linter = new Linter();
    const config: Linter.Config[] = [
      plugin.configs.recommended as Linter.Config,
      { settings: { 'sunset-lint': { catalogue: { add: [entry(path)] } } } },
    ];
    expect(() => linter.verify('fetch("x");\n', config, { filename: 'a.js' })).toThrow(
      `ESLint settings['sunset-lint'] (add[0]): entry 'my-endpoint': field 'match.endpoints.0.path' is not a path template: ${problem}`,
    );
  });

  test('the built-in catalogue passes the same checks', () => {
    expect(resolveSettings({}).catalogue.entries.length).toBeGreaterThan(0);
  });
});

/** The fastest of three scans of one file: noise on a shared machine only ever adds time. */
async function scanTime(root: string, text: string): Promise<number> {
  const file = join(root, 'input.ts');
  writeFileSync(file, text);
  const settings = resolveSettings({ asOf: '2026-11-21' });
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    await runScan({ cwd: root, files: [file], settings });
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('matching is linear in the scanned text', () => {
  // Each input beside a benign file of the same size: a pattern that backtracks (exponentially on
  // the casts, quadratically on the long word) takes seconds where the benign file takes milliseconds.
  test.each([
    ['a receiver cast again and again', `const v = record${' as x'.repeat(26)} !\n`],
    ['a receiver name repeated in one long word', `const v = ${'record'.repeat(8_000)};\n`],
    ['a record read behind many brackets', `const v = record${'[0]('.repeat(5_000)};\n`],
  ])('%s', async (_, text) => {
    // The names of an SRV record's field (`record.data.service`), so that the prefilter gets as far
    // as its receiver check.
    const pathological = `// data service\n${text}`;
    const root = makeProject({});
    const benign = `const v = ${JSON.stringify('x'.repeat(Math.max(0, pathological.length - 14)))};\n`;
    await scanTime(root, benign); // warm: the parser loads on the first scan
    const baseline = await scanTime(root, benign);
    const measured = await scanTime(root, pathological);
    expect(measured).toBeLessThan(baseline * 10 + 50);
  });
});
