/**
 * A value past the file's budget is unknown where it is built, and the run says so (issue 27): the
 * real CLI reports a `value-budget` warning on the file at the place of the first cut (JSON, SARIF,
 * text, also from `--cache`), its exit code unchanged; an ordinary file gets none. The ESLint
 * plugin's half is packages/eslint-plugin/test/value-budget.test.ts, with the same files.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { makeProject, parseJsonReport, removeProjects, runCli } from '../scan-cli-support.js';

afterAll(removeProjects);

const API = 'https://api.cloudflare.com/client/v4';
const AS_OF = '2026-11-21';
const UNRELATED = `export const rules = (z) => fetch(\`${API}/zones/\${z}/firewall/rules\`);\n`;

/** `a0 = '/zones/'`, sixty doublings (line n + 1 holds `a{n} = a{n-1} + a{n-1}`), a request to the last. */
export const DOUBLING =
  "const a0 = '/zones/';\n" +
  Array.from({ length: 60 }, (_, i) => `const a${i + 1} = a${i} + a${i};\n`).join('') +
  'export const x = fetch(a60);\n' +
  UNRELATED;

/** Where the first value is cut: the concatenation `a8 + a8` (of `a9`) that first outgrows what the budget allows. */
const FIRST_CUT = { line: 10, column: 12 };

function scan(files: Record<string, string>, extra: string[] = []) {
  const root = makeProject(files);
  const run = (format: string, more: string[] = []) =>
    runCli(['scan', 'src', '--format', format, '--as-of', AS_OF, ...extra, ...more], { cwd: root });
  return { root, run };
}

describe('the value-budget diagnostic (real CLI)', () => {
  test('a doubling chain: one warning on the file at the first cut, in JSON, SARIF and text; exit code unchanged', () => {
    const { run } = scan({ 'src/x.js': DOUBLING });
    const json = run('json');
    const report = parseJsonReport(json.stdout);
    expect(report.findings.map((finding) => finding.entryId)).toEqual(['firewall-rules-api']);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: 'value-budget', severity: 'warning', file: 'src/x.js', ...FIRST_CUT }),
    ]);
    expect(report.diagnostics[0]!.message).toMatch(/values left unknown, the first here/);
    // The expired finding fails the run (1), exactly as without the warning; with nothing to fail on, 0.
    expect(json.status).toBe(1);
    expect(run('json', ['--fail-on', 'none']).status).toBe(0);

    const sarif = JSON.parse(run('sarif').stdout) as {
      runs: Array<{
        invocations: Array<{ toolExecutionNotifications: Array<{ level: string; descriptor: { id: string } }> }>;
      }>;
    };
    expect(sarif.runs[0]!.invocations[0]!.toolExecutionNotifications).toEqual([
      expect.objectContaining({ level: 'warning', descriptor: { id: 'value-budget' } }),
    ]);
    expect(run('text').stdout).toMatch(/value-budget/);
  });

  test('kept by --cache: a warm scan reports it too', () => {
    const { run } = scan({ 'src/x.js': DOUBLING }, ['--cache', '--fail-on', 'none']);
    const cold = parseJsonReport(run('json').stdout);
    const warm = parseJsonReport(run('json').stdout);
    expect(cold.diagnostics.map((d) => d.code)).toEqual(['value-budget']);
    expect(warm).toEqual(cold);
  });

  test('a file that waits for other modules (an import) reports it as well', () => {
    const { run } = scan({
      'src/x.js': `import { base } from './base.js';\n${DOUBLING}export const y = fetch(base + '/zones/z/rate_limits');\n`,
      'src/base.js': `export const base = '${API}';\n`,
    });
    const report = parseJsonReport(run('json', ['--fail-on', 'none']).stdout);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: 'value-budget', file: 'src/x.js', line: FIRST_CUT.line + 1 }),
    ]);
  });

  test('a value cut while other modules hand it in (the graph step): a warning at the importing request, identical in every format, kept by --cache', () => {
    // Forty modules each doubling the constant of the one before: only the graph step builds the value.
    const files: Record<string, string> = { 'src/f0.js': "export const a = '/zones/';\n" };
    for (let i = 1; i <= 40; i++)
      files[`src/f${i}.js`] = `import { a as b } from './f${i - 1}.js';\nexport const a = b + b;\n`;
    files['src/x.js'] = `import { a } from './f40.js';\n${UNRELATED}export const y = fetch(a);\n`;
    const { run } = scan(files, ['--fail-on', 'none']);
    const report = parseJsonReport(run('json').stdout);
    expect(report.findings.map((finding) => `${finding.file} ${finding.entryId}`)).toEqual([
      'src/x.js firewall-rules-api',
    ]);
    // At `a` of `fetch(a)` (line 3), the place that needed the value; the modules that build it
    // read nothing past their budget themselves, so they have none.
    expect(report.diagnostics).toEqual([
      {
        code: 'value-budget',
        severity: 'warning',
        file: 'src/x.js',
        line: 3,
        column: 24,
        message:
          "2 values from other modules left unknown, the first here: larger than the value budget of this file's cross-file resolution allows (a constant that doubles the one before across modules), so a deprecated path built into it is not reported",
      },
    ]);
    const { message } = report.diagnostics[0]!;
    const sarif = JSON.parse(run('sarif').stdout) as {
      runs: Array<{
        invocations: Array<{
          toolExecutionNotifications: Array<{
            level: string;
            descriptor: { id: string };
            message: { text: string };
            locations: Array<{
              physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
            }>;
          }>;
        }>;
      }>;
    };
    const [notification] = sarif.runs[0]!.invocations[0]!.toolExecutionNotifications;
    expect(notification).toMatchObject({
      level: 'warning',
      descriptor: { id: 'value-budget' },
      message: { text: message },
    });
    expect(notification!.locations[0]!.physicalLocation).toMatchObject({
      artifactLocation: { uri: 'src/x.js' },
      region: { startLine: 3 },
    });
    // Every other format that shows diagnostics, with the same text at the same place.
    expect(run('text').stdout).toContain(`src/x.js:3:24  warning  value-budget  ${message}`);
    expect(run('github').stdout).toContain(
      `::warning file=src/x.js,line=3,col=24,title=sunset-lint value-budget::${message}`,
    );
    expect(run('markdown').stdout).toContain(`- \`src/x.js:3\` — warning \`value-budget\`: ${message}`);
    const xmlMessage = message.replaceAll("'", '&apos;');
    expect(run('junit').stdout).toContain(`<error message="${xmlMessage}`);
    expect(run('checkstyle').stdout).toContain(`<error line="3" column="24" severity="warning" message="${xmlMessage}`);
    // --cache: cold and warm the same.
    const cold = parseJsonReport(run('json', ['--cache']).stdout);
    const warm = parseJsonReport(run('json', ['--cache']).stdout);
    expect(cold.diagnostics).toEqual(report.diagnostics);
    expect(warm).toEqual(cold);
  });

  test('an ordinary file gets none', () => {
    const { run } = scan({
      'src/x.js': `const a0 = '/zones/';\nconst a1 = a0 + a0;\nexport const x = fetch(a1);\n${UNRELATED}`,
    });
    const report = parseJsonReport(run('json', ['--fail-on', 'none']).stdout);
    expect(report.findings.map((finding) => finding.entryId)).toEqual(['firewall-rules-api']);
    expect(report.diagnostics).toEqual([]);
  });
});
