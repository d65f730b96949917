// The Node binaries a run measures on: the machine's (the one running the bench) and Node 24, each
// figure side by side. Node 24 is the binary of the node-<platform>-<arch> npm package (as CI runs
// the tests on it), found through npx, or given: `--node24 PATH` (a binary or its folder), or the
// SUNSET_BENCH_NODE24 variable; `--node24 none` measures on the machine's Node alone.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const NODE24_PACKAGE = `node-${process.platform}-${process.arch}@24.21.0`;

function versionOf(bin) {
  return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
}

function describe(bin, id) {
  const version = versionOf(bin);
  return { id, bin, version, major: Number(version.slice(1).split('.')[0]), label: `Node ${version.slice(1)}` };
}

/** The machine's Node: this process's. */
export function machineNode() {
  return describe(process.execPath, 'machine');
}

function fromNpx() {
  const out = execFileSync('npx', ['-y', '-p', NODE24_PACKAGE, '-c', 'command -v node'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
  });
  return out.trim().split('\n').at(-1);
}

/**
 * Node 24, or `{ missing: why }`. `given`: the --node24 value (a binary, its folder, or 'none');
 * when the machine's Node is 24 or later already, it is the only column.
 */
export function node24(given = process.env.SUNSET_BENCH_NODE24) {
  if (given === 'none') return { missing: 'not asked for (--node24 none)' };
  if (machineNode().major >= 24) return { missing: `the machine's Node is ${process.version} already` };
  try {
    let bin = given || fromNpx();
    if (existsSync(bin) && statSync(bin).isDirectory()) bin = join(bin, 'node');
    const node = describe(bin, 'node24');
    if (node.major !== 24) return { missing: `${bin} is ${node.version}, not Node 24` };
    return node;
  } catch (error) {
    return { missing: `Node 24 not found (${String(error.message).split('\n')[0]})` };
  }
}
