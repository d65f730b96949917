import type { TSESTree } from '@typescript-eslint/types';
import type { Vocabulary } from '../facts.js';
import { calleeName, propertyKeyName, rangeOf, unwrap, type Node } from './ast.js';
import type { PropertyReadFact, Range } from '../facts.js';
import type { FunctionInfo, ScopeIndex } from './scope.js';

/**
 * Reads of the watched property paths: members (`record.data.service`), keys of a declaration's
 * pattern (`const { service } = record.data`), keys of any object pattern (one name, or the keys it
 * is nested under: `({ data: { service } })`), each with
 * what it is read from and the watched words of the code around it.
 */
export function propertyReads(
  index: ScopeIndex,
  source: string,
  vocabulary: Vocabulary,
  nearbyWords: (offset: number) => string[],
): PropertyReadFact[] {
  const reads: PropertyReadFact[] = [];
  if (vocabulary.readPaths.size === 0) return reads;
  const read = (how: PropertyReadFact['how'], path: readonly string[], node: Node, receiver: Node | undefined) => {
    const range = rangeOf(node);
    const name = receiver ? receiverName(receiver) : undefined;
    reads.push({
      how,
      path: [...path],
      range,
      ...(name !== undefined ? { receiver: name } : {}),
      nearby: nearbyWords(range[0]),
    });
    return reads[reads.length - 1]!;
  };
  for (const member of index.members) {
    const name = propertyKeyName(member.property, member.computed);
    for (const path of (name !== undefined && vocabulary.readPaths.get(name)) || []) {
      const receiver = receiverUnder(member.object, path.slice(0, -1));
      if (!receiver || (path[0] === 'data' && isMessageEvent(receiver, index))) continue;
      const fact = read('member', path, member.property, receiver);
      if (fallsBackToReceiver(member, index, source)) fact.fallsBackToReceiver = true;
      const rewritable = rewritableRead(member, index, source);
      if (rewritable) fact.rewritable = rewritable;
    }
  }
  for (const declarator of index.destructures) {
    if (declarator.id.type !== 'ObjectPattern' || !declarator.init) continue;
    for (const property of declarator.id.properties) {
      const name = property.type === 'Property' ? propertyKeyName(property.key, property.computed) : undefined;
      if (property.type !== 'Property' || name === undefined) continue;
      for (const path of vocabulary.readPaths.get(name) ?? []) {
        const receiver = receiverUnder(declarator.init, path.slice(0, -1));
        if (receiver) read('declaration', path, property.key, receiver);
      }
    }
  }
  for (const property of index.patternProperties) {
    const name = propertyKeyName(property.key, property.computed);
    const known = name === undefined ? undefined : vocabulary.readPaths.get(name);
    // One name, or the keys the pattern nests it under (`({ data: { service, proto } })` reads `data.service`).
    const keys = index.patternKeys.get(property) ?? [];
    const path =
      known?.find((candidate) => candidate.length === 1) ??
      known?.find((candidate) => candidate.every((key, i) => keys[keys.length - candidate.length + i] === key));
    if (path) read('pattern', path, property.key, undefined);
  }
  return reads;
}

/** The name that says what a receiver holds: `record` in `record.locked`, `records` in `records[0].locked`. */
export function receiverName(node: Node): string | undefined {
  const inner = unwrap(node);
  if (inner.type === 'Identifier') return inner.name;
  if (inner.type === 'MemberExpression') {
    if (inner.computed) return receiverName(inner.object);
    return propertyKeyName(inner.property, false);
  }
  if (inner.type === 'CallExpression') return receiverName(inner.callee);
  return undefined;
}

/** `record` for `record.data` read as the parents `['data']`; undefined when the members differ. */
function receiverUnder(node: Node, parents: readonly string[]): Node | undefined {
  let object = unwrap(node);
  for (let i = parents.length - 1; i >= 0; i--) {
    if (object.type !== 'MemberExpression' || propertyKeyName(object.property, object.computed) !== parents[i])
      return undefined;
    object = unwrap(object.object);
  }
  return object;
}

/** `x.error_chain ?? [x]` (or `|| [x]`): the read already falls back to its receiver. */
function fallsBackToReceiver(member: TSESTree.MemberExpression, index: ScopeIndex, source: string): boolean {
  const parent = index.parentOf.get(member);
  if (
    parent?.type !== 'LogicalExpression' ||
    parent.left !== member ||
    (parent.operator !== '??' && parent.operator !== '||')
  )
    return false;
  const fallback = unwrap(parent.right);
  const only = fallback.type === 'ArrayExpression' && fallback.elements.length === 1 ? fallback.elements[0] : undefined;
  if (!only || only.type === 'SpreadElement') return false;
  const text = (node: Node) => source.slice(...rangeOf(node));
  return text(only) === text(member.object);
}

/** A read that can be written again as an expression (`PropertyReadFact.rewritable`). */
function rewritableRead(
  member: TSESTree.MemberExpression,
  index: ScopeIndex,
  source: string,
): { range: Range; text: string; receiver: string } | undefined {
  const parent = index.parentOf.get(member);
  const written =
    (parent?.type === 'AssignmentExpression' && parent.left === member) ||
    parent?.type === 'UpdateExpression' ||
    (parent?.type === 'UnaryExpression' && parent.operator === 'delete');
  if (written || member.optional || !isPlainReference(member.object)) return undefined;
  const range = rangeOf(member);
  return { range, text: source.slice(...range), receiver: source.slice(...rangeOf(member.object)) };
}

/** `err`, `this`, `body.errors` (no calls, no optional or computed steps): safe to write twice. */
function isPlainReference(node: Node): boolean {
  if (node.type === 'Identifier' || node.type === 'ThisExpression') return true;
  return node.type === 'MemberExpression' && !node.computed && !node.optional && isPlainReference(node.object);
}

/**
 * The event a message handler receives (`self.onmessage = (ev) => …`, `addEventListener('message', (e) => …)`,
 * `port.on('message', …)`): its `data` is the program's own message, not a record the API answered.
 */
function isMessageEvent(receiver: Node, index: ScopeIndex): boolean {
  if (receiver.type !== 'Identifier') return false;
  // The innermost function around the read whose first parameter is the receiver's name.
  const [at] = rangeOf(receiver);
  let fn: FunctionInfo | undefined;
  for (const candidate of index.functions) {
    const [start, end] = rangeOf(candidate.node);
    if (start <= at && at < end && candidate.params[0]?.name === receiver.name && (!fn || start > rangeOf(fn.node)[0]))
      fn = candidate;
  }
  if (!fn) return false;
  const parent = index.parentOf.get(fn.node);
  if (parent?.type === 'AssignmentExpression' && parent.left.type === 'MemberExpression')
    return /^on(message|messageerror)$/.test(propertyKeyName(parent.left.property, parent.left.computed) ?? '');
  const call = fn.passedTo;
  if (call?.type !== 'CallExpression') return false;
  const method = calleeName(call.callee);
  const first = call.arguments[0];
  return (
    (method === 'addEventListener' || method === 'on' || method === 'once') &&
    first?.type === 'Literal' &&
    first.value === 'message'
  );
}
