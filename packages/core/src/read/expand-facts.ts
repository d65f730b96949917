import { ownerOf } from '../resolve/methods.js';
import { concatPatterns, substituteParams, type PatternPart } from '../url/pattern.js';
import { elementPatterns } from './element-params.js';
import type { Evaluator } from './evaluate.js';
import type { RequestFact } from '../facts.js';
import type { FunctionInfo } from './scope.js';

/** A URL with several spelled-out values stays a handful of facts, not a combinatorial explosion. */
const MAX_FACTS = 64;

/**
 * One fact per value a URL can take when the code writes the values out: each branch of a
 * conditional (`id ? \`…/accounts/${id}/billing/profile\` : \`…/user/billing/profile\``), each
 * element of an array whose `.map(…)` callback builds the URL (`…/settings/${id}`). Each value's
 * text keeps the place it is written, so a finding points there (a retired setting id in the
 * array, the branch that names the retired path). Other facts come back unchanged.
 */
export function expandFact(fact: RequestFact, functions: readonly FunctionInfo[], ev: Evaluator): RequestFact[] {
  const out: RequestFact[] = [];
  const pending = [fact];
  while (pending.length > 0 && out.length + pending.length <= MAX_FACTS) {
    const next = pending.pop()!;
    const variants = variantsOf(next.url, functions, ev);
    if (variants) pending.push(...variants.map((url) => withUrl(next, url)));
    else out.push(next);
  }
  return pending.length > 0 ? [fact] : out.reverse();
}

/** The URLs the first expandable part stands for, or undefined when nothing is left to expand. */
function variantsOf(
  url: PatternPart[],
  functions: readonly FunctionInfo[],
  ev: Evaluator,
): PatternPart[][] | undefined {
  for (const [i, part] of url.entries()) {
    if (part.kind !== 'hole') continue;
    if (part.alternatives)
      return part.alternatives.map((branch) => concatPatterns(url.slice(0, i), branch, url.slice(i + 1)));
    if (part.param !== 0 || part.fn === undefined) continue;
    const fn = functions[part.fn];
    const elements = fn ? elementPatterns(fn, ev) : undefined;
    if (elements) return elements.map((element) => substituteParams(url, part.fn, [element]));
  }
  return undefined;
}

/** The fact with another URL; its owner follows the new URL. */
function withUrl(fact: RequestFact, url: PatternPart[]): RequestFact {
  const next: RequestFact = { ...fact, url };
  delete next.ownerFn;
  const owner = ownerOf(url, fact.method).ownerFn;
  if (owner !== undefined) next.ownerFn = owner;
  return next;
}
