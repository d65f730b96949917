/**
 * File-system oddities: unreadable files and folders, files that vanish or grow while the scan
 * runs, files over --max-file-size, FIFOs and devices with source names. The scan goes on, reports
 * the rest and names what it skipped. (Syntax errors, binary and Latin-1 text, deep nesting and
 * hostile names are in scan-cli.test.ts.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { resolveSettings } from '@sunset-lint/core';
import { describe, expect, test } from 'vitest';
import { runScan } from '../../src/scan/index.js';
import { readSource } from '../../src/scan/files/read-source.js';
import { BIN, makeProject, type JsonReport } from '../scan-cli-support.js';
import { runMain } from '../support/cli-in-process.js';
import { PROCESS_HANG_MS } from '../../../core/test/support/time-limits.js';

const AS_OF = '2026-11-21';
const DEPRECATED =
  'export const f = (zoneId) => fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/rate_limits`);\n';

function jsonOf(stdout: string): JsonReport {
  return JSON.parse(stdout) as JsonReport;
}

/** The CLI as a real process, with a time bound: a scan that blocks on a FIFO must fail the test, not hang it. */
function scanProcess(cwd: string, args: readonly string[], user?: string[]) {
  const command = [...(user ?? []), process.execPath, BIN, 'scan', '--format', 'json', '--as-of', AS_OF, ...args];
  const result = spawnSync(command[0]!, command.slice(1), {
    cwd,
    env: { ...process.env, NO_COLOR: '1', CI: 'true' },
    encoding: 'utf8',
    timeout: PROCESS_HANG_MS,
  });
  expect(result.error, `the scan finished within ${PROCESS_HANG_MS / 1000} s`).toBeUndefined();
  return { status: result.status, report: jsonOf(result.stdout), stderr: result.stderr };
}

/**
 * How this test gets EACCES: as root, permissions do not deny reads, so the scan runs as `nobody`
 * through setpriv; as anyone else, chmod 000 is enough. A root run without setpriv fails here rather
 * than passing without having tried.
 */
function unprivileged(): string[] {
  if (process.getuid?.() !== 0) return [];
  const probe = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']);
  expect(probe.status, 'running as root: setpriv is needed to run the scan as nobody').toBe(0);
  return ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];
}

describe('the scan goes on past what it cannot read, and names it', () => {
  test('an unreadable file and an unreadable folder (EACCES)', () => {
    const root = makeProject({ 'ok.js': DEPRECATED, 'secret.js': DEPRECATED, 'locked/inner.js': DEPRECATED });
    chmodSync(root, 0o755);
    chmodSync(join(root, 'secret.js'), 0o000);
    chmodSync(join(root, 'locked'), 0o000);
    try {
      const { status, report } = scanProcess(root, ['.', '--fail-on', 'none'], unprivileged());
      expect(status).toBe(0);
      expect(report.findings.map((f) => `${f.file}:${f.entryId}`)).toEqual(['ok.js:rate-limiting-legacy']);
      expect(report.diagnostics.map((d) => `${d.file} ${d.code}: ${d.message}`)).toEqual([
        'locked read-error: cannot read the folder: EACCES; its files were not scanned',
        'secret.js read-error: cannot read the file: EACCES',
      ]);
    } finally {
      chmodSync(join(root, 'locked'), 0o755);
    }
  });

  test('a file deleted between discovery and the read', async () => {
    const root = makeProject({ 'ok.js': DEPRECATED, 'gone.js': DEPRECATED });
    const files = [join(root, 'gone.js'), join(root, 'ok.js')];
    rmSync(files[0]!);
    const result = await runScan({ cwd: root, files, settings: resolveSettings({ asOf: AS_OF }) });
    expect(result.findings.map((f) => f.file)).toEqual(['ok.js']);
    expect(result.diagnostics.map((d) => `${d.file} ${d.code}: ${d.message}`)).toEqual([
      'gone.js read-error: cannot read the file: ENOENT',
    ]);
  });

  test('a file that grows while the scan runs is read up to the limit, never past it', async () => {
    const root = makeProject({ 'ok.js': DEPRECATED, 'grow.js': DEPRECATED });
    // Another process appends to grow.js as fast as it can while the scan reads it.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('fs'); for (;;) fs.appendFileSync(${JSON.stringify(join(root, 'grow.js'))}, '// ' + 'x'.repeat(4093) + '\\n');`,
      ],
      { stdio: 'ignore' },
    );
    try {
      // Past the limit before the scan starts, however slow the machine: the writer goes on while it runs.
      const grow = join(root, 'grow.js');
      while (statSync(grow).size <= 128 * 1024) await new Promise((done) => setTimeout(done, 20));
      const run = await runMain(['scan', '.', '--format', 'json', '--as-of', AS_OF, '--max-file-size', '64KB'], {
        cwd: root,
      });
      const report = jsonOf(run.stdout);
      expect(report.findings.map((f) => f.file)).toContain('ok.js');
      expect(report.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['grow.js file-too-large']);
      expect(report.diagnostics[0]!.message).toMatch(
        /^skipped: the file is [\d.]+ (KiB|MiB)( \(it grew while it was read\))?, more than --max-file-size 64\.0 KiB$/,
      );
    } finally {
      writer.kill();
    }
  });

  test.runIf(existsSync('/proc/self/status'))(
    'a file whose size reads 0 but holds text (a /proc file) is read whole, and cut at the limit',
    () => {
      // Its size at the open (0) is no bound: what follows is read in chunks, up to one byte past the limit.
      const whole = readFileSync('/proc/self/status', 'utf8');
      const read = readSource('/proc/self/status');
      expect(read.ok && read.source.split('\n')[0]).toBe(whole.split('\n')[0]);
      expect(read.ok && read.source.length).toBeGreaterThan(100);
      const cut = readSource('/proc/self/status', 10);
      expect(cut).toMatchObject({ ok: false, code: 'file-too-large' });
      expect(!cut.ok && cut.message).toBe(
        'skipped: the file is 11 bytes (it grew while it was read), more than --max-file-size 10 bytes',
      );
    },
  );

  test('a file over --max-file-size is skipped with its size; the config key sets the default, the flag wins', async () => {
    const big = `${DEPRECATED}// ${'x'.repeat(3000)}\n`;
    const root = makeProject({
      'small.js': DEPRECATED,
      'big.js': big,
      'sunset-lint.config.json': JSON.stringify({ maxFileSize: 2048 }),
    });
    const byConfig = jsonOf((await runMain(['scan', '--format', 'json', '--as-of', AS_OF], { cwd: root })).stdout);
    expect(byConfig.findings.map((f) => f.file)).toEqual(['small.js']);
    expect(byConfig.diagnostics).toEqual([
      {
        code: 'file-too-large',
        severity: 'error',
        file: 'big.js',
        message: `skipped: the file is ${(big.length / 1024).toFixed(1)} KiB, more than --max-file-size 2.0 KiB`,
      },
    ]);
    const byFlag = jsonOf(
      (await runMain(['scan', '--format', 'json', '--as-of', AS_OF, '--max-file-size', '1MB'], { cwd: root })).stdout,
    );
    expect(byFlag.findings.map((f) => f.file)).toEqual(['big.js', 'small.js']);
    expect(byFlag.diagnostics).toEqual([]);
    // The default (5 MiB) lets an ordinary file through.
    rmSync(join(root, 'sunset-lint.config.json'));
    const byDefault = jsonOf((await runMain(['scan', '--format', 'json', '--as-of', AS_OF], { cwd: root })).stdout);
    expect(byDefault.findings).toHaveLength(2);
  });

  test('--types reads within the same limit', async () => {
    // Only the type checker resolves this URL (`id` has the string-literal type 'brotli').
    const typed =
      "type Setting = 'brotli';\nexport const f = (zoneId: string, id: Setting) =>\n  fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/settings/${id}`);\n";
    const root = makeProject({ 'small.ts': typed, 'big.ts': `${typed}// ${'x'.repeat(3000)}\n` });
    const args = ['scan', '--types', '--format', 'json', '--as-of', AS_OF, '--fail-on', 'none'];
    const unlimited = jsonOf((await runMain(args, { cwd: root })).stdout);
    expect(unlimited.findings.map((f) => `${f.file} ${f.entryId}`)).toEqual([
      'big.ts zone-setting-brotli',
      'small.ts zone-setting-brotli',
    ]);
    const limited = jsonOf((await runMain([...args, '--max-file-size', '2KB'], { cwd: root })).stdout);
    expect(limited.findings.map((f) => f.file)).toEqual(['small.ts']);
    expect(limited.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['big.ts file-too-large']);
  });

  test.each([
    [['--max-file-size', '0'], "--max-file-size must be a size in bytes, KB or MB (1 or more, e.g. 8MB), got '0'"],
    [
      ['--max-file-size', '5 GB'],
      "--max-file-size must be a size in bytes, KB or MB (1 or more, e.g. 8MB), got '5 GB'",
    ],
  ])('a bad %j is a usage error naming the option', async (args, message) => {
    const root = makeProject({ 'a.js': DEPRECATED });
    const run = await runMain(['scan', ...args], { cwd: root });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`sunset-lint scan: ${message}\n`);
  });

  test('a bad maxFileSize in the config names the file and the key', async () => {
    const root = makeProject({ 'a.js': DEPRECATED, 'sunset-lint.config.json': JSON.stringify({ maxFileSize: '5MB' }) });
    const run = await runMain(['scan'], { cwd: root });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('sunset-lint.config.json');
    expect(run.stderr).toContain('maxFileSize');
    expect(run.stderr).toContain('must be a whole number of bytes (1 or more)');
  });

  test('FIFOs and devices with source names are never opened: named, in a folder and given explicitly', () => {
    const root = makeProject({
      'ok.js': DEPRECATED,
      'uses-pipe.ts': "import { x } from './pipe';\nexport const y = x;\n",
    });
    expect(spawnSync('mkfifo', [join(root, 'pipe.ts'), join(root, 'sub.mjs')]).status).toBe(0);
    symlinkSync('/dev/zero', join(root, 'x.js'));
    const walked = scanProcess(root, ['.', '--fail-on', 'none']);
    expect(walked.status).toBe(0);
    expect(walked.report.findings.map((f) => f.file)).toEqual(['ok.js']);
    // Symbolic links are not followed in a folder walk (x.js is left out, as ESLint does).
    expect(walked.report.diagnostics.map((d) => `${d.file} ${d.code}: ${d.message}`)).toEqual([
      'pipe.ts not-a-regular-file: skipped: a FIFO, socket or device, not a regular file',
      'sub.mjs not-a-regular-file: skipped: a FIFO, socket or device, not a regular file',
    ]);
    const explicit = scanProcess(root, ['pipe.ts', 'x.js', 'ok.js', '--fail-on', 'none']);
    expect(explicit.status).toBe(0);
    expect(explicit.report.findings.map((f) => f.file)).toEqual(['ok.js']);
    expect(explicit.report.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual([
      'pipe.ts not-a-regular-file',
      'x.js not-a-regular-file',
    ]);
  });

  test('a FIFO .gitignore beside the files: no wait, and every module still loads', () => {
    // The stat of a FIFO (globby, which walked folders then, looked for .gitignore files) broke the
    // load of the parser that followed: "Cannot find module" and exit 2 (see file-stats.ts).
    const root = makeProject({ 'a.ts': DEPRECATED });
    expect(spawnSync('mkfifo', [join(root, '.gitignore')]).status).toBe(0);
    const { status, report, stderr } = scanProcess(root, ['.', '--fail-on', 'none']);
    expect(stderr).not.toContain('internal error');
    expect(status).toBe(0);
    expect(report.findings.map((f) => `${f.file}:${f.entryId}`)).toEqual(['a.ts:rate-limiting-legacy']);
  });

  test('.gitignore files that are FIFOs, too large or unreadable: the scan goes on without their patterns, and names them', () => {
    const root = makeProject({
      'ok.js': DEPRECATED,
      'kept/.gitignore': 'skipped.js\n',
      'kept/skipped.js': DEPRECATED,
      'fifo/a.ts': DEPRECATED,
      'large/.gitignore': `${'#'.repeat(2048)}\nb.js\n`,
      'large/b.js': DEPRECATED,
      'locked/.gitignore': 'c.js\n',
      'locked/c.js': DEPRECATED,
    });
    chmodSync(root, 0o755);
    // git itself waits forever on a FIFO .gitignore; globby's reader did too, and the stat of one
    // broke every later module load (see file-stats.ts). One at the root and one below it.
    expect(spawnSync('mkfifo', [join(root, '.gitignore'), join(root, 'fifo', '.gitignore')]).status).toBe(0);
    chmodSync(join(root, 'locked', '.gitignore'), 0o000);
    const { status, report } = scanProcess(root, ['.', '--fail-on', 'none', '--max-file-size', '1KB'], unprivileged());
    expect(status).toBe(0);
    // kept/.gitignore still applies: the ignore files that can be read are read.
    expect(report.findings.map((f) => f.file)).toEqual(['fifo/a.ts', 'large/b.js', 'locked/c.js', 'ok.js']);
    expect(report.diagnostics.map((d) => `${d.file} ${d.severity} ${d.code}: ${d.message}`)).toEqual([
      'large/.gitignore warning read-error: ignore file not applied: skipped: the file is 2.0 KiB, more than --max-file-size 1.0 KiB',
      'locked/.gitignore warning read-error: ignore file not applied: cannot read the file: EACCES',
    ]);
  });

  test("a FIFO under the config file's name is an error naming it, not a wait", () => {
    const root = makeProject({ 'ok.js': DEPRECATED });
    expect(spawnSync('mkfifo', [join(root, 'sunset-lint.config.json')]).status).toBe(0);
    const run = spawnSync(process.execPath, [BIN, 'scan'], { cwd: root, encoding: 'utf8', timeout: PROCESS_HANG_MS });
    expect(run.error, `the run finished within ${PROCESS_HANG_MS / 1000} s`).toBeUndefined();
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('sunset-lint scan: sunset-lint.config.json: not a regular file (a FIFO)\n');
  });

  test('a file replaced by a FIFO after discovery is refused at the read, not waited on', async () => {
    const root = makeProject({ 'ok.js': DEPRECATED, 'late.js': DEPRECATED });
    const files = [join(root, 'late.js'), join(root, 'ok.js')];
    rmSync(files[0]!);
    expect(spawnSync('mkfifo', [files[0]!]).status).toBe(0);
    // The scan reads synchronously: were it to block on the FIFO, this thread would hang, so another
    // process stands ready to release it by writing, and the test would then fail on the findings instead.
    const release = spawn('sh', ['-c', `sleep 5; printf '%s' "$0" > "$1"`, DEPRECATED, files[0]!], { stdio: 'ignore' });
    try {
      const result = await runScan({ cwd: root, files, settings: resolveSettings({ asOf: AS_OF }) });
      expect(result.findings.map((f) => f.file)).toEqual(['ok.js']);
      expect(result.diagnostics.map((d) => `${d.file} ${d.code}: ${d.message}`)).toEqual([
        'late.js read-error: not a regular file (a FIFO)',
      ]);
    } finally {
      release.kill();
    }
  });
});
