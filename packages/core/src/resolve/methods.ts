import { isRequestMethod } from '../catalogue/types.js';
import type { MethodValue } from '../facts.js';
import type { PatternPart } from '../url/pattern.js';

/** The method a helper's argument names (`'PATCH'`), or the caller's own parameter passed on. */
export function methodFromArgument(pattern: readonly PatternPart[] | undefined): MethodValue {
  const only = pattern?.length === 1 ? pattern[0] : undefined;
  // A helper passing its own parameter on (`call(method, …)` inside `zoneRequest(id, method, …)`).
  if (only?.kind === 'hole' && only.param !== undefined && only.fn !== undefined)
    return { kind: 'param', param: only.param, fn: only.fn };
  if (only?.kind === 'text') {
    const method = only.text.toUpperCase();
    if (isRequestMethod(method)) return { kind: 'known', method };
  }
  return { kind: 'unknown' };
}

/** The helper (by its id in the file) whose parameters a request depends on, if any. */
export function ownerOf(url: readonly PatternPart[], method: MethodValue): { ownerFn?: number } {
  for (const part of url) {
    if (part.kind !== 'hole') continue;
    if (part.param !== undefined && part.fn !== undefined) return { ownerFn: part.fn };
    for (const branch of part.alternatives ?? []) {
      const owner = ownerOf(branch, { kind: 'unknown' });
      if (owner.ownerFn !== undefined) return owner;
    }
  }
  return method.kind === 'param' ? { ownerFn: method.fn } : {};
}
