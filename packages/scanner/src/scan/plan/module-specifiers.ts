import { decodeEscapes, ownString } from '@sunset-lint/core/internal';

/**
 * Quoted text (one pattern per kind of quote, so a quote of another kind inside does not end it)
 * that starts like a relative or absolute module path, `./`, `../`, `.`, `..` or `/`, or may once
 * its escapes are read (`'.\x2fpaths'`, `'\u002e/paths'`). The closing quote is looked ahead for,
 * not consumed, so a stray quote before it (an apostrophe in a comment) cannot hide a specifier.
 */
const PATH_LIKE = ["'", '"', '`'].map(
  (quote) =>
    new RegExp(
      `${quote}((?:\\.{0,2}[/\\\\]|\\.{1,2}(?=${quote}))(?:[^${quote}\\\\\\r\\n]|\\\\(?:\\r\\n|[^]))*)(?=${quote})`,
      'g',
    ),
);

/**
 * The relative module specifiers a file may import from, read from its text without parsing: every
 * quoted path-like text, which includes each specifier of `import … from`, `export … from`,
 * `require()` and `import()` (the only ones the scanner resolves). More than the imports (any such
 * string) is harmless; fewer would lose findings, so escapes are read.
 */
export function moduleSpecifiersIn(source: string, isProjectModule?: (specifier: string) => boolean): string[] {
  const found = new Set<string>();
  // Bare specifiers that name a module of the project (`'@acme/cf-client'`, `'@/lib/cfapi'`).
  if (isProjectModule)
    for (const hit of source.matchAll(/(['"`])([^'"`\s\\]+)\1/g)) if (isProjectModule(hit[2]!)) found.add(hit[2]!);
  for (const pattern of PATH_LIKE) {
    pattern.lastIndex = 0;
    for (let hit = pattern.exec(source); hit; hit = pattern.exec(source)) {
      const text = hit[1]!.includes('\\') ? decodeEscapes(hit[1]!).replace(/\\(.)/g, '$1') : hit[1]!;
      if (text.startsWith('.') || text.startsWith('/')) found.add(text);
    }
  }
  // Copies, not V8 slices of the source: the resolver's cache keeps them for the whole scan, and a
  // slice keeps the whole file's text alive (15,000 library files: 30 MB of texts).
  return [...found].map(ownString);
}
