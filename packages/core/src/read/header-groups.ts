import type { TSESTree } from '@typescript-eslint/types';
import type { Vocabulary } from '../facts.js';
import { propertyKeyName, rangeOf, unwrap, type Node } from './ast.js';
import { propertyRemoval } from '../findings/edits.js';
import type { Evaluator } from './evaluate.js';
import type { HeaderFact, HeaderGroupFact } from '../facts.js';
import { lookup, type Scope, type ScopeIndex } from './scope.js';
import { staticKeys } from './written-objects.js';
import { assignedProperties } from './assigned-keys.js';

/** What the extractor knows of a file's requests, for what is sent with them. */
export interface RequestShapes {
  /** Objects and header tuple lists sent as a request's body or headers. */
  objects: ReadonlySet<Node>;
  /** Call expressions recognized as requests (`https.request(…)`), for what is done to their result. */
  calls: ReadonlySet<Node>;
  /** Requests to another host the file names, and the objects they send: no header group of the API's. */
  elsewhere: ReadonlySet<Node>;
}

/**
 * Watched headers set together: an object literal's keys, then `set`/`append`/`setHeader` calls
 * grouped by receiver, then `[name, value]` tuple lists. A group is a fact when it holds as many
 * watched headers as the smallest pair the catalogue names.
 */
export function headerGroups(
  index: ScopeIndex,
  ev: Evaluator,
  requests: RequestShapes,
  vocabulary: Vocabulary,
): HeaderGroupFact[] {
  const groups: HeaderGroupFact[] = [];
  if (vocabulary.headers.size === 0) return groups;
  const source = ev.source;
  const add = (sent: boolean, byName: ReadonlyMap<string, HeaderFact>) => {
    if (byName.size >= vocabulary.fewestHeaders) groups.push({ sent, headers: [...byName.values()] });
  };
  // Looked for only in a file with a group not sent otherwise (a group is rare; objects are many).
  let merged: Set<Node> | undefined;
  const isMerged = (object: Node) => (merged ??= mergedIntoHeaders(index, ev)).has(object);
  for (const object of index.objects) {
    if (requests.elsewhere.has(object)) continue;
    const byName = new Map<string, HeaderFact>();
    const values: Node[] = [];
    for (const [name, property] of staticKeys(object, assignedProperties(index, source, object))) {
      const lower = name.toLowerCase();
      if (!vocabulary.headers.has(lower)) continue;
      values.push(property.value);
      byName.set(lower, {
        name: lower,
        range: rangeOf(property.key),
        removal: propertyRemoval(source, rangeOf(property)),
      });
    }
    if (byName.size < vocabulary.fewestHeaders) continue;
    const parent = index.parentOf.get(object);
    const sent =
      requests.objects.has(object) ||
      (parent?.type === 'Property' && propertyKeyName(parent.key, parent.computed) === 'headers') ||
      isMerged(object);
    if (!sent && isNameTable(object, values, index, ev)) continue;
    add(sent, byName);
  }
  for (const group of headerCalls(index, ev, requests, vocabulary)) add(group.sent, group.byName);
  const underHeadersKey = new Set<Node>();
  for (const list of headerTupleLists(index, requests.objects, underHeadersKey)) {
    if (requests.elsewhere.has(list)) continue;
    const byName = new Map<string, HeaderFact>();
    // `[[name, value], …]`, or undici's flat raw headers `[name, value, name, value, …]`.
    const flat = list.elements.length % 2 === 0 && list.elements.every((e) => e?.type !== 'ArrayExpression');
    list.elements.forEach((element, i) => {
      if (flat && i % 2 === 1) return;
      const name = flat ? element : element?.type === 'ArrayExpression' ? element.elements[0] : undefined;
      if (name?.type !== 'Literal' || typeof name.value !== 'string') return;
      const lower = name.value.toLowerCase();
      if (!vocabulary.headers.has(lower)) return;
      const value = flat ? list.elements[i + 1] : undefined;
      // A flat pair is removed as two elements: from the name to the comma after the value.
      const removal = value
        ? propertyRemoval(source, [rangeOf(name)[0], rangeOf(value)[1]])
        : propertyRemoval(source, rangeOf(element!));
      byName.set(lower, { name: lower, range: rangeOf(name), removal });
    });
    add(requests.objects.has(list) || underHeadersKey.has(list), byName);
  }
  return groups;
}

/**
 * Object literals merged into a `headers` value (`headers: Object.assign({}, form.getHeaders(), { … })`):
 * headers as much as one written there.
 */
function mergedIntoHeaders(index: ScopeIndex, ev: Evaluator): Set<Node> {
  const merged = new Set<Node>();
  for (const object of index.objects)
    for (const property of object.properties) {
      if (property.type !== 'Property' || propertyKeyName(property.key, property.computed) !== 'headers') continue;
      const value = unwrap(property.value);
      if (value.type !== 'CallExpression') continue;
      if (ev.globalName(value.callee, ev.scopeOf(object)) !== 'Object.assign') continue;
      for (const argument of value.arguments) if (argument.type === 'ObjectExpression') merged.add(argument);
    }
  return merged;
}

/**
 * Whether an object literal no request is known to send is a table of header names rather than
 * headers (a library's `SPECIAL_HEADERS = { 'transfer-encoding': true, 'content-length': true }`):
 * the watched headers' values are no header's value (a boolean, `null`, `undefined`, a function,
 * an object or an array), or they are numbers and the constant it initializes is read with a key
 * the code computes (`ORDER[name]`), which is how a table is asked.
 */
function isNameTable(
  object: TSESTree.ObjectExpression,
  values: readonly Node[],
  index: ScopeIndex,
  ev: Evaluator,
): boolean {
  if (values.every((value) => isNoHeaderValue(unwrap(value)))) return true;
  // Numbers (an order, a weight) are a table's only where the code asks it by key: headers copied
  // in a loop (`req.setHeader(k, headers[k])`) hold strings, and stay headers.
  if (!values.every((value) => isNoHeaderValue(unwrap(value)) || isNumber(unwrap(value)))) return false;
  const declarator = index.parentOf.get(object);
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier') return false;
  const name = declarator.id.name;
  return index.members.some((member) => {
    if (!member.computed || member.object.type !== 'Identifier' || member.object.name !== name) return false;
    if (member.property.type === 'Literal') return false;
    const binding = lookup(ev.scopeOf(member), name);
    return binding?.kind === 'value' && binding.init !== undefined && unwrap(binding.init) === object;
  });
}

function isNumber(value: Node): boolean {
  return value.type === 'Literal' && typeof value.value === 'number';
}

function isNoHeaderValue(value: Node): boolean {
  switch (value.type) {
    case 'Literal':
      return typeof value.value === 'boolean' || value.value === null;
    case 'Identifier':
      return value.name === 'undefined';
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'ObjectExpression':
    case 'ArrayExpression':
      return true;
    default:
      return false;
  }
}

/**
 * Headers set one call at a time, grouped by the receiver's text: `headers.set(…)`/`append(…)` on
 * one `Headers` object (not followed into the request), and Node's `req.setHeader(…)` on the result
 * of a recognized request (sent). `setHeader` on anything else is most often the code's own server
 * answering (`res.setHeader`), not a request to the API.
 */
function headerCalls(
  index: ScopeIndex,
  ev: Evaluator,
  requests: RequestShapes,
  vocabulary: Vocabulary,
): Array<{ byName: Map<string, HeaderFact>; sent: boolean }> {
  const requestCalls = requests.calls;
  const groups = new Map<string, { byName: Map<string, HeaderFact>; sent: boolean }>();
  for (const call of index.calls) {
    if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') continue;
    const method = propertyKeyName(call.callee.property, call.callee.computed);
    const name = call.arguments[0];
    if (
      method === undefined ||
      !HEADER_SETTERS.has(method) ||
      name?.type !== 'Literal' ||
      typeof name.value !== 'string'
    )
      continue;
    const receiverNode = call.callee.object;
    if (method === 'setHeader') {
      const request = requestOf(receiverNode, ev.scopeOf(call), requestCalls);
      if (!request || requests.elsewhere.has(request)) continue;
    }
    // `superagent.put(url).set(a, x).set(b, y)`: one request's headers set along a chain.
    const chained = method === 'set' ? chainRoot(receiverNode) : undefined;
    if (chained && requests.elsewhere.has(chained)) continue;
    const [start, end] = rangeOf(chained ?? receiverNode);
    // A chain is one request (its root call, by place); a receiver is a Headers object or request by its name.
    const key = chained
      ? `chain\u0000${start}:${end}`
      : `${method === 'setHeader' ? 'request' : 'headers'}\u0000${ev.source.slice(start, end)}`;
    const group = groups.get(key) ?? {
      byName: new Map<string, HeaderFact>(),
      // A chain of a client the core does not model (superagent) is a request at medium confidence.
      sent: method === 'setHeader' || (chained !== undefined && requestCalls.has(chained)),
    };
    groups.set(key, group);
    const lower = name.value.toLowerCase();
    if (vocabulary.headers.has(lower)) group.byName.set(lower, { name: lower, range: rangeOf(name) });
  }
  return [...groups.values()];
}

const HEADER_SETTERS = new Set(['set', 'append', 'setHeader']);
/** Calls a request builder chains between its verb call and its headers (superagent, supertest-like clients). */
const CHAINED = new Set([
  'set',
  'use',
  'query',
  'type',
  'accept',
  'auth',
  'timeout',
  'retry',
  'field',
  'attach',
  'send',
  'ok',
]);

/** The call a chain of builder calls starts from (`superagent.put(url)`), when the receiver is such a chain. */
export function chainRoot(receiver: Node): Node | undefined {
  let current = unwrap(receiver);
  let root: Node | undefined;
  while (current.type === 'CallExpression' && current.callee.type === 'MemberExpression') {
    root = current;
    const name = propertyKeyName(current.callee.property, current.callee.computed);
    if (!name || !CHAINED.has(name)) break;
    current = unwrap(current.callee.object);
  }
  return root;
}

/** The request call of `req` of `const req = https.request(…)`, or of the request call itself. */
function requestOf(receiver: Node, scope: Scope, requestCalls: ReadonlySet<Node>): Node | undefined {
  const inner = unwrap(receiver);
  if (requestCalls.has(inner)) return inner;
  if (inner.type !== 'Identifier') return undefined;
  const binding = lookup(scope, inner.name);
  if (binding?.kind !== 'value' || !binding.init || binding.path.length > 0) return undefined;
  const init = unwrap(binding.init);
  return requestCalls.has(init) ? init : undefined;
}

/**
 * Header lists written as `[name, value]` tuples: the argument of `new Headers([[…], …])`, or a
 * tuple list sent as a request's headers (fetch accepts one).
 */
function headerTupleLists(
  index: ScopeIndex,
  requestObjects: ReadonlySet<Node>,
  underHeadersKey: Set<Node>,
): Set<TSESTree.ArrayExpression> {
  const lists = new Set<TSESTree.ArrayExpression>();
  for (const call of index.calls) {
    const list =
      call.type === 'NewExpression' && call.callee.type === 'Identifier' && call.callee.name === 'Headers'
        ? call.arguments[0]
        : undefined;
    if (list?.type === 'ArrayExpression') lists.add(list);
  }
  for (const node of requestObjects) if (node.type === 'ArrayExpression') lists.add(node);
  for (const object of index.objects)
    for (const property of object.properties)
      if (
        property.type === 'Property' &&
        propertyKeyName(property.key, property.computed) === 'headers' &&
        property.value.type === 'ArrayExpression'
      ) {
        lists.add(property.value);
        underHeadersKey.add(property.value);
      }
  return lists;
}
