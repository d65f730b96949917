import type { TSESTree } from '@typescript-eslint/types';
import { ownerOf } from '../resolve/methods.js';
import { substituteParams, type PatternPart } from '../url/pattern.js';
import { propertyKeyName, unwrap } from './ast.js';
import type { Evaluator } from './evaluate.js';
import type { RequestFact } from './facts.js';
import type { FunctionInfo } from './scope.js';

/** Array methods that call their callback with each element as the first argument. */
const ELEMENT_METHODS: ReadonlySet<string> = new Set(['map', 'flatMap', 'forEach', 'filter', 'some', 'every', 'find']);
/** Beyond this many elements an array is data, not a list of endpoints or setting ids. */
const MAX_ELEMENTS = 64;

/**
 * The values a callback's first parameter takes when the callback is passed to `.map(…)` (or
 * another element-wise method) of an array the file writes out: `['brotli', 'http3'].map((id) => …)`.
 */
export function elementPatterns(fn: FunctionInfo, ev: Evaluator): PatternPart[][] | undefined {
  const call = fn.passedTo;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== fn.node) return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  if (!ELEMENT_METHODS.has(propertyKeyName(callee.property, callee.computed) ?? '')) return undefined;
  const receiver = ev.value(callee.object, ev.scopeOf(call));
  if (receiver.kind !== 'array' || receiver.node.elements.length > MAX_ELEMENTS) return undefined;
  const elements = receiver.node.elements.filter(
    (element): element is TSESTree.Expression => element !== null && element.type !== 'SpreadElement',
  );
  if (elements.length !== receiver.node.elements.length) return undefined;
  return elements.map((element) => ev.pattern(element, receiver.scope));
}

/**
 * A request or mention whose URL splices an array callback's element (`…/settings/${id}` inside
 * `ids.map((id) => …)`): one fact per element, each element's text keeping the place it is written,
 * so a retired id is reported where it stands in the array. Other facts come back unchanged.
 */
export function expandElementParams(
  fact: RequestFact,
  functions: readonly FunctionInfo[],
  ev: Evaluator,
): RequestFact[] {
  for (const part of fact.url) {
    if (part.kind !== 'hole' || part.param !== 0 || part.fn === undefined) continue;
    const fn = functions[part.fn];
    const elements = fn ? elementPatterns(fn, ev) : undefined;
    if (!elements) continue;
    return elements.flatMap((element) => expandElementParams(withUrl(fact, part.fn, element), functions, ev));
  }
  return [fact];
}

/** The fact with function `fn`'s first parameter filled with `element`; its owner follows the new URL. */
function withUrl(fact: RequestFact, fn: number | undefined, element: PatternPart[]): RequestFact {
  const url = substituteParams(fact.url, fn, [element]);
  const next: RequestFact = { ...fact, url };
  delete next.ownerFn;
  const owner = ownerOf(url, fact.method).ownerFn;
  if (owner !== undefined) next.ownerFn = owner;
  return next;
}
