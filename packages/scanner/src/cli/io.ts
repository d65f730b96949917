/** What a command may touch of the outside world; tests and the launcher pass real streams. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** What `scan --stdin` reads (default: this process's stdin). */
  readonly stdin?: NodeJS.ReadableStream;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

/** A usage or configuration error: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), stdin: process.stdin };
}
