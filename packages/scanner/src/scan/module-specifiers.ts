import { decodeEscapes } from '@sunset-lint/core';

/**
 * Any quoted text starting like a relative or absolute module path (`'./paths'`, `"../lib"`,
 * `'.'`, `` `/abs/x` ``): the closing quote is looked ahead for, not consumed, so a stray quote
 * before it (an apostrophe in a comment) cannot hide a specifier.
 */
const PATH_LIKE = /['"`]((?:\.{1,2}\/|\.{1,2}(?=['"`])|\/)[^'"`\r\n]*)(?=['"`])/g;

/**
 * The relative module specifiers a file may import from, read from its text without parsing: every
 * quoted path-like text, which includes each specifier of `import … from`, `export … from`,
 * `require()` and `import()` (the only ones the scanner resolves). More than the imports (any such
 * string) is harmless; fewer would lose findings, so escapes are read too.
 */
export function moduleSpecifiersIn(source: string): string[] {
  const found = new Set<string>();
  collect(source, found);
  if (source.includes('\\')) collect(decodeEscapes(source), found);
  return [...found];
}

function collect(text: string, into: Set<string>): void {
  PATH_LIKE.lastIndex = 0;
  for (let hit = PATH_LIKE.exec(text); hit; hit = PATH_LIKE.exec(text)) into.add(hit[1]!);
}
