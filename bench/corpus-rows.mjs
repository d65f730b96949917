// One corpus's rows, over the same files: the floor, the scanner by default, `--cache` warm,
// `--types`; and the checks: planted findings found, identical findings in every mode.
import { join } from 'node:path';
import { listSourceFiles } from './corpus/files.mjs';
import { measureFloor } from './measure/floor.mjs';
import { measureScan, measureWarmCache } from './measure/scanner.mjs';

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

/**
 * `wanted(mode)` says whether a mode runs (--only); `options` is what the scanner has; `runs` per row.
 * Pushes rows into `scans` and messages into `checks`/`problems`.
 */
export async function measureCorpus({
  id,
  corpus,
  runs,
  options,
  wanted,
  scans,
  checks,
  problems,
  scratch,
  types = true,
}) {
  const files = listSourceFiles(corpus.root);
  const rowFor = (mode, result, floorMs) => ({
    corpus: id,
    mode,
    files: result.files,
    wallMs: result.wallMs,
    maxRssKb: result.maxRssKb,
    runs: result.runs,
    floorMs,
  });
  const missing = (mode, why) => scans.push({ corpus: id, mode, missing: why });
  let floorMs;
  if (wanted('floor')) {
    const floor = await measureFloor({ files, listPath: join(scratch, `${id}-files.json`), runs });
    floorMs = floor.wallMs;
    scans.push({ ...rowFor('floor (read + parse + walk)', floor), floorMs });
    if (floor.detail.withErrors)
      checks.push(`${id}: ${floor.detail.withErrors} files with TypeScript parse diagnostics (floor)`);
  }
  const outputs = {};
  if (wanted('default')) {
    const scan = await measureScan({ cwd: corpus.root, runs });
    outputs.default = scan.findings;
    scans.push(rowFor('scanner (default)', scan, floorMs));
    if (scan.files !== files.length)
      problems.push(`${id}: the scanner scanned ${scan.files} files, the floor read ${files.length}`);
    if (corpus.plants) {
      const recall = recallOf(corpus.plants, scan.findings);
      const line = `${id}: recall of planted findings ${recall.hits}/${recall.planted} (${((100 * recall.hits) / Math.max(1, recall.planted)).toFixed(1)} %), ${recall.extra} findings beyond the planted ones`;
      checks.push(line);
      if (recall.missed.length)
        problems.push(
          `${id}: planted findings not found: ${recall.missed.slice(0, 10).join(', ')}${recall.missed.length > 10 ? ', …' : ''}`,
        );
    } else checks.push(`${id}: ${scan.findings.length} findings`);
  }
  if (wanted('cache')) {
    if (!options.cache) missing('`--cache` warm, 10 files changed', 'n/a (option missing)');
    else {
      const warm = await measureWarmCache({ cwd: corpus.root, files, runs });
      outputs['--cache warm'] = warm.findings;
      scans.push(rowFor(`\`--cache\` warm, ${warm.changed} files changed`, warm, floorMs));
    }
  }
  if (types && wanted('types')) {
    if (!options.types) missing('`--types`', 'n/a (option missing)');
    else scans.push(rowFor('`--types`', await measureScan({ cwd: corpus.root, extra: ['--types'], runs }), floorMs));
  }
  const modes = Object.keys(outputs);
  if (modes.length > 1) {
    const reference = JSON.stringify(outputs[modes[0]]);
    const differing = modes.filter((mode) => JSON.stringify(outputs[mode]) !== reference);
    if (differing.length) problems.push(`${id}: FINDINGS DIFFER between ${modes[0]} and ${differing.join(', ')}`);
    else checks.push(`${id}: identical findings in ${modes.join(', ')}`);
  }
  return { files, outputs };
}
