/**
 * oxc-parser's trees die young (issue 24, docs/scanner.md "Memory"). oxc-parser's `parseSync` returns
 * an object literal with getters over the tree; V8 allocates each getter's `AccessorPair` in the old
 * generation, so every scavenge kept the trees of all files parsed since the last full collection
 * and promoted them, and the old generation filled with trees until a full collection. The scanner
 * takes the tree from the same steps without that object (`loadOxc`'s `parseSync`): the same tree
 * in a plain result, which a scavenge collects once dropped. Run on whichever transfer this Node
 * has (raw transfer from Node 22, JSON on Node 20; both had the getters).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { loadOxc } from '../src/scan/reader/parse-oxc.js';

const loaded = await loadOxc();
const FILE = join(REPO_ROOT, 'fixtures/holdout-4/n8n-node/nodes/EdgeSecurity/EdgeSecurity.node.ts');
const TEXT = readFileSync(FILE, 'utf8');

/**
 * Parses the fixture (twice over, some 9 KB) 100 times in a fresh Node whose semi-spaces are 2 MB,
 * dropping each tree, and returns the share of the young generation that V8's scavenges found alive
 * (`v8.GCProfiler`: the young generation's size before and after each scavenge). Nothing but the
 * tree being built is alive at a scavenge; kept trees make it most of it. `own` is oxc-parser's
 * `parseSync`.
 */
function survivingShare(which: 'scanner' | 'own'): number {
  const script = `
    import { readFileSync } from 'node:fs';
    import v8 from 'node:v8';
    const { loadOxc } = await import(${JSON.stringify(join(REPO_ROOT, 'packages/scanner/dist/scan/reader/parse-oxc.js'))});
    const loaded = await loadOxc();
    const oxc = ${which === 'own' ? "await import('oxc-parser')" : 'loaded.oxc'};
    const text = readFileSync(${JSON.stringify(FILE)}, 'utf8').repeat(2);
    const options = { lang: 'ts', sourceType: 'module', experimentalRawTransfer: loaded.transfer === 'raw' };
    for (let i = 0; i < 20; i++) oxc.parseSync('a.ts', text, options);
    const profiler = new v8.GCProfiler();
    profiler.start();
    let statements = 0;
    for (let i = 0; i < 100; i++) statements += oxc.parseSync('a.ts', text, options).program.body.length;
    const young = (heap) => heap.heapSpaceStatistics.find((space) => space.spaceName === 'new_space').spaceUsedSize;
    let scavenges = 0, before = 0, after = 0;
    for (const gc of profiler.stop().statistics) {
      if (gc.gcType !== 'Scavenge') continue;
      scavenges++;
      before += young(gc.beforeGC);
      after += young(gc.afterGC);
    }
    console.log(JSON.stringify({ scavenges, share: after / before, statements }));
  `;
  const run = spawnSync(process.execPath, ['--max-semi-space-size=2', '--input-type=module', '--eval', script], {
    cwd: join(REPO_ROOT, 'packages/scanner'),
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  const { scavenges, share, statements } = JSON.parse(run.stdout) as {
    scavenges: number;
    share: number;
    statements: number;
  };
  expect(statements).toBeGreaterThan(100);
  expect(scavenges).toBeGreaterThanOrEqual(3);
  return share;
}

describe.runIf('oxc' in loaded)('oxc-parser trees in a plain result', () => {
  if (!('oxc' in loaded)) return;
  const options = { lang: 'ts', sourceType: 'module', experimentalRawTransfer: loaded.transfer === 'raw' } as const;

  test('the result holds the program and errors as plain values, no getters', () => {
    const result = loaded.oxc.parseSync(FILE, TEXT, options);
    for (const key of ['program', 'errors']) {
      const property = Object.getOwnPropertyDescriptor(result, key);
      expect(property, key).toBeDefined();
      expect(property?.get, key).toBeUndefined();
    }
  });

  test("the same tree and errors as oxc-parser's own parseSync", async () => {
    const own = (await import('oxc-parser')).parseSync(FILE, TEXT, options);
    const plain = loaded.oxc.parseSync(FILE, TEXT, options);
    expect(JSON.stringify(plain.program)).toBe(JSON.stringify(own.program));
    expect(plain.errors).toEqual([]);
    const broken = 'const a = ;';
    expect(loaded.oxc.parseSync('b.ts', broken, options).errors).toEqual(
      (await import('oxc-parser')).parseSync('b.ts', broken, options).errors,
    );
  });

  // Built code: the child process loads packages/scanner/dist (`pnpm test` builds first).
  test('dropped trees die in the next scavenge', () => {
    expect(survivingShare('scanner')).toBeLessThan(0.2);
    // The control: with oxc-parser's own result objects, scavenges keep the trees. Should this
    // fail, oxc-parser no longer keeps them and `plainResults` can go.
    expect(survivingShare('own')).toBeGreaterThan(0.3);
  }, 30_000);
});
