/*
 * Where JSON text first breaks the grammar (RFC 8259), so that a config file's syntax error names
 * its line and column: JSON.parse says where only in some of its messages ("Unexpected token" has
 * no position), and never as a line.
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /[0-9A-Fa-f]{4}/y;

class SyntaxStop {
  constructor(readonly offset: number) {}
}

/** The offset of the first character that breaks the grammar (text.length when it ends too soon), or undefined. */
export function jsonSyntaxErrorOffset(text: string): number | undefined {
  let at = 0;
  const stop = (): never => {
    throw new SyntaxStop(at);
  };
  const skipWhitespace = () => {
    while (at < text.length && WHITESPACE.has(text.charAt(at))) at++;
  };
  const expect = (char: string) => {
    if (text.charAt(at) !== char) stop();
    at++;
  };
  const string = () => {
    expect('"');
    while (at < text.length) {
      const char = text.charAt(at);
      if (char === '"') {
        at++;
        return;
      }
      if (char === '\\') {
        at++;
        const escape = text.charAt(at);
        if (escape === 'u') {
          HEX4.lastIndex = at + 1;
          if (!HEX4.test(text)) stop();
          at += 5;
        } else if (ESCAPES.has(escape)) at++;
        else stop();
      } else if (char.charCodeAt(0) < 0x20) stop();
      else at++;
    }
    stop();
  };
  const literal = (word: string) => {
    for (const char of word) expect(char);
  };
  const members = (close: string, member: () => void) => {
    at++;
    skipWhitespace();
    if (text.charAt(at) === close) {
      at++;
      return;
    }
    for (;;) {
      skipWhitespace();
      member();
      skipWhitespace();
      if (text.charAt(at) === ',') at++;
      else return expect(close);
    }
  };
  const value = (): void => {
    skipWhitespace();
    const char = text.charAt(at);
    if (char === '{')
      return members('}', () => {
        string();
        skipWhitespace();
        expect(':');
        value();
      });
    if (char === '[') return members(']', value);
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    NUMBER.lastIndex = at;
    if (!NUMBER.test(text)) stop();
    at = NUMBER.lastIndex;
  };
  try {
    value();
    skipWhitespace();
    if (at < text.length) stop();
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxStop) return error.offset;
    throw error;
  }
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** `:line:column` of the first syntax error, as compilers name a place in a file; '' when there is none. */
export function jsonSyntaxErrorPlace(text: string): string {
  const offset = jsonSyntaxErrorOffset(text);
  if (offset === undefined) return '';
  const { line, column } = lineAndColumn(text, offset);
  return `:${line}:${column}`;
}
