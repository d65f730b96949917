import { memberChain, rangeOf } from './ast.js';
import type { FunctionInfo, ScopeIndex } from './scope.js';

/** How much code around a check counts as its context: a function, not a whole bundle. */
const NEARBY_CODE_LIMIT = 8_000;

/**
 * The watched words of the code around an offset (by their keys): of a function around it (of at
 * most NEARBY_CODE_LIMIT characters, with the comment right above it); at the file's top level
 * (callbacks included, interceptors not), of the file when it is that small. A read or a check is judged by the code
 * around it, not by the rest of the file: a bundle that mentions DNS somewhere says nothing about
 * its WebSocket close code.
 */
export function nearbyWordsFinder(
  index: ScopeIndex,
  source: string,
  words: ReadonlyArray<{ key: string; pattern: RegExp }>,
): (offset: number) => string[] {
  return (offset) => {
    if (words.length === 0) return [];
    const texts = nearbyTexts(index, source, offset);
    return words.filter(({ pattern }) => texts.some((text) => pattern.test(text))).map(({ key }) => key);
  };
}

function nearbyTexts(index: ScopeIndex, source: string, offset: number): string[] {
  const texts: string[] = [];
  let enclosed = false;
  for (const fn of index.functions) {
    const [start, end] = rangeOf(fn.node);
    if (start > offset || offset >= end) continue;
    // A callback runs on values of the code around it: it is no boundary of its own, but for an
    // interceptor, which runs on every response of its client (`api.interceptors.response.use(…)`).
    if (!fn.isCallback || isInterceptor(fn)) enclosed = true;
    if (end - start <= NEARBY_CODE_LIMIT) texts.push(source.slice(leadingCommentStart(source, start), end));
  }
  if (!enclosed && source.length <= NEARBY_CODE_LIMIT) texts.push(source);
  return texts;
}

/** Where the paragraph holding `start` begins (its comment), at most a few lines up. */
function leadingCommentStart(source: string, start: number): number {
  const paragraph = source.lastIndexOf('\n\n', start);
  return Math.max(paragraph, start - LEADING_COMMENT_LIMIT, 0);
}

const LEADING_COMMENT_LIMIT = 300;

/** A function registered on a client's interceptors (axios: `x.interceptors.response.use(onOk, onError)`). */
function isInterceptor(fn: FunctionInfo): boolean {
  const callee = fn.passedTo?.callee;
  const names = callee ? memberChain(callee)?.names : undefined;
  return names !== undefined && names[names.length - 1] === 'use' && names.includes('interceptors');
}
