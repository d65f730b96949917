/**
 * Whether the text report should be colored on this stream: a TTY, and NO_COLOR unset or empty
 * (https://no-color.org); FORCE_COLOR (non-empty, not "0") turns it on for CI logs that render ANSI.
 */
export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}
