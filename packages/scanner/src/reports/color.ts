/**
 * Whether the text report should be colored on this stream. `--color`/`--no-color` (the last one
 * given) decide; without either: a TTY, and NO_COLOR unset or empty (https://no-color.org);
 * FORCE_COLOR (non-empty, not "0") turns it on for CI logs that render ANSI.
 */
export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

/** What the last of `--color`/`--no-color` on the command line says, if either is there. */
export function colorFlag(tokens: readonly { kind: string; name?: string }[]): boolean | undefined {
  const last = tokens.findLast(
    (token) => token.kind === 'option' && (token.name === 'color' || token.name === 'no-color'),
  );
  return last === undefined ? undefined : last.name === 'color';
}
