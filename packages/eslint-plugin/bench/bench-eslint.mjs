#!/usr/bin/env node
// What the plugin's rules cost in a real lint run.
//
// Builds a corpus (JS/TS sources copied from the workspace's node_modules, the repository's own
// TypeScript sources under packages/*/src, and fixtures/), then lints it with ESLint's `stats`
// twice per round:
//   baseline:    @eslint/js recommended + typescript-eslint recommended (TS via its parser)
//   with plugin: the same + @sunset-lint/eslint-plugin's configs.recommended
// and prints both side by side: wall time, time in all rules, time in the plugin's rules (ESLint
// times each rule's create() and listeners), and the plugin's share of the run.
//
//   node packages/eslint-plugin/bench/bench-eslint.mjs [--files 3000] [--rounds 2] [--keep]
//
// Needs the built plugin (`pnpm build`). The corpus goes to a fresh temporary directory and is
// removed afterwards unless --keep.
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import sunsetLint from '@sunset-lint/eslint-plugin';
import { resolveSettings } from '@sunset-lint/core';
import { prefilterFor } from '@sunset-lint/core/internal';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
  },
});
const wanted = Number(args.files);
const rounds = Number(args.rounds);

const SOURCE = /\.(js|mjs|cjs|ts|mts|cts|tsx)$/;
const DECLARATION = /\.d\.[mc]?ts$/;

function walk(dir, out = [], { all = false } = {}) {
  let names;
  try {
    names = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    // pnpm links each dependency into its dependents' node_modules: following links would copy
    // packages many times (and the workspace's own packages through their links).
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) walk(path, out, { all });
    else if (SOURCE.test(name) && !DECLARATION.test(name) && (all || (stat.size > 1024 && stat.size < 100 * 1024)))
      out.push(path);
  }
  return out;
}

/** Minified bundles say nothing about real code and dominate parse time: skipped. */
function looksHandWritten(path) {
  const head = readFileSync(path, 'utf8').slice(0, 4096);
  return !head.split('\n').some((line) => line.length > 400);
}

function buildCorpus() {
  const root = mkdtempSync(join(tmpdir(), 'eslint-plugin-bench-'));
  const fromModules = walk(join(REPO, 'node_modules', '.pnpm')).filter(looksHandWritten);
  // An even spread over all packages, in a fixed order: the same corpus on every run.
  const step = Math.max(1, fromModules.length / wanted);
  const picked = [];
  for (let i = 0; picked.length < wanted && Math.floor(i) < fromModules.length; i += step)
    picked.push(fromModules[Math.floor(i)]);
  for (const file of picked) {
    // `.pnpm/<pkg@ver>/node_modules/<pkg>/lib/x.js` -> `modules/<pkg@ver>/<pkg>/lib/x.js`: ESLint ignores node_modules.
    const target = join(
      root,
      'modules',
      ...relative(join(REPO, 'node_modules', '.pnpm'), file)
        .split(sep)
        .filter((part) => part !== 'node_modules'),
    );
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  // TypeScript as a project has it: the repository's own sources (not its tests, which are full of
  // deprecated calls on purpose).
  const own = walk(join(REPO, 'packages')).filter(
    (file) => /\/packages\/[^/]+\/src\//.test(file) && !file.includes('/node_modules/'),
  );
  for (const file of own) {
    const target = join(root, 'repo', relative(REPO, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  cpSync(join(REPO, 'fixtures'), join(root, 'repo', 'fixtures'), { recursive: true });
  const files = walk(root, [], { all: true });
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const byKind = {
    js: files.filter((f) => /\.[mc]?js$/.test(f)).length,
    ts: files.filter((f) => /\.([mc]?ts|tsx)$/.test(f)).length,
  };
  return { root, files: files.length, bytes, byKind };
}

const FILES = ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'];
const TS_FILES = ['**/*.{ts,mts,cts,tsx}'];
const baseline = [
  { files: FILES },
  { files: FILES, ...js.configs.recommended },
  // JavaScript stays with espree; TypeScript goes through typescript-eslint's parser.
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: TS_FILES })),
  { files: ['**/*.tsx'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  { linterOptions: { reportUnusedDisableDirectives: 'off' } },
];
const withPlugin = [
  ...baseline,
  sunsetLint.configs.recommended,
  { settings: { 'sunset-lint': { asOf: '2026-11-21' } } },
];

async function run(cwd, overrideConfig) {
  const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig, stats: true, cache: false });
  const started = performance.now();
  const results = await eslint.lintFiles(['.']);
  const wall = performance.now() - started;
  let rules = 0;
  let ours = 0;
  let parse = 0;
  let fatal = 0;
  let findings = 0;
  for (const result of results) {
    if (result.messages.some((message) => message.fatal)) fatal += 1;
    findings += result.messages.filter((message) => message.ruleId?.startsWith('sunset-lint/')).length;
    for (const pass of result.stats?.times.passes ?? []) {
      parse += pass.parse.total;
      for (const [ruleId, time] of Object.entries(pass.rules ?? {})) {
        rules += time.total;
        if (ruleId.startsWith('sunset-lint/')) ours += time.total;
      }
    }
  }
  // Split by the core's text prefilter: files it lets through are analyzed in full.
  const prefilter = prefilterFor(resolveSettings({ asOf: '2026-11-21' }).catalogue, 'medium');
  let analyzed = 0;
  let analyzedTime = 0;
  for (const result of results) {
    const time = Object.entries(result.stats?.times.passes[0]?.rules ?? {})
      .filter(([id]) => id.startsWith('sunset-lint/'))
      .reduce((sum, [, t]) => sum + t.total, 0);
    if (time > 0 && prefilter.mayMatch(readFileSync(result.filePath, 'utf8'))) {
      analyzed += 1;
      analyzedTime += time;
    }
  }
  const slowest = results
    .map((result) => [
      Object.entries(result.stats?.times.passes[0]?.rules ?? {})
        .filter(([id]) => id.startsWith('sunset-lint/'))
        .reduce((sum, [, time]) => sum + time.total, 0),
      relative(cwd, result.filePath),
    ])
    .sort((a, b) => b[0] - a[0])
    .slice(0, 5);
  return { wall, rules, ours, parse, fatal, findings, files: results.length, slowest, analyzed, analyzedTime };
}

const corpus = buildCorpus();
try {
  const best = { baseline: undefined, plugin: undefined };
  const keepBest = (key, run) => {
    if (!best[key] || run.wall < best[key].wall) best[key] = run;
  };
  for (let round = 1; round <= rounds; round++) {
    keepBest('baseline', await run(corpus.root, baseline));
    keepBest('plugin', await run(corpus.root, withPlugin));
    process.stderr.write(`round ${round}/${rounds} done\n`);
  }
  const b = best.baseline;
  const p = best.plugin;
  const ms = (value) => `${value.toFixed(0)} ms`;
  const pct = (value, of) => `${((100 * value) / of).toFixed(2)} %`;
  const rows = [
    ['', 'baseline', 'with plugin'],
    ['files linted', String(b.files), String(p.files)],
    ['lint wall time', ms(b.wall), ms(p.wall)],
    ['parse time', ms(b.parse), ms(p.parse)],
    ['all rules', ms(b.rules), ms(p.rules)],
    ['sunset-lint rules (8)', '-', ms(p.ours)],
    ['  share of the lint run', '-', pct(p.ours, p.wall)],
    ['  per file', '-', `${((1000 * p.ours) / p.files).toFixed(0)} µs`],
    ['  files analyzed in full', '-', `${p.analyzed} (${ms(p.analyzedTime)})`],
    ['  other files (text check only)', '-', `${p.files - p.analyzed} (${ms(p.ours - p.analyzedTime)})`],
    ['wall time difference', '-', `${ms(p.wall - b.wall)} (${pct(p.wall - b.wall, b.wall)})`],
    ['sunset-lint findings', '-', String(p.findings)],
    ['files that did not parse', String(b.fatal), String(p.fatal)],
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  console.log(
    `corpus: ${corpus.files} files (${corpus.byKind.js} JavaScript, ${corpus.byKind.ts} TypeScript), ${(corpus.bytes / 1024 / 1024).toFixed(1)} MiB; best of ${rounds} round(s); ESLint ${ESLint.version}; ${basename(process.execPath)} ${process.version}`,
  );
  for (const row of rows)
    console.log(`${row[0].padEnd(widths[0])}  ${row[1].padStart(widths[1])}  ${row[2].padStart(widths[2])}`);
  console.log(
    `slowest files for the plugin's rules: ${p.slowest.map(([time, file]) => `${file} ${time.toFixed(1)} ms`).join('; ')}`,
  );
  const budget = 5;
  const share = (100 * p.ours) / p.wall;
  console.log(
    share <= budget
      ? `OK: the plugin's rules take ${share.toFixed(2)} % of the lint run (budget ${budget} %).`
      : `OVER BUDGET: the plugin's rules take ${share.toFixed(2)} % of the lint run (budget ${budget} %).`,
  );
  if (share > budget) process.exitCode = 1;
} finally {
  if (args.keep) console.log(`corpus kept in ${corpus.root}`);
  else rmSync(corpus.root, { recursive: true, force: true });
}
