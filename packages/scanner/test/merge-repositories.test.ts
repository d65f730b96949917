/**
 * `merge --repository NAME=FILE…`: the JSON reports of three fixture folders, each scanned from its
 * own root as a CI job in that repository's checkout would, joined into one JSON report and one HTML
 * audit by the real CLI.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { runMain } from './support/cli-in-process.js';

/** A date when the fixtures' findings are of every grade (expired, imminent and scheduled). */
const AS_OF = '2024-07-01';
const NAMES = ['fetch', 'settings', 'axios'];

interface Reported {
  repository?: string;
  file: string;
  line: number;
  column: number;
  entryId: string;
  grade: string;
  fingerprint: string;
  eol: string;
  related?: Array<{ file: string }>;
}
interface Report {
  asOf: string;
  findings: Reported[];
  repositories?: Array<{
    name: string;
    report: string;
    byGrade: Record<string, number>;
    total: number;
    filesScanned: number;
  }>;
  summary: { byGrade: Record<string, number>; total: number; filesScanned: number };
}

let out: string;
const reports = new Map<string, Report>();
const read = (file: string) => JSON.parse(readFileSync(join(out, file), 'utf8')) as Report;
const repositoryArgs = NAMES.flatMap((name) => ['--repository', `${name}=${name}.json`]);

async function merge(...args: string[]) {
  return runMain(['merge', ...args], { cwd: out });
}

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'sunset-lint-repositories-'));
  for (const name of NAMES) {
    const run = await runMain(
      ['scan', '.', '--as-of', AS_OF, '--fail-on', 'none', '--format', 'json', '--output', join(out, `${name}.json`)],
      { cwd: join(REPO_ROOT, 'fixtures', name) },
    );
    expect(run.status, run.stderr).toBe(0);
    reports.set(name, read(`${name}.json`));
  }
  const sarif = await runMain(['scan', '.', '--as-of', AS_OF, '--fail-on', 'none', '--format', 'sarif'], {
    cwd: join(REPO_ROOT, 'fixtures', 'fetch'),
  });
  writeFileSync(join(out, 'fetch.sarif'), sarif.stdout);
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('merge --repository', () => {
  test('json: every finding of the three reports, its path prefixed by its repository, counted per repository and in total', async () => {
    const run = await merge(...repositoryArgs, '--format', 'json', '--out', 'all.json');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      'sunset-lint: merged 3 reports: ' + `${read('all.json').findings.length} findings; wrote all.json\n`,
    );
    const all = read('all.json');
    expect(all.asOf).toBe(AS_OF);
    const expected = NAMES.flatMap((name) =>
      reports.get(name)!.findings.map((f) => ({
        repository: name,
        ...f,
        file: `${name}/${f.file}`,
        ...(f.related ? { related: f.related.map((r) => ({ ...r, file: `${name}/${r.file}` })) } : {}),
      })),
    );
    // The report's order: by file, then line and column as numbers, then entry.
    const order = (a: Reported, b: Reported) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0);
    expect(all.findings).toEqual([...expected].sort(order));
    expect(all.repositories).toEqual(
      NAMES.map((name) => ({
        name,
        report: `${name}.json`,
        byGrade: reports.get(name)!.summary.byGrade,
        total: reports.get(name)!.summary.total,
        filesScanned: reports.get(name)!.summary.filesScanned,
      })),
    );
    // Every grade occurs, so the per-grade counts are compared over real numbers.
    for (const grade of ['expired', 'imminent', 'scheduled']) expect(all.summary.byGrade[grade]).toBeGreaterThan(0);
    for (const grade of ['expired', 'imminent', 'scheduled'])
      expect(all.summary.byGrade[grade]).toBe(
        NAMES.reduce((sum, n) => sum + reports.get(n)!.summary.byGrade[grade]!, 0),
      );
    expect(all.summary.filesScanned).toBe(NAMES.reduce((sum, n) => sum + reports.get(n)!.summary.filesScanned, 0));
  });

  test('html: the repositories table, the findings grouped by repository with prefixed paths, no line of code', async () => {
    const run = await merge(...repositoryArgs, '--format', 'html', '--out', 'all.html');
    expect(run.status, run.stderr).toBe(0);
    const html = readFileSync(join(out, 'all.html'), 'utf8');
    expect(html).toContain('<h2>Repositories</h2>');
    expect(html).toContain('3 repositories');
    // The groups, in path order (the repositories' names sort the prefixed paths).
    expect([...html.matchAll(/<h3 class="repository" id="repository-([^"]+)"/g)].map((m) => m[1])).toEqual(
      [...NAMES].sort(),
    );
    const sections = [...html.matchAll(/<details class="file"[^>]*><summary><code>([^<]+)<\/code>/g)].map((m) => m[1]);
    const all = read('all.json');
    expect(sections).toEqual([...new Set(all.findings.map((f) => f.file))]);
    expect(sections.every((file) => NAMES.some((name) => file!.startsWith(`${name}/`)))).toBe(true);
    // A report carries no code, and no file of another checkout is read.
    expect(html).not.toContain('class="excerpt"');
  });

  test('--fail-on gates on the findings of all the repositories', async () => {
    const run = await merge(...repositoryArgs, '--fail-on', 'imminent');
    expect(run.status).toBe(1);
    const all = JSON.parse(run.stdout) as Report;
    const failing = all.summary.byGrade.expired! + all.summary.byGrade.imminent!;
    expect(run.stderr).toContain(`(${failing} at or above --fail-on imminent)`);
  });

  test('reports of different dates or catalogues are refused, naming the file', async () => {
    const changed = read('settings.json');
    writeFileSync(join(out, 'other-day.json'), JSON.stringify({ ...changed, asOf: '2024-07-02' }));
    const first = changed.findings[0]!;
    writeFileSync(
      join(out, 'other-catalogue.json'),
      JSON.stringify({ ...changed, findings: [{ ...first, eol: '2030-01-01' }, ...changed.findings.slice(1)] }),
    );
    const day = await merge('--repository', 'fetch=fetch.json', '--repository', 'settings=other-day.json');
    expect(day.status).toBe(2);
    expect(day.stderr).toMatch(/other-day\.json is a report as of 2024-07-02, fetch\.json as of 2024-07-01/);
    const catalogue = await merge('--repository', 'fetch=fetch.json', '--repository', 'settings=other-catalogue.json');
    expect(catalogue.status).toBe(2);
    expect(catalogue.stderr).toContain(`other-catalogue.json: entry '${first.entryId}' ends 2030-01-01 there`);
    expect(catalogue.stdout).toBe('');
  });

  test('usage errors exit 2 naming the argument or the file', async () => {
    writeFileSync(join(out, 'not.json'), 'not json');
    writeFileSync(join(out, 'broken.json'), JSON.stringify({ ...read('fetch.json'), findings: [{ file: 3 }] }));
    const cases: Array<[string[], RegExp]> = [
      [['--repository', 'fetch'], /--repository: give NAME=FILE .*not 'fetch'/],
      [['--repository', '=fetch.json'], /give NAME=FILE/],
      [['--repository', 'a b=fetch.json'], /'a b' is not a name/],
      [['--repository', 'x=fetch.json', '--repository', 'x=axios.json'], /each name once \('x' twice\)/],
      [['--repository', 'x=missing.json'], /cannot read missing\.json/],
      [['--repository', 'x=not.json'], /not\.json is not JSON/],
      [['--repository', 'x=fetch.sarif'], /fetch\.sarif is not a sunset-lint json report/],
      [['--repository', 'x=broken.json'], /broken\.json: findings\[0\]\.\w+ is not a/],
      [['--repository', 'x=fetch.json', 'axios.json'], /give no other files \('axios\.json'\)/],
      [['--repository', 'x=fetch.json', '--format', 'sarif'], /--format/],
      [['fetch.json', '--config', 'c.json'], /--config is an option of --repository/],
    ];
    for (const [args, message] of cases) {
      const run = await merge(...args);
      expect({ args, status: run.status }).toEqual({ args, status: 2 });
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });
});
