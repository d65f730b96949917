/** Where the bar is drawn: stderr, so that reports on stdout stay clean when piped. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

const NONE: Progress = { update() {}, finish() {} };
/** A scan this short never shows a bar: it would only flicker. */
const SHOW_AFTER_MS = 1000;
const SHOW_ABOVE_FILES = 200;
const REDRAW_MS = 80;

/** A bar only for people watching a terminal: never in CI, never when piped, never when asked not to. */
export function createProgress(
  stream: ProgressStream,
  env: NodeJS.ProcessEnv,
  wanted: boolean,
  now: () => number = Date.now,
): Progress {
  if (!wanted || stream.isTTY !== true || isCi(env)) return NONE;
  const started = now();
  let lastDraw = 0;
  let drawn = false;
  return {
    update(done, total) {
      const time = now();
      if (total <= SHOW_ABOVE_FILES && time - started < SHOW_AFTER_MS) return;
      if (done < total && time - lastDraw < REDRAW_MS) return;
      lastDraw = time;
      drawn = true;
      const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 40));
      const filled = total === 0 ? width : Math.round((done / total) * width);
      stream.write(`\r\x1b[Kscanning [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} files`);
    },
    finish() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}

/** `CI=true` (GitHub Actions, GitLab, most others) or any CI marker other than an explicit false. */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI ?? env.CONTINUOUS_INTEGRATION ?? env.BUILD_NUMBER ?? env.GITHUB_ACTIONS;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
