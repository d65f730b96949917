/** Baselines: write, then scan with it; moved code stays suppressed; fixed code is listed as stale. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeProject, parseJsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const AS_OF = ['--as-of', '2026-01-01'];
const SYNC = `export async function sync(zoneId) {
  const rules = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zoneId}/firewall/rules\`);
  const limits = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zoneId}/rate_limits\`);
  return [rules, limits];
}
`;

describe('sunset-lint baseline', () => {
  test('round trip: write, then scan with it reports nothing new and exits 0', async () => {
    const project = makeProject({ 'src/sync.js': SYNC });
    const written = await runMain(['baseline', ...AS_OF], { cwd: project });
    expect(written.status).toBe(0);
    expect(written.stderr).toContain('wrote 2 findings');
    const baseline = JSON.parse(readFileSync(join(project, '.sunset-lint-baseline.json'), 'utf8')) as {
      version: number;
      findings: Array<{ file: string; entryId: string }>;
    };
    expect(baseline.version).toBe(2);
    expect(baseline.findings.map((f) => `${f.file}:${f.entryId}`)).toEqual([
      'src/sync.js:firewall-rules-api',
      'src/sync.js:rate-limiting-legacy',
    ]);

    const run = await runMain(['scan', ...AS_OF, '--baseline', '.sunset-lint-baseline.json', '--format', 'json'], {
      cwd: project,
    });
    expect(run.status).toBe(0);
    const report = parseJsonReport(run.stdout);
    expect(report.findings).toEqual([]);
    expect(report.baseline).toEqual({ file: '.sunset-lint-baseline.json', suppressed: 2, stale: [] });
  });

  test('the baseline file is the same bytes when regenerated', async () => {
    const project = makeProject({ 'src/sync.js': SYNC });
    await runMain(['baseline', ...AS_OF, '--output', 'a.json'], { cwd: project });
    await runMain(['baseline', ...AS_OF, '--output', 'b.json'], { cwd: project });
    expect(readFileSync(join(project, 'a.json'), 'utf8')).toBe(readFileSync(join(project, 'b.json'), 'utf8'));
  });

  test('moving code within its file keeps it suppressed', async () => {
    const project = makeProject({ 'src/sync.js': SYNC });
    await runMain(['baseline', ...AS_OF, '--output', 'base.json'], { cwd: project });
    writeFileSync(
      join(project, 'src/sync.js'),
      `// a new header\nimport { log } from './log.js';\n\nexport function helper() {\n  return log('x');\n}\n\n${SYNC.replace('  const rules', '\n\n    const rules')}`,
    );
    const report = parseJsonReport(
      (await runMain(['scan', ...AS_OF, '--baseline', 'base.json', '--format', 'json'], { cwd: project })).stdout,
    );
    expect(report.findings).toEqual([]);
    expect(report.baseline).toMatchObject({ suppressed: 2, stale: [] });
  });

  test('the fingerprint ignores related locations: moving the other header of a pair keeps it suppressed', async () => {
    const upload = (headers: string) =>
      `export const upload = (body) =>\n  fetch('https://api.cloudflare.com/client/v4/zones/z/dns_records', {\n    method: 'POST',\n    headers: {\n${headers}\n    },\n    body,\n  });\n`;
    const project = makeProject({
      'src/upload.js': upload("      'Content-Length': '5',\n      'Transfer-Encoding': 'chunked',"),
    });
    await runMain(['baseline', ...AS_OF, '--output', 'base.json'], { cwd: project });
    const before = relatedLines((await runMain(['scan', ...AS_OF, '--format', 'json'], { cwd: project })).stdout);
    writeFileSync(
      join(project, 'src/upload.js'),
      upload("      'Transfer-Encoding': 'chunked',\n      Accept: 'application/json',\n      'Content-Length': '5',"),
    );
    const after = relatedLines((await runMain(['scan', ...AS_OF, '--format', 'json'], { cwd: project })).stdout);
    // The related location did move (the test has teeth) …
    expect(before).toEqual([5]);
    expect(after).toEqual([7]);
    // … and the finding is still the baselined one.
    const report = parseJsonReport(
      (await runMain(['scan', ...AS_OF, '--baseline', 'base.json', '--format', 'json'], { cwd: project })).stdout,
    );
    expect(report.findings).toEqual([]);
    expect(report.baseline).toMatchObject({ suppressed: 1, stale: [] });
  });

  test('a removed deprecated call is listed as stale; a new one is reported', async () => {
    const project = makeProject({ 'src/sync.js': SYNC });
    await runMain(['baseline', ...AS_OF, '--output', 'base.json'], { cwd: project });
    const changed = SYNC.replace('/rate_limits', '/rulesets').replace(
      'return [rules, limits];',
      "return [rules, limits, await fetch('https://api.cloudflare.com/client/v4/user/billing/history')];",
    );
    writeFileSync(join(project, 'src/sync.js'), changed);
    const run = await runMain(['scan', ...AS_OF, '--baseline', 'base.json', '--format', 'json'], { cwd: project });
    expect(run.status).toBe(1);
    const report = parseJsonReport(run.stdout);
    expect(report.findings.map((f) => `${f.file}:${f.line}:${f.entryId}`)).toEqual([
      'src/sync.js:4:billing-profile-and-history',
    ]);
    expect(report.baseline).toMatchObject({
      file: 'base.json',
      suppressed: 1,
      stale: [{ file: 'src/sync.js', entryId: 'rate-limiting-legacy' }],
    });
  });

  test('a baseline that is not one is a usage error', async () => {
    const project = makeProject({ 'src/sync.js': SYNC, 'bad.json': '{ "findings": 3 }', 'broken.json': '{' });
    for (const file of ['bad.json', 'broken.json', 'absent.json']) {
      const run = await runMain(['scan', '--baseline', file], { cwd: project });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(file);
    }
  });
});

describe('baselines from any folder of the repository', () => {
  /** A monorepo: two packages, each with a deprecated call. */
  const monorepo = () =>
    makeProject({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'packages/a/src/sync.js': SYNC,
      'packages/b/src/sync.js': SYNC,
    });

  test('written at the root, found and matched from a package folder; only scanned files have stale entries', async () => {
    const project = monorepo();
    const written = await runMain(['baseline', ...AS_OF], { cwd: project });
    expect(written.stderr).toContain('wrote 4 findings from 2 files to .sunset-lint-baseline.json');
    const baseline = JSON.parse(readFileSync(join(project, '.sunset-lint-baseline.json'), 'utf8')) as {
      findings: Array<{ file: string }>;
    };
    expect(new Set(baseline.findings.map((f) => f.file))).toEqual(
      new Set(['packages/a/src/sync.js', 'packages/b/src/sync.js']),
    );
    // From packages/a, without --baseline: the root's baseline is found, its entries match, and
    // packages/b's entries (not scanned here) are not "no longer found".
    const run = await runMain(['scan', ...AS_OF, '--format', 'json'], { cwd: join(project, 'packages/a') });
    expect(run.status, run.stderr).toBe(0);
    const report = parseJsonReport(run.stdout);
    expect(report.findings).toEqual([]);
    expect(report.baseline).toEqual({ file: '../../.sunset-lint-baseline.json', suppressed: 2, stale: [] });
    // A subset of the files from the root: the same.
    const subset = parseJsonReport(
      (await runMain(['scan', ...AS_OF, '--format', 'json', 'packages/b'], { cwd: project })).stdout,
    );
    expect(subset.baseline).toMatchObject({ suppressed: 2, stale: [] });
    // A fixed call in a scanned file is stale, named from the current folder.
    writeFileSync(join(project, 'packages/a/src/sync.js'), SYNC.replace('/rate_limits', '/rulesets'));
    const fixed = parseJsonReport(
      (await runMain(['scan', ...AS_OF, '--format', 'json'], { cwd: join(project, 'packages/a') })).stdout,
    );
    expect(fixed.baseline).toMatchObject({
      suppressed: 1,
      stale: [{ file: 'src/sync.js', entryId: 'rate-limiting-legacy' }],
    });
    // --no-baseline: every finding.
    const all = await runMain(['scan', ...AS_OF, '--no-baseline', '--format', 'json'], { cwd: project });
    expect(parseJsonReport(all.stdout).findings).toHaveLength(3);
    const both = await runMain(['scan', '--no-baseline', '--baseline', 'x.json'], { cwd: project });
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--baseline FILE and --no-baseline cannot be used together');
  });

  test('written from a package folder: at the root, keyed from it; the root scan matches it', async () => {
    const project = monorepo();
    const written = await runMain(['baseline', ...AS_OF], { cwd: join(project, 'packages/b') });
    expect(written.stderr).toContain('wrote 2 findings from 1 files to ../../.sunset-lint-baseline.json');
    const run = await runMain(['scan', ...AS_OF, '--format', 'json'], { cwd: project });
    const report = parseJsonReport(run.stdout);
    expect(report.findings.map((f) => f.file)).toEqual(['packages/a/src/sync.js', 'packages/a/src/sync.js']);
    expect(report.baseline).toMatchObject({ file: '.sunset-lint-baseline.json', suppressed: 2, stale: [] });
  });

  test("written again from a package folder: the root baseline keeps the other packages' entries", async () => {
    const project = monorepo();
    await runMain(['baseline', ...AS_OF], { cwd: project });
    // packages/a changes: one call is fixed, one added; its baseline is written again from its folder.
    writeFileSync(
      join(project, 'packages/a/src/sync.js'),
      SYNC.replace('/rate_limits', '/rulesets').replace('/firewall/rules', '/filters'),
    );
    const again = await runMain(['baseline', ...AS_OF], { cwd: join(project, 'packages/a') });
    expect(again.stderr).toContain(
      'wrote 1 finding from 1 files to ../../.sunset-lint-baseline.json (and kept 2 of its entries for files not scanned here)',
    );
    const files = (
      JSON.parse(readFileSync(join(project, '.sunset-lint-baseline.json'), 'utf8')) as {
        findings: Array<{ file: string }>;
      }
    ).findings.map((f) => f.file);
    expect(files).toEqual(['packages/a/src/sync.js', 'packages/b/src/sync.js', 'packages/b/src/sync.js']);
    // The root scan: nothing new, nothing stale.
    const report = parseJsonReport((await runMain(['scan', ...AS_OF, '--format', 'json'], { cwd: project })).stdout);
    expect(report.findings).toEqual([]);
    expect(report.baseline).toMatchObject({ suppressed: 3, stale: [] });
  });

  test("a scan of one importing file (a pre-commit run) matches the whole scan's baseline for paths written in a module it imports", async () => {
    const project = makeProject({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'lib/paths.js': "'use strict';\nmodule.exports = { FIREWALL_RULES: '/firewall/rules' };\n",
      'lib/jobs.js': [
        "'use strict';",
        "const { FIREWALL_RULES } = require('./paths');",
        "const API = 'https://api.cloudflare.com/client/v4';",
        'exports.purge = (id) => fetch(API + "/zones/" + id + FIREWALL_RULES);',
        '',
      ].join('\n'),
    });
    await runMain(['baseline', ...AS_OF], { cwd: project });
    const whole = parseJsonReport(
      (await runMain(['scan', ...AS_OF, '--no-baseline', '--format', 'json'], { cwd: project })).stdout,
    );
    const one = parseJsonReport(
      (await runMain(['scan', ...AS_OF, '--no-baseline', '--format', 'json', 'lib/jobs.js'], { cwd: project })).stdout,
    );
    // Placed where the path is written in the whole scan, at the request when only the importer is
    // scanned: one identity either way.
    expect(whole.findings.map((f) => `${f.file}:${f.line}`)).toEqual(['lib/paths.js:2']);
    expect(one.findings.map((f) => `${f.file}:${f.line}`)).toEqual(['lib/jobs.js:4']);
    expect(one.findings[0]!.fingerprint).toBe(whole.findings[0]!.fingerprint);
    const gated = await runMain(['scan', ...AS_OF, '--format', 'json', 'lib/jobs.js'], { cwd: project });
    expect(gated.status, gated.stderr).toBe(0);
    expect(parseJsonReport(gated.stdout).baseline).toMatchObject({ suppressed: 1, stale: [] });
  });

  test('the text report says what the baseline suppressed, not "No deprecated API usage found"', async () => {
    const project = monorepo();
    await runMain(['baseline', ...AS_OF], { cwd: project });
    const run = await runMain(['scan', ...AS_OF, '--no-color'], { cwd: join(project, 'packages/a') });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'No deprecated API usage found outside the baseline in 1 file scanned (as of 2026-01-01): 2 findings suppressed by ../../.sunset-lint-baseline.json.',
    );
    expect(run.stdout).toContain(
      'Baseline ../../.sunset-lint-baseline.json (4 entries): 2 findings suppressed, 0 entries no longer found.',
    );
  });

  test('a version 1 baseline: read as it is at the repository root; in a sub-folder, a message says to rewrite it', async () => {
    const project = monorepo();
    await runMain(['baseline', ...AS_OF], { cwd: project });
    const v2 = JSON.parse(readFileSync(join(project, '.sunset-lint-baseline.json'), 'utf8')) as { version: number };
    // What an earlier sunset-lint wrote at the root: the same entries, version 1.
    writeFileSync(join(project, '.sunset-lint-baseline.json'), JSON.stringify({ ...v2, version: 1 }));
    const atRoot = await runMain(['scan', ...AS_OF, '--format', 'json'], { cwd: join(project, 'packages/a') });
    expect(atRoot.status, atRoot.stderr).toBe(0);
    expect(parseJsonReport(atRoot.stdout).baseline).toMatchObject({ suppressed: 2 });
    // Written in packages/a by an earlier version: its fingerprints hashed paths from there.
    writeFileSync(join(project, 'packages/a/old.json'), JSON.stringify({ ...v2, version: 1 }));
    const old = await runMain(['scan', ...AS_OF, '--baseline', 'old.json'], { cwd: join(project, 'packages/a') });
    expect(old.status).toBe(2);
    expect(old.stderr).toContain(
      "old.json: a version 1 baseline, keyed by paths from the folder it was written in (packages/a); baselines are now keyed by paths from the repository root, and its entries cannot be carried over: write it again with 'sunset-lint baseline --output old.json'",
    );
  });
});

/** The lines of the related locations of every finding in a JSON report. */
function relatedLines(json: string): number[] {
  const report = JSON.parse(json) as { findings: Array<{ related?: Array<{ line: number }> }> };
  return report.findings.flatMap((f) => (f.related ?? []).map((r) => r.line));
}
