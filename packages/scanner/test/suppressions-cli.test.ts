/**
 * The scanner's side of suppression comments that ESLint cannot show: `fix` and `baseline` leave
 * suppressed findings alone, the old `sunset-lint-upcoming/` rule names still match, and `--cache`
 * re-scans read the comments as a cold scan does. (Parity with the real ESLint:
 * eslint-plugin/test/suppressions.test.ts.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeProject, parseJsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';
import { sarifValidator } from './sarif-schema.js';

const API = "const API = 'https://api.cloudflare.com/client/v4';";
const payload = "JSON.stringify({ type: 'A', name: 'www', content: '192.0.2.1', locked: false })";
const DNS = [
  API,
  'export const create = (zone) =>',
  `  fetch(\`\${API}/zones/\${zone}/dns_records\`, { method: 'POST', body: ${payload} });`,
  'export const keep = (zone) =>',
  '  // sunset-lint-ignore dns-record-locked-field -- kept for the old resolver, DNS-4',
  `  fetch(\`\${API}/zones/\${zone}/dns_records\`, { method: 'POST', body: ${payload} });`,
  '',
].join('\n');

describe('fix and baseline leave suppressed findings alone', () => {
  test('fix removes `locked` only where no comment silences it', async () => {
    const cwd = makeProject({ 'dns.js': DNS });
    const run = await runMain(['fix', '.'], { cwd });
    expect(run.status).toBe(0);
    const lines = readFileSync(join(cwd, 'dns.js'), 'utf8').split('\n');
    expect(lines[2]).not.toContain('locked');
    expect(lines[5]).toContain('locked: false');
  });

  test('baseline records only the finding that is reported', async () => {
    const cwd = makeProject({ 'dns.js': DNS });
    await runMain(['baseline', '--output', 'baseline.json', '--quiet'], { cwd });
    const baseline = JSON.parse(readFileSync(join(cwd, 'baseline.json'), 'utf8')) as { findings: unknown[] };
    expect(baseline.findings).toHaveLength(1);
  });
});

test('the deprecated sunset-lint-upcoming/ rule names still silence in the scanner', async () => {
  const cwd = makeProject({
    'a.js': [
      API,
      '// eslint-disable-next-line sunset-lint-upcoming/no-deprecated-endpoint -- written for the old by-grade config',
      'export const rules = (z) => fetch(`${API}/zones/${z}/firewall/rules`);',
      '',
    ].join('\n'),
  });
  const report = parseJsonReport((await runMain(['scan', '--format', 'json'], { cwd })).stdout);
  expect(report.findings).toEqual([]);
  expect(report.diagnostics).toEqual([]);
});

test('with the text report on stdout, stderr still says how many findings comments suppressed', async () => {
  const cwd = makeProject({ 'dns.js': DNS });
  const run = await runMain(['scan', '--fail-on', 'none'], { cwd });
  expect(run.stderr).toContain('sunset-lint: 1 suppressed by comments (not in the report)');
});

test('--cache: a re-scan reads suppression comments as a cold scan does, and sees edited ones', async () => {
  const cwd = makeProject({
    'dns.js': DNS,
    'stale.js': `${API}\n// sunset-lint-ignore firewall-rules-api -- removed call\nexport const x = 1;\n`,
  });
  const scan = async () => {
    const run = await runMain(['scan', '--cache', '--format', 'json', '--fail-on', 'none'], { cwd });
    const report = parseJsonReport(run.stdout);
    return {
      findings: report.findings.map((f) => `${f.file}:${f.line}`),
      diagnostics: report.diagnostics.map((d) => `${d.file}:${d.line}:${d.code}`),
    };
  };
  const cold = await scan();
  expect(cold).toEqual({ findings: ['dns.js:3'], diagnostics: ['stale.js:2:unused-suppression'] });
  expect(await scan()).toEqual(cold);
  writeFileSync(join(cwd, 'dns.js'), DNS.replace('// sunset-lint-ignore', '// (was) sunset-lint-ignore'));
  expect(await scan()).toEqual({ findings: ['dns.js:3', 'dns.js:6'], diagnostics: ['stale.js:2:unused-suppression'] });
});

test('SARIF carries suppressed findings as results with an in-source suppression and its reason', async () => {
  const cwd = makeProject({ 'dns.js': DNS });
  const run = await runMain(['scan', '--format', 'sarif', '--fail-on', 'none'], { cwd });
  const log = JSON.parse(run.stdout) as {
    runs: Array<{
      results: Array<{
        locations: Array<{ physicalLocation: { region: { startLine: number } } }>;
        suppressions?: unknown;
      }>;
    }>;
  };
  const validate = sarifValidator();
  expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
  expect(
    log.runs[0]!.results.map((r) => [r.locations[0]!.physicalLocation.region.startLine, r.suppressions ?? 'reported']),
  ).toEqual([
    [3, 'reported'],
    [6, [{ kind: 'inSource', justification: 'kept for the old resolver, DNS-4' }]],
  ]);
});

test('--types: suppression comments apply to what the type checker finds too, and a suppressed finding stays out', async () => {
  const tsconfig = {
    compilerOptions: { strict: true, noEmit: true, lib: ['ES2022', 'DOM'], types: [] },
    include: ['*.ts'],
  };
  const source = [
    "const API = 'https://api.cloudflare.com/client/v4';",
    "export type Toggle = 'brotli';",
    'export const read = (zoneId: string, toggle: Toggle) =>',
    '  // sunset-lint-ignore zone-setting-brotli -- the toggle is removed in SPEED-2',
    '  fetch(`${API}/zones/${zoneId}/settings/${toggle}`);',
    'export const direct = (zoneId: string) => fetch(`${API}/zones/${zoneId}/settings/brotli`); // eslint-disable-line sunset-lint/no-deprecated-endpoint -- SPEED-3',
    'export const plain = (zoneId: string, toggle: Toggle) => fetch(`${API}/zones/${zoneId}/settings/${toggle}`);',
    '',
  ].join('\n');
  const cwd = makeProject({ 'tsconfig.json': JSON.stringify(tsconfig), 'speed.ts': source });
  const run = await runMain(['scan', '--types', '--format', 'json', '--fail-on', 'none'], { cwd });
  const report = parseJsonReport(run.stdout);
  expect(report.findings.map((f) => `${f.line}:${f.entryId}`)).toEqual(['7:zone-setting-brotli']);
  expect(report.diagnostics).toEqual([]);
  expect(run.stderr).toContain('2 suppressed by comments');
});
