// The floor row: the files the scanner scans, read + parsed + walked once by floor-child.mjs, on a
// given Node binary (the floor of each Node is its own: V8 differs). Beside it, two rows that say
// what the targets leave: the scanner's parser alone (parser-child.mjs), and the floor on two cores.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureNode } from './process.mjs';

const CHILD = fileURLToPath(new URL('./floor-child.mjs', import.meta.url));
const PARSER_CHILD = fileURLToPath(new URL('./parser-child.mjs', import.meta.url));

/** Writes the list of files the floor reads; returns what `floorOnce` takes. */
export function floorList(files, listPath) {
  writeFileSync(listPath, JSON.stringify(files));
  return listPath;
}

/** One process of `child` over the listed files; its stdout, one JSON line, is the run's detail. */
async function childOnce(child, listPath, node) {
  const run = await measureNode([child, listPath], { node });
  return { ...run, detail: JSON.parse(run.stdout) };
}

/** One floor process; its detail is { files, nodes, withErrors }. */
export const floorOnce = (listPath, node) => childOnce(CHILD, listPath, node);

/** One process of the scanner's parser and one walk, nothing read; its detail is { files, nodes, failed }. */
export const parserOnce = (listPath, node) => childOnce(PARSER_CHILD, listPath, node);

/**
 * The floor over two halves of the files (`listPaths`), in two processes at once: the wall time until
 * both are done, their peak RSS added (both are in memory together). Against the floor it says what a
 * second core gives this work on this machine: 0.5× a whole core, 1.0× none.
 */
export async function floorPairOnce(listPaths, node) {
  const started = performance.now();
  const runs = await Promise.all(listPaths.map((listPath) => floorOnce(listPath, node)));
  const files = runs.reduce((sum, run) => sum + run.detail.files, 0);
  const withErrors = runs.reduce((sum, run) => sum + run.detail.withErrors, 0);
  return {
    wallMs: performance.now() - started,
    maxRssKb: runs.reduce((sum, run) => sum + run.maxRssKb, 0),
    detail: { files, withErrors },
  };
}
