#!/usr/bin/env node
// pnpm bench: the scanner against the parse floor, ESLint and itself, on generated and real code,
// in one run; prints the tables and writes docs/benchmarks.md. See README "Benchmarks".
//   node bench/run.mjs [--smoke] [--runs N] [--only gen-1k,start,…|group:mode] [--no-write]
// Groups: start, gen-1k, real, sdk, gen-10k, eslint-500, eslint-5k, gen-50k (--smoke: start, gen-1k,
// eslint-100). Modes of a corpus: floor, default, cache, types. (Worker threads were measured
// apart and not adopted: bench/experiments/worker-threads.mjs, docs/scanner.md "One thread".)
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureCorpus } from './corpus-rows.mjs';
import { listSourceFiles } from './corpus/files.mjs';
import { generatedCorpus } from './corpus/generated.mjs';
import { realCorpus } from './corpus/real.mjs';
import { ESLINT_VERSION, measureEslint } from './measure/eslint.mjs';
import { installSizes } from './measure/install-size.mjs';
import { measureScan, scannerOptions } from './measure/scanner.mjs';
import { measureStartup } from './measure/startup.mjs';
import { consoleReport, markdownReport } from './report/document.mjs';
import { describeMachine } from './report/machine.mjs';
import { judgeTargets } from './report/targets.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(REPO, 'node_modules', '.cache', 'sunset-lint-bench');
const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const smoke = args.smoke;
const runs = smoke ? 1 : Math.max(1, Number(args.runs) || 3);
const only = args.only
  ?.split(',')
  .map((token) => token.trim())
  .filter(Boolean);
const groupWanted = (group) => !only || only.some((token) => token === group || token.startsWith(`${group}:`));
const modeWanted = (group) => (mode) => !only || only.some((token) => token === group || token === `${group}:${mode}`);

if (!existsSync(join(REPO, 'packages/scanner/dist/cli/main.js'))) {
  console.error('Build first: npx tsc -b');
  process.exit(2);
}

const machine = describeMachine(REPO);
const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const scratch = mkdtempSync(join(tmpdir(), 'sunset-bench-'));
mkdirSync(CACHE, { recursive: true });
const results = { machine, runs, startup: [], scans: [], eslint: [], checks: [], problems: [], targets: [] };
const started = performance.now();

function corpusOf(name, fileCount) {
  const corpus = generatedCorpus(CACHE, { name, fileCount });
  log(
    `${name}: ${corpus.files} files, ${(corpus.bytes / 1024 / 1024).toFixed(1)} MB, ${corpus.planted} planted findings in ${corpus.filesWithPlants} files (${corpus.reused ? 'cached' : `generated in ${(corpus.generationMs / 1000).toFixed(1)} s`})`,
  );
  return corpus;
}

async function corpusGroup(id, corpus, { types = true } = {}) {
  if (!groupWanted(id)) return;
  log(`${id}: measuring`);
  await measureCorpus({
    id,
    corpus,
    runs: id === 'gen-50k' ? 1 : runs,
    options,
    wanted: modeWanted(id),
    ...results,
    scratch,
    types,
  });
}

/** ESLint and the scanner on the first apps of a generated corpus (~50 files each). */
async function eslintGroup(id, corpus, size, share) {
  if (!groupWanted(id)) return;
  const apps = corpus.apps.slice(0, Math.ceil(size / 50));
  log(`${id}: ESLint and the scanner on ${apps.length} apps`);
  const scanner = await measureScan({ cwd: corpus.root, paths: apps, runs });
  const eslint = await measureEslint({ cwd: corpus.root, paths: apps, runs, share });
  results.eslint.push({ files: scanner.files, scanner, eslint });
  if (eslint.stats && eslint.stats.files !== scanner.files)
    results.problems.push(`${id}: ESLint linted ${eslint.stats.files} files, the scanner ${scanner.files}`);
}

let options;
try {
  options = await scannerOptions();
  log(`scanner options: --cache ${options.cache ? 'yes' : 'missing'}`);
  const gen1k = corpusOf('gen-1k', 1_000);
  if (groupWanted('start')) {
    log('start: cold start');
    const twenty = listSourceFiles(join(gen1k.root, gen1k.apps[0])).slice(0, 20);
    results.startup = await measureStartup({
      runs: smoke ? 1 : Math.max(runs, 5),
      corpusRoot: gen1k.root,
      files: twenty,
    });
  }
  // --types loads the whole program (30 s for 1k files here): too slow for the smoke run's minute.
  await corpusGroup('gen-1k', gen1k, { types: !smoke });
  if (smoke) await eslintGroup('eslint-100', gen1k, 100, true);
  else {
    if (groupWanted('real')) await corpusGroup('real', { ...realCorpus(CACHE, 'real'), plants: undefined });
    if (groupWanted('sdk'))
      await corpusGroup('sdk', { ...realCorpus(CACHE, 'sdk'), plants: undefined }, { types: false });
    const needs10k = ['gen-10k', 'eslint-500', 'eslint-5k'].some(groupWanted);
    if (needs10k) {
      const gen10k = corpusOf('gen-10k', 10_000);
      await corpusGroup('gen-10k', gen10k);
      await eslintGroup('eslint-500', gen10k, 500, !groupWanted('eslint-5k'));
      await eslintGroup('eslint-5k', gen10k, 5_000, true);
    }
    // --types loads the whole program: at 50k it measures the type checker, not the scan.
    if (groupWanted('gen-50k')) await corpusGroup('gen-50k', corpusOf('gen-50k', 50_000), { types: false });
    if (!only) results.installSizes = await installSizes();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const rowById = new Map();
for (const r of results.scans) {
  const mode = r.mode.startsWith('floor')
    ? 'floor'
    : r.mode.includes('--cache')
      ? 'cache'
      : r.mode.includes('--types')
        ? 'types'
        : 'default';
  if (!r.missing) rowById.set(`${r.corpus}:${mode}`, r);
}
for (const r of results.startup) rowById.set(`start:${r.id}`, r);
results.targets = judgeTargets({
  row: (id) => rowById.get(id),
  eslint: (size) => results.eslint.find((p) => Math.abs(p.files - size) <= size * 0.05),
  installSizes: results.installSizes,
});
results.checks.push(`ESLint ${ESLINT_VERSION}; whole run ${((performance.now() - started) / 1000).toFixed(0)} s`);
results.checks.push(...results.problems.map((problem) => `PROBLEM: ${problem}`));

console.log(`\n${consoleReport(results)}\n`);
if (smoke || args['no-write'] || only)
  log(`docs/benchmarks.md not written (${smoke ? '--smoke' : only ? '--only' : '--no-write'})`);
else {
  writeFileSync(join(REPO, 'docs', 'benchmarks.md'), markdownReport(results));
  log('wrote docs/benchmarks.md');
}
if (results.problems.length) {
  console.error(
    `\n${results.problems.length} sanity check(s) failed:\n${results.problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exitCode = 1;
}
