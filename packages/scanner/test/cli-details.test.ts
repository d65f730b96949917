/**
 * Details of the command line users expect from the tools they know: --color/--no-color,
 * `help <command>`, quoted glob patterns as paths, dot-folders scanned as ESLint lints them, and a
 * note when a path holds nothing to scan. In-process through `main` (support/cli-in-process.ts).
 */
import { describe, expect, test } from 'vitest';
import { useColor } from '../src/reports/color.js';
import { FIREWALL_RULES_CALL, makeProject, parseJsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const ANSI = /\u001b\[\d+m/;
const CALLER = `export async function sync(zoneId) {\n  ${FIREWALL_RULES_CALL}\n}\n`;
const AS_OF = ['--as-of', '2026-01-01'];
const scannedFiles = async (cwd: string, args: string[]) => {
  const run = await runMain(['scan', '--format', 'json', ...AS_OF, ...args], { cwd });
  return { run, files: parseJsonReport(run.stdout).findings.map((finding) => finding.file) };
};

describe('--color and --no-color', () => {
  const project = makeProject({ 'src/sync.js': CALLER });

  test('--color colors the text report on a pipe, even with NO_COLOR', async () => {
    const run = await runMain(['scan', ...AS_OF, '--color'], { cwd: project, env: { NO_COLOR: '1' } });
    expect(run.stdout).toMatch(ANSI);
    expect(run.stdout).toContain('firewall-rules-api');
  });

  test('--no-color wins over FORCE_COLOR', async () => {
    const run = await runMain(['scan', ...AS_OF, '--no-color'], {
      cwd: project,
      env: { NO_COLOR: '', FORCE_COLOR: '1' },
    });
    expect(run.stdout).toContain('firewall-rules-api');
    expect(run.stdout).not.toMatch(ANSI);
  });

  test('without either, the environment decides (FORCE_COLOR)', async () => {
    const run = await runMain(['scan', ...AS_OF], { cwd: project, env: { NO_COLOR: '', FORCE_COLOR: '1' } });
    expect(run.stdout).toMatch(ANSI);
  });

  test('the last of the two counts', async () => {
    const on = await runMain(['scan', ...AS_OF, '--no-color', '--color'], { cwd: project });
    const off = await runMain(['scan', ...AS_OF, '--color', '--no-color'], { cwd: project });
    expect(on.stdout).toMatch(ANSI);
    expect(off.stdout).not.toMatch(ANSI);
  });

  test('--color colors the text report only', async () => {
    const run = await runMain(['scan', ...AS_OF, '--color', '--format', 'json'], { cwd: project });
    expect(run.stdout).not.toMatch(ANSI);
    expect(useColor({ isTTY: true }, {}, false)).toBe(false);
  });
});

describe('help <command>', () => {
  test("'help scan' prints what 'scan --help' prints", async () => {
    const cwd = makeProject({});
    const help = await runMain(['help', 'scan'], { cwd });
    const flag = await runMain(['scan', '--help'], { cwd });
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(flag.stdout);
    expect(help.stdout).toContain('Usage: sunset-lint scan');
    expect(help.stdout).toContain('--no-color');
  });

  test("'help' of an unknown command is a usage error", async () => {
    const run = await runMain(['help', 'scna'], { cwd: makeProject({}) });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("unknown command 'scna'");
  });

  test("the overview points at 'help <command>'", async () => {
    const run = await runMain(['help'], { cwd: makeProject({}) });
    expect(run.stdout).toContain("Run 'sunset-lint help <command>'");
  });
});

describe('paths', () => {
  test('a quoted glob pattern is a path: its JavaScript and TypeScript files, minus the excludes', async () => {
    const project = makeProject({
      'src/a.ts': CALLER,
      'src/deep/b.ts': CALLER,
      'src/c.js': CALLER,
      'src/notes.ts.md': CALLER,
      'src/node_modules/dep/index.ts': CALLER,
      'lib/d.ts': CALLER,
    });
    const { run, files } = await scannedFiles(project, ['src/**/*.ts']);
    expect(run.status).toBe(1);
    expect(files).toEqual(['src/a.ts', 'src/deep/b.ts']);
    expect((await scannedFiles(project, ['src/*.{js,ts}', 'lib/d.ts'])).files).toEqual([
      'lib/d.ts',
      'src/a.ts',
      'src/c.js',
    ]);
  });

  test('a path that names nothing and is no pattern is still an error', async () => {
    const run = await runMain(['scan', 'src/nope.ts'], { cwd: makeProject({ 'src/a.ts': CALLER }) });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no such file or directory: src/nope.ts');
  });

  test('files in dot-folders are scanned, as ESLint lints them; .git is not', async () => {
    const project = makeProject({
      '.github/scripts/purge.ts': CALLER,
      '.config/tool.mjs': CALLER,
      '.git/hooks/pre-push.js': CALLER,
      '.yarn/releases/yarn.cjs': CALLER,
      'src/sync.js': CALLER,
    });
    expect((await scannedFiles(project, [])).files).toEqual([
      '.config/tool.mjs',
      '.github/scripts/purge.ts',
      'src/sync.js',
    ]);
  });

  test('a directory or a pattern that holds no file to scan says so on stderr', async () => {
    const project = makeProject({ 'src/sync.js': CALLER, 'assets/logo.svg': '<svg/>', 'docs/readme.md': '# x' });
    const run = await runMain(['scan', ...AS_OF, 'src', 'assets', 'docs/**/*.ts'], { cwd: project });
    expect(run.status).toBe(1);
    const none =
      'no file to scan (JavaScript, TypeScript, Terraform, shell, Python, Go, documentation or another text format)';
    expect(run.stderr).toContain(`sunset-lint: assets: ${none}\n`);
    expect(run.stderr).toContain(`sunset-lint: docs/**/*.ts: ${none}\n`);
    expect(run.stderr).not.toContain('sunset-lint: src:');
    const quiet = await runMain(['scan', ...AS_OF, '--quiet', 'assets'], { cwd: project });
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  test('a directory or a pattern whose files are all ignored by .gitignore says so, and naming a file scans it', async () => {
    // A repository: `.gitignore` files above a named folder apply up to its root.
    const project = makeProject({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'generated/\n*.gen.ts\n',
      'generated/client.ts': CALLER,
      'generated/api.js': CALLER,
      'src/zones.gen.ts': CALLER,
      'src/sync.js': CALLER,
    });
    const run = await runMain(['scan', ...AS_OF, 'generated', 'src/*.gen.ts', 'src'], { cwd: project });
    expect(run.stderr).toContain(
      'sunset-lint: generated: 2 files to scan, all ignored by .gitignore (files named one by one are scanned even so)\n',
    );
    expect(run.stderr).toContain(
      'sunset-lint: src/*.gen.ts: 1 file to scan, all ignored by .gitignore (files named one by one are scanned even so)\n',
    );
    expect(run.stderr).not.toContain('sunset-lint: src:');
    expect((await scannedFiles(project, ['generated/client.ts', 'src'])).files).toEqual([
      'generated/client.ts',
      'src/sync.js',
    ]);
  });
});
