import { rangeOf } from '../extract/ast.js';
import type { ScopeIndex } from '../extract/scope.js';

/** How much code around a check counts as its context: a function, not a whole bundle. */
const NEARBY_CODE_LIMIT = 8_000;

/**
 * Whether a function around `offset` (of at most NEARBY_CODE_LIMIT characters, with the comment
 * right above it) matches `pattern`; at the file's top level (callbacks included), the file when it
 * is that small. A read or a check is judged by the code around it, not by the rest of the file.
 */
export function enclosingCodeMatches(index: ScopeIndex, source: string, offset: number, pattern: RegExp): boolean {
  let enclosed = false;
  for (const fn of index.functions) {
    const [start, end] = rangeOf(fn.node);
    if (start > offset || offset >= end) continue;
    // A callback runs on values of the code around it: it is no boundary of its own.
    if (!fn.isCallback) enclosed = true;
    if (end - start <= NEARBY_CODE_LIMIT && pattern.test(source.slice(leadingCommentStart(source, start), end)))
      return true;
  }
  return !enclosed && source.length <= NEARBY_CODE_LIMIT && pattern.test(source);
}

/** Where the paragraph holding `start` begins (its comment), at most a few lines up. */
function leadingCommentStart(source: string, start: number): number {
  const paragraph = source.lastIndexOf('\n\n', start);
  return Math.max(paragraph, start - LEADING_COMMENT_LIMIT, 0);
}

const LEADING_COMMENT_LIMIT = 300;
