/**
 * The scan command: exit codes, options, discovery, diagnostics, reports. In-process through `main`
 * (support/cli-in-process.ts); the tests marked "real process" are about the process itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FIREWALL_RULES_CALL, makeProject, parseJsonReport, runCli } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

/** One call of an endpoint whose end of life is 2025-01-15. */
const deprecated = (name = 'sync') => `export async function ${name}(zoneId) {\n  ${FIREWALL_RULES_CALL}\n}\n`;

describe('--fail-on and exit codes', () => {
  const project = makeProject({ 'src/sync.ts': deprecated() });
  // As of these days the finding is expired, imminent (within 90 days) and scheduled.
  const cases: Array<[string, string, number]> = [
    ['2026-01-01', 'expired', 1],
    ['2026-01-01', 'imminent', 1],
    ['2026-01-01', 'none', 0],
    ['2024-12-01', 'expired', 0],
    ['2024-12-01', 'imminent', 1],
    ['2024-12-01', 'scheduled', 1],
    ['2024-01-01', 'expired', 0],
    ['2024-01-01', 'imminent', 0],
    ['2024-01-01', 'scheduled', 1],
  ];
  test.each(cases)('as of %s, --fail-on %s exits %i', async (asOf, failOn, code) => {
    const run = await runMain(['scan', '--as-of', asOf, '--fail-on', failOn, '--format', 'json'], { cwd: project });
    expect(run.status).toBe(code);
    expect(parseJsonReport(run.stdout).findings).toHaveLength(1);
  });

  // The real process: the launcher turns the command's result into the process's exit code.
  test('default --fail-on is expired (real process)', () => {
    expect(runCli(['scan', '--as-of', '2026-01-01'], { cwd: project }).status).toBe(1);
    expect(runCli(['scan', '--as-of', '2024-12-01'], { cwd: project }).status).toBe(0);
  });

  test('--imminent-days widens the imminent window', async () => {
    expect((await runMain(['scan', '--as-of', '2024-06-01', '--fail-on', 'imminent'], { cwd: project })).status).toBe(
      0,
    );
    expect(
      (
        await runMain(['scan', '--as-of', '2024-06-01', '--fail-on', 'imminent', '--imminent-days', '365'], {
          cwd: project,
        })
      ).status,
    ).toBe(1);
  });

  test('no findings exits 0', async () => {
    expect((await runMain(['scan'], { cwd: makeProject({ 'a.js': 'console.log(1);\n' }) })).status).toBe(0);
  });
});

describe('usage errors exit 2 and say why', () => {
  const project = makeProject({ 'a.ts': deprecated() });
  test.each([
    [['scan', '--bogus'], '--bogus'],
    [['scan', '--fail-on', 'sometimes'], '--fail-on'],
    [['scan', '--format', 'pdf'], '--format'],
    [['scan', '--as-of', '2024-13-45'], '--as-of'],
    [['scan', '--imminent-days', 'soon'], '--imminent-days'],
    [['scan', '--min-confidence', 'certain'], '--min-confidence'],
    [['scan', 'no/such/dir'], 'no/such/dir'],
    [['scan', '--format', 'json', '--format', 'sarif'], 'stdout'],
    [['scan', '--baseline', 'missing.json'], 'missing.json'],
  ])('%j', async (args, named) => {
    const run = await runMain(args, { cwd: project });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(named);
    expect(run.stderr).not.toContain('internal error');
  });
});

describe('a bad option value is named with what it takes', () => {
  const project = makeProject({ 'a.ts': deprecated() });
  test.each([
    [
      ['scan', '--fail-on', 'sometimes'],
      "--fail-on must be one of expired, imminent, scheduled, none, got 'sometimes'",
    ],
    [
      ['scan', '--format', 'pdf'],
      "--format must be one of text, json, sarif, markdown, html, github, gitlab, junit, checkstyle, got 'pdf'",
    ],
    [['scan', '--min-confidence', 'certain'], "--min-confidence must be one of high, medium, low, got 'certain'"],
    [['baseline', '--as-of', '2024-13-45'], "--as-of must be a date written YYYY-MM-DD, got '2024-13-45'"],
    [['fix', '--imminent-days=1.5'], "--imminent-days must be a whole number of days (0 or more), got '1.5'"],
  ])('%j', async (args, message) => {
    const run = await runMain(args, { cwd: project });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`sunset-lint ${args[0]}: ${message}\n`);
  });

  test('a bad flag is not blamed on the configuration file', async () => {
    const withBadConfig = makeProject({ 'a.ts': deprecated(), 'sunset-lint.config.json': '{ "imminentDays": -1 }' });
    const run = await runMain(['scan', '--as-of', 'tomorrow'], { cwd: withBadConfig });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("sunset-lint scan: --as-of must be a date written YYYY-MM-DD, got 'tomorrow'\n");
  });
});

describe('reports', () => {
  test('several --format/--output pairs in one run; a format without output goes to stdout', async () => {
    const project = makeProject({ 'src/sync.ts': deprecated() });
    const run = await runMain(
      [
        'scan',
        '--as-of',
        '2026-01-01',
        '--format',
        'sarif',
        '--output',
        'out/a.sarif',
        '--format',
        'json',
        '--output',
        'b.json',
        '--format',
        'markdown',
        '--output',
        'c.txt',
        '--format',
        'text',
      ],
      { cwd: project },
    );
    expect(run.status).toBe(1);
    expect(JSON.parse(readFileSync(join(project, 'out/a.sarif'), 'utf8'))).toMatchObject({ version: '2.1.0' });
    expect(parseJsonReport(readFileSync(join(project, 'b.json'), 'utf8')).findings[0]).toMatchObject({
      file: 'src/sync.ts',
      line: 2,
      entryId: 'firewall-rules-api',
    });
    expect(readFileSync(join(project, 'c.txt'), 'utf8')).toMatch(
      /^<!-- Generated by sunset-lint[^\n]*-->\n\n# Deprecated API migration audit\n/,
    );
    expect(run.stdout).toContain('src/sync.ts');
  });

  test('an --output alone takes its format from the extension', async () => {
    const project = makeProject({ 'src/sync.ts': deprecated() });
    await runMain(['scan', '--as-of', '2026-01-01', '--output', 'r.json'], { cwd: project });
    expect(parseJsonReport(readFileSync(join(project, 'r.json'), 'utf8')).findings).toHaveLength(1);
  });

  test('--quiet keeps stderr empty; without it a one-line summary names the files written', async () => {
    const project = makeProject({ 'src/sync.ts': deprecated() });
    expect(
      (await runMain(['scan', '--as-of', '2026-01-01', '--output', 'r.json', '--quiet'], { cwd: project })).stderr,
    ).toBe('');
    expect((await runMain(['scan', '--as-of', '2026-01-01', '--output', 'r.json'], { cwd: project })).stderr).toMatch(
      /1 finding in 1 file \(1 file scanned; 1 at or above --fail-on expired\); wrote r\.json/,
    );
  });

  // The real process: its stderr is a pipe, and CI is unset in its environment.
  test('no progress bar when stderr is not a terminal (real process)', () => {
    const files = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`src/f${i}.js`, 'export const x = 1;\n']));
    const run = runCli(['scan', '--format', 'json'], { cwd: makeProject(files), env: { CI: '' } });
    expect(run.stderr).not.toContain('scanning [');
  });
});

describe('discovery', () => {
  const project = makeProject({
    'src/app.ts': deprecated(),
    'src/view.jsx': `export const View = () => <div onClick={() => fetch('https://api.cloudflare.com/client/v4/user/billing/profile')} />;\n`,
    'node_modules/pkg/index.js': deprecated(),
    'dist/app.js': deprecated(),
    'build/app.js': deprecated(),
    'coverage/x.js': deprecated(),
    '.next/server.js': deprecated(),
    'src/vendor.min.js': deprecated(),
    'src/types.d.ts': 'export declare const x: string;\n',
    'generated/api.ts': deprecated(),
    '.gitignore': 'generated/\n',
    'README.md': '# not code\n',
  });
  const files = async (args: string[], cwd = project) =>
    [
      ...new Set(
        parseJsonReport(
          (await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json', ...args], { cwd })).stdout,
        ).findings.map((f) => f.file),
      ),
    ].sort();

  test('default includes and excludes; .gitignore respected', async () => {
    expect(await files([])).toEqual(['src/app.ts', 'src/view.jsx']);
  });

  test('explicit file arguments are scanned as given (non-source files skipped)', async () => {
    expect(await files(['dist/app.js', 'generated/api.ts', 'README.md'])).toEqual(['dist/app.js', 'generated/api.ts']);
  });

  test('a directory argument is globbed with the same rules', async () => {
    expect(await files(['src'])).toEqual(['src/app.ts', 'src/view.jsx']);
  });
});

describe('diagnostics', () => {
  // A file whose text cannot match is not parsed at all (scan-prefilter-lossless.test.ts), so the
  // broken file here is one that calls the API.
  test('an unparsable file that may call the API is named with its line; the scan goes on', async () => {
    const project = makeProject({
      'src/broken.ts': `export const a = 1;\nconst = ;\n${deprecated()}`,
      'src/ok.ts': deprecated(),
    });
    const run = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json'], { cwd: project });
    expect(run.status).toBe(1);
    const report = parseJsonReport(run.stdout);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: 'parse-error', severity: 'error', file: 'src/broken.ts', line: 2 }),
    ]);
    expect(report.findings.map((f) => f.file)).toEqual(['src/ok.ts']);
    expect(report.summary.filesScanned).toBe(2);
    // Without a text report on stdout, the diagnostic is also written to stderr.
    expect(run.stderr).toContain('src/broken.ts:2');
  });

  test('old sloppy-mode CommonJS (legacy octal literals, top-level return) still scans', async () => {
    const project = makeProject({
      'legacy.cjs': `var mode = 0644;\nif (!process.env.CF) return;\nfetch('https://api.cloudflare.com/client/v4/user/billing/profile');\n`,
    });
    const report = parseJsonReport(
      (await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json'], { cwd: project })).stdout,
    );
    expect(report.diagnostics).toEqual([]);
    expect(report.findings.map((f) => `${f.file}:${f.line}:${f.entryId}`)).toEqual([
      'legacy.cjs:3:billing-profile-and-history',
    ]);
  });

  // The real process: the stack the analysis runs out of is the CLI's own, not a test worker's.
  test('generated code nested beyond the stack is named and skipped; the scan goes on (real process)', () => {
    const terms = Array.from({ length: 20_000 }, (_, i) => `'part${i}'`).join(' + ');
    const project = makeProject({ 'gen/huge.js': `export const blob = ${terms};\n`, 'src/ok.ts': deprecated() });
    const run = runCli(['scan', '--as-of', '2026-01-01', '--format', 'json'], { cwd: project });
    expect(run.stderr).not.toContain('internal error');
    expect(run.status).toBe(1);
    const report = parseJsonReport(run.stdout);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: 'too-deeply-nested', severity: 'error', file: 'gen/huge.js' }),
    ]);
    expect(report.findings.map((f) => f.file)).toEqual(['src/ok.ts']);
  });

  test('a file that is not UTF-8 text or is empty does not stop the scan', async () => {
    const project = makeProject({ 'src/empty.ts': '', 'src/ok.ts': deprecated() });
    expect(
      parseJsonReport((await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json'], { cwd: project })).stdout)
        .findings,
    ).toHaveLength(1);
  });
});

describe('cross-file resolution through the CLI', () => {
  const project = makeProject({
    'lib/config.ts': "export const API = 'https://api.cloudflare.com/client/v4';\n",
    'lib/zone.ts':
      "import { API } from './config.js';\nexport function zoneUrl(zoneId: string, suffix: string) {\n  return `${API}/zones/${zoneId}${suffix}`;\n}\nexport const zoneGet = (zoneId: string, suffix: string) => fetch(zoneUrl(zoneId, suffix));\n",
    'lib/index.ts': "export * from './zone';\n",
    'jobs/audit.ts':
      "import * as lib from '../lib';\nimport { zoneGet } from '../lib/index.js';\nexport async function audit(zoneId: string) {\n  await fetch(lib.zoneUrl(zoneId, '/settings/brotli'));\n  await zoneGet(zoneId,\n    '/rate_limits');\n  await zoneGet(zoneId, '/rulesets');\n}\n",
  });

  test('namespace imports, barrels, helpers built on imported constants and helpers', async () => {
    const report = parseJsonReport(
      (await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json'], { cwd: project })).stdout,
    );
    expect(report.findings.map((f) => `${f.file}:${f.line}:${f.entryId}:${f.confidence}`)).toEqual([
      'jobs/audit.ts:4:zone-setting-brotli:high',
      'jobs/audit.ts:6:rate-limiting-legacy:high',
    ]);
  });

  test('an explicit file argument still sees the modules it imports (read, not reported)', async () => {
    const report = parseJsonReport(
      (await runMain(['scan', 'jobs/audit.ts', '--as-of', '2026-01-01', '--format', 'json'], { cwd: project })).stdout,
    );
    expect(report.summary.filesScanned).toBe(1);
    expect(report.findings.map((f) => `${f.file}:${f.line}`)).toEqual(['jobs/audit.ts:4', 'jobs/audit.ts:6']);
  });

  test('a map imported from another module, read with a key the file does not show', async () => {
    const maps = makeProject({
      'ids.ts': "export const SETTINGS = { compression: 'brotli', tls: 'min_tls_version' } as const;\n",
      'apply.ts':
        "import { SETTINGS } from './ids';\nexport async function apply(zoneId: string, key: keyof typeof SETTINGS) {\n  await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/settings/${SETTINGS[key]}`, { method: 'PATCH' });\n}\n",
    });
    const report = parseJsonReport(
      (await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json'], { cwd: maps })).stdout,
    );
    expect(report.findings.map((f) => `${f.file}:${f.line}:${f.entryId}`)).toEqual(['apply.ts:3:zone-setting-brotli']);
  });

  test('import cycles and unresolvable imports end quietly', async () => {
    const cyclic = makeProject({
      'a.ts':
        "export * from './b';\nexport { X as Y } from './b';\nimport { Z } from './missing';\nexport const X = Z;\n",
      'b.ts': "export * from './a';\nexport { Y as X } from './a';\n",
      'c.ts': "import { X, Y } from './a';\nfetch(`https://api.cloudflare.com/client/v4/zones/${X}/${Y}`);\n",
    });
    const run = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json'], { cwd: cyclic });
    expect(run.status).toBe(0);
    expect(parseJsonReport(run.stdout).findings).toEqual([]);
    expect(existsSync(join(cyclic, 'c.ts'))).toBe(true);
  });
});
