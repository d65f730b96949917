// Install sizes come from bench/install-size.mjs (packs the packages, installs them with npm); this runs it.
import { fileURLToPath } from 'node:url';
import { measureNode } from './process.mjs';

const SCRIPT = fileURLToPath(new URL('../install-size.mjs', import.meta.url));

/** Resolves to { rows: object[], met: boolean }. */
export async function installSizes() {
  const run = await measureNode([SCRIPT, '--json'], { okStatus: [0, 1] });
  const data = JSON.parse(run.stdout);
  const rows = Array.isArray(data) ? data : (data.rows ?? data.packages ?? [data]);
  // A verdict only when the script states one; otherwise the table is the figure.
  const met = typeof data.met === 'boolean' ? data.met : typeof data.ok === 'boolean' ? data.ok : run.status === 0;
  return { rows, met };
}
