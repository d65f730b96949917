// Runs one Node process and measures it from the outside: wall time from spawn to exit (start-up
// included, as a user waits for it), and peak RSS reported by the preloaded peak-rss.mjs. The Node
// binary is a parameter: the same command is measured on the machine's Node and on Node 24.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PRELOAD = new URL('./peak-rss.mjs', import.meta.url).href;
const scratch = mkdtempSync(join(tmpdir(), 'sunset-bench-usage-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;

/**
 * Spawns `<node> <args>` in `cwd` (`node`: a Node binary, default this process's); resolves to
 * { wallMs, maxRssKb, cpuMs, status, stdout, stderr }. `okStatus` lists the exit codes that are not
 * failures (a scan with findings exits 1).
 */
export function measureNode(args, { cwd, env = {}, okStatus = [0], node = process.execPath } = {}) {
  const usageFile = join(scratch, `usage-${++counter}.json`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(node, ['--import', PRELOAD, ...args], {
      cwd,
      env: { ...process.env, CI: 'true', NO_COLOR: '1', ...env, SUNSET_BENCH_USAGE: usageFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      const wallMs = performance.now() - started;
      const result = {
        wallMs,
        status,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      };
      if (!okStatus.includes(status)) {
        reject(new Error(`${node} ${args.join(' ')} exited ${status}:\n${result.stderr.slice(0, 2000)}`));
        return;
      }
      let usage = { maxRssKb: NaN, cpuMs: NaN };
      try {
        usage = JSON.parse(readFileSync(usageFile, 'utf8'));
      } catch {
        // A process that exits without the 'exit' event (a signal) leaves no usage: RSS unknown.
      }
      resolve({ ...result, ...usage });
    });
  });
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A row of measured runs: the median wall time and the largest peak RSS. */
function summarize(results) {
  return {
    runs: results.length,
    wallMs: median(results.map((r) => r.wallMs)),
    wallsMs: results.map((r) => r.wallMs),
    maxRssKb: Math.max(...results.map((r) => r.maxRssKb)),
    last: results[results.length - 1],
  };
}

/** Runs `once` `runs` times in a row; see `alternate` for variants that are compared. */
export async function repeat(runs, once) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(i));
  return summarize(results);
}

/**
 * Variants that are compared, measured round by round: each round runs every variant once, in
 * turn, so that a change of the machine's load hits them alike. A variant with `once: true` runs in
 * the first round only (a check more than a figure). Resolves to a Map of key -> summarized row.
 * `onRound(round)` is told when a round starts (for progress).
 */
export async function alternate(runs, variants, onRound) {
  const results = new Map(variants.map((v) => [v.key, []]));
  for (let round = 0; round < runs; round++) {
    const due = variants.filter((v) => round === 0 || !v.once);
    if (!due.length) break;
    onRound?.(round, due.length);
    for (const variant of due) results.get(variant.key).push(await variant.run(round));
  }
  return new Map([...results].map(([key, list]) => [key, summarize(list)]));
}
