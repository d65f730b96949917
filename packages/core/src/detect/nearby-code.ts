import { rangeOf } from '../extract/ast.js';
import type { ScopeIndex } from '../extract/scope.js';

/** How much code around a check counts as its context: a function, not a whole bundle. */
const NEARBY_CODE_LIMIT = 8_000;

/**
 * Whether the code near `offset` matches `pattern`: any enclosing function of at most
 * NEARBY_CODE_LIMIT characters, or the file when it is that small.
 */
export function nearbyCodeMatches(index: ScopeIndex, source: string, offset: number, pattern: RegExp): boolean {
  if (source.length <= NEARBY_CODE_LIMIT) return pattern.test(source);
  for (const fn of index.functions) {
    const [start, end] = rangeOf(fn.node);
    if (start <= offset && offset < end && end - start <= NEARBY_CODE_LIMIT && pattern.test(source.slice(start, end)))
      return true;
  }
  return false;
}

/**
 * Whether a function around `offset` (of at most NEARBY_CODE_LIMIT characters) matches `pattern`;
 * at the file's top level, the file when it is that small. A read is judged by the code that
 * produced its value, not by the rest of a small file.
 */
export function enclosingCodeMatches(index: ScopeIndex, source: string, offset: number, pattern: RegExp): boolean {
  let enclosed = false;
  for (const fn of index.functions) {
    const [start, end] = rangeOf(fn.node);
    if (start > offset || offset >= end) continue;
    enclosed = true;
    if (end - start <= NEARBY_CODE_LIMIT && pattern.test(source.slice(start, end))) return true;
  }
  return !enclosed && source.length <= NEARBY_CODE_LIMIT && pattern.test(source);
}
