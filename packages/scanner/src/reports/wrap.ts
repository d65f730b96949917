/**
 * Word wrapping of the text report to a terminal's width. Only on a TTY (a pipe or a CI log gets
 * one line per finding, for grep); lines break at spaces only, so a file path or a URL is never cut.
 */

const ANSI = /\u001b\[\d+m/g;
/** Below this many columns for the text, a hanging indent under the message is no longer readable. */
const MIN_TEXT_COLUMNS = 30;
/** The indent of continuation lines when the columns before the message leave too little room. */
const NARROW_INDENT = 4;

/**
 * The columns to wrap the text report to, or undefined for no wrapping: on a TTY, `COLUMNS` when it
 * is a positive whole number (as shells and `less` set it), else the terminal's own width.
 */
export function terminalWidth(
  stream: { isTTY?: boolean; columns?: number },
  env: NodeJS.ProcessEnv,
): number | undefined {
  if (stream.isTTY !== true) return undefined;
  const fromEnv = env.COLUMNS !== undefined && /^[1-9]\d*$/.test(env.COLUMNS) ? Number(env.COLUMNS) : undefined;
  const width = fromEnv ?? stream.columns;
  return width !== undefined && width > 0 ? width : undefined;
}

export function visibleLength(text: string): number {
  return text.replace(ANSI, '').length;
}

/**
 * `prefix` then `body`, the body's words filled into `width` columns; continuation lines start
 * under the body's first word (a hanging indent), or at a small indent when that leaves too little
 * room, or at `hangingIndent` when given. A word longer than a line stays whole on a line of its
 * own. No width: one line.
 */
export function wrapAfter(prefix: string, body: string, width: number | undefined, hangingIndent?: number): string[] {
  const line = `${prefix}${body}`;
  if (width === undefined || visibleLength(line) <= width) return [line];
  const prefixWidth = visibleLength(prefix);
  const indentWidth = hangingIndent ?? (width - prefixWidth >= MIN_TEXT_COLUMNS ? prefixWidth : NARROW_INDENT);
  const indent = ' '.repeat(indentWidth);
  const lines: string[] = [];
  let current = prefix;
  let currentWidth = prefixWidth;
  // Words on the current line after its prefix or indent; none yet on the first line.
  let placed = 0;
  // After a prefix with text in it (a finding's position, grade and entry), the body may start on
  // the next line when its first word does not fit; after a bare indent it may not.
  const mayBreakFirst = prefix.trim() !== '';
  for (const word of body.split(' ').filter((w) => w !== '')) {
    const wordWidth = visibleLength(word);
    const separator = placed === 0 ? 0 : 1;
    if ((placed > 0 || (mayBreakFirst && lines.length === 0)) && currentWidth + separator + wordWidth > width) {
      lines.push(current.trimEnd());
      current = indent;
      currentWidth = indentWidth;
      placed = 0;
    }
    current += placed === 0 ? word : ` ${word}`;
    currentWidth += placed === 0 ? wordWidth : 1 + wordWidth;
    placed++;
  }
  lines.push(current);
  return lines;
}
