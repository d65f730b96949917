/**
 * The hook of `.pre-commit-hooks.yaml`, run as the pre-commit framework runs it: the entry split
 * into words, the hook's `files` pattern applied to the staged names, the names appended, the first
 * word looked up on PATH (where the framework's `npm install -g` puts the package's bin), and the
 * process started in the repository root. One process for all names (`require_serial`). The
 * framework itself installs and runs the hook in pre-commit-framework.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { discoverFiles } from '../src/scan/files/discovery.js';
import { TEXT_EXTENSIONS, TEXT_NAMES } from '../src/languages/kinds.js';
import { BIN, FIREWALL_RULES_CALL, makeProject } from './scan-cli-support.js';
import { type ManifestHook, readManifest } from './support/pre-commit-manifest.js';

function theHook(): ManifestHook {
  const hooks = readManifest();
  const hook = hooks.find((candidate) => candidate.id === 'sunset-lint');
  if (!hook) throw new Error('no hook with id sunset-lint in .pre-commit-hooks.yaml');
  return hook;
}

function stringList(value: ManifestHook[string] | undefined): readonly string[] {
  return Array.isArray(value) ? value : [];
}

/** A PATH on which `sunset-lint` is the built CLI (as after `npm install -g`) and `node` is this Node. */
function pathWithCli(): string {
  const bin = makeProject({});
  symlinkSync(BIN, join(bin, 'sunset-lint'));
  return [bin, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter);
}

/**
 * The hook's `files` pattern (a Python regular expression, searched in each staged path; this one
 * uses no syntax that JavaScript reads differently).
 */
function filesPattern(hook: ManifestHook): { test: (name: string) => boolean } {
  if (typeof hook.files !== 'string') throw new Error('the hook has no files pattern');
  // What the framework selects: `files`, less `exclude`.
  const files = new RegExp(hook.files);
  const exclude = typeof hook.exclude === 'string' ? new RegExp(hook.exclude) : undefined;
  return { test: (name) => files.test(name) && !exclude?.test(name) };
}

/** What the framework does with the hook and the staged file names, in the repository root `root`. */
function runHook(hook: ManifestHook, staged: readonly string[], root: string) {
  const files = filesPattern(hook);
  const selected = staged.filter((name) => files.test(name));
  if (typeof hook.entry !== 'string') throw new Error('the hook has no entry');
  const [command, ...entryArgs] = hook.entry.split(/\s+/);
  if (command === undefined) throw new Error('the hook entry is empty');
  const result = spawnSync(command, [...entryArgs, ...stringList(hook.args), ...selected], {
    cwd: root,
    env: { PATH: pathWithCli(), HOME: root },
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const ENDPOINTS = [
  "export const API = 'https://api.cloudflare.com/client/v4';",
  "export const FIREWALL_RULES = '/firewall/rules';",
  '',
].join('\n');

const CLIENT = [
  "import { API, FIREWALL_RULES } from './endpoints';",
  '',
  'export async function listRules(zoneId: string): Promise<unknown> {',
  '  const response = await fetch(`${API}/zones/${zoneId}${FIREWALL_RULES}`);',
  '  return response.json();',
  '}',
  '',
].join('\n');

const CLEAN = 'export const greeting = (name: string): string => `hello ${name}`;\n';

describe('.pre-commit-hooks.yaml', () => {
  it('declares a node hook that runs once for the whole staged set', () => {
    const hook = theHook();
    expect(hook.language).toBe('node');
    expect(hook.require_serial).toBe(true);
    // identify's tags (what `types`/`types_or` match) give .mts and .cts no tag and .tf only
    // `terraform`: the selection is by name, as the scanner's is.
    expect(hook.types_or).toBeUndefined();
    expect(hook.types).toBeUndefined();
    expect(hook.entry).toMatch(/^sunset-lint scan\b/);
    // The framework appends the file names; the entry must not name paths of its own.
    expect(hook.pass_filenames).not.toBe(false);
  });

  it('selects the staged files that `sunset-lint scan` reads in a folder, and no others', async () => {
    const candidates = [
      ...['js', 'jsx', 'mjs', 'cjs', 'ts', 'tsx', 'mts', 'cts'].map((extension) => `src/app.${extension}`),
      'infra/main.tf',
      ...['sh', 'bash', 'zsh', 'ksh', 'py', 'pyw', 'go'].map((extension) => `tools-src/job.${extension}`),
      ...['md', 'mdx', 'markdown', 'rst'].map((extension) => `docs/guide.${extension}`),
      'Dockerfile',
      'docker/Dockerfile.dev',
      'Containerfile',
      'api.dockerfile',
      'Makefile',
      'GNUmakefile',
      'sub/makefile',
      'rules.mk',
      '.github/workflows/ci.yml',
      '.github/workflows/release.yaml',
      '.gitlab-ci.yml',
      '.gitlab/ci/deploy/jobs.yaml',
      'bin/deploy',
      'scripts/release',
      'script/setup',
      'hooks/post-merge',
      'tools/sync',
      // Other formats, read as text (docs/languages/text.md).
      'config.yml',
      '.github/dependabot.yml',
      'Jenkinsfile',
      'ops/justfile',
      'hosts/edge.nix',
      'requests/zone.http',
      'docs/runbook.adoc',
      'collections/edge.postman_collection.json',
      'collections/insomnia.json',
      'recordings/api.har',
      'package.json',
      '.vscode/tasks.json',
      'tests/dns.hurl',
      'bruno/Update pool.bru',
      'EdgeAdmin.psm1',
      'cutover.cmd',
      'Rakefile',
      'lib/edge.rb',
      'notes.txt',
      'bin/notes.txt',
      // Extensionless anywhere: read when the shebang names an interpreter.
      'LICENSE',
      'src/deploy',
      // Not read by the scanner.
      'package-lock.json',
      'sub/npm-shrinkwrap.json',
      'styles.css',
      'photo.png',
      '.env.example',
    ];
    const root = makeProject(
      Object.fromEntries(
        candidates.map((path) => [path, path.includes('/') && !path.includes('.') ? '#!/bin/sh\n' : '\n']),
      ),
    );
    const found = await discoverFiles({ cwd: root, paths: ['.'] });
    const scanned = [...found.files, ...found.terraformFiles, ...found.scriptFiles].map((file) =>
      relative(root, file).split('\\').join('/'),
    );
    const files = filesPattern(theHook());
    expect(candidates.filter((path) => files.test(path)).sort()).toEqual(scanned.sort());
  });

  it('selects every format the text reader takes, by extension and by name', () => {
    const files = filesPattern(theHook());
    expect(TEXT_EXTENSIONS.filter((extension) => !files.test(`dir/file.${extension}`))).toEqual([]);
    expect(TEXT_NAMES.filter((name) => !files.test(`dir/${name}`))).toEqual([]);
  });

  it('refuses a staged client whose endpoint comes from an unstaged constants file', () => {
    const root = makeProject({ 'src/endpoints.ts': ENDPOINTS, 'src/client.ts': CLIENT, 'package.json': '{}\n' });
    const run = runHook(theHook(), ['src/client.ts', 'package.json'], root);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('src/client.ts\n  4:32  expired    firewall-rules-api');
    // Only the staged files are reported and counted (the client and package.json, read as JSON data);
    // the constants file was read to resolve the import.
    expect(run.stdout).toContain('1 finding in 1 file (2 files scanned)');
    expect(run.stdout).not.toContain('src/endpoints.ts');
  });

  it('scans the staged files together: a finding in one, none in the other', () => {
    const root = makeProject({
      'src/endpoints.ts': ENDPOINTS,
      'src/client.ts': CLIENT,
      'src/legacy.js': FIREWALL_RULES_CALL,
      'src/greeting.ts': CLEAN,
    });
    const run = runHook(theHook(), ['src/client.ts', 'src/greeting.ts', 'src/legacy.js'], root);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('(3 files scanned)');
    expect(run.stdout).toMatch(/^src\/client\.ts$/m);
    expect(run.stdout).toMatch(/^src\/legacy\.js$/m);
    expect(run.stdout).not.toMatch(/^src\/greeting\.ts$/m);
  });

  it('lets a commit through when the staged files call nothing past its end of life', () => {
    const root = makeProject({ 'src/endpoints.ts': ENDPOINTS, 'src/client.ts': CLIENT, 'src/greeting.ts': CLEAN });
    const run = runHook(theHook(), ['src/greeting.ts'], root);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('No deprecated API usage found in 1 file scanned');
  });
});

interface Manifest {
  name: string;
  version?: string;
  bin?: Record<string, string>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  bundleDependencies?: string[];
}

const manifestAt = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(REPO_ROOT, dir, 'package.json'), 'utf8')) as Manifest;

// The framework's install (npm install, npm pack, npm install -g of the repository root) runs for
// real in CI (`node bench/install-size.mjs --check`); these are the properties it depends on.
describe('the repository root as a pre-commit hook repository', () => {
  const root = manifestAt('.');

  it('every manifest npm reads names its dependencies in a form npm understands (no workspace:)', () => {
    for (const dir of ['.', ...(root.workspaces ?? [])]) {
      const manifest = manifestAt(dir);
      const specs = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies });
      expect(
        specs.filter(([, spec]) => spec.startsWith('workspace:')),
        `${dir}/package.json`,
      ).toEqual([]);
    }
    expect(root.workspaces).toEqual(expect.arrayContaining(['packages/core', 'packages/scanner']));
  });

  it('the local packages it depends on are the workspace versions', () => {
    for (const dir of root.workspaces ?? []) {
      const { name, version } = manifestAt(dir);
      for (const manifest of [root, ...(root.workspaces ?? []).map(manifestAt)]) {
        const spec = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
        if (spec !== undefined)
          expect(`${manifest.name}: ${name}@${spec}`).toBe(`${manifest.name}: ${name}@${version}`);
      }
    }
  });

  it("provides the hook entry's command and bundles the CLI it starts", () => {
    const command = theHook().entry?.toString().split(/\s+/)[0];
    expect(command).toBe('sunset-lint');
    const bin = root.bin?.['sunset-lint'];
    expect(bin).toBeDefined();
    expect(existsSync(join(REPO_ROOT, bin ?? ''))).toBe(true);
    expect(readFileSync(join(REPO_ROOT, bin ?? ''), 'utf8')).toContain("import 'sunset-lint/bin/sunset-lint.js'");
    expect(root.dependencies).toHaveProperty('sunset-lint');
    expect(root.bundleDependencies).toContain('sunset-lint');
  });
});
