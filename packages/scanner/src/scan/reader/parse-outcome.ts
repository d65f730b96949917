import type { extractFileFacts } from '@sunset-lint/core/internal';

// What parsing gives, apart from the parser: the per-file step reads it without loading
// TypeScript, which parse.ts brings (it loads only when a file has to be parsed).

/** The ESTree program type core's extractor takes (typescript-estree's shapes). */
export type Program = Parameters<typeof extractFileFacts>[0];

/** What the parser made of a file: a program for the extractor, or where it stopped. */
export type ParseOutcome =
  { ok: true; program: Program } | { ok: false; message: string; offset?: number; tooDeep?: boolean };

export const TOO_DEEP = 'nested too deeply to analyze (generated code?); not scanned';

/** Generated code can nest beyond the stack (a 20,000-term concatenation): a limit, not a bug. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The parser's entry point (parse.ts), passed to the per-file step once it is loaded. */
export type ParseSource = (file: string, source: string) => ParseOutcome;

/** The grammars both parsers read: TypeScript, TypeScript with JSX, JavaScript with JSX. */
export type Grammar = 'ts' | 'tsx' | 'jsx';

/** How a file's extension is parsed, on both paths: JSX is allowed in every JavaScript file, never in `.ts`. */
export function grammarOf(file: string): Grammar {
  const extension = /\.[^./\\]+$/.exec(file)?.[0].toLowerCase() ?? '.js';
  if (extension === '.tsx') return 'tsx';
  if (extension === '.ts' || extension === '.mts' || extension === '.cts') return 'ts';
  return 'jsx';
}
