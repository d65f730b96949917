/**
 * The hook of `.pre-commit-hooks.yaml` installed and run by the pre-commit framework itself, as a
 * user gets it: pre-commit (PyPI) in a virtual environment, a clone of this repository (the working
 * tree, committed) as the hook repository, a project whose `.pre-commit-config.yaml` points at it,
 * `pre-commit install`, then `git commit`. The framework makes the node environment and installs
 * the hook repository with `npm install -g git+file://…` (pre_commit/languages/node.py), which runs
 * the root's `prepare` (scripts/prepare.mjs); its file selection (`files`) picks the staged names.
 *
 * Slow (the first install of a hook repository builds it: a few minutes on a busy 2-core machine).
 * Skipped, with the reason, only when PyPI or the npm registry cannot be reached.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { writeFiles } from './scan-cli-support.js';

const PRE_COMMIT_VERSION = '4.6.2';
/** Minutes, not seconds: the hook repository's first install downloads and builds. */
const INSTALL_MS = 15 * 60_000;
/** The same pre-commit serves the run on each Node version (pip's install is the same). */
const VENV = join(REPO_ROOT, 'node_modules/.cache/sunset-lint-tests', `pre-commit-${PRE_COMMIT_VERSION}`);
const OFFLINE =
  /NewConnectionError|Failed to establish a new connection|Name or service not known|Temporary failure in name resolution|Network is unreachable|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/;

interface Run {
  status: number | null;
  output: string;
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Run {
  const result: SpawnSyncReturns<string> = spawnSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function ok(what: string, result: Run): Run {
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status}):\n${result.output}`);
  return result;
}

/**
 * The environment of a user's shell: none of the `npm_*` variables `pnpm test` sets for its scripts
 * (npm's prefix, user agent, configuration), which would reach the framework's npm, and none of
 * the `node_modules/.bin` folders they put on PATH (this repository's `tsc` would be found there),
 * but one that holds `node` itself (CI's Node 24 comes first on PATH that way).
 */
function userEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|pnpm_|NPM_CONFIG_|PNPM_|INIT_CWD$|NODE_PATH$|NODE_OPTIONS$)/i.test(key)) env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !/[\\/]node_modules[\\/]\.bin$/.test(dir) || existsSync(join(dir, 'node')))
    .join(delimiter);
  return { ...env, ...extra };
}

/** pre-commit from PyPI in a virtual environment (kept between runs); the reason when PyPI is unreachable. */
function preCommit(): { bin: string } | { unreachable: string } {
  const bin = join(VENV, 'bin/pre-commit');
  if (
    existsSync(bin) &&
    run(bin, ['--version'], REPO_ROOT, userEnv({})).output.trim() === `pre-commit ${PRE_COMMIT_VERSION}`
  )
    return { bin };
  mkdirSync(join(VENV, '..'), { recursive: true });
  ok('python3 -m venv', run('python3', ['-m', 'venv', '--clear', VENV], REPO_ROOT, userEnv({})));
  // One retry: where the index is configured but its host does not resolve, each retry waits.
  const pip = run(
    join(VENV, 'bin/pip'),
    ['install', '--retries', '1', '--disable-pip-version-check', `pre-commit==${PRE_COMMIT_VERSION}`],
    REPO_ROOT,
    userEnv({}),
  );
  if (pip.status !== 0 && OFFLINE.test(pip.output))
    return { unreachable: `PyPI is unreachable: pip install pre-commit==${PRE_COMMIT_VERSION} failed:\n${pip.output}` };
  ok(`pip install pre-commit==${PRE_COMMIT_VERSION}`, pip);
  return { bin };
}

/** This repository's working tree (tracked and new files, nothing ignored), committed in a fresh repository. */
function cloneWorkingTree(destination: string, env: NodeJS.ProcessEnv): string {
  const listed = ok(
    'git ls-files',
    run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], REPO_ROOT, env),
  ).output;
  const files = listed.split('\0').filter((file) => file && existsSync(join(REPO_ROOT, file)));
  mkdirSync(destination, { recursive: true });
  // Through tar, so modes (executable bins) survive.
  const copied = spawnSync(
    'sh',
    ['-c', 'tar -C "$1" --null -T - -cf - | tar -C "$2" -xf -', 'sh', REPO_ROOT, destination],
    {
      input: `${files.join('\0')}\0`,
      encoding: 'utf8',
    },
  );
  if (copied.status !== 0) throw new Error(`copying the working tree failed: ${copied.stderr}`);
  gitRepository(destination, env);
  ok('git add', run('git', ['add', '-A'], destination, env));
  ok('git commit', run('git', ['commit', '-q', '--no-verify', '-m', 'the working tree'], destination, env));
  return ok('git rev-parse', run('git', ['rev-parse', 'HEAD'], destination, env)).output.trim();
}

function gitRepository(dir: string, env: NodeJS.ProcessEnv): void {
  ok('git init', run('git', ['init', '-q', '-b', 'main'], dir, env));
  for (const [key, value] of [
    ['user.name', 'Test'],
    ['user.email', 'test@example.com'],
    ['commit.gpgsign', 'false'],
  ] as const)
    ok(`git config ${key}`, run('git', ['config', key, value], dir, env));
}

const CLIENT_MTS = [
  "const API = 'https://api.cloudflare.com/client/v4';",
  'export async function listRules(zoneId: string): Promise<unknown> {',
  '  return (await fetch(`${API}/zones/${zoneId}/firewall/rules`)).json();',
  '}',
  '',
].join('\n');
const LEGACY_CTS =
  'export const rules = (zoneId: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/rules`);\n';
const MAIN_TF = [
  'resource "cloudflare_firewall_rule" "block" {',
  '  zone_id     = var.zone_id',
  '  description = "block bad bots"',
  '  filter_id   = cloudflare_filter.bots.id',
  '  action      = "block"',
  '}',
  '',
].join('\n');
const CLEAN = 'export const greeting = (name: string): string => `hello ${name}`;\n';

describe('the hook, installed and run by the pre-commit framework', () => {
  let skipped: string | undefined;
  let project = '';
  let env: NodeJS.ProcessEnv = {};
  let installOutput = '';
  let work = '';

  beforeAll(() => {
    // CI runs the suite twice (Node 24, then the README's command on the machine's Node); the
    // framework's install takes minutes, so its first pass names the reason and leaves it to the second.
    const elsewhere = process.env.SUNSET_LINT_PRE_COMMIT_TEST_ELSEWHERE;
    if (elsewhere) {
      skipped = `run ${elsewhere}`;
      process.stderr.write(`pre-commit-framework.test.ts: skipped: ${skipped}\n`);
      return;
    }
    const found = preCommit();
    if ('unreachable' in found) {
      skipped = found.unreachable;
      process.stderr.write(`pre-commit-framework.test.ts: skipped: ${skipped}\n`);
      return;
    }
    work = mkdtempSync(join(tmpdir(), 'sunset-lint-pre-commit-'));
    // The user's HOME (npm's cache), the framework's own store in the scratch folder.
    env = userEnv({ PRE_COMMIT_HOME: join(work, 'pre-commit-home'), PRE_COMMIT_COLOR: 'never' });
    const hookRepo = join(work, 'sunset-lint');
    const rev = cloneWorkingTree(hookRepo, env);
    project = join(work, 'project');
    mkdirSync(project);
    gitRepository(project, env);
    writeFileSync(
      join(project, '.pre-commit-config.yaml'),
      ['repos:', `  - repo: ${hookRepo}`, `    rev: ${rev}`, '    hooks:', '      - id: sunset-lint', ''].join('\n'),
    );
    ok('git add', run('git', ['add', '.pre-commit-config.yaml'], project, env));
    ok('git commit', run('git', ['commit', '-q', '-m', 'pre-commit'], project, env));
    ok('pre-commit install', run(found.bin, ['install'], project, env));
    const install = run(found.bin, ['install-hooks'], project, env);
    installOutput = install.output;
    if (install.status !== 0 && OFFLINE.test(install.output)) {
      skipped = `the npm registry is unreachable: pre-commit install-hooks failed:\n${install.output}`;
      process.stderr.write(`pre-commit-framework.test.ts: skipped: ${skipped}\n`);
    }
  }, INSTALL_MS);

  // The hook's environment and the clones (thousands of files): removed here rather than by the
  // run's final clean-up, which would hold vitest's main thread while it stops the workers.
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  }, INSTALL_MS);

  const ready = (context: TestContext) => {
    if (skipped !== undefined) context.skip(skipped);
  };

  it('installs the hook repository (npm install -g of the git clone, prepare included)', (context) => {
    ready(context);
    expect(installOutput).toContain('Installing environment for');
    expect(installOutput).not.toMatch(/error/i);
  });

  it('refuses a commit whose staged .mts, .cts and .tf files call what is past its end of life', (context) => {
    ready(context);
    writeFiles(project, { 'src/client.mts': CLIENT_MTS, 'src/legacy.cts': LEGACY_CTS, 'infra/main.tf': MAIN_TF });
    ok('git add', run('git', ['add', 'src', 'infra'], project, env));
    const commit = run('git', ['commit', '-m', 'deprecated calls'], project, env);
    expect(commit.output).toMatch(/^sunset-lint\.+Failed$/m);
    expect(commit.output).toMatch(/^src\/client\.mts\n {2}3:\d+ +expired +firewall-rules-api /m);
    expect(commit.output).toMatch(/^src\/legacy\.cts\n {2}1:\d+ +expired +firewall-rules-api /m);
    expect(commit.output).toMatch(/^infra\/main\.tf\n {2}1:\d+ +expired +firewall-rules-api /m);
    expect(commit.output).toContain('3 findings in 3 files (3 files scanned)');
    expect(commit.status).toBe(1);
    ok('git reset', run('git', ['reset', '-q'], project, env));
  });

  it('lets a commit through when the staged files call nothing past its end of life', (context) => {
    ready(context);
    writeFiles(project, { 'src/greeting.ts': CLEAN });
    ok('git add', run('git', ['add', 'src/greeting.ts'], project, env));
    const commit = run('git', ['commit', '-m', 'greeting'], project, env);
    expect(commit.output).toMatch(/^sunset-lint\.+Passed$/m);
    expect(commit.status).toBe(0);
    expect(run('git', ['log', '-1', '--format=%s'], project, env).output.trim()).toBe('greeting');
  });
});
