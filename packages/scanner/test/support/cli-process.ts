import { spawn } from 'node:child_process';
import { BIN } from '../scan-cli-support.js';

export interface ProcessRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time from spawn to exit. */
  readonly ms: number;
}

/**
 * The real `sunset-lint` process, spawned asynchronously: a loopback fake served by the test's own
 * process keeps answering while it runs (spawnSync would block it). Its environment is `env` only.
 */
export function runCliProcess(args: readonly string[], env: NodeJS.ProcessEnv): Promise<ProcessRun> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - start }));
  });
}
