import type { extractFileFacts } from '@sunset-lint/core';
import { parseSync, type ParserOptions } from 'oxc-parser';

/** The ESTree program type core's extractor takes (typescript-estree's shapes). */
export type Program = Parameters<typeof extractFileFacts>[0];

/** What the parser made of a file: a program for the extractor, or where it stopped. */
export type ParseOutcome = { ok: true; program: Program } | { ok: false; message: string; offset?: number };

/**
 * oxc-parser was measured fastest for parse + extract on Node 20 (docs/scanner.md) and returns
 * ESTree with `start`/`end` offsets (UTF-16, as core's `rangeOf` expects) and TS-ESTree node shapes.
 * `range` is not requested: building the extra arrays costs ~40% of the parse time and core does
 * not need them. Parentheses are dropped as typescript-estree drops them, so both engines see the
 * same tree.
 */
export function parseSource(file: string, source: string): ParseOutcome {
  let result;
  try {
    result = parseSync(file, source, optionsFor(file));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const error = result.errors.find((e) => e.severity === 'Error');
  if (error) return { ok: false, message: error.message, ...(error.labels[0] ? { offset: error.labels[0].start } : {}) };
  return { ok: true, program: result.program as unknown as Program };
}

function optionsFor(file: string): ParserOptions {
  const extension = /\.[^./\\]+$/.exec(file)?.[0].toLowerCase() ?? '.js';
  // TypeScript's rule: `.ts` files cannot hold JSX (`<T>x` is a cast); plain JavaScript may.
  const lang = extension === '.tsx' ? 'tsx' : ['.ts', '.mts', '.cts'].includes(extension) ? 'ts' : 'jsx';
  // `.cjs` is always a script (top-level `return`, `with`); `.mjs`/`.mts` always a module; else decide by content.
  const sourceType = extension === '.cjs' || extension === '.cts' ? 'commonjs' : extension === '.mjs' || extension === '.mts' ? 'module' : 'unambiguous';
  return { lang, sourceType, preserveParens: false };
}
