import type ts from 'typescript';

/** What every conversion step shares for one file. */
export interface Context {
  readonly text: string;
  /**
   * TypeScript's node positions include leading trivia; the first token's offset is computed once
   * per position (a statement, its expression and its callee all share one). -1: not computed yet.
   */
  readonly starts: Int32Array;
}

export function createContext(file: ts.SourceFile): Context {
  return { text: file.text, starts: new Int32Array(file.text.length + 1).fill(-1) };
}

/** The offset of the first token at or after `pos`, cached for the file. */
export function startOf(ctx: Context, pos: number): number {
  let at = ctx.starts[pos]!;
  if (at < 0) ctx.starts[pos] = at = skipTrivia(ctx.text, pos);
  return at;
}

/**
 * The offset of the first token at or after `pos`: TypeScript's node positions include the leading
 * whitespace and comments (its own `skipTrivia` is internal API).
 */
export function skipTrivia(text: string, pos: number): number {
  let at = pos;
  if (at === 0 && text.startsWith('#!')) at = text.indexOf('\n') < 0 ? text.length : text.indexOf('\n');
  for (;;) {
    const code = text.charCodeAt(at);
    if (
      code === 0x20 ||
      code === 0x09 ||
      code === 0x0a ||
      code === 0x0d ||
      code === 0x0b ||
      code === 0x0c ||
      code === 0xa0 ||
      code === 0xfeff ||
      code === 0x2028 ||
      code === 0x2029 ||
      (code > 0x1fff && /\s/.test(text[at]!))
    ) {
      at++;
    } else if (code === 0x2f && text.charCodeAt(at + 1) === 0x2f) {
      const eol = text.slice(at).search(/[\n\r\u2028\u2029]/);
      at = eol < 0 ? text.length : at + eol;
    } else if (code === 0x2f && text.charCodeAt(at + 1) === 0x2a) {
      const close = text.indexOf('*/', at + 2);
      at = close < 0 ? text.length : close + 2;
    } else {
      return at;
    }
  }
}
