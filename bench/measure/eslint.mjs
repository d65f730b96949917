// ESLint with the plugin's recommended config, as a project would run it: the real `eslint` CLI of
// the repository, in its own process, with a flat config written into a temporary folder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { measureNode, repeat } from './process.mjs';
import { AS_OF } from './scanner.mjs';

const require = createRequire(new URL('../../package.json', import.meta.url));
const ESLINT_BIN = join(dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');
export const ESLINT_VERSION = JSON.parse(readFileSync(require.resolve('eslint/package.json'), 'utf8')).version;

/** TypeScript through typescript-eslint's parser (the plugin needs an ESTree), JavaScript through espree. */
function flatConfig() {
  const url = (specifier) =>
    JSON.stringify(import.meta.resolve(specifier, new URL('../../package.json', import.meta.url)));
  return `import tseslint from ${url('typescript-eslint')};
import sunsetLint from ${url('@sunset-lint/eslint-plugin')};

export default [
  { files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'] },
  { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tseslint.parser } },
  { files: ['**/*.{jsx,tsx}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  sunsetLint.configs.recommended,
  { settings: { 'sunset-lint': { asOf: '${AS_OF}' } } },
  { linterOptions: { reportUnusedDisableDirectives: 'off' } },
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
 * ESLint with the plugin's recommended config over `paths` (relative to `cwd`), `runs` timed runs;
 * then, when `share`, one run with --stats (its timers cost, so it is not timed) of the same files
 * with @eslint/js + typescript-eslint recommended + the plugin, for the plugin's share of the run.
 */
export async function measureEslint({ cwd, paths, runs, share }) {
  const work = mkdtempSync(join(tmpdir(), 'sunset-bench-eslint-'));
  try {
    const configPath = join(work, 'eslint.config.mjs');
    writeFileSync(configPath, flatConfig({ withBaseline: false }));
    const baselinePath = join(work, 'eslint-baseline.config.mjs');
    writeFileSync(baselinePath, flatConfig({ withBaseline: true }));
    // ESLint exits 1 when it reports errors (the planted findings): not a failure.
    const ok = { cwd, okStatus: [0, 1] };
    const timed = await repeat(runs, () => measureNode(eslintArgs(configPath, paths), ok));
    if (!share) return timed;
    const statsOut = join(work, 'stats.json');
    const statsRun = await measureNode(
      eslintArgs(baselinePath, paths, ['--stats', '--format', 'json', '--output-file', statsOut]),
      ok,
    );
    const stats = pluginTimes(JSON.parse(readFileSync(statsOut, 'utf8')));
    return { ...timed, stats: { ...stats, wallMs: statsRun.wallMs, share: stats.plugin / statsRun.wallMs } };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
