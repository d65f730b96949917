// Runs one Node process and measures it from the outside: wall time from spawn to exit (start-up
// included, as a user waits for it), and peak RSS reported by the preloaded peak-rss.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PRELOAD = new URL('./peak-rss.mjs', import.meta.url).href;
const scratch = mkdtempSync(join(tmpdir(), 'sunset-bench-usage-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;

/**
 * Spawns `node <args>` in `cwd`; resolves to { wallMs, maxRssKb, cpuMs, status, stdout, stderr }.
 * `okStatus` lists the exit codes that are not failures (a scan with findings exits 1).
 */
export function measureNode(args, { cwd, env = {}, okStatus = [0] } = {}) {
  const usageFile = join(scratch, `usage-${++counter}.json`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PRELOAD, ...args], {
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
        reject(new Error(`node ${args.join(' ')} exited ${status}:\n${result.stderr.slice(0, 2000)}`));
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

/** Runs `once` `runs` times; the row takes the median wall time and the largest peak RSS. */
export async function repeat(runs, once) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(i));
  return {
    runs: results.length,
    wallMs: median(results.map((r) => r.wallMs)),
    wallsMs: results.map((r) => r.wallMs),
    maxRssKb: Math.max(...results.map((r) => r.maxRssKb)),
    last: results[results.length - 1],
  };
}
