/**
 * Determinism: the JSON and SARIF reports are byte-identical whatever order the file system lists
 * the files in and whatever the cache holds (none, cold, warm, stale entries). The same tree is
 * written at the same place in two creation orders (the listing order follows), then scanned with
 * and without `--cache`. There is no worker mode to vary.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { FIXTURES } from './support/mutations.js';
import { runMain } from '../support/cli-in-process.js';
import { HEAVY_TEST_MS } from '../../../core/test/support/time-limits.js';

/** Folders of fixtures/ with cross-file resolution, helpers and merged findings: where order could leak. */
const FOLDERS = ['cross-file', 'helpers', 'settings', 'class-wrappers', 'load-balancing'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const sources = FOLDERS.flatMap((folder) => filesUnder(join(FIXTURES, folder))).map((full) => ({
  path: relative(FIXTURES, full),
  text: readFileSync(full),
}));

// Node's directory listing (libuv's scandir) comes sorted on Linux whatever the creation order; the
// creation orders still vary inode numbers and times, and guard a platform that lists otherwise.
const base = mkdtempSync(join(tmpdir(), 'sunset-lint-determinism-'));
const root = join(base, 'repo');
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The tree written file by file in this order (folders created as the files need them). */
function writeTree(order: typeof sources): void {
  rmSync(root, { recursive: true, force: true });
  for (const file of order) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.text);
  }
}

async function reports(...extra: string[]): Promise<{ json: string; sarif: string }> {
  const args = [
    'scan',
    '.',
    '--as-of',
    '2026-11-21',
    '--fail-on',
    'none',
    '--format',
    'json',
    '--output',
    'out/r.json',
  ];
  const run = await runMain([...args, '--format', 'sarif', '--output', 'out/r.sarif', '--quiet', ...extra], {
    cwd: root,
  });
  expect(run.status).toBe(0);
  const read = (name: string) => readFileSync(join(root, 'out', name), 'utf8');
  const result = { json: read('r.json'), sarif: read('r.sarif') };
  rmSync(join(root, 'out'), { recursive: true });
  return result;
}

describe('byte-identical reports', () => {
  test(
    'whatever the order the files were created and are listed in, and whatever the cache holds',
    async () => {
      writeTree(sources);
      const reference = await reports();
      expect(JSON.parse(reference.json).findings.length).toBeGreaterThan(10);

      writeTree([...sources].reverse());
      expect(await reports(), 'created in reverse order').toEqual(reference);

      // Interleaved: the second half first, each half reversed.
      const half = Math.floor(sources.length / 2);
      writeTree([...sources.slice(half).reverse(), ...sources.slice(0, half).reverse()]);
      expect(await reports(), 'created interleaved').toEqual(reference);

      const cache = ['--cache', '--cache-location', join(base, 'cache')];
      expect(await reports(...cache), 'cold cache').toEqual(reference);
      expect(await reports(...cache), 'warm cache').toEqual(reference);

      // Stale entries: every file scanned once with other text, then put back.
      const changed = sources.filter((file) => /\.(ts|js)$/.test(file.path)).slice(0, 8);
      for (const file of changed) writeFileSync(join(root, file.path), `${file.text.toString('utf8')}\n// changed\n`);
      await reports(...cache);
      for (const file of changed) writeFileSync(join(root, file.path), file.text);
      expect(await reports(...cache), 'cache with stale entries').toEqual(reference);

      // The warm cache copied to a tree created in another order.
      cpSync(join(base, 'cache'), join(base, 'cache-copy'), { recursive: true });
      writeTree([...sources].reverse());
      expect(await reports('--cache', '--cache-location', join(base, 'cache-copy')), 'copied cache').toEqual(reference);
    },
    HEAVY_TEST_MS,
  );
});
