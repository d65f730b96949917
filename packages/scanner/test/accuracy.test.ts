/**
 * The accuracy script (`pnpm accuracy`) as a process on a tiny fixtures directory built here: a
 * fetch of a deprecated path, a comment naming one, an unlisted request, an expectation nothing can
 * meet, and one that only grep meets.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProject } from './scan-cli-support.js';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

const SCRIPT = fileURLToPath(new URL('../bench/accuracy.mjs', import.meta.url));

const CLIENT = [
  '// Legacy: GET /zones/:zone_id/firewall/rules is gone by next year.',
  'export async function listRules(zoneId: string, token: string) {',
  '  const res = await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/rules`, {',
  '    headers: { Authorization: `Bearer ${token}` },',
  '  });',
  '  return res.json();',
  '}',
  'export const limits = (zoneId: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/rate_limits`);',
  '',
].join('\n');

const NOTES = ['// TODO: move off /zones/:zone_id/rate_limits', 'export const migrated = false;', ''].join('\n');

const expected = (findings: Array<{ file: string; line: number; entryId: string }>) =>
  JSON.stringify({ findings: findings.map((f) => ({ ...f, resolution: 'single-file', why: 'test' })) });

interface Listed {
  key: string;
  text: string;
}
interface Contender {
  required: number;
  truePositives: number;
  falsePositives: number;
  missed: number;
  recall: number | null;
  precision: number | null;
  misses: Listed[];
  falseFindings: Listed[];
  directories: Record<string, { truePositives: number; falsePositives: number; missed: number }>;
}
interface Result {
  files: number;
  expectations: { total: number; singleFile: number };
  contenders: Record<'eslint-plugin' | 'scanner' | 'grep', Contender>;
  grepFindsEngineMisses: Record<'eslint-plugin' | 'scanner', Listed[]>;
  grepTerms: Array<{ entryId: string; kind: string; term: string }>;
}

function runAccuracy(args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('bench/accuracy.mjs on a tiny fixtures directory', () => {
  let root: string;
  let result: Result;
  let status: number | null;
  beforeAll(() => {
    root = makeProject({
      'calls/client.ts': CLIENT,
      'calls/expected.json': expected([
        { file: 'client.ts', line: 3, entryId: 'firewall-rules-api' },
        // Nothing on line 6 uses brotli: every contender misses it.
        { file: 'client.ts', line: 6, entryId: 'zone-setting-brotli' },
      ]),
      // A wrong expectation on a comment: the engines rightly miss it, grep "finds" it.
      'comments/notes.js': NOTES,
      'comments/expected.json': expected([{ file: 'notes.js', line: 1, entryId: 'rate-limiting-legacy' }]),
    });
    const run = runAccuracy(['--fixtures', root, '--json']);
    status = run.status;
    result = JSON.parse(run.stdout) as Result;
  }, HEAVY_TEST_MS);

  test('a measurement: exit 0 by default, every file and expectation read', () => {
    expect(status).toBe(0);
    expect(result.files).toBe(2);
    expect(result.expectations).toMatchObject({ total: 3, singleFile: 3 });
  });

  test('both engines: the fetch found, the unlisted request false, the impossible expectation missed', () => {
    for (const name of ['eslint-plugin', 'scanner'] as const) {
      const engine = result.contenders[name];
      expect(engine).toMatchObject({ required: 3, truePositives: 1, falsePositives: 1, missed: 2 });
      expect(engine.recall).toBeCloseTo(1 / 3);
      expect(engine.precision).toBe(0.5);
      expect(engine.misses.map((m) => m.key)).toEqual([
        'calls/client.ts:6:zone-setting-brotli',
        'comments/notes.js:1:rate-limiting-legacy',
      ]);
      expect(engine.misses[0]!.text).toBe('return res.json();');
      expect(engine.falseFindings.map((f) => f.key)).toEqual(['calls/client.ts:8:rate-limiting-legacy']);
      expect(engine.directories.comments).toEqual(expect.objectContaining({ truePositives: 0, falsePositives: 0 }));
    }
  });

  test('grep: a false positive on the comment line the engines stay silent on', () => {
    const grep = result.contenders.grep;
    expect(grep).toMatchObject({ required: 3, truePositives: 2, falsePositives: 2, missed: 1, precision: 0.5 });
    expect(grep.falseFindings.map((f) => f.key)).toEqual([
      'calls/client.ts:1:firewall-rules-api',
      'calls/client.ts:8:rate-limiting-legacy',
    ]);
    expect(grep.misses.map((m) => m.key)).toEqual(['calls/client.ts:6:zone-setting-brotli']);
  });

  test('grep finds, engine misses: the expectation only grep meets, for both engines', () => {
    expect(result.grepFindsEngineMisses['eslint-plugin'].map((m) => m.key)).toEqual([
      'comments/notes.js:1:rate-limiting-legacy',
    ]);
    expect(result.grepFindsEngineMisses.scanner.map((m) => m.key)).toEqual([
      'comments/notes.js:1:rate-limiting-legacy',
    ]);
  });

  test('grep terms come from the catalogue: the longest literal run of a path template, setting ids in quotes', () => {
    expect(result.grepTerms).toEqual(
      expect.arrayContaining([
        { entryId: 'firewall-rules-api', kind: 'path', term: 'firewall/rules' },
        { entryId: 'waf-managed-rules-legacy', kind: 'path', term: 'firewall/waf/packages' },
        { entryId: 'organizations-api', kind: 'path', term: 'organizations' },
        { entryId: 'billing-profile-and-history', kind: 'path', term: 'user/billing/profile' },
        { entryId: 'zone-setting-brotli', kind: 'setting id', term: "'brotli'" },
      ]),
    );
  });

  test(
    '--check: exit 1 naming what the engines miss, report falsely, and miss where grep finds',
    () => {
      const run = runAccuracy(['--fixtures', root, '--check']);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('accuracy: eslint-plugin misses 2 expected finding(s)');
      expect(run.stderr).toContain('accuracy: scanner has 1 false finding(s)');
      expect(run.stderr).toContain('accuracy: scanner misses 1 finding(s) that grep finds');
      expect(run.stdout).toContain('  missed  calls/client.ts:6 zone-setting-brotli  return res.json();');
      expect(run.stdout).toContain('  false   calls/client.ts:8 rate-limiting-legacy  export const limits');
    },
    HEAVY_TEST_MS,
  );

  test('usage errors exit 2', () => {
    expect(runAccuracy(['--as-of', 'soon']).status).toBe(2);
    expect(runAccuracy(['--fixtures', `${root}/nowhere`]).status).toBe(2);
  });
});
