/**
 * ESLint's command-line habits in `sunset-lint scan` and `fix`, through the real CLI process:
 * `--quiet`/`-q` (errors only), `--max-warnings`, `--ignore-pattern`, `--stdin` with
 * `--stdin-filename`, and `fix` failing while findings at or above --fail-on remain.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FIREWALL_RULES_CALL, makeProject, parseJsonReport, runCli } from './scan-cli-support.js';

/** On 2024-06-01: billing profile ended 2023-06-06 (expired, an error); firewall rules end 2025-01-15 (scheduled, a warning). */
const AS_OF = ['--as-of', '2024-06-01'];
const BILLING_CALL = "await fetch('https://api.cloudflare.com/client/v4/user/billing/profile');";

function twoGrades(): string {
  return makeProject({ 'src/billing.ts': `${BILLING_CALL}\n`, 'src/rules.ts': `${FIREWALL_RULES_CALL}\n` });
}

function entries(stdout: string): string[] {
  return parseJsonReport(stdout).findings.map((finding) => `${finding.file} ${finding.entryId}`);
}

describe('--quiet and -q: only error-level findings, as ESLint', () => {
  test('the warning (scheduled) is left out; the error (expired) stays; the exit code is unchanged', () => {
    const cwd = twoGrades();
    const all = runCli(['scan', ...AS_OF, '--format', 'json'], { cwd });
    expect(entries(all.stdout)).toEqual([
      'src/billing.ts billing-profile-and-history',
      'src/rules.ts firewall-rules-api',
    ]);
    for (const flag of ['--quiet', '-q']) {
      const quiet = runCli(['scan', ...AS_OF, '--format', 'json', flag], { cwd });
      expect(quiet.status).toBe(1);
      expect(entries(quiet.stdout)).toEqual(['src/billing.ts billing-profile-and-history']);
      expect(parseJsonReport(quiet.stdout).summary.total).toBe(1);
    }
    const text = runCli(['scan', ...AS_OF, '-q'], { cwd });
    expect(text.stdout).toContain('src/billing.ts');
    expect(text.stdout).not.toContain('src/rules.ts');
  });

  test('a warning that fails the scan (--fail-on scheduled) is kept: an exit 1 never comes with an empty report', () => {
    const cwd = twoGrades();
    const run = runCli(['scan', ...AS_OF, '--format', 'json', '-q', '--fail-on', 'scheduled'], { cwd });
    expect(run.status).toBe(1);
    expect(entries(run.stdout)).toHaveLength(2);
  });
});

describe('--max-warnings N', () => {
  test('exit 1 when more than N findings are warnings, said on stderr, even with --quiet', () => {
    const cwd = twoGrades();
    const over = runCli(['scan', ...AS_OF, '--fail-on', 'none', '--max-warnings', '0', '-q'], { cwd });
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('1 warning, more than --max-warnings 0');
    const within = runCli(['scan', ...AS_OF, '--fail-on', 'none', '--max-warnings', '1'], { cwd });
    expect(within.status).toBe(0);
    // Errors are not warnings: the expired finding does not count.
    const expiredOnly = makeProject({ 'a.ts': `${BILLING_CALL}\n` });
    expect(runCli(['scan', ...AS_OF, '--fail-on', 'none', '--max-warnings', '0'], { cwd: expiredOnly }).status).toBe(0);
  });

  test('a value that is no count is a usage error naming the flag', () => {
    const run = runCli(['scan', '--max-warnings', 'many'], { cwd: twoGrades() });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--max-warnings must be a whole number (0 or more), got 'many'");
  });
});

describe('--ignore-pattern', () => {
  test('excludes what the glob matches, as an entry of the config exclude; repeatable', () => {
    const cwd = makeProject({
      'src/app.ts': `${FIREWALL_RULES_CALL}\n`,
      'src/generated/client.ts': `${FIREWALL_RULES_CALL}\n`,
      'legacy/old.ts': `${FIREWALL_RULES_CALL}\n`,
    });
    const args = ['scan', '--format', 'json', '--fail-on', 'none'];
    expect(entries(runCli(args, { cwd }).stdout)).toHaveLength(3);
    const one = runCli([...args, '--ignore-pattern', '**/generated/**'], { cwd });
    expect(entries(one.stdout).map((entry) => entry.split(' ')[0])).toEqual(['legacy/old.ts', 'src/app.ts']);
    const two = runCli([...args, '--ignore-pattern', '**/generated/**', '--ignore-pattern', 'legacy/**'], { cwd });
    expect(entries(two.stdout).map((entry) => entry.split(' ')[0])).toEqual(['src/app.ts']);
    expect(parseJsonReport(two.stdout).summary.filesScanned).toBe(1);
  });
});

describe('--stdin with --stdin-filename', () => {
  test('the text on stdin is scanned as that file (which need not exist), its language chosen by the name', () => {
    const cwd = makeProject({ 'README.md': '# project\n' });
    const ts = runCli(['scan', '--stdin', '--stdin-filename', 'src/new.ts', '--format', 'json'], {
      cwd,
      input: `const zoneId = 'z';\n${FIREWALL_RULES_CALL}\n`,
    });
    expect(ts.status).toBe(1);
    const report = parseJsonReport(ts.stdout);
    expect(report.findings.map((f) => [f.file, f.line, f.entryId])).toEqual([['src/new.ts', 2, 'firewall-rules-api']]);
    expect(report.summary.filesScanned).toBe(1);
    const shell = runCli(['scan', '--stdin', '--stdin-filename', 'deploy.sh', '--format', 'json'], {
      cwd,
      input: 'curl "https://api.cloudflare.com/client/v4/zones/$ZONE/firewall/rules"\n',
    });
    expect(parseJsonReport(shell.stdout).findings.map((f) => [f.file, f.entryId])).toEqual([
      ['deploy.sh', 'firewall-rules-api'],
    ]);
  });

  test('the text stands in for a file that exists: the file on disk is not read', () => {
    const cwd = makeProject({ 'src/a.ts': `${FIREWALL_RULES_CALL}\n` });
    const run = runCli(['scan', '--stdin', '--stdin-filename', 'src/a.ts', '--format', 'json'], {
      cwd,
      input: 'export const fixed = 1;\n',
    });
    expect(run.status).toBe(0);
    expect(parseJsonReport(run.stdout).findings).toEqual([]);
    expect(readFileSync(join(cwd, 'src/a.ts'), 'utf8')).toContain('firewall/rules');
  });

  test('usage errors: no --stdin-filename, a name no language takes, paths beside --stdin', () => {
    const cwd = makeProject({ 'a.ts': '' });
    const noName = runCli(['scan', '--stdin'], { cwd, input: '' });
    expect(noName.status).toBe(2);
    expect(noName.stderr).toContain('--stdin needs --stdin-filename');
    const unknown = runCli(['scan', '--stdin', '--stdin-filename', 'photo.png'], { cwd, input: '' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('--stdin-filename photo.png: no language is scanned in a file of this name');
    const paths = runCli(['scan', 'a.ts', '--stdin', '--stdin-filename', 'b.ts'], { cwd, input: '' });
    expect(paths.status).toBe(2);
    expect(paths.stderr).toContain('--stdin scans the text on stdin, not paths');
    const nameAlone = runCli(['scan', '--stdin-filename', 'b.ts'], { cwd });
    expect(nameAlone.status).toBe(2);
    const types = runCli(['scan', '--stdin', '--stdin-filename', 'b.ts', '--types'], { cwd, input: '' });
    expect(types.status).toBe(2);
    expect(types.stderr).toContain('--types reads the files on disk: it does not go with --stdin');
  });
});

describe('fix exits 1 while findings at or above --fail-on remain, as eslint --fix', () => {
  const SCRIPT_MONITOR = 'await fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/script_monitor/scripts`);\n';

  test('an expired finding without a fix remains: exit 1, said on stderr; --fail-on none: exit 0', () => {
    const cwd = makeProject({ 'a.ts': `${BILLING_CALL}\n` });
    const run = runCli(['fix', ...AS_OF], { cwd });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("1 finding at or above --fail-on expired remain (see 'sunset-lint scan')");
    expect(runCli(['fix', ...AS_OF, '--fail-on', 'none'], { cwd }).status).toBe(0);
    const dry = runCli(['fix', ...AS_OF, '--dry-run'], { cwd });
    expect(dry.status).toBe(1);
    expect(dry.stderr).toContain('would remain');
  });

  test('when the fixes remove every finding: exit 0, and a dry run says so too before anything is written', () => {
    const cwd = makeProject({ 'a.ts': `const zone = 'z';\n${SCRIPT_MONITOR}` });
    const dry = runCli(['fix', '--as-of', '2026-11-21', '--dry-run'], { cwd });
    expect(dry.stdout).toContain('page_shield');
    expect(dry.status).toBe(0);
    const real = runCli(['fix', '--as-of', '2026-11-21'], { cwd });
    expect(real.status).toBe(0);
    expect(readFileSync(join(cwd, 'a.ts'), 'utf8')).toContain('/page_shield/scripts');
  });

  test("what the repository's baseline accepts does not fail fix, as it does not fail scan", () => {
    const cwd = makeProject({ '.git/HEAD': 'ref: refs/heads/main\n', 'a.ts': `${BILLING_CALL}\n` });
    expect(runCli(['baseline', ...AS_OF], { cwd }).status).toBe(0);
    expect(runCli(['scan', ...AS_OF], { cwd }).status).toBe(0);
    const run = runCli(['fix', ...AS_OF], { cwd });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('remain');
  });

  test('an unknown --fail-on is a usage error', () => {
    const run = runCli(['fix', '--fail-on', 'soon'], { cwd: makeProject({ 'a.ts': '' }) });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--fail-on must be one of expired, imminent, scheduled, none, got 'soon'");
  });
});
