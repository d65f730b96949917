/**
 * One suppression for both engines: the real ESLint (with the plugin's configs) and the real
 * scanner CLI silence the same findings, report the same unused, expired and invalid
 * suppressions, and a disable comment keeps matching when the date moves a finding's grade.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeProject, parseJsonReport, type JsonReport as ScanJson } from '../../scanner/test/scan-cli-support.js';
import { runMain } from '../../scanner/test/support/cli-in-process.js';
import { REPO_ROOT, userConfig } from './support/lint.js';
import { NEXT_YEAR_ENTRY } from './support/next-year-entry.js';

const AS_OF = '2026-11-21';

interface Problem {
  file: string;
  line: number;
  /** finding:<entry>, unused or invalid. */
  kind: string;
  message: string;
}

/** The real ESLint over `patterns` in `cwd`, unused directives reported as ESLint's users turn them on. */
async function eslintProblems(
  cwd: string,
  patterns: string[],
  settings: Record<string, unknown>,
  config: 'recommended' | 'recommended-by-grade' = 'recommended-by-grade',
): Promise<Array<Problem & { severity: number; ruleId: string | null }>> {
  const overrideConfig: Linter.Config[] = [
    ...userConfig(settings, config),
    { linterOptions: { reportUnusedDisableDirectives: 'warn' } },
  ];
  const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig });
  const results = await eslint.lintFiles(patterns);
  return results.flatMap((result) =>
    result.messages.map((m) => ({
      file: relative(cwd, result.filePath).split(sep).join('/'),
      line: m.line,
      kind:
        m.messageId === 'invalidSuppression'
          ? 'invalid'
          : m.messageId === 'unusedSuppression' || m.ruleId === null
            ? 'unused'
            : `finding:${/\[([a-z0-9-]+)\]$/.exec(m.message)?.[1] ?? '?'}`,
      message: m.message.replace(/ \[[a-z0-9-]+\]$/, ''),
      severity: m.severity,
      ruleId: m.ruleId,
    })),
  );
}

async function scannerProblems(cwd: string, args: string[]) {
  const run = await runMain(['scan', ...args, '--format', 'json', '--fail-on', 'none'], { cwd });
  const report = parseJsonReport(run.stdout);
  const problems: Problem[] = [
    ...report.findings.map((f) => ({ file: f.file, line: f.line, kind: `finding:${f.entryId}`, message: f.message })),
    ...report.diagnostics.map((d) => ({
      file: d.file ?? '',
      line: d.line ?? 0,
      kind: d.code === 'invalid-suppression' ? 'invalid' : d.code === 'unused-suppression' ? 'unused' : d.code,
      message: d.message,
    })),
  ];
  return { run, report, problems };
}

const byPlace = (a: Problem, b: Problem) =>
  a.file.localeCompare(b.file) || a.line - b.line || a.kind.localeCompare(b.kind);
const comparable = (problems: Problem[]) =>
  problems.map(({ file, line, kind, message }) => ({ file, line, kind, message })).sort(byPlace);

describe('fixtures/suppressions: both engines silence the same findings', () => {
  let eslint: Problem[];
  let scanner: Awaited<ReturnType<typeof scannerProblems>>;
  beforeAll(async () => {
    eslint = await eslintProblems(REPO_ROOT, ['fixtures/suppressions'], { asOf: AS_OF });
    scanner = await scannerProblems(REPO_ROOT, ['fixtures/suppressions', '--as-of', AS_OF]);
  });

  test('the same findings are left, nothing else is reported', () => {
    expect(comparable(eslint)).toEqual(comparable(scanner.problems));
    expect(eslint.map((p) => `${p.line}:${p.kind}`)).toEqual([
      '53:finding:firewall-rules-api',
      '71:finding:waf-managed-rules-legacy',
    ]);
  });

  test("a finding whose sunset-lint-ignore ran out says so in both engines' message", () => {
    for (const problems of [eslint, scanner.problems])
      expect(problems.find((p) => p.line === 53)?.message).toMatch(
        /\(the sunset-lint-ignore on line 52 expired on 2025-06-30\)$/,
      );
  });

  test('the scanner counts the suppressed findings on stderr', async () => {
    const run = await runMain(
      [
        'scan',
        'fixtures/suppressions',
        '--as-of',
        AS_OF,
        '--format',
        'json',
        '--output',
        join(makeProject({}), 'r.json'),
      ],
      {
        cwd: REPO_ROOT,
      },
    );
    // Three files scanned: the two sources and expected.json (a JSON file, read as data).
    expect(run.stderr).toContain(
      '2 findings in 1 file (3 files scanned; 2 at or above --fail-on expired), 12 suppressed by comments',
    );
  });
});

const API = "const API = 'https://api.cloudflare.com/client/v4';";

describe('unused, invalid and expired suppressions: the same reports in both engines', () => {
  const files = {
    'src/problems.js': [
      API,
      '// sunset-lint-ignore firewall-rules-api -- nothing on the next line',
      'export const nothing = 1;',
      '// eslint-disable-next-line sunset-lint/no-deprecated-field -- no field here',
      'export const rules = (z) => fetch(`${API}/zones/${z}/firewall/rules`);',
      '// sunset-lint-ignore no-such-entry -- typo in the id',
      'export const limits = (z) => fetch(`${API}/zones/${z}/rate_limits`);',
      '// sunset-lint-ignore rate-limiting-legacy',
      'export const limits2 = (z) => fetch(`${API}/zones/${z}/rate_limits`);',
      '// sunset-lint-ignore rate-limiting-legacy -- OPS-1 until 2026-02-30',
      'export const limits3 = (z) => fetch(`${API}/zones/${z}/rate_limits`);',
      '// sunset-lint-ignore rate-limiting-legacy -- OPS-2 until 2026-11-20',
      'export const limits4 = (z) => fetch(`${API}/zones/${z}/rate_limits`);',
      '',
    ].join('\n'),
  };
  let cwd: string;
  let eslint: Array<Problem & { severity: number; ruleId: string | null }>;
  let scanner: Awaited<ReturnType<typeof scannerProblems>>;
  beforeAll(async () => {
    cwd = makeProject(files);
    eslint = await eslintProblems(cwd, ['src'], { asOf: AS_OF });
    scanner = await scannerProblems(cwd, ['src', '--as-of', AS_OF]);
  });

  test('same lines, kinds and messages', () => {
    expect(comparable(eslint)).toEqual(comparable(scanner.problems));
    expect(comparable(eslint).map((p) => `${p.line}:${p.kind}`)).toEqual([
      '2:unused',
      '4:unused',
      '5:finding:firewall-rules-api',
      '6:invalid',
      '7:finding:rate-limiting-legacy',
      '8:invalid',
      '9:finding:rate-limiting-legacy',
      '10:invalid',
      '11:finding:rate-limiting-legacy',
      '13:finding:rate-limiting-legacy',
    ]);
  });

  test('each invalid comment says what is wrong', () => {
    const messages = scanner.problems.filter((p) => p.kind === 'invalid').map((p) => p.message);
    expect(messages).toEqual([
      "sunset-lint-ignore names an unknown catalogue entry: 'no-such-entry'",
      "sunset-lint-ignore needs a reason after ' -- ' (sunset-lint-ignore <entry-id>[, <entry-id>…] -- <reason>[ until YYYY-MM-DD])",
      "sunset-lint-ignore: 'until 2026-02-30' is not a calendar date (YYYY-MM-DD)",
    ]);
  });

  test('unused suppressions are warnings by default, invalid ones errors; the scanner exits 1 on an invalid one', async () => {
    expect(eslint.filter((p) => p.kind === 'unused').map((p) => p.severity)).toEqual([1, 1]);
    expect(eslint.filter((p) => p.kind === 'invalid').every((p) => p.severity === 2)).toBe(true);
    expect(scanner.report.diagnostics.filter((d) => d.code === 'unused-suppression').map((d) => d.severity)).toEqual([
      'warning',
      'warning',
    ]);
    expect(scanner.run.status).toBe(1);
  });

  test('--report-unused-suppressions off drops them, error fails the scan', async () => {
    const cleanCwd = makeProject({
      'a.js': `${API}\n// sunset-lint-ignore firewall-rules-api -- stale\nexport const x = 1;\n`,
    });
    const off = await runMain(['scan', '--report-unused-suppressions', 'off', '--format', 'json'], { cwd: cleanCwd });
    expect((JSON.parse(off.stdout) as ScanJson).diagnostics).toEqual([]);
    expect(off.status).toBe(0);
    const error = await runMain(['scan', '--report-unused-suppressions', 'error', '--format', 'json'], {
      cwd: cleanCwd,
    });
    expect((JSON.parse(error.stdout) as ScanJson).diagnostics).toMatchObject([
      { code: 'unused-suppression', severity: 'error', file: 'a.js', line: 2 },
    ]);
    expect(error.status).toBe(1);
    const bad = await runMain(['scan', '--report-unused-suppressions', 'loud'], { cwd: cleanCwd });
    expect(bad.stderr).toContain("--report-unused-suppressions must be one of off, warn, error, got 'loud'");
    expect(bad.status).toBe(2);
  });

  test('the config key does what the flag does', async () => {
    const configured = makeProject({
      'sunset-lint.config.json': JSON.stringify({ reportUnusedSuppressions: 'error' }),
      'a.js': `${API}\n// sunset-lint-ignore firewall-rules-api -- stale\nexport const x = 1;\n`,
    });
    const run = await runMain(['scan', '--format', 'json'], { cwd: configured });
    expect((JSON.parse(run.stdout) as ScanJson).diagnostics).toMatchObject([
      { code: 'unused-suppression', severity: 'error' },
    ]);
    expect(run.status).toBe(1);
  });
});

describe('a suppression keeps matching when the date moves a finding from scheduled to expired', () => {
  const source = [
    API,
    '// eslint-disable-next-line sunset-lint/no-deprecated-endpoint -- OPS-7',
    'export const a = (z) => fetch(`${API}/zones/${z}/settings/next_thing`);',
    'export const b = (z) => fetch(`${API}/zones/${z}/settings/next_thing`); // sunset-lint-ignore zone-setting-next -- OPS-8',
    '// sunset-lint-ignore zone-setting-next -- OPS-9 until 2027-01-31',
    'export const c = (z) => fetch(`${API}/zones/${z}/settings/next_thing`);',
    'export const d = (z) => fetch(`${API}/zones/${z}/settings/next_thing`);',
    '',
  ].join('\n');
  let cwd: string;
  beforeAll(() => {
    cwd = makeProject({
      'sunset-lint.config.json': JSON.stringify({ catalogue: { add: [NEXT_YEAR_ENTRY] } }),
      'next.js': source,
    });
  });
  const settings = (asOf: string) => ({ asOf, catalogue: { add: [NEXT_YEAR_ENTRY] } });

  test.each([
    ['2026-06-01', 'scheduled', 1],
    ['2027-01-31', 'expired', 2],
  ] as const)(
    'as of %s (%s): only the unsuppressed call, under one rule name, nothing unused',
    async (asOf, grade, severity) => {
      const eslint = await eslintProblems(cwd, ['next.js'], settings(asOf));
      expect(eslint.map((p) => [p.line, p.ruleId, p.severity])).toEqual([
        [7, 'sunset-lint/no-deprecated-endpoint', severity],
      ]);
      const scanner = await scannerProblems(cwd, ['--as-of', asOf]);
      expect(scanner.report.findings.map((f) => [f.line, f.grade])).toEqual([[7, grade]]);
      expect(scanner.report.diagnostics).toEqual([]);
    },
  );

  test('after its until day a sunset-lint-ignore no longer silences, in both engines, and the message says when it ran out', async () => {
    const eslint = await eslintProblems(cwd, ['next.js'], settings('2027-02-01'));
    const scanner = await scannerProblems(cwd, ['--as-of', '2027-02-01']);
    expect(comparable(eslint)).toEqual(comparable(scanner.problems));
    expect(eslint.map((p) => p.line)).toEqual([6, 7]);
    expect(eslint[0]?.message).toMatch(/\(the sunset-lint-ignore on line 5 expired on 2027-01-31\)$/);
  });
});

describe('the by-grade processor', () => {
  test('keeps fixes and suggestions of the findings it lowers to warnings', async () => {
    const cwd = makeProject({
      'pool.js': "export const pool = { name: 'eu', origins: [], legacy_alerts: true };\n",
    });
    const entry = {
      id: 'pool-legacy-alerts',
      title: 'Pool `legacy_alerts` flag',
      area: 'Load balancing',
      eol: '2027-06-01',
      rule: 'no-deprecated-field',
      replacement: 'Notification policies',
      docs: 'https://example.com',
      match: {
        fields: [{ path: 'legacy_alerts', context: 'load-balancer-pool', access: ['write'], onWrite: 'fix-remove' }],
      },
    };
    const overrideConfig = userConfig({ asOf: AS_OF, catalogue: { add: [entry] } }, 'recommended-by-grade');
    const [result] = await new ESLint({ cwd, overrideConfigFile: true, overrideConfig }).lintFiles(['pool.js']);
    expect(result?.messages.map((m) => [m.ruleId, m.severity, m.fix !== undefined])).toEqual([
      ['sunset-lint/no-deprecated-field', 1, true],
    ]);
    const [fixed] = await new ESLint({ cwd, overrideConfigFile: true, overrideConfig, fix: true }).lintFiles([
      'pool.js',
    ]);
    expect(fixed?.output).not.toContain('legacy_alerts');
    expect(readFileSync(join(cwd, 'pool.js'), 'utf8')).toContain('legacy_alerts');
  });
});

describe('what counts as a comment, and as a directive, is the same in both engines', () => {
  const files = {
    'src/view.jsx': [
      API,
      'export const View = ({ z }) => (',
      '  <div>',
      '    {/* eslint-disable-next-line sunset-lint/no-deprecated-endpoint -- legacy widget */}',
      '    <button onClick={() => fetch(`${API}/zones/${z}/firewall/rules`)}>list</button>',
      '    // sunset-lint-ignore firewall-rules-api -- JSX text, not a comment',
      '    <button onClick={() => fetch(`${API}/zones/${z}/firewall/rules`)}>again</button>',
      '  </div>',
      ');',
      '',
    ].join('\n'),
    'src/text.js': [
      API,
      'export const help = `',
      '// sunset-lint-ignore firewall-rules-api -- inside a template literal, not a comment',
      '${fetch(`${API}/zones/1/firewall/rules`)}`;',
      '// eslint-disable sunset-lint/no-deprecated-endpoint -- a line comment cannot open a block',
      'export const rules = (z) => fetch(`${API}/zones/${z}/firewall/rules`);',
      '/* eslint-disable-next-line sunset-lint/no-deprecated-endpoint, other/rule -- a block comment works */',
      'export const more = (z) => fetch(`${API}/zones/${z}/firewall/rules`);',
      '',
    ].join('\n'),
  };

  test('JSX comments, JSX text, strings and line-comment blocks', async () => {
    const cwd = makeProject(files);
    const eslint = await eslintProblems(cwd, ['src'], { asOf: AS_OF });
    const scanner = await scannerProblems(cwd, ['src', '--as-of', AS_OF]);
    const ours = eslint.filter((p) => !p.message.includes("'other/rule'"));
    expect(comparable(ours)).toEqual(comparable(scanner.problems));
    expect(comparable(ours).map((p) => `${p.file}:${p.line}:${p.kind}`)).toEqual([
      'src/text.js:4:finding:firewall-rules-api',
      'src/text.js:6:finding:firewall-rules-api',
      'src/view.jsx:7:finding:firewall-rules-api',
    ]);
  });
});
