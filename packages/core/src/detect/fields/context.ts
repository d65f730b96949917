import type { TSESTree } from '@typescript-eslint/types';
import type { FieldMatcher } from '../../catalogue/types.js';
import type { Confidence, FindingFix, TextEdit } from '../../findings/finding.js';
import { propertyKeyName, unwrap, type Node } from '../../extract/ast.js';
import type { Evaluator } from '../../extract/evaluate.js';

/** DNS record types, to recognize a record payload by its shape. */
const DNS_RECORD_TYPES = new Set([
  'A',
  'AAAA',
  'CAA',
  'CERT',
  'CNAME',
  'DNSKEY',
  'DS',
  'HTTPS',
  'LOC',
  'MX',
  'NAPTR',
  'NS',
  'OPENPGPKEY',
  'PTR',
  'SMIMEA',
  'SRV',
  'SSHFP',
  'SVCB',
  'TLSA',
  'TXT',
  'URI',
]);
const DNS_RECORD_KEYS = ['name', 'content', 'data', 'ttl', 'proxied', 'priority', 'comment', 'tags'];
/** Two of these make an untyped `data` object an SRV record's. */
export const SRV_DATA_KEYS: readonly string[] = ['priority', 'weight', 'port', 'target'];

/**
 * Receivers whose names say they hold a DNS record or a load-balancer pool (case-insensitive): a
 * word anywhere in the name, the whole name, or its start. The prefilter derives its terms from it.
 */
export const RECEIVER_HINTS: Readonly<
  Record<FieldMatcher['context'], ReadonlyArray<{ text: string; where: 'anywhere' | 'whole' | 'start' }>>
> = {
  'dns-record': [
    { text: 'record', where: 'anywhere' },
    { text: 'rec', where: 'whole' },
    { text: 'rr', where: 'whole' },
    { text: 'srv', where: 'start' },
  ],
  'load-balancer-pool': [{ text: 'pool', where: 'anywhere' }],
};

export const receiverHintPatterns = Object.fromEntries(
  Object.entries(RECEIVER_HINTS).map(([context, hints]) => [
    context,
    new RegExp(
      hints
        .map(({ text, where }) => (where === 'whole' ? `^${text}$` : where === 'start' ? `^${text}` : text))
        .join('|'),
      'i',
    ),
  ]),
) as Record<FieldMatcher['context'], RegExp>;

export function staticKeys(object: TSESTree.ObjectExpression): Map<string, TSESTree.Property> {
  const keys = new Map<string, TSESTree.Property>();
  for (const property of object.properties) {
    if (property.type !== 'Property') continue;
    const name = propertyKeyName(property.key, property.computed);
    if (name !== undefined) keys.set(name, property);
  }
  return keys;
}

function stringValue(ev: Evaluator, node: Node, object: TSESTree.ObjectExpression): string | undefined {
  const pattern = ev.pattern(node, ev.scopeOf(object));
  return pattern.length === 1 && pattern[0]!.kind === 'text' ? pattern[0]!.text : undefined;
}

/** The resource an object literal describes, judged by its shape. */
export function objectContext(
  object: TSESTree.ObjectExpression,
  keys: Map<string, TSESTree.Property>,
  ev: Evaluator,
): { context: FieldMatcher['context']; recordType?: string; confidence: Confidence } | undefined {
  const type = keys.get('type');
  const typeValue = type ? stringValue(ev, type.value, object)?.toUpperCase() : undefined;
  if (typeValue && DNS_RECORD_TYPES.has(typeValue) && DNS_RECORD_KEYS.some((key) => keys.has(key)))
    return { context: 'dns-record', recordType: typeValue, confidence: 'high' };
  if (keys.has('origins') || (keys.has('monitor') && keys.has('name') && keys.has('minimum_origins')))
    return { context: 'load-balancer-pool', confidence: 'high' };
  return undefined;
}

/** The catalogue's `onWrite` as a fix or suggestion that removes the property. */
export function removalFixes(field: FieldMatcher, removal: TextEdit): FindingFix[] {
  const onWrite = field.onWrite ?? 'report';
  if (onWrite === 'report') return [];
  return [
    {
      kind: onWrite === 'fix-remove' ? 'fix' : 'suggestion',
      description: `Remove \`${field.path.split('.').pop()}\` from the payload`,
      edits: [removal],
    },
  ];
}

export function describeContext(field: FieldMatcher): string {
  if (field.context === 'dns-record') return field.recordType ? `${field.recordType} record` : 'DNS record';
  return 'load-balancer pool';
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
export function receiverUnder(node: Node, parents: readonly string[]): Node | undefined {
  let object = unwrap(node);
  for (let i = parents.length - 1; i >= 0; i--) {
    if (object.type !== 'MemberExpression' || propertyKeyName(object.property, object.computed) !== parents[i])
      return undefined;
    object = unwrap(object.object);
  }
  return object;
}
