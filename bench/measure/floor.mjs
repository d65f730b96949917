// The floor row: the files the scanner scans, read + parsed + walked once by floor-child.mjs.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureNode, repeat } from './process.mjs';

const CHILD = fileURLToPath(new URL('./floor-child.mjs', import.meta.url));

export async function measureFloor({ files, listPath, runs }) {
  writeFileSync(listPath, JSON.stringify(files));
  const row = await repeat(runs, () => measureNode([CHILD, listPath]));
  return { ...row, files: files.length, detail: JSON.parse(row.last.stdout) };
}
