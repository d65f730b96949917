// ESLint with the plugin's recommended config, as a project would run it: the real `eslint` CLI of
// the repository, in its own process (on a given Node binary), with flat configs written into a
// temporary folder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { measureNode } from './process.mjs';
import { AS_OF } from './scanner.mjs';

const require = createRequire(new URL('../../package.json', import.meta.url));
const ESLINT_BIN = join(dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');
export const ESLINT_VERSION = JSON.parse(readFileSync(require.resolve('eslint/package.json'), 'utf8')).version;

/**
 * TypeScript through typescript-eslint's parser (the plugin needs an ESTree), JavaScript through
 * espree. `plugin`: the plugin's recommended config (without it, ESLint parses and runs no rule:
 * the run the plugin is added to); `baseline`: @eslint/js and typescript-eslint recommended beside
 * it, as a project's run has them.
 */
function flatConfig({ plugin = true, baseline = false } = {}) {
  const url = (specifier) =>
    JSON.stringify(import.meta.resolve(specifier, new URL('../../package.json', import.meta.url)));
  return `import tseslint from ${url('typescript-eslint')};
${plugin ? `import sunsetLint from ${url('@sunset-lint/eslint-plugin')};` : ''}
${baseline ? `import js from ${url('@eslint/js')};` : ''}

export default [
  { files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'] },
  { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tseslint.parser } },
  { files: ['**/*.{jsx,tsx}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
${baseline ? '  js.configs.recommended,\n  ...tseslint.configs.recommended,\n' : ''}${plugin ? `  sunsetLint.configs.recommended,\n  { settings: { 'sunset-lint': { asOf: '${AS_OF}' } } },\n` : ''}  { linterOptions: { reportUnusedDisableDirectives: 'off' } },
];
`;
}

function eslintArgs(configPath, paths, extra = []) {
  return [ESLINT_BIN, '--config', configPath, '--no-cache', '--no-warn-ignored', ...extra, ...paths];
}

/** Sums the plugin's rule times out of `--stats` JSON output. */
function pluginTimes(results) {
  let plugin = 0;
  let rules = 0;
  let parse = 0;
  let findings = 0;
  let fatal = 0;
  for (const result of results) {
    findings += result.messages.filter((m) => m.ruleId?.startsWith('sunset-lint/')).length;
    if (result.messages.some((m) => m.fatal)) fatal++;
    for (const pass of result.stats?.times.passes ?? []) {
      parse += pass.parse.total;
      for (const [ruleId, time] of Object.entries(pass.rules ?? {})) {
        rules += time.total;
        if (ruleId.startsWith('sunset-lint/')) plugin += time.total;
      }
    }
  }
  return { plugin, rules, parse, findings, fatal, files: results.length };
}

/**
 * The flat configs of a run, written into a temporary folder (`dispose()` removes it): `bare` (no
 * rule), `plugin` (the plugin's recommended config), `baseline` (@eslint/js + typescript-eslint
 * recommended + the plugin).
 */
export function eslintConfigs() {
  const work = mkdtempSync(join(tmpdir(), 'sunset-bench-eslint-'));
  const write = (name, options) => {
    const path = join(work, `${name}.config.mjs`);
    writeFileSync(path, flatConfig(options));
    return path;
  };
  return {
    bare: write('bare', { plugin: false }),
    plugin: write('plugin', { plugin: true }),
    baseline: write('baseline', { plugin: true, baseline: true }),
    work,
    dispose: () => rmSync(work, { recursive: true, force: true }),
  };
}

/** One ESLint process over `paths` (relative to `cwd`) on `node`. ESLint exits 1 on errors: not a failure. */
export function eslintOnce({ config, cwd, paths, node }) {
  return measureNode(eslintArgs(config, paths), { cwd, node, okStatus: [0, 1] });
}

/**
 * Runs with --stats (its timers cost, so they are not timed rows) of `paths` with the `baseline`
 * config, a project's run: the plugin's rule times out of each, and their share of the run's wall
 * time. One run's timers also count the collections other code caused while a rule ran; the run
 * with the median share of `runs` is given, with every run's share beside it.
 */
export async function eslintShare({ configs, cwd, paths, node, runs = 3 }) {
  const measured = [];
  for (let run = 0; run < runs; run++) {
    const statsOut = join(configs.work, `stats-${Date.now()}-${run}.json`);
    const statsRun = await measureNode(
      eslintArgs(configs.baseline, paths, ['--stats', '--format', 'json', '--output-file', statsOut]),
      { cwd, node, okStatus: [0, 1] },
    );
    const stats = pluginTimes(JSON.parse(readFileSync(statsOut, 'utf8')));
    measured.push({ ...stats, wallMs: statsRun.wallMs, share: stats.plugin / statsRun.wallMs });
  }
  const byShare = measured.toSorted((a, b) => a.share - b.share);
  return { ...byShare[Math.floor((byShare.length - 1) / 2)], shares: measured.map((one) => one.share) };
}
