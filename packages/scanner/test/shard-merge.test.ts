/** `scan --shard i/n` and `merge`: the shards of a scan, merged, are the whole scan's report. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { shardMembership } from '../src/shard/membership.js';
import { makeProject, parseJsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const FIXTURES = resolve(import.meta.dirname, '../../../fixtures');
const AS_OF = ['--as-of', '2026-01-01'];
const out = mkdtempSync(join(tmpdir(), 'sunset-lint-shards-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface Reported {
  file: string;
  line: number;
  entryId: string;
  related?: Array<{ file: string }>;
}

/** One scan of `cwd` writing a json report and a sarif log; the paths of both. */
async function scan(cwd: string, name: string, extra: readonly string[] = []) {
  const json = join(out, `${name}.json`);
  const sarif = join(out, `${name}.sarif`);
  const run = await runMain(
    [
      'scan',
      '.',
      ...AS_OF,
      '--quiet',
      ...extra,
      '--format',
      'json',
      '--output',
      json,
      '--format',
      'sarif',
      '--output',
      sarif,
    ],
    { cwd },
  );
  expect(run.stderr).toBe('');
  expect([0, 1]).toContain(run.status);
  return { json, sarif, status: run.status };
}

const read = (file: string) => readFileSync(file, 'utf8');

describe('scan --shard and merge on fixtures/', () => {
  test.each([1, 2, 3, 4])(
    'the merge of %i shards is the unsharded report, byte for byte (json and sarif)',
    async (n) => {
      const whole = await scan(FIXTURES, `whole-${n}`);
      const shards = [];
      for (let i = 1; i <= n; i++) shards.push(await scan(FIXTURES, `shard-${i}-of-${n}`, ['--shard', `${i}/${n}`]));

      const reports = shards.map((s) => parseJsonReport(read(s.json)));
      const wholeReport = parseJsonReport(read(whole.json));
      // Every file is in exactly one shard: the counts add up, no file has findings in two shards.
      expect(reports.reduce((sum, r) => sum + r.summary.filesScanned, 0)).toBe(wholeReport.summary.filesScanned);
      const owner = new Map<string, number>();
      reports.forEach((report, i) => {
        for (const finding of report.findings as Reported[]) {
          expect(owner.get(finding.file) ?? i).toBe(i);
          owner.set(finding.file, i);
        }
      });
      if (n > 1) expect(new Set(owner.values()).size).toBeGreaterThan(1);

      const mergedJson = join(out, `merged-${n}.json`);
      const json = await runMain(['merge', ...shards.map((s) => s.json), '--out', mergedJson], { cwd: FIXTURES });
      expect(json.status).toBe(0);
      expect(read(mergedJson)).toBe(read(whole.json));

      const sarif = await runMain(['merge', '--format', 'sarif', ...shards.map((s) => s.sarif).reverse()], {
        cwd: FIXTURES,
      });
      expect(sarif.status).toBe(0);
      expect(sarif.stdout).toBe(read(whole.sarif));
    },
  );

  test('cross-file findings are reported by the shard of their file, whatever the shard of the importing file', async () => {
    const cwd = join(FIXTURES, 'cross-file');
    const whole = parseJsonReport(read((await scan(cwd, 'cross-whole')).json)).findings as Reported[];
    const crossing = whole.filter((f) => f.related?.some((r) => r.file !== f.file));
    expect(crossing.length).toBeGreaterThan(0);
    let apart = 0;
    for (const n of [2, 3, 4]) {
      const byShard: Reported[][] = [];
      for (let i = 1; i <= n; i++)
        byShard.push(
          parseJsonReport(read((await scan(cwd, `cross-${i}-of-${n}`, ['--shard', `${i}/${n}`])).json))
            .findings as Reported[],
        );
      const shardOf = (file: string) => byShard.findIndex((findings) => findings.some((f) => f.file === file));
      for (const finding of crossing) {
        const home = shardOf(finding.file);
        expect(byShard[home]).toContainEqual(finding);
        for (const related of finding.related ?? []) if (shardOf(related.file) !== home) apart++;
      }
      expect(byShard.flat().length).toBe(whole.length);
    }
    // The split put a finding's file and its request's file in different shards at least once.
    expect(apart).toBeGreaterThan(0);
  });
});

describe('scan --shard with --cache and --baseline', () => {
  test('a cached re-scan of a shard writes the same report', async () => {
    const cwd = join(FIXTURES, 'cross-file');
    const cache = ['--cache', '--cache-location', join(out, 'cache')];
    const cold = await scan(cwd, 'cache-cold', ['--shard', '2/3', ...cache]);
    const warm = await scan(cwd, 'cache-warm', ['--shard', '2/3', ...cache]);
    const plain = await scan(cwd, 'cache-none', ['--shard', '2/3']);
    expect(read(warm.json)).toBe(read(plain.json));
    expect(read(cold.json)).toBe(read(plain.json));
  });

  test("each shard applies only its own files' baseline entries; the merge sums them", async () => {
    const cwd = join(FIXTURES, 'cross-file');
    const baseline = join(out, 'baseline.json');
    expect((await runMain(['baseline', '.', ...AS_OF, '--output', baseline, '--quiet'], { cwd })).status).toBe(0);
    const whole = parseJsonReport(read((await scan(cwd, 'base-whole')).json));
    const shards = [];
    for (let i = 1; i <= 3; i++) {
      const shard = await scan(cwd, `base-${i}`, ['--shard', `${i}/3`, '--baseline', baseline]);
      const report = parseJsonReport(read(shard.json));
      expect(report.findings).toEqual([]);
      expect(report.baseline?.stale).toEqual([]);
      expect(shard.status).toBe(0);
      shards.push(shard.json);
    }
    const merged = await runMain(['merge', ...shards], { cwd });
    expect(merged.status).toBe(0);
    expect(parseJsonReport(merged.stdout).baseline?.suppressed).toBe(whole.findings.length);
  });

  test('merge gates the merged report with --fail-on and --max-findings', async () => {
    const cwd = join(FIXTURES, 'cross-file');
    const shards = [];
    for (let i = 1; i <= 2; i++) shards.push((await scan(cwd, `gate-${i}`, ['--shard', `${i}/2`])).json);
    const total = parseJsonReport((await runMain(['merge', ...shards], { cwd })).stdout).findings.length;
    expect(total).toBeGreaterThan(0);
    const failing = await runMain(['merge', ...shards, '--fail-on', 'expired'], { cwd });
    expect(failing.status).toBe(1);
    expect(failing.stderr).toMatch(/at or above --fail-on expired/);
    expect((await runMain(['merge', ...shards, '--max-findings', String(total)], { cwd })).status).toBe(0);
    expect((await runMain(['merge', ...shards, '--max-findings', String(total - 1)], { cwd })).status).toBe(1);
    const bad = await runMain(['merge', ...shards, '--fail-on', 'soon'], { cwd });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--fail-on must be one of expired, imminent, scheduled, none, got 'soon'");
  });
});

describe('bad input exits 2 and says what is wrong', () => {
  test.each([
    ['0/2', "--shard: i must be from 1 to n (2), got '0/2'"],
    ['3/2', "--shard: i must be from 1 to n (2), got '3/2'"],
    ['x', "--shard must be i/n (shard i of n, counted from 1, e.g. 2/4), got 'x'"],
    ['1/0', "--shard: n must be from 1 to 10000, got '1/0'"],
  ])('--shard %s', async (value, message) => {
    const run = await runMain(['scan', '.', '--shard', value], { cwd: makeProject({ 'a.js': 'export {};\n' }) });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`sunset-lint scan: ${message}\n`);
  });

  test('merging shards of different as-of dates, a missing shard, a duplicate shard', async () => {
    const cwd = join(FIXTURES, 'cross-file');
    const one = (await scan(cwd, 'bad-1', ['--shard', '1/3'])).json;
    const two = (await scan(cwd, 'bad-2', ['--shard', '2/3'])).json;
    const three = (await scan(cwd, 'bad-3', ['--shard', '3/3'])).json;
    const otherDay = join(out, 'bad-3-other-day.json');
    await runMain(['scan', '.', '--as-of', '2026-02-01', '--shard', '3/3', '--format', 'json', '--output', otherDay], {
      cwd,
    });

    const dates = await runMain(['merge', one, two, otherDay], { cwd });
    expect(dates.status).toBe(2);
    expect(dates.stderr).toContain(`${otherDay} has as-of date "2026-02-01", but ${one} has "2026-01-01"`);

    const missing = await runMain(['merge', one, three], { cwd });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('sunset-lint merge: incomplete set of shards: missing 2/3 (given: 1/3, 3/3)\n');

    const duplicate = await runMain(['merge', one, two, three, two], { cwd });
    expect(duplicate.status).toBe(2);
    expect(duplicate.stderr).toContain(`${two} and ${two} are both shard 2/3 (overlapping shards)`);

    const mixed = await runMain(['merge', one, join(out, 'bad-2.sarif')], { cwd });
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toContain(`${join(out, 'bad-2.sarif')} is a sarif report, but the merge is of json reports`);
    expect(dates.stdout + missing.stdout + duplicate.stdout + mixed.stdout).toBe('');
  });

  test('help merge', async () => {
    const run = await runMain(['help', 'merge'], { cwd: FIXTURES });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: sunset-lint merge FILE...');
  });
});

test('a file is in the same shard whether the scan runs from the repository root or from a sub-folder naming it by ../', () => {
  const root = makeProject({ '.git/HEAD': 'ref: refs/heads/main\n', 'a/x.ts': '', 'b/y.ts': '' });
  const files = ['a/x.ts', 'b/y.ts'].map((file) => join(root, file));
  for (let index = 1; index <= 3; index += 1) {
    const fromRoot = shardMembership(root, { index, total: 3 });
    const fromA = shardMembership(join(root, 'a'), { index, total: 3 });
    expect(files.map((file) => fromA.file(file))).toEqual(files.map((file) => fromRoot.file(file)));
    expect(fromA.path('../b/y.ts')).toBe(fromRoot.path('b/y.ts'));
  }
});
