// The floor row: the files the scanner scans, read + parsed + walked once by floor-child.mjs, on a
// given Node binary (the floor of each Node is its own: V8 differs).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureNode } from './process.mjs';

const CHILD = fileURLToPath(new URL('./floor-child.mjs', import.meta.url));

/** Writes the list of files the floor reads; returns what `floorOnce` takes. */
export function floorList(files, listPath) {
  writeFileSync(listPath, JSON.stringify(files));
  return listPath;
}

/** One floor process; its stdout is { files, nodes, withErrors }. */
export async function floorOnce(listPath, node) {
  const run = await measureNode([CHILD, listPath], { node });
  return { ...run, detail: JSON.parse(run.stdout) };
}
