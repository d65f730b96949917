/**
 * The plugin in one file (scripts/bundle-plugin.mjs, `pnpm build`): the package's entry
 * (dist/entry.js) loads it when it is not older than tsc's last build of the plugin and of core,
 * it loads a fraction of the files the compiled modules do, and ESLint reports the same through it
 * (docs/eslint-plugin.md, "Start-up").
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { pluginModule } from '../src/bundle-choice.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
const ESLINT_BIN = fileURLToPath(import.meta.resolve('eslint').replace(/\/lib\/api\.js$/, '/bin/eslint.js'));

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The package's layout with the files pluginModule looks at, each of the given age in seconds (absent when undefined). */
function layout(times: { bundle?: number; plugin?: number; core?: number }): string {
  const root = mkdtempSync(join(tmpdir(), 'sunset-lint-plugin-bundle-'));
  made.push(root);
  const files = {
    bundle: 'eslint-plugin/dist/bundle/index.js',
    plugin: 'eslint-plugin/dist/.tsbuildinfo',
    core: 'core/dist/.tsbuildinfo',
  } as const;
  for (const [key, path] of Object.entries(files)) {
    const time = times[key as keyof typeof files];
    if (time === undefined) continue;
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '');
    utimesSync(join(root, path), time, time);
  }
  return pathToFileURL(join(root, 'eslint-plugin/dist/entry.js')).href;
}

describe("which build the package's entry loads", () => {
  const now = 1_800_000_000;
  test.each([
    ['no bundle', { plugin: now }, './index.js'],
    ['a bundle newer than both builds', { bundle: now, plugin: now - 5, core: now - 9 }, './bundle/index.js'],
    ['the plugin compiled after the bundle', { bundle: now, plugin: now + 1, core: now - 9 }, './index.js'],
    ['core compiled after the bundle', { bundle: now, plugin: now - 5, core: now + 1 }, './index.js'],
    ['a packed package: no build information', { bundle: now }, './bundle/index.js'],
    ['a packed package: every file of one age', { bundle: now, plugin: now, core: now }, './bundle/index.js'],
  ])('%s', (_, times, module) => {
    expect(pluginModule(layout(times), {})).toBe(module);
  });

  test("an installed package loads its bundle, whatever the ages its installer gave its files and core's", () => {
    const root = mkdtempSync(join(tmpdir(), 'sunset-lint-plugin-bundle-'));
    made.push(root);
    const scope = join(root, 'node_modules', '@sunset-lint');
    const files = {
      'eslint-plugin/dist/bundle/index.js': now,
      'eslint-plugin/dist/.tsbuildinfo': now + 5,
      'core/dist/.tsbuildinfo': now + 9,
    };
    for (const [path, time] of Object.entries(files)) {
      mkdirSync(join(scope, path, '..'), { recursive: true });
      writeFileSync(join(scope, path), '');
      utimesSync(join(scope, path), time, time);
    }
    const entry = pathToFileURL(join(scope, 'eslint-plugin/dist/entry.js')).href;
    expect(pluginModule(entry, {})).toBe('./bundle/index.js');
    expect(pluginModule(entry, { SUNSET_LINT_NO_BUNDLE: '1' })).toBe('./index.js');
  });

  test('SUNSET_LINT_NO_BUNDLE=1 loads the compiled modules', () => {
    const entry = layout({ bundle: now, plugin: now - 5 });
    expect(pluginModule(entry, { SUNSET_LINT_NO_BUNDLE: '1' })).toBe('./index.js');
    expect(pluginModule(entry, { SUNSET_LINT_NO_BUNDLE: '0' })).toBe('./bundle/index.js');
  });
});

// The scanner's test hook: writes every ES module URL a process resolves to stderr (`resolved: URL`).
const RESOLVE_HOOKS = pathToFileURL(
  fileURLToPath(new URL('../../scanner/test/support/report-resolved-modules.mjs', import.meta.url)),
).href;

/** The built package's entry, imported in a new process: the modules it resolved, and what it exports. */
function importEntry(env: Record<string, string> = {}): { files: string[]; rules: number; exports: string[] } {
  const script = `
    const loaded = await import(${JSON.stringify(pathToFileURL(join(PACKAGE, 'dist/entry.js')).href)});
    const required = Object.keys((await import('node:module')).createRequire(import.meta.url).cache);
    console.log(JSON.stringify({ rules: Object.keys(loaded.default.rules).length, exports: Object.keys(loaded).sort(), required }));`;
  const run = spawnSync(process.execPath, ['--import', RESOLVE_HOOKS, '--input-type=module', '-e', script], {
    cwd: PACKAGE,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  const files = run.stderr
    .split('\n')
    .filter((line) => line.startsWith('resolved: '))
    .map((line) => line.slice('resolved: '.length));
  const { required, ...loaded } = JSON.parse(run.stdout) as { rules: number; exports: string[]; required: string[] };
  // A require does not go through the resolve hook: its modules are in require's cache.
  return { ...loaded, files: [...files, ...required.map((file) => pathToFileURL(file).href)] };
}

describe('the built package', () => {
  test('loads its bundle after `pnpm build`: one file of its own, the same exports as the compiled modules', () => {
    const bundled = importEntry();
    const compiled = importEntry({ SUNSET_LINT_NO_BUNDLE: '1' });
    const own = (files: string[]) =>
      files
        .filter((file) => /\/packages\/(core|eslint-plugin)\/dist\//.test(file))
        .map((file) => file.replace(/.*\/packages\//, ''));
    // The entry, and the bundle it requires.
    expect(own(bundled.files)).toEqual([
      'eslint-plugin/dist/entry.js',
      'eslint-plugin/dist/bundle-choice.js',
      'eslint-plugin/dist/bundle/index.js',
    ]);
    expect(own(compiled.files)).toContain('eslint-plugin/dist/index.js');
    expect(own(compiled.files)).not.toContain('eslint-plugin/dist/bundle/index.js');
    expect(bundled.rules).toBe(8);
    expect({ ...bundled, files: [] }).toEqual({ ...compiled, files: [] });
  });

  test('ESLint reports the same on every fixture through the bundle as through the compiled modules', () => {
    const work = mkdtempSync(join(tmpdir(), 'sunset-lint-plugin-bundle-'));
    made.push(work);
    const config = join(work, 'eslint.config.mjs');
    const resolve = (specifier: string) => JSON.stringify(import.meta.resolve(specifier));
    writeFileSync(
      config,
      `import tseslint from ${resolve('typescript-eslint')};
import sunsetLint from ${JSON.stringify(pathToFileURL(join(PACKAGE, 'dist/entry.js')).href)};
export default [
  { files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'] },
  { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tseslint.parser } },
  { files: ['**/*.{jsx,tsx}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  sunsetLint.configs.recommended,
  { settings: { 'sunset-lint': { asOf: '2026-11-21' } } },
  { linterOptions: { reportUnusedDisableDirectives: 'off' } },
];
`,
    );
    const lint = (env: Record<string, string>) => {
      const run = spawnSync(
        process.execPath,
        [ESLINT_BIN, '--config', config, '--no-cache', '--no-warn-ignored', '--format', 'json', '.'],
        { cwd: FIXTURES, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      );
      expect([0, 1], run.stderr).toContain(run.status);
      return (JSON.parse(run.stdout) as Array<{ filePath: string; messages: unknown[] }>).map((r) => [
        r.filePath,
        r.messages,
      ]);
    };
    const bundled = lint({});
    const findings = bundled.flatMap(([, messages]) => messages as Array<{ ruleId?: string }>);
    expect(findings.filter((m) => m.ruleId?.startsWith('sunset-lint/')).length).toBeGreaterThan(100);
    expect(bundled).toEqual(lint({ SUNSET_LINT_NO_BUNDLE: '1' }));
  }, 300_000);
});
