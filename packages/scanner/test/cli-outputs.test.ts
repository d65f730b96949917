/**
 * The CLI's outputs (issue 27, low items): several `--output` files are written whole or not at
 * all, and a report that cannot be written to stdout (a closed pipe) ends with exit 2 and a line
 * that says so, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BIN, FIREWALL_RULES_CALL, makeProject, runCli } from './scan-cli-support.js';

test('when the second --output cannot be written, the first is not written either (exit 2, the file named)', () => {
  const root = makeProject({ 'a.js': FIREWALL_RULES_CALL, blocked: 'a file, not a folder\n' });
  writeFileSync(join(root, 'old.json'), 'the previous report\n');
  const run = runCli(
    ['scan', '.', '--format', 'json', '--output', 'old.json', '--format', 'sarif', '--output', 'blocked/b.sarif'],
    { cwd: root },
  );
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(/cannot write blocked\/b\.sarif: (ENOTDIR|EEXIST); no output was written/);
  expect(readFileSync(join(root, 'old.json'), 'utf8')).toBe('the previous report\n');
  // No temporary file is left behind.
  expect(readdirSync(root).sort()).toEqual(['a.js', 'blocked', 'old.json']);
});

test('every --output is written when all can be', () => {
  const root = makeProject({ 'a.js': FIREWALL_RULES_CALL });
  const run = runCli(
    ['scan', '.', '--format', 'json', '--output', 'out/a.json', '--format', 'sarif', '--output', 'out/b.sarif'],
    { cwd: root },
  );
  expect(run.status, run.stderr).toBe(1);
  expect(JSON.parse(readFileSync(join(root, 'out/a.json'), 'utf8')).findings).toHaveLength(1);
  expect(existsSync(join(root, 'out/b.sarif'))).toBe(true);
  expect(readdirSync(join(root, 'out')).sort()).toEqual(['a.json', 'b.sarif']);
});

test('stdout closed by its reader (EPIPE): exit 2 and one line on stderr', async () => {
  const root = makeProject({ 'a.js': FIREWALL_RULES_CALL });
  const child = spawn(process.execPath, [BIN, 'scan', '.', '--format', 'json'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The reading end is closed before the child writes anything.
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  expect(status).toBe(2);
  expect(stderr).toMatch(/^sunset-lint: cannot write the output: EPIPE \(the reader of stdout closed it\)$/m);
  expect(stderr).not.toMatch(/^\s+at /m);
});
