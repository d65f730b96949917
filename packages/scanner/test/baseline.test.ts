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
    expect(baseline.version).toBe(1);
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

/** The lines of the related locations of every finding in a JSON report. */
function relatedLines(json: string): number[] {
  const report = JSON.parse(json) as { findings: Array<{ related?: Array<{ line: number }> }> };
  return report.findings.flatMap((f) => (f.related ?? []).map((r) => r.line));
}
