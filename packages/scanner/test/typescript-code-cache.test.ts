/**
 * TypeScript loaded with V8's cached code of an earlier run (scan/typescript-code-cache.ts): the
 * data is written once per user in the temporary folder, reused, replaced when V8 rejects it, and
 * the scan's output never depends on it. On Node 22+ the CLI's own modules also load from Node's
 * compile cache in that folder (cli/compile-cache.ts).
 */
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import module from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { makeProject, runCli } from './scan-cli-support.js';

const API = 'https://api.cloudflare.com/client/v4';
const project = makeProject({ 'src/a.ts': `export const a = () => fetch('${API}/user/billing/profile');\n` });
// TypeScript's parser: on Node 22+ the scan would parse with oxc-parser and never load TypeScript.
const args = ['scan', '--as-of', '2026-11-21', '--format', 'json', '--fail-on', 'none', '--parser', 'typescript'];
const typescriptData = (folder: string) => readdirSync(folder).filter((name) => name !== 'compile-cache');

test('written on the first run, reused, replaced when damaged; the report never changes', () => {
  const temporary = mkdtempSync(join(tmpdir(), 'sunset-lint-code-cache-'));
  const env = { TMPDIR: temporary };
  const folder = join(temporary, `sunset-lint-${userInfo().uid}`);
  const plain = runCli(args, { cwd: project, env: { ...env, SUNSET_LINT_NO_CODE_CACHE: '1' } });
  expect(() => readdirSync(folder)).toThrow();

  const first = runCli(args, { cwd: project, env });
  const [name] = typescriptData(folder);
  expect(name).toMatch(/^typescript-[0-9a-f]{16}\.bin$/);
  const data = join(folder, name!);
  const written = statSync(data).mtimeMs;
  expect(statSync(data).size).toBeGreaterThan(100_000);

  const second = runCli(args, { cwd: project, env });
  expect(statSync(data).mtimeMs).toBe(written);

  writeFileSync(data, 'not V8 code');
  const third = runCli(args, { cwd: project, env });
  expect(readFileSync(data).length).toBeGreaterThan(100_000);

  for (const run of [first, second, third]) {
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(plain.stderr);
    expect(run.stdout).toBe(plain.stdout);
  }
  expect(JSON.parse(plain.stdout).findings).toHaveLength(1);
});

test('the folder keeps the data of the few TypeScripts used last, not of every clone ever scanned', () => {
  const temporary = mkdtempSync(join(tmpdir(), 'sunset-lint-code-cache-'));
  const folder = join(temporary, `sunset-lint-${userInfo().uid}`);
  mkdirSync(folder, { mode: 0o700 });
  // Six other checkouts' data, used 1 to 6 days ago, and another run's write left unfinished.
  const others = Array.from({ length: 6 }, (_, i) => `typescript-${String(i).repeat(16)}.bin`);
  others.forEach((name, i) => {
    writeFileSync(join(folder, name), 'data of another TypeScript');
    const days = (i + 1) * 24 * 3600;
    utimesSync(join(folder, name), Date.now() / 1000 - days, Date.now() / 1000 - days);
  });
  writeFileSync(join(folder, 'typescript-aaaaaaaaaaaaaaaa.bin.123.tmp'), 'half');
  utimesSync(join(folder, 'typescript-aaaaaaaaaaaaaaaa.bin.123.tmp'), 1, 1);
  const run = runCli(args, { cwd: project, env: { TMPDIR: temporary } });
  expect(run.status).toBe(0);
  const left = typescriptData(folder).sort();
  // This run's data, and the three used last.
  expect(left).toHaveLength(4);
  expect(left).toEqual(expect.arrayContaining(others.slice(0, 3)));
  expect(left.filter((name) => !others.includes(name))).toEqual([
    expect.stringMatching(/^typescript-[0-9a-f]{16}\.bin$/),
  ]);
});

test('a folder others can write is not used', () => {
  const temporary = mkdtempSync(join(tmpdir(), 'sunset-lint-code-cache-'));
  const folder = join(temporary, `sunset-lint-${userInfo().uid}`);
  mkdirSync(folder);
  chmodSync(folder, 0o777);
  const run = runCli(args, { cwd: project, env: { TMPDIR: temporary } });
  expect(run.status).toBe(0);
  expect(readdirSync(folder)).toEqual([]);
});

const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

test.skipIf(!hasCompileCache)(
  "Node 22+: the CLI's modules load from Node's compile cache, in the same private folder",
  () => {
    const temporary = mkdtempSync(join(tmpdir(), 'sunset-lint-code-cache-'));
    const folder = join(temporary, `sunset-lint-${userInfo().uid}`);
    const plain = runCli(args, { cwd: project, env: { TMPDIR: temporary, SUNSET_LINT_NO_CODE_CACHE: '1' } });
    expect(() => readdirSync(folder)).toThrow();
    const first = runCli(args, { cwd: project, env: { TMPDIR: temporary } });
    const cached = readdirSync(join(folder, 'compile-cache'), { recursive: true });
    expect(cached.length).toBeGreaterThan(0);
    const second = runCli(args, { cwd: project, env: { TMPDIR: temporary } });
    for (const run of [first, second])
      expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: plain.stdout });
  },
);
