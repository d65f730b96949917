// One corpus's rows, over the same files, on each Node measured: the floor (and where asked the
// scanner's parser alone and the floor on two cores) and the scanner (default, and `--languages
// javascript` where asked), round by round; then, once each, the parity variants
// (`--concurrency off`, `--concurrency 2`, and on Node ≥ 22 `--parser typescript`, with `--parser oxc`
// named on the others so that a fallback cannot pass unnoticed); then `--cache` warm and `--types` on
// the machine's Node where asked. The checks: planted findings found, nothing beyond; byte-identical
// findings between every variant and the default, and between the Nodes.
import { join } from 'node:path';
import { listJsonFiles, listSourceFiles } from './corpus/files.mjs';
import { floorList, floorOnce, floorPairOnce, parserOnce } from './measure/floor.mjs';
import { alternate } from './measure/process.mjs';
import { measureWarmCache, scanOnce } from './measure/scanner.mjs';

/** Planted findings (file, line, entry) found in the report, as a multiset. */
export function recallOf(plants, findings) {
  const found = new Map();
  for (const f of findings) {
    const key = `${f.file}:${f.line}:${f.entryId}`;
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  const missed = [];
  let planted = 0;
  for (const [file, list] of Object.entries(plants)) {
    for (const plant of list) {
      planted++;
      const key = `${file}:${plant.line}:${plant.entryId}`;
      if (found.get(key) > 0) found.set(key, found.get(key) - 1);
      else missed.push(key);
    }
  }
  const extra = [...found.values()].reduce((sum, n) => sum + n, 0);
  return { planted, hits: planted - missed.length, missed, extra };
}

/** The scanner's modes a corpus row can have: key -> label and arguments (per Node). */
const MODES = {
  default: { label: 'scanner (default)', args: () => [] },
  languages: { label: 'scanner `--languages javascript`', args: () => ['--languages', 'javascript'] },
  off: {
    label: '`--concurrency off` ²',
    args: (node) => [...(node.major >= 22 ? ['--parser', 'oxc'] : []), '--concurrency', 'off'],
  },
  workers2: {
    label: '`--concurrency 2` ²',
    args: (node) => [...(node.major >= 22 ? ['--parser', 'oxc'] : []), '--concurrency', '2'],
  },
  typescript: { label: '`--parser typescript` ²', args: () => ['--parser', 'typescript'] },
};
const MODE_ORDER = [
  'floor',
  'parser',
  'floor2',
  'default',
  'languages',
  'off',
  'workers2',
  'typescript',
  'cache',
  'types',
];
/** Rows that a child process of floor.mjs measures instead of a scan: no findings, a detail of what it read. */
const MEASURES = {
  floor: 'floor (read + parse + walk)',
  parser: "the scanner's parser alone (read + parse + walk) ³",
  floor2: 'floor on two cores (two processes, half each) ³',
};

/**
 * Measures corpus `id` on `nodes`; `timedOn(node)` says whether the floor and the scanner get timed
 * rows on that Node (else the default scan runs once, for the parity checks), `parityOn(node)`
 * whether the parity variants run there (the default's findings are compared across the Nodes
 * wherever it runs). `wanted(mode)` is
 * --only; `options` what the scanner has; `languages`, `cache`, `types`: the extra modes of this
 * corpus. Pushes into results.scans (one row per mode, a cell per Node), results.parity, checks and
 * problems.
 */
export async function measureCorpus({
  id,
  corpus,
  runs,
  nodes,
  timedOn = () => true,
  parityOn = () => true,
  options,
  wanted,
  results,
  scratch,
  log,
  languages = false,
  cache = false,
  types = false,
  headroom = false,
}) {
  const { checks, problems } = results;
  const files = listSourceFiles(corpus.root);
  const listPath = floorList(files, join(scratch, `${id}-files.json`));
  const halves = headroom
    ? [0, 1].map((half) =>
        floorList(
          files.filter((_, at) => at % 2 === half),
          join(scratch, `${id}-files-${half}.json`),
        ),
      )
    : [];
  const variants = [];
  for (const node of nodes) {
    const timed = timedOn(node);
    const add = (mode, run, once = false) => variants.push({ key: `${mode}@${node.id}`, mode, node, run, once });
    if (timed && wanted('floor')) add('floor', () => floorOnce(listPath, node.bin));
    if (headroom && timed && wanted('parser')) add('parser', () => parserOnce(listPath, node.bin));
    if (headroom && timed && wanted('floor2')) add('floor2', () => floorPairOnce(halves, node.bin));
    const scan = (mode) => () => scanOnce(corpus.root, ['.'], MODES[mode].args(node), node.bin);
    if (wanted('default')) add('default', scan('default'), !timed);
    if (languages && timed && wanted('languages') && options.languages) add('languages', scan('languages'));
    if (!parityOn(node)) continue;
    if (options.concurrency && wanted('off')) add('off', scan('off'), true);
    if (options.concurrency && wanted('workers2')) add('workers2', scan('workers2'), true);
    if (options.parser && node.major >= 22 && wanted('typescript')) add('typescript', scan('typescript'), true);
  }
  const measured = await alternate(runs, variants, (round, count) =>
    log(`${id}: round ${round + 1}/${runs} (${count} processes)`),
  );
  const cell = (variant) => measured.get(variant.key);

  const floorMs = Object.fromEntries(
    variants.filter((v) => v.mode === 'floor').map((v) => [v.node.id, cell(v).wallMs]),
  );
  for (const variant of variants.filter((v) => v.mode === 'floor')) {
    const detail = cell(variant).last.detail;
    if (detail.withErrors)
      checks.push(`${id}: ${detail.withErrors} files with TypeScript parse diagnostics (floor, ${variant.node.label})`);
  }
  for (const variant of variants.filter((v) => v.mode === 'parser')) {
    const detail = cell(variant).last.detail;
    if (detail.failed)
      problems.push(`${id}: the scanner's parser alone failed on ${detail.failed} files (${variant.node.label})`);
  }
  const rows = new Map();
  const rowOf = (mode, label) => {
    if (!rows.has(mode)) rows.set(mode, { corpus: id, mode, label, byNode: {} });
    return rows.get(mode);
  };
  for (const variant of variants) {
    const summary = cell(variant);
    const measure = MEASURES[variant.mode];
    const row = rowOf(variant.mode, measure ?? MODES[variant.mode].label);
    row.files = measure ? summary.last.detail.files : summary.last.files;
    row.byNode[variant.node.id] = {
      wallMs: summary.wallMs,
      maxRssKb: summary.maxRssKb,
      runs: summary.runs,
      floorMs: floorMs[variant.node.id],
      findingsJson: measure ? undefined : summary.last.findingsJson,
      findings: measure ? undefined : summary.last.report.findings,
    };
  }

  // The checks, Node by Node, against the default scan's findings.
  // The scanner also reads the corpus's JSON files (as data); the floor parses the sources alone.
  const json = listJsonFiles(corpus.root).length;
  if (rows.has('default') && rows.get('default').files !== files.length + json)
    problems.push(
      `${id}: the scanner scanned ${rows.get('default').files} files, the floor lists ${files.length} (and ${json} JSON files beside them)`,
    );
  const defaults = [];
  for (const node of nodes) {
    const reference = rows.get('default')?.byNode[node.id];
    if (!reference) continue;
    defaults.push({ node, findingsJson: reference.findingsJson });
    if (corpus.plants) {
      const recall = recallOf(corpus.plants, reference.findings);
      checks.push(
        `${id} (${node.label}): recall of planted findings ${recall.hits}/${recall.planted} (${((100 * recall.hits) / Math.max(1, recall.planted)).toFixed(1)} %), ${recall.extra} findings beyond the planted ones`,
      );
      if (recall.missed.length)
        problems.push(
          `${id} (${node.label}): planted findings not found: ${recall.missed.slice(0, 10).join(', ')}${recall.missed.length > 10 ? ', …' : ''}`,
        );
      if (recall.extra) problems.push(`${id} (${node.label}): ${recall.extra} findings beyond the planted ones`);
    } else if (node === nodes[0]) checks.push(`${id}: ${reference.findings.length} findings`);
    for (const [kind, modes] of [
      ['concurrency', ['off', 'workers2']],
      ['parser', ['typescript']],
    ]) {
      const compared = modes.filter((mode) => rows.get(mode)?.byNode[node.id]);
      if (!compared.length) continue;
      const differing = compared.filter(
        (mode) => rows.get(mode).byNode[node.id].findingsJson !== reference.findingsJson,
      );
      const names = compared.map((mode) => MODES[mode].args(node).join(' ')).join(', ');
      results.parity.push({ corpus: id, node: node.id, kind, same: differing.length === 0, modes: compared });
      if (differing.length)
        problems.push(
          `${id} (${node.label}): FINDINGS DIFFER between the default and ${differing.map((mode) => MODES[mode].args(node).join(' ')).join(', ')}`,
        );
      else checks.push(`${id} (${node.label}): identical findings in the default and ${names}`);
    }
  }
  if (defaults.length > 1) {
    const same = defaults.every((d) => d.findingsJson === defaults[0].findingsJson);
    results.parity.push({ corpus: id, node: 'all', kind: 'nodes', same });
    if (same) checks.push(`${id}: identical findings on ${defaults.map((d) => d.node.label).join(' and ')}`);
    else problems.push(`${id}: FINDINGS DIFFER between ${defaults.map((d) => d.node.label).join(' and ')}`);
  }

  // Modes of one Node (the machine's), not alternated: --cache edits files, --types is slow.
  const machine = nodes[0];
  if (cache && wanted('cache')) {
    if (!options.cache) rowOf('cache', '`--cache` warm').missing = 'n/a (option missing)';
    else {
      log(`${id}: --cache warm`);
      const warm = await measureWarmCache({ cwd: corpus.root, files, runs, node: machine.bin });
      const row = rowOf('cache', `\`--cache\` warm, ${warm.changed} files changed`);
      row.files = warm.files;
      row.byNode[machine.id] = { ...warm, floorMs: floorMs[machine.id] };
      const same = JSON.stringify(warm.findings) === rows.get('default')?.byNode[machine.id]?.findingsJson;
      if (rows.get('default')?.byNode[machine.id])
        if (same) checks.push(`${id} (${machine.label}): identical findings with --cache warm`);
        else problems.push(`${id} (${machine.label}): FINDINGS DIFFER between the default and --cache warm`);
    }
  }
  if (types && wanted('types')) {
    if (!options.types) rowOf('types', '`--types`').missing = 'n/a (option missing)';
    else {
      log(`${id}: --types`);
      const typed = await alternate(runs, [
        { key: 'types', run: () => scanOnce(corpus.root, ['.'], ['--types'], machine.bin) },
      ]);
      const summary = typed.get('types');
      const row = rowOf('types', '`--types`');
      row.files = summary.last.files;
      row.byNode[machine.id] = {
        wallMs: summary.wallMs,
        maxRssKb: summary.maxRssKb,
        runs: summary.runs,
        floorMs: floorMs[machine.id],
      };
    }
  }
  for (const mode of MODE_ORDER) if (rows.has(mode)) results.scans.push(rows.get(mode));
}
