#!/usr/bin/env node
// pnpm bench: the scanner against the parse floor, ESLint and itself, on generated and real code, on
// the machine's Node and on Node 24 side by side, in one run; prints the tables and the targets of
// issues 24 and 10, and writes docs/benchmarks.md. See README "Benchmarks".
//   node bench/run.mjs [--smoke] [--runs N] [--only start,dense,…|group:mode] [--dense-files N]
//                      [--node24 PATH|none] [--no-write] [--markdown FILE]
// Groups: start, dense, eslint-500, lib-js, lib-15k, gen-1k, sdk, gen-10k; only when named in --only:
// eslint-5k, gen-50k. Modes of a corpus: floor, parser, floor2 (dense), default, languages, off,
// workers2, typescript, cache, types. --smoke (CI): the machine's Node only, one run each: start,
// dense (300 files), eslint-100, gen-1k. --dense-files N (or SUNSET_BENCH_DENSE_FILES) sizes the
// dense corpus, for development; --markdown FILE writes the Markdown report of any run
// (docs/benchmarks.md is the default run's).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cliFolder } from '../packages/scanner/bin/cli-folder.js';
import { measureCorpus } from './corpus-rows.mjs';
import { listJsonFiles, listSourceFiles } from './corpus/files.mjs';
import { denseCorpus } from './corpus/dense.mjs';
import { generatedCorpus } from './corpus/generated.mjs';
import { realCorpus } from './corpus/real.mjs';
import { ESLINT_VERSION, eslintConfigs, eslintOnce, eslintShare } from './measure/eslint.mjs';
import { floorList, floorOnce, parserOnce } from './measure/floor.mjs';
import { installSizes } from './measure/install-size.mjs';
import { machineNode, node24 } from './measure/nodes.mjs';
import { alternate } from './measure/process.mjs';
import { scanOnce, scannerOptions } from './measure/scanner.mjs';
import { measureStartup } from './measure/startup.mjs';
import { consoleReport, markdownReport } from './report/document.mjs';
import { describeMachine } from './report/machine.mjs';
import { judgeTargets } from './report/targets.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(REPO, 'node_modules', '.cache', 'sunset-lint-bench');
const USAGE = `usage: node bench/run.mjs [--smoke] [--runs N] [--only start,dense,…|group:mode] [--dense-files N]
                        [--node24 PATH|none] [--no-write] [--markdown FILE]
groups: start, dense, eslint-100, eslint-500, lib-js, lib-15k, gen-1k, sdk, gen-10k; named in --only only:
eslint-5k, gen-50k. Modes: floor, parser, floor2 (dense), default, languages, off, workers2, typescript,
cache, types.`;
let parsed;
try {
  parsed = parseArgs({
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      smoke: { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      only: { type: 'string' },
      'dense-files': { type: 'string' },
      node24: { type: 'string' },
      'no-write': { type: 'boolean', default: false },
      markdown: { type: 'string' },
    },
  });
} catch (error) {
  console.error(`bench: ${error.message}\n${USAGE}`);
  process.exit(2);
}
const args = parsed.values;
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const smoke = args.smoke;
const runs = smoke ? 1 : Math.max(1, Number(args.runs) || 3);
/** The rounds of lib-js (below; at least `--runs`). */
const LIB_JS_RUNS = 7;
/**
 * The rounds of the cold-start group (at least `--runs`): its targets are differences of 0.15 s
 * between processes of 0.03 to 1.6 s, and on a shared 2-core machine one busy moment moves a single
 * run by as much (ESLint's 20-file run by ±0.2 s); the median of nine leaves out four such runs.
 */
const START_RUNS = 9;
const only = args.only
  ?.split(',')
  .map((token) => token.trim())
  .filter(Boolean);
/** Groups run only when --only names them (too slow for the default run). */
const ON_REQUEST = new Set(['eslint-5k', 'gen-50k']);
const GROUPS = ['start', 'dense', 'eslint-100', 'eslint-500', 'lib-js', 'lib-15k', 'gen-1k', 'sdk', 'gen-10k'];
const unknown = only?.filter((token) => ![...GROUPS, ...ON_REQUEST].includes(token.split(':')[0]));
if (unknown?.length) {
  console.error(`--only: no group ${unknown.join(', ')} (groups: ${[...GROUPS, ...ON_REQUEST].join(', ')})`);
  process.exit(2);
}
const named = (group) => only?.some((token) => token === group || token.startsWith(`${group}:`));
const groupWanted = (group) => (ON_REQUEST.has(group) || only ? named(group) : true);
const modeWanted = (group) => (mode) => !only || only.some((token) => token === group || token === `${group}:${mode}`);
const denseFiles = Number(args['dense-files'] ?? process.env.SUNSET_BENCH_DENSE_FILES ?? (smoke ? 300 : 5_000));
if (!Number.isInteger(denseFiles) || denseFiles < 20) {
  console.error('--dense-files: a whole number of modules, at least 20 (the pre-commit run names 20)');
  process.exit(2);
}

if (!existsSync(join(REPO, 'packages/scanner/dist/cli/main.js'))) {
  console.error('Build first: pnpm build (tsc -b, then the CLI bundle)');
  process.exit(2);
}
// What users run is the CLI's bundle (docs/scanner.md, "Start-up"): after a `tsc -b` alone the
// CLI starts from dist/cli/, which starts slower. SUNSET_LINT_NO_BUNDLE=1 measures dist/cli/ on purpose.
if (
  !process.env.SUNSET_LINT_NO_BUNDLE &&
  cliFolder(pathToFileURL(join(REPO, 'packages/scanner/bin/sunset-lint.js')), process.env) !== '../dist/bundle/'
) {
  console.error(
    'The CLI would start from dist/cli/ (its bundle is missing or older than tsc -b): run pnpm build first',
  );
  process.exit(2);
}

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const machine = describeMachine(REPO);
const nodes = [machineNode()];
const results = {
  machine,
  nodes,
  runs,
  startup: [],
  scans: [],
  eslint: [],
  parity: [],
  checks: [],
  problems: [],
  groupSeconds: [],
};
if (!smoke) {
  const second = node24(args.node24);
  if (second.missing) {
    log(`Node 24: ${second.missing}`);
    results.checks.push(`Node 24 not measured: ${second.missing}`);
    if (!only && !/not asked|already/.test(second.missing)) results.problems.push(`Node 24: ${second.missing}`);
  } else nodes.push(second);
}
log(`measuring on ${nodes.map((n) => `${n.label} (${n.bin})`).join(', ')}`);
const onMachine = (node) => node.id === nodes[0].id;
const scratch = mkdtempSync(join(tmpdir(), 'sunset-bench-'));
mkdirSync(CACHE, { recursive: true });
const started = performance.now();
const configs = eslintConfigs();

async function group(id, body) {
  if (!groupWanted(id)) return;
  const t = performance.now();
  log(`${id}: measuring`);
  await body();
  results.groupSeconds.push(`${id} ${((performance.now() - t) / 1000).toFixed(0)} s`);
}

function describeCorpus(name, corpus) {
  const size = corpus.bytes ? `, ${(corpus.bytes / 1024 / 1024).toFixed(1)} MB` : '';
  const plants = corpus.plants ? `, ${corpus.planted} planted findings in ${corpus.filesWithPlants} files` : '';
  const how = corpus.reused
    ? 'cached'
    : corpus.generationMs
      ? `generated in ${(corpus.generationMs / 1000).toFixed(1)} s`
      : 'copied';
  log(
    `${name}: ${corpus.files ?? Object.keys(corpus.packages ?? {}).join(', ')}${corpus.files ? ' files' : ''}${size}${plants} (${how})`,
  );
  return corpus;
}

const generated = (name, fileCount) => describeCorpus(name, generatedCorpus(CACHE, { name, fileCount }));
const dense = (fileCount) => describeCorpus(`dense-${fileCount}`, denseCorpus(CACHE, { fileCount }));
const library = (name) => describeCorpus(name, { ...realCorpus(CACHE, name), plants: undefined });

/**
 * A corpus's rows. `machineOnly`: timed on the machine's Node (the others run the parity scans);
 * `parityOnLast`: the parity scans on the last Node alone (Node 24, where both parsers run).
 */
function corpusGroup(id, corpus, { machineOnly = false, parityOnLast = false, runs: groupRuns = runs, ...modes } = {}) {
  return measureCorpus({
    id,
    corpus,
    runs: groupRuns,
    nodes,
    timedOn: machineOnly ? onMachine : () => true,
    parityOn: parityOnLast ? (node) => node === nodes.at(-1) : () => true,
    options,
    wanted: modeWanted(id),
    results,
    scratch,
    log,
    ...modes,
  });
}

/**
 * ESLint with the plugin and the scanner over the same corpus, alternating, on every Node; beside
 * them, in the same rounds, the floor and the scanner's parser alone over the same files: what
 * ESLint's time over either says is the most the ratio could be.
 */
async function eslintGroup(id, root, paths, { share = true } = {}) {
  const listPath = floorList(
    paths.flatMap((path) => listSourceFiles(join(root, path))),
    join(scratch, `${id}-files.json`),
  );
  const variants = nodes.flatMap((node) => [
    { key: `eslint@${node.id}`, run: () => eslintOnce({ config: configs.plugin, cwd: root, paths, node: node.bin }) },
    { key: `scanner@${node.id}`, run: () => scanOnce(root, paths, [], node.bin) },
    { key: `floor@${node.id}`, run: () => floorOnce(listPath, node.bin) },
    { key: `parser@${node.id}`, run: () => parserOnce(listPath, node.bin) },
  ]);
  const measured = await alternate(runs, variants, (round) => log(`${id}: round ${round + 1}/${runs}`));
  const byNode = {};
  // The sources the scanner read: it also reads the corpus's JSON files (as data), which ESLint and the floor do not.
  const json = paths.flatMap((path) => listJsonFiles(join(root, path))).length;
  let files;
  for (const node of nodes) {
    const scanner = measured.get(`scanner@${node.id}`);
    files = scanner.last.files - json;
    const stats = share ? await eslintShare({ configs, cwd: root, paths, node: node.bin }) : undefined;
    const floor = measured.get(`floor@${node.id}`);
    const parser = measured.get(`parser@${node.id}`);
    if (floor.last.detail.files !== files || parser.last.detail.files !== files)
      results.problems.push(
        `${id} (${node.label}): the floor read ${floor.last.detail.files} files, the parser ${parser.last.detail.files}, the scanner ${files}`,
      );
    byNode[node.id] = { eslint: measured.get(`eslint@${node.id}`), scanner, floor, parser, stats };
    if (stats && stats.files !== files)
      results.problems.push(`${id} (${node.label}): ESLint linted ${stats.files} files, the scanner ${files}`);
    if (stats?.fatal) results.problems.push(`${id} (${node.label}): ESLint could not parse ${stats.fatal} files`);
  }
  results.eslint.push({ id, files, byNode });
}

let options;
try {
  options = await scannerOptions();
  log(
    `scanner options: ${Object.entries(options)
      .map(([name, has]) => `--${name} ${has ? 'yes' : 'missing'}`)
      .join(', ')}`,
  );
  const needsDense = ['start', 'dense'].some(groupWanted);
  const denseMain = needsDense ? dense(denseFiles) : undefined;
  await group('start', async () => {
    // A pre-commit hook passes the staged files by name, in their repository: 20 modules of 20 folders.
    results.startup = await measureStartup({
      runs: smoke ? 1 : Math.max(runs, START_RUNS),
      nodes,
      corpusRoot: denseMain.root,
      files: denseMain.modules.slice(0, 20),
      configs,
      log,
    });
  });
  // Where every file is parsed, what the targets leave: the scanner's parser alone, and a second core.
  await group('dense', () => corpusGroup('dense', denseMain, { headroom: true }));
  if (smoke) await group('eslint-100', () => eslintGroup('eslint-100', dense(100).root, ['.']));
  else {
    await group('eslint-500', () => eslintGroup('eslint-500', dense(500).root, ['.']));
    // Seven rounds: its JavaScript-only pair compares two scans that do the same work (lib-js holds
    // no file of another language), a difference of a few percent that three rounds leave to the load.
    await group('lib-js', () =>
      corpusGroup('lib-js', library('lib-js'), { languages: true, runs: Math.max(runs, LIB_JS_RUNS) }),
    );
    // ~15,000 files take up to a minute a process: one round (the target is the peak RSS), and the
    // parity scans on Node 24 alone (both parsers; the default's findings are still compared across Nodes).
    await group('lib-15k', () => corpusGroup('lib-15k', library('lib-15k'), { runs: 1, parityOnLast: true }));
  }
  // The corpora of issue 10, timed on the machine's Node; Node 24 runs their parity scans.
  // --types loads the whole program (30 s at 1k files): not in the smoke run, and not beyond 1k files.
  await group('gen-1k', () =>
    corpusGroup('gen-1k', generated('gen-1k', 1_000), { machineOnly: true, cache: true, types: !smoke }),
  );
  if (!smoke) {
    await group('sdk', () => corpusGroup('sdk', library('sdk'), { machineOnly: true, cache: true }));
    const gen10k = ['gen-10k', 'eslint-5k', 'gen-50k'].some(groupWanted) ? generated('gen-10k', 10_000) : undefined;
    await group('gen-10k', () => corpusGroup('gen-10k', gen10k, { machineOnly: true, cache: true }));
    await group('eslint-5k', () => eslintGroup('eslint-5k', gen10k.root, gen10k.apps.slice(0, 100)));
    await group('gen-50k', () =>
      corpusGroup('gen-50k', generated('gen-50k', 50_000), { machineOnly: true, runs: 1, cache: true }),
    );
    if (!only) results.installSizes = await installSizes();
  }
} finally {
  configs.dispose();
  rmSync(scratch, { recursive: true, force: true });
}

const rowOf = (corpus, mode) => results.scans.find((r) => r.corpus === corpus && r.mode === mode);
results.targets = judgeTargets({
  nodes,
  cell: (corpus, mode, nodeId) => rowOf(corpus, mode)?.byNode[nodeId],
  files: (corpus, mode) => rowOf(corpus, mode)?.files,
  start: (id, nodeId) => results.startup.find((r) => r.id === id)?.byNode[nodeId],
  eslint: (id) => results.eslint.find((p) => p.id === id),
  parity: results.parity,
  installSizes: results.installSizes,
});
results.checks.push(
  `ESLint ${ESLINT_VERSION}; whole run ${((performance.now() - started) / 1000).toFixed(0)} s (${results.groupSeconds.join(', ')})`,
);
results.checks.push(...results.problems.map((problem) => `PROBLEM: ${problem}`));

console.log(`\n${consoleReport(results)}\n`);
if (args.markdown) {
  writeFileSync(args.markdown, markdownReport(results));
  log(`wrote ${args.markdown}`);
}
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
