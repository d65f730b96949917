import type { FieldMatcher } from '../../catalogue/types.js';
import type { WrittenObjectFact } from '../../extract/facts.js';
import type { Confidence, FindingFix, TextEdit } from '../../findings/finding.js';
import { literalSegments } from '../../url/template.js';
import type { NearbyWord } from '../nearby-words.js';

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
/** The key whose value says a record's type (`type: 'SRV'`): the reader records its static values. */
export const RECORD_TYPE_KEY = 'type';
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

/** The resource an object literal describes, judged by its shape. */
export function objectContext(
  object: WrittenObjectFact,
): { context: FieldMatcher['context']; recordType?: string; confidence: Confidence } | undefined {
  const keys = new Set(object.keys);
  const typeValue = object.values[RECORD_TYPE_KEY]?.toUpperCase();
  if (typeValue && DNS_RECORD_TYPES.has(typeValue) && DNS_RECORD_KEYS.some((key) => keys.has(key)))
    return { context: 'dns-record', recordType: typeValue, confidence: 'high' };
  if (keys.has('origins') || (keys.has('monitor') && keys.has('name') && keys.has('minimum_origins')))
    return { context: 'load-balancer-pool', confidence: 'high' };
  return undefined;
}

/** The path segments that name a field's resource in code: the last literal segment of each of its endpoints (`dns_records`, `pools`). */
export function endpointWords(endpoints: ReadonlyArray<{ path: string }> | undefined): NearbyWord[] {
  const words: NearbyWord[] = [];
  for (const endpoint of endpoints ?? []) {
    const literals = literalSegments(endpoint.path);
    const last = literals[literals.length - 1];
    if (last && !words.some((word) => word.text === last)) words.push({ kind: 'segment', text: last });
  }
  return words;
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
