import type { TSESTree } from '@typescript-eslint/types';
import { substituteParams, text, type PatternPart } from '../url/pattern.js';
import { propertyKeyName, rangeOf, unwrap, type Node } from './ast.js';
import { returnedExpression, type Evaluator } from './evaluate.js';
import { lookup, type FunctionInfo, type Scope } from './scope.js';

/** Array methods that call their callback with each element as the first argument. */
const ELEMENT_METHODS: ReadonlySet<string> = new Set(['map', 'flatMap', 'forEach', 'filter', 'some', 'every', 'find']);
/** Beyond this many elements an array is data, not a list of endpoints or setting ids. */
const MAX_ELEMENTS = 64;
const MAX_DEPTH = 8;

/**
 * The values a callback's first parameter takes when the callback is passed to `.map(…)` (or
 * another element-wise method) of an array the file spells out: `['brotli', 'http3'].map((id) => …)`.
 */
export function elementPatterns(fn: FunctionInfo, ev: Evaluator): PatternPart[][] | undefined {
  const call = fn.passedTo;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== fn.node) return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  if (!ELEMENT_METHODS.has(propertyKeyName(callee.property, callee.computed) ?? '')) return undefined;
  return arrayElements(callee.object, ev.scopeOf(call), ev, 0);
}

/**
 * The elements of an array expression the file spells out: an array literal (spreads of such
 * arrays included), a constant holding one, `a.concat(b, …)`, and `a.map((x) => …)` with a callback
 * that returns one expression. Undefined when any element is not shown.
 */
function arrayElements(input: Node, scope: Scope, ev: Evaluator, depth: number): PatternPart[][] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const node = unwrap(input);
  if (node.type === 'Identifier') {
    const binding = lookup(scope, node.name);
    if (binding?.kind !== 'value' || !binding.init || binding.path.length > 0) return undefined;
    return arrayElements(binding.init, binding.scope, ev, depth + 1);
  }
  if (node.type === 'ArrayExpression') {
    const elements: PatternPart[][] = [];
    for (const element of node.elements) {
      if (!element) return undefined;
      const spread =
        element.type === 'SpreadElement' ? arrayElements(element.argument, scope, ev, depth + 1) : undefined;
      if (element.type === 'SpreadElement' && !spread) return undefined;
      for (const one of spread ?? [ev.pattern(element, scope)]) elements.push(one);
    }
    return elements.length <= MAX_ELEMENTS ? elements : undefined;
  }
  if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return undefined;
  const global = ev.globalName(node.callee, scope);
  if ((global === 'Object.keys' || global === 'Object.values') && node.arguments[0]?.type !== 'SpreadElement')
    return objectMembers(node.arguments[0], global === 'Object.keys' ? 'keys' : 'values', scope, ev);
  const method = propertyKeyName(node.callee.property, node.callee.computed);
  const receiver = arrayElements(node.callee.object, scope, ev, depth + 1);
  if (!receiver) return undefined;
  if (method === 'concat') {
    const elements = [...receiver];
    for (const arg of node.arguments) {
      if (arg.type === 'SpreadElement') return undefined;
      for (const one of arrayElements(arg, scope, ev, depth + 1) ?? [ev.pattern(arg, scope)]) elements.push(one);
    }
    return elements.length <= MAX_ELEMENTS ? elements : undefined;
  }
  if (method === 'map') {
    const callback = node.arguments[0] ? ev.value(node.arguments[0], scope) : undefined;
    const returned = callback?.kind === 'function' ? returnedExpression(callback.fn) : undefined;
    if (callback?.kind !== 'function' || !returned) return undefined;
    const template = ev.pattern(returned, callback.fn.scope);
    return receiver.map((element) => substituteParams(template, callback.fn.id, [element]));
  }
  return undefined;
}

/**
 * The values a `for…of` variable takes, when the loop walks what the file spells out: the elements
 * of an array, the keys or values of an object (`Object.keys`, `Object.values`, each half of an
 * `Object.entries` pair), and a half of each `[key, value]` tuple of an array or a `new Map([…])`
 * (`for (const [id, value] of desired)`), or a key of each object element (`for (const { id } of
 * settings)`). Undefined when any of them is not shown.
 */
export function iteratedPatterns(
  iterable: Node,
  path: readonly string[],
  scope: Scope,
  ev: Evaluator,
): PatternPart[][] | undefined {
  if (path.length === 0) return arrayElements(iterable, scope, ev, 0);
  const [at] = path;
  if (path.length > 1 || at === undefined) return undefined;
  const node = unwrap(iterable);
  if (node.type === 'CallExpression' && (at === '0' || at === '1')) {
    const arg = node.arguments[0];
    if (ev.globalName(node.callee, scope) !== 'Object.entries' || arg?.type === 'SpreadElement') return undefined;
    return objectMembers(arg, at === '0' ? 'keys' : 'values', scope, ev);
  }
  const list = listOf(node, scope, 0);
  if (!list || list.node.elements.length > MAX_ELEMENTS) return undefined;
  const members: PatternPart[][] = [];
  for (const element of list.node.elements) {
    const item = element && element.type !== 'SpreadElement' ? ev.value(element, list.scope) : undefined;
    if (item?.kind === 'object') {
      members.push(ev.asPattern(ev.member(item, at)));
      continue;
    }
    const member = item?.kind === 'array' ? item.node.elements[Number(at)] : undefined;
    if (!member || member.type === 'SpreadElement' || item?.kind !== 'array') return undefined;
    members.push(ev.pattern(member, item.scope));
  }
  return members;
}

/** An array literal, through constants and `new Map(…)`/`new Set(…)` of one. */
function listOf(
  input: Node,
  scope: Scope,
  depth: number,
): { node: TSESTree.ArrayExpression; scope: Scope } | undefined {
  const node = unwrap(input);
  if (depth > MAX_DEPTH) return undefined;
  if (node.type === 'ArrayExpression') return { node, scope };
  if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && /^(Map|Set)$/.test(node.callee.name))
    return node.arguments[0] ? listOf(node.arguments[0], scope, depth + 1) : undefined;
  if (node.type !== 'Identifier') return undefined;
  const binding = lookup(scope, node.name);
  if (binding?.kind !== 'value' || !binding.init || binding.path.length > 0) return undefined;
  return listOf(binding.init, binding.scope, depth + 1);
}

/**
 * The keys (each where it is written) or the values of an object literal the file spells out, as
 * `Object.keys(labels).forEach((id) => …)` walks them. Undefined when a member is not shown.
 */
function objectMembers(
  input: Node | undefined,
  which: 'keys' | 'values',
  scope: Scope,
  ev: Evaluator,
): PatternPart[][] | undefined {
  const object = input ? ev.value(input, scope) : undefined;
  if (object?.kind !== 'object' || object.node.properties.length > MAX_ELEMENTS) return undefined;
  const members: PatternPart[][] = [];
  for (const property of object.node.properties) {
    if (property.type !== 'Property') return undefined;
    if (which === 'values') {
      members.push(ev.pattern(property.value, object.scope));
      continue;
    }
    const key = propertyKeyName(property.key, property.computed);
    if (key === undefined) return undefined;
    const [start, end] = rangeOf(property.key);
    // A quoted key's text starts after its quote.
    const quoted = property.key.type === 'Literal' ? 1 : 0;
    members.push([text(key, { start: start + quoted, exact: true, written: [start, end] })]);
  }
  return members;
}
