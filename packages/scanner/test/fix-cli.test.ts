import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { runMain } from './support/cli-in-process.js';

/** The CLI (in-process through `main`), in a temporary copy of fixtures/ (the command edits files). */
async function cli(cwd: string, ...args: string[]) {
  const run = await runMain(args, { cwd });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(dir, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** A re-scan with the `scan` command: the catalogue entries it reports in one file. */
async function entriesFound(dir: string, file: string): Promise<string[]> {
  const run = await cli(dir, 'scan', file, '--format', 'json', '--fail-on', 'none', '--as-of', '2026-11-21');
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as { findings: Array<{ entryId: string }> }).findings.map((f) => f.entryId);
}

describe('sunset-lint fix (in-process through main, temporary copy of fixtures/)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sunset-lint-fix-'));
    cpSync(join(REPO_ROOT, 'fixtures'), join(dir, 'fixtures'), { recursive: true });
  });

  test('--dry-run writes nothing and prints a unified diff that applies', async () => {
    const before = snapshot(dir);
    const run = await cli(dir, 'fix', 'fixtures', '--dry-run');
    // Expired findings without a fix remain in fixtures/: exit 1, as eslint --fix-dry-run.
    expect(run.code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
    expect(run.stdout).toContain(
      'diff --git a/fixtures/fetch/page-shield-scripts.ts b/fixtures/fetch/page-shield-scripts.ts',
    );
    expect(run.stdout).toMatch(/^-.*\/script_monitor\/scripts\?page=.*\n\+.*\/page_shield\/scripts\?page=/m);
    expect(run.stdout).toMatch(/^-\s+locked: false,$/m);
    expect(run.stdout).not.toContain('Transfer-Encoding');
    expect(run.stderr).toContain('(dry run: nothing written)');
    // The patch is a real one: git accepts it against the untouched copy.
    execFileSync('git', ['apply', '--check', '-'], { cwd: dir, input: run.stdout });
  });

  test('fix applies the safe fixes, leaves suggestions, and a re-scan no longer reports what it fixed', async () => {
    expect(await entriesFound(dir, 'fixtures/fetch/page-shield-scripts.ts')).toContain(
      'page-shield-script-monitor-segment',
    );
    const run = await cli(dir, 'fix', 'fixtures');
    // Expired findings without a fix remain in fixtures/: exit 1, as eslint --fix.
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Applied \d+ fixes in \d+ files:/);
    expect(run.stdout).toMatch(/page-shield-script-monitor-segment +\d+ +Replace `script_monitor` with `page_shield`/);
    expect(run.stdout).toMatch(/dns-record-locked-field +\d+ +Remove `locked` from the payload/);
    expect(run.stdout).toContain('with a suggested fix not applied');

    const pageShield = readFileSync(join(dir, 'fixtures/fetch/page-shield-scripts.ts'), 'utf8');
    expect(pageShield).not.toContain('script_monitor');
    expect(pageShield).toContain('/zones/${zoneId}/page_shield/scripts?page=${page}');
    const locked = readFileSync(join(dir, 'fixtures/dns-records/locked-field.ts'), 'utf8');
    expect(locked).not.toMatch(/locked: false/);
    expect(await entriesFound(dir, 'fixtures/fetch/page-shield-scripts.ts')).not.toContain(
      'page-shield-script-monitor-segment',
    );
    // Only the payload key is gone; the two reads of `record.locked` remain reported (no fix for reads).
    expect(
      (await entriesFound(dir, 'fixtures/dns-records/locked-field.ts')).filter(
        (id) => id === 'dns-record-locked-field',
      ),
    ).toHaveLength(2);
    // Suggestions untouched without the flag.
    expect(readFileSync(join(dir, 'fixtures/headers/axios-headers.js'), 'utf8')).toContain(
      "'Transfer-Encoding': 'chunked'",
    );

    const again = await cli(dir, 'fix', 'fixtures', '--dry-run');
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('Nothing to fix (dry run).');
  });

  test('--suggestions applies suggested fixes too', async () => {
    const run = await cli(dir, 'fix', 'fixtures/headers', '--suggestions');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/transfer-encoding-with-content-length +5 +Remove the `Transfer-Encoding` header/);
    expect(readFileSync(join(dir, 'fixtures/headers/axios-headers.js'), 'utf8')).not.toContain('Transfer-Encoding');
    expect(await entriesFound(dir, 'fixtures/headers/axios-headers.js')).not.toContain(
      'transfer-encoding-with-content-length',
    );
  });

  test('usage errors exit 2', async () => {
    expect((await cli(dir, 'fix', '--bogus')).code).toBe(2);
    expect((await cli(dir, 'fix', 'no-such-dir')).code).toBe(2);
  });
});
