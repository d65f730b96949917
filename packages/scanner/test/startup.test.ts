/**
 * What the CLI's start path loads (issue 10: `schedule` and a scan of an empty folder start in
 * ≤ 0.3 s): the commands that need little must not pay for ajv, TypeScript, date-fns or the folder walk.
 * These run the modules as compiled (`SUNSET_LINT_NO_BUNDLE=1`), where every package shows: the
 * bundle keeps each lazy `import()` a chunk of its own (cli-bundle.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BIN, FIREWALL_RULES_CALL, makeProject } from './scan-cli-support.js';
import { JSON_TRANSFER_MAX_FILES } from '../src/scan/reader/parsers.js';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

const PRELOAD = fileURLToPath(new URL('./support/report-required-modules.cjs', import.meta.url));
const RESOLVE_HOOKS = fileURLToPath(new URL('./support/report-resolved-modules.mjs', import.meta.url));

/**
 * The CommonJS modules a real CLI run loaded, as paths inside their packages
 * (`…/node_modules/.pnpm/ajv@8.20.0/node_modules/ajv/dist/ajv.js` -> `ajv/dist/ajv.js`).
 */
function requiredModules(args: readonly string[], cwd: string): { status: number | null; modules: string[] } {
  const run = spawnSync(process.execPath, ['--require', PRELOAD, BIN, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', CI: 'true', SUNSET_LINT_NO_BUNDLE: '1' },
    encoding: 'utf8',
  });
  const line = run.stderr.split('\n').findLast((text) => text.startsWith('required: '));
  expect(line, run.stderr).toBeDefined();
  const files: string[] = JSON.parse(line!.slice('required: '.length));
  return {
    status: run.status,
    modules: files.map((file) => file.replaceAll('\\', '/').split('/node_modules/').at(-1) ?? file),
  };
}

/** Which heavy packages `modules` holds; of ajv only its compiler (the generated validators use its runtime helpers). */
function heavyPackages(modules: readonly string[]): string[] {
  // `@typescript-eslint/visitor-keys`: core's analysis (its reader walks the tree by these keys).
  const heavy = ['ajv/dist/ajv.js', 'typescript/', 'date-fns/', '@typescript-eslint/visitor-keys/'];
  return heavy.filter((prefix) => modules.some((module) => module.startsWith(prefix)));
}

/** Whether `modules` holds picomatch, the one package the folder walk loads (scan/files/walk.ts). */
const loadsTheWalk = (modules: readonly string[]) => modules.some((module) => module.startsWith('picomatch/'));

describe('the start path loads only what the command uses', () => {
  const empty = makeProject({});

  test('schedule: no ajv (generated validators), no TypeScript, no folder walk, no date-fns', () => {
    const { status, modules } = requiredModules(['schedule', '--as-of', '2026-01-01'], empty);
    expect(status).toBe(0);
    // It grades every entry: core counts and words the days itself (date-fns was 23 modules here).
    expect(heavyPackages(modules)).toEqual([]);
    expect(loadsTheWalk(modules)).toBe(false);
  });

  test('a scan of an empty folder: no ajv, no TypeScript, no date-fns (nothing is graded), no analysis', () => {
    const { status, modules } = requiredModules(['scan', '.'], empty);
    expect(status).toBe(0);
    // The folder is walked by the scanner's own walk (with picomatch, which is small).
    expect(heavyPackages(modules)).toEqual([]);
    expect(loadsTheWalk(modules)).toBe(true);
  });

  test('a scan of named files (a pre-commit run): no ajv, no folder walk', () => {
    const project = makeProject({
      'src/sync.js': `export async function sync(zoneId) {\n  ${FIREWALL_RULES_CALL}\n}\n`,
    });
    const { status, modules } = requiredModules(['scan', 'src/sync.js', '--fail-on', 'none'], project);
    expect(status).toBe(0);
    // The file is parsed (core's reader: the visitor keys) and its finding graded (no date-fns); nothing is walked.
    expect(heavyPackages(modules)).toEqual(['@typescript-eslint/visitor-keys/']);
    expect(loadsTheWalk(modules)).toBe(false);
  });
});

const nodeMajor = Number(process.versions.node.split('.')[0]);
/** `count` TypeScript modules that each call a retired endpoint (firewall-rules-api: no automatic migration). */
const callingModules = (count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `src/m${i}.ts`,
      `export async function sync${i}(zoneId: string) {\n  ${FIREWALL_RULES_CALL}\n}\n`,
    ]),
  );

describe("TypeScript's compiler loads only when a scan needs it (issue 24)", () => {
  test('a pre-commit run of a few files parses them without TypeScript (oxc-parser; on Node 20 its JSON transfer)', () => {
    const project = makeProject(callingModules(3));
    const { status, modules } = requiredModules(['scan', 'src/m0.ts', 'src/m1.ts', 'src/m2.ts'], project);
    expect(status).toBe(1);
    expect(heavyPackages(modules)).not.toContain('typescript/');
  });

  test('a JSON report whose findings have no automatic migration does not load TypeScript for their classes', () => {
    const project = makeProject(callingModules(1));
    const { status, modules } = requiredModules(['scan', 'src/m0.ts', '--format', 'json'], project);
    expect(status).toBe(1);
    expect(heavyPackages(modules)).not.toContain('typescript/');
  });

  test('a pre-commit run whose finding an eslint-disable comment silences reads the comments without TypeScript', () => {
    const project = makeProject({
      'src/m0.ts': `export async function sync(zoneId: string) {\n  // eslint-disable-next-line sunset-lint/no-deprecated-endpoint -- migrating in #12\n  ${FIREWALL_RULES_CALL}\n}\n`,
    });
    const { status, modules } = requiredModules(['scan', 'src/m0.ts'], project);
    // Silenced: the default --fail-on (expired) has nothing left to fail on.
    expect(status).toBe(0);
    expect(heavyPackages(modules)).not.toContain('typescript/');
  });

  test.skipIf(nodeMajor >= 22)(
    `Node 20: a scan that parses more than ${JSON_TRANSFER_MAX_FILES} files takes TypeScript's parser`,
    () => {
      const project = makeProject(callingModules(JSON_TRANSFER_MAX_FILES + 1));
      const { status, modules } = requiredModules(['scan', '.', '--fail-on', 'none'], project);
      expect(status).toBe(0);
      expect(heavyPackages(modules)).toContain('typescript/');
    },
    HEAVY_TEST_MS,
  );
});

/** The ES modules a real CLI run resolved (its resolve hook writes each URL to stderr). */
function resolvedModules(args: readonly string[], cwd: string): { status: number | null; urls: string[] } {
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(RESOLVE_HOOKS).href, BIN, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', CI: 'true', SUNSET_LINT_NO_BUNDLE: '1' },
    encoding: 'utf8',
  });
  const urls = run.stderr
    .split('\n')
    .filter((line) => line.startsWith('resolved: '))
    .map((line) => line.slice('resolved: '.length));
  expect(urls.length, run.stderr).toBeGreaterThan(0);
  return { status: run.status, urls };
}

const loadsTerraform = (urls: readonly string[]) =>
  urls.filter((url) => url.includes('/web-tree-sitter/') || url.includes('/terraform/'));

describe('the readers of other languages and their parser load only when a file needs them', () => {
  test('a scan without .tf files neither resolves web-tree-sitter nor the reader', () => {
    const project = makeProject({
      'src/sync.js': `export async function sync(zoneId) {\n  ${FIREWALL_RULES_CALL}\n}\n`,
    });
    const { status, urls } = resolvedModules(['scan', '.', '--fail-on', 'none'], project);
    expect(status).toBe(0);
    expect(loadsTerraform(urls)).toEqual([]);
  });

  test("a JavaScript project's JSON files (package.json, tsconfig.json) that name nothing load no reader of other languages", () => {
    const project = makeProject({
      'src/sync.js': `export async function sync(zoneId) {\n  ${FIREWALL_RULES_CALL}\n}\n`,
      'package.json': '{ "name": "sync", "scripts": { "test": "vitest run" } }\n',
      'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
    });
    const readers = (urls: readonly string[]) =>
      urls.filter((url) => url.includes('/languages/read-files') || url.includes('/web-tree-sitter/'));
    const run = resolvedModules(['scan', '.', '--fail-on', 'none'], project);
    expect(run.status).toBe(0);
    expect(readers(run.urls)).toEqual([]);
    // A script that requests a retired path is read: then the readers load.
    const scripted = makeProject({
      'package.json':
        '{ "scripts": { "fw": "curl -s https://api.cloudflare.com/client/v4/zones/$Z/firewall/rules" } }\n',
    });
    expect(readers(resolvedModules(['scan', '.', '--fail-on', 'none'], scripted).urls)).not.toEqual([]);
  });

  test('a scan with a .tf file loads them', () => {
    const project = makeProject({ 'infra/main.tf': 'resource "cloudflare_filter" "x" {\n  zone_id = "z"\n}\n' });
    const { status, urls } = resolvedModules(['scan', '.', '--fail-on', 'none'], project);
    expect(status).toBe(0);
    expect(loadsTerraform(urls).some((url) => url.includes('/web-tree-sitter/'))).toBe(true);
  });
});
