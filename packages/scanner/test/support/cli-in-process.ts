/**
 * The CLI's `main(argv, io)` in this process, with captured streams: what a spawned `sunset-lint`
 * prints and exits with, without paying a Node start-up per call. The command sees only its `CliIo`
 * (cwd, env, streams), so a run here is the same command as the launcher's; tests that are about the
 * process itself (the bin launcher, real pipes, a real environment) use `runCli` instead.
 */
import { Writable } from 'node:stream';
import { main } from '../../src/cli/main.js';
import type { CliRun } from '../scan-cli-support.js';

/** A stream that keeps what is written to it; `isTTY` stays unset, as for a pipe. */
class Captured extends Writable {
  private readonly chunks: string[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    done();
  }
  text(): string {
    return this.chunks.join('');
  }
}

/** `main` with exactly this working directory and environment (nothing of this process's). */
export async function runMainWith(
  args: readonly string[],
  io: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<CliRun> {
  const stdout = new Captured();
  const stderr = new Captured();
  const status = await main(args, { stdout, stderr, env: io.env, cwd: io.cwd });
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

/** As `runCli`: this process's environment as a CI run without a terminal (no colors, no progress bar). */
export function runMain(args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CliRun> {
  return runMainWith(args, { cwd: options.cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true', ...options.env } });
}
