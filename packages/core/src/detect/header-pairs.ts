import type { TSESTree } from '@typescript-eslint/types';
import type { CatalogueEntry } from '../catalogue/types.js';
import { propertyKeyName, rangeOf, unwrap, type Node } from '../extract/ast.js';
import type { Evaluator } from '../extract/evaluate.js';
import { lookup, type Scope, type ScopeIndex } from '../extract/scope.js';
import type { Confidence } from '../findings/finding.js';
import { propertyRemoval } from '../extract/edits.js';
import type { RawMatch } from '../extract/facts.js';
import type { FileContext, LocalDetector } from './detector.js';
import { staticKeys } from './fields/context.js';

type HeaderPair = NonNullable<CatalogueEntry['match']['headers']>[number];

/** Headers that must not be sent together in one request (Transfer-Encoding with Content-Length). */
export const headerPairs: LocalDetector = {
  // Header names, in any case.
  routes: (entry) =>
    (entry.match.headers ?? []).map((combo) => combo.allOf.map((text) => ({ text, ignoreCase: true }))),
  detect: (entry, file) => (entry.match.headers ?? []).flatMap((combo) => headerCombinations(entry, combo, file)),
};

function headerCombinations(
  entry: CatalogueEntry,
  combo: HeaderPair,
  { index, ev, source, requestObjects, requestCalls }: FileContext,
): RawMatch[] {
  const wanted = combo.allOf.map((name) => name.toLowerCase());
  const reported = (combo.drop ?? combo.allOf[0]!).toLowerCase();
  const matches: RawMatch[] = [];
  const subject = `\`${combo.allOf.join('` together with `')}\` in one request's headers`;
  for (const object of index.objects) {
    const byName = new Map<string, TSESTree.Property>();
    for (const [name, property] of staticKeys(object)) byName.set(name.toLowerCase(), property);
    if (!wanted.every((name) => byName.has(name))) continue;
    const property = byName.get(reported)!;
    const parent = index.parentOf.get(object);
    const isHeaders =
      requestObjects.has(object) ||
      (parent?.type === 'Property' && propertyKeyName(parent.key, parent.computed) === 'headers');
    matches.push({
      entryId: entry.id,
      ruleId: entry.rule,
      range: rangeOf(property.key),
      confidence: isHeaders ? 'high' : 'medium',
      subject,
      related: otherHeaders(byName, combo, reported),
      fixes: [
        {
          kind: 'suggestion',
          description: `Remove the \`${combo.drop ?? combo.allOf[0]}\` header`,
          edits: [propertyRemoval(source, rangeOf(property))],
        },
      ],
    });
  }
  for (const { byName, confidence } of headerCalls(index, ev, source, requestCalls)) {
    if (!wanted.every((name) => byName.has(name))) continue;
    matches.push({
      entryId: entry.id,
      ruleId: entry.rule,
      range: rangeOf(byName.get(reported)!),
      confidence,
      subject,
      related: otherHeaders(byName, combo, reported),
    });
  }
  for (const list of headerTupleLists(index, requestObjects)) {
    const byName = new Map<string, TSESTree.Node>();
    const tuples = new Map<string, TSESTree.Node>();
    for (const tuple of list.elements) {
      const name = tuple?.type === 'ArrayExpression' ? tuple.elements[0] : undefined;
      if (name?.type !== 'Literal' || typeof name.value !== 'string') continue;
      byName.set(name.value.toLowerCase(), name);
      tuples.set(name.value.toLowerCase(), tuple!);
    }
    if (!wanted.every((name) => byName.has(name))) continue;
    matches.push({
      entryId: entry.id,
      ruleId: entry.rule,
      range: rangeOf(byName.get(reported)!),
      confidence: requestObjects.has(list) ? 'high' : 'medium',
      subject,
      related: otherHeaders(byName, combo, reported),
      fixes: [
        {
          kind: 'suggestion',
          description: `Remove the \`${combo.drop ?? combo.allOf[0]}\` header`,
          edits: [propertyRemoval(source, rangeOf(tuples.get(reported)!))],
        },
      ],
    });
  }
  return matches;
}

/** The pair's other headers, as related locations of the finding on the reported one. */
function otherHeaders(
  byName: ReadonlyMap<string, Node>,
  combo: HeaderPair,
  reported: string,
): NonNullable<RawMatch['related']> {
  return combo.allOf
    .filter((name) => name.toLowerCase() !== reported)
    .map((name) => {
      const node = byName.get(name.toLowerCase())!;
      return {
        range: rangeOf(node.type === 'Property' ? node.key : node),
        message: `the \`${name}\` header of the same request`,
      };
    });
}

/**
 * Headers set one call at a time, grouped by the receiver's text: `headers.set(…)`/`append(…)` on
 * one `Headers` object (medium: the object is not followed into the request), and Node's
 * `req.setHeader(…)` on the result of a recognized request (high). `setHeader` on anything else is
 * most often the code's own server answering (`res.setHeader`), not a request to the API.
 */
function headerCalls(
  index: ScopeIndex,
  ev: Evaluator,
  source: string,
  requestCalls: ReadonlySet<Node>,
): Array<{ byName: Map<string, TSESTree.Node>; confidence: Confidence }> {
  const groups = new Map<string, { byName: Map<string, TSESTree.Node>; confidence: Confidence }>();
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
    if (method === 'setHeader' && !isRequestResult(receiverNode, ev.scopeOf(call), requestCalls)) continue;
    const [start, end] = rangeOf(receiverNode);
    const key = `${method === 'setHeader' ? 'request' : 'headers'}\u0000${source.slice(start, end)}`;
    const group = groups.get(key) ?? {
      byName: new Map<string, TSESTree.Node>(),
      confidence: method === 'setHeader' ? 'high' : 'medium',
    };
    group.byName.set(name.value.toLowerCase(), name);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const HEADER_SETTERS = new Set(['set', 'append', 'setHeader']);

/** `req` of `const req = https.request(…)`, or the request call itself. */
function isRequestResult(receiver: Node, scope: Scope, requestCalls: ReadonlySet<Node>): boolean {
  const inner = unwrap(receiver);
  if (requestCalls.has(inner)) return true;
  if (inner.type !== 'Identifier') return false;
  const binding = lookup(scope, inner.name);
  return (
    binding?.kind === 'value' && !!binding.init && binding.path.length === 0 && requestCalls.has(unwrap(binding.init))
  );
}

/**
 * Header lists written as `[name, value]` tuples: the argument of `new Headers([[…], …])`, or a
 * tuple list sent as a request's headers (fetch accepts one). High when the list is sent.
 */
function headerTupleLists(
  index: ScopeIndex,
  requestObjects: ReadonlyMap<Node, unknown>,
): Set<TSESTree.ArrayExpression> {
  const lists = new Set<TSESTree.ArrayExpression>();
  for (const call of index.calls) {
    const list =
      call.type === 'NewExpression' && call.callee.type === 'Identifier' && call.callee.name === 'Headers'
        ? call.arguments[0]
        : undefined;
    if (list?.type === 'ArrayExpression') lists.add(list);
  }
  for (const node of requestObjects.keys()) if (node.type === 'ArrayExpression') lists.add(node);
  return lists;
}
