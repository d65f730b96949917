import type { Term } from './detector.js';

// How a term of a detector's route is looked for in a file's text; shared by the one-file
// prefilter (prefilter.ts) and the cross-file one (cross-file-prefilter.ts).

/**
 * What may stand between a receiver's name and the member read from it, as receiverName in
 * fields/context.ts sees through it: `records[0]`, `getRecord()`, `(record as SrvRecord)`,
 * `record!`, `record?.`; then `.name` or `['name']`.
 */
const RECEIVER_TAIL = String.raw`(?:\s*(?:\[[^\]\n]*\]|\([^)\n]*\)|\)|!|\s(?:as|satisfies)\s[^)\n]*))*\s*`;

/** Escape sequences that can write a letter of a word in a string or an identifier. */
export const ESCAPES = /\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|u\{[0-9a-f]+\}|[0-7]{1,3}|\r?\n)/gi;

/** The text with every such escape replaced by what it stands for (a superset view of the file's words). */
export function decodeEscapes(source: string): string {
  return source.replace(
    /\\(?:x([0-9a-f]{2})|u([0-9a-f]{4})|u\{([0-9a-f]+)\}|([0-7]{1,3})|\r?\n)/gi,
    (_, x, u, braced, octal) => {
      const code = parseInt(x ?? u ?? braced ?? octal ?? '', x || u || braced ? 16 : 8);
      return Number.isNaN(code) ? '' : code > 0x10ffff ? '' : String.fromCodePoint(code);
    },
  );
}

/**
 * The text around each escape sequence, `reach` characters on either side, decoded; '' when the
 * file has no escape. A word of at most `reach` characters that an escape helps write lies whole in
 * one of these windows: only they need reading again.
 */
export function decodedNearEscapes(source: string, reach: number): string {
  ESCAPES.lastIndex = 0;
  let windows = '';
  let end = Number.NEGATIVE_INFINITY;
  for (let hit = ESCAPES.exec(source); hit; hit = ESCAPES.exec(source)) {
    const start = hit.index - reach;
    const next = hit.index + hit[0].length + reach;
    // Overlapping windows continue one another, so a term across them stays whole.
    windows += start <= end ? source.slice(end, next) : `\n${source.slice(Math.max(0, start), next)}`;
    end = next;
  }
  return windows === '' ? '' : decodeEscapes(windows);
}

export function termSource(term: Term): string {
  const escaped = term.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return term.wholeWord ? `\\b${escaped}\\b` : escaped;
}

export function termCheck(term: Term): (source: string) => boolean {
  if (!term.ignoreCase && !term.wholeWord && !term.accessed) return (source) => source.includes(term.text);
  let pattern = termSource(term);
  if (term.accessed) {
    const accessed = term.accessed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = `${term.wholeWord ? pattern : `${pattern}\\w*`}${RECEIVER_TAIL}(?:\\??\\.\\s*${accessed}\\b|(?:\\?\\.)?\\[\\s*['"\`]${accessed}['"\`])`;
  }
  const regex = new RegExp(pattern, term.ignoreCase ? 'i' : '');
  return (source) => regex.test(source);
}
