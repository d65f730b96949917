import type { MethodValue, Range, RequestFact } from '../facts.js';
import { paramsUsed, substituteParams, type PatternPart } from '../url/pattern.js';
import { methodFromArgument, ownerOf } from './methods.js';

/** Where a call's arguments and the call itself are written. */
export interface CallSite {
  range: Range;
  /** By parameter index; undefined where no argument was written (a default or nothing). */
  argRanges: ReadonlyArray<Range | undefined>;
  /** By parameter index: the `method` option of the init object passed there. */
  argMethods?: ReadonlyArray<MethodValue | undefined>;
}

/**
 * Whether a request inside function `fn` belongs in the function's summary (what a call of it
 * sends): its URL or its method depends on one of `fn`'s parameters. The one rule for helpers of
 * the same file (the extractor) and for helpers another module exports (the cross-file resolver).
 */
export function sendsThroughParameters(request: RequestFact, fn: number): boolean {
  return paramsUsed(request.url, fn).length > 0 || (request.method.kind === 'param' && request.method.fn === fn);
}

/**
 * A URL-building helper's requests at one call: its parameters replaced by the call's arguments.
 * The one instantiation both engines use: the extractor for helpers of the same file, the
 * scanner's cross-file resolver for helpers another module exports.
 */
export function instantiateHelper(
  summary: readonly RequestFact[],
  fn: number,
  args: ReadonlyArray<PatternPart[] | undefined>,
  call: CallSite,
): RequestFact[] {
  return summary.map((inner) => {
    const url = substituteParams(inner.url, fn, args);
    const method: MethodValue =
      inner.method.kind === 'param' && inner.method.fn === fn
        ? inner.method.option
          ? initMethod(call, inner.method.param)
          : methodFromArgument(args[inner.method.param])
        : inner.method;
    return {
      url,
      method,
      range: reportedArgumentRange(inner.url, fn, args, call),
      via: 'helper',
      innerUrl: inner.url,
      ...ownerOf(url, method),
      ...(inner.payload ? { payload: inner.payload } : {}),
    };
  });
}

/** The method of the init the call passes at `param`: fetch's GET where it passes none. */
function initMethod(call: CallSite, param: number): MethodValue {
  const passed = call.argMethods?.[param];
  if (passed) return passed;
  return call.argRanges[param] === undefined ? { kind: 'known', method: 'GET' } : { kind: 'unknown' };
}

/**
 * Where a helper call stands in for its request: the last argument that supplies literal text to
 * the URL (`getZoneSetting(zoneId, token, '/settings/brotli')` -> the third argument), else the call.
 */
function reportedArgumentRange(
  innerUrl: readonly PatternPart[],
  fn: number,
  args: ReadonlyArray<PatternPart[] | undefined>,
  call: CallSite,
): Range {
  for (const param of paramsUsed(innerUrl, fn).sort((a, b) => b - a)) {
    const range = call.argRanges[param];
    if (range && args[param]?.some((part) => part.kind !== 'hole')) return range;
  }
  return call.range;
}
