import { decodeEscapes } from '@sunset-lint/core';

/**
 * Any quoted text starting like a relative or absolute module path (`'./paths'`, `"../lib"`,
 * `'.'`, `` `/abs/x` ``), or with an escape that may write such a start (`'\x2e/paths'`). The
 * closing quote is looked ahead for, not consumed, so a stray quote before it (an apostrophe in a
 * comment) cannot hide a specifier; an escaped quote does not end one.
 */
const PATH_LIKE = /['"`]((?:\.{1,2}\/|\.{1,2}(?=['"`])|\/|\\)(?:[^'"`\\\r\n]|\\(?:\r\n|[^]))*)(?=['"`])/g;

/**
 * The relative module specifiers a file may import from, read from its text without parsing: every
 * quoted path-like text, which includes each specifier of `import … from`, `export … from`,
 * `require()` and `import()` (the only ones the scanner resolves). More than the imports (any such
 * string) is harmless; fewer would lose findings, so escapes are read.
 */
export function moduleSpecifiersIn(source: string): string[] {
  const found = new Set<string>();
  PATH_LIKE.lastIndex = 0;
  for (let hit = PATH_LIKE.exec(source); hit; hit = PATH_LIKE.exec(source)) {
    const text = hit[1]!.includes('\\') ? decodeEscapes(hit[1]!).replace(/\\(.)/g, '$1') : hit[1]!;
    if (text.startsWith('.') || text.startsWith('/')) found.add(text);
  }
  return [...found];
}
