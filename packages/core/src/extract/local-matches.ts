import type { TSESTree } from '@typescript-eslint/types';
import type { Catalogue, CatalogueEntry, FieldMatcher } from '../catalogue/types.js';
import type { Confidence, FindingFix, TextEdit } from '../findings/finding.js';
import { propertyKeyName, rangeOf, unwrap, type Node } from './ast.js';
import { propertiesRemoval, propertyRemoval } from './edits.js';
import type { Evaluator } from './evaluate.js';
import type { RawMatch, RequestFact } from './facts.js';
import type { ScopeIndex } from './scope.js';

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

const receiverHintPatterns = Object.fromEntries(
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

/**
 * Findings that need nothing beyond the file: fields in payloads and reads, error-shape checks,
 * header combinations, cipher names. Endpoint-dependent checks happen in the matchers.
 */
export function detectLocalMatches(
  index: ScopeIndex,
  ev: Evaluator,
  catalogue: Catalogue,
  requestObjects: ReadonlyMap<Node, RequestFact>,
): RawMatch[] {
  const matches: RawMatch[] = [];
  for (const entry of catalogue.entries) {
    const match = entry.match;
    for (const field of match.fields ?? []) {
      matches.push(...fieldWrites(entry, field, index, ev));
      if (field.access.includes('read')) matches.push(...fieldReads(entry, field, index));
    }
    for (const shape of match.errorShapes ?? []) matches.push(...errorShapeChecks(entry, shape, index, ev.source));
    for (const combo of match.headers ?? [])
      matches.push(...headerCombinations(entry, combo, index, ev, requestObjects));
    if (match.ciphers) matches.push(...cipherNames(entry, match.ciphers, index, ev.source));
  }
  return matches;
}

function staticKeys(object: TSESTree.ObjectExpression): Map<string, TSESTree.Property> {
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
function objectContext(
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

function fieldWrites(entry: CatalogueEntry, field: FieldMatcher, index: ScopeIndex, ev: Evaluator): RawMatch[] {
  if (!field.access.includes('write')) return [];
  const segments = field.path.split('.');
  const last = segments[segments.length - 1]!;
  const matches: RawMatch[] = [];
  for (const object of index.objects) {
    const keys = staticKeys(object);
    const outerKey = segments[0]!;
    if (!keys.has(outerKey)) continue;
    let target = keys.get(outerKey)!;
    if (segments.length === 2) {
      const inner = unwrap(target.value);
      if (inner.type !== 'ObjectExpression') continue;
      const innerKeys = staticKeys(inner);
      const found = innerKeys.get(last);
      if (!found) continue;
      target = found;
      const context = objectContext(object, keys, ev);
      let confidence: Confidence | undefined;
      if (context?.context === field.context && (!field.recordType || context.recordType === field.recordType))
        confidence = 'high';
      else if (!context && field.recordType === 'SRV' && SRV_DATA_KEYS.filter((key) => innerKeys.has(key)).length >= 2)
        confidence = 'medium';
      if (!confidence) continue;
      matches.push(
        fieldWriteMatch(
          entry,
          field,
          target,
          confidence,
          ev.source,
          nestedFieldFixes(entry, field, object, keys, innerKeys, ev.source),
        ),
      );
    } else {
      const context = objectContext(object, keys, ev);
      const inContext =
        context?.context === field.context && (!field.recordType || context.recordType === field.recordType);
      // Outside its resource the name is someone else's field (a registrar's `locked`, a customer's
      // `notification_email`): low confidence, not reported unless asked for.
      const confidence: Confidence = inContext ? 'high' : 'low';
      matches.push(fieldWriteMatch(entry, field, target, confidence, ev.source));
    }
  }
  return matches;
}

export function fieldWriteMatch(
  entry: CatalogueEntry,
  field: FieldMatcher,
  property: { key: Node; range?: [number, number] } & Node,
  confidence: Confidence,
  source: string,
  fixes = removalFixes(field, propertyRemoval(source, rangeOf(property))),
): RawMatch {
  return {
    entryId: entry.id,
    ruleId: entry.rule,
    range: rangeOf((property as TSESTree.Property).key),
    confidence,
    subject: `\`${field.path}\` sent in a ${describeContext(field)} payload`,
    ...(fixes.length ? { fixes } : {}),
  };
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

/**
 * The fix for a deprecated field inside a nested object (`data.service`): remove every field of
 * the entry under that parent at once, and for SRV records keep the outer `name` or compose it from
 * `service`, `proto` and `name` (spec 9.3: the outer name is `<service>.<proto>.<name>`). No fix
 * when the outer name is missing and cannot be composed: dropping the parts would lose the name.
 */
function nestedFieldFixes(
  entry: CatalogueEntry,
  field: FieldMatcher,
  outer: TSESTree.ObjectExpression,
  outerKeys: Map<string, TSESTree.Property>,
  innerKeys: Map<string, TSESTree.Property>,
  source: string,
): FindingFix[] {
  const onWrite = field.onWrite ?? 'report';
  if (onWrite === 'report') return [];
  const [parent] = field.path.split('.');
  const siblings = (entry.match.fields ?? []).filter(
    (other) => other.path.startsWith(`${parent}.`) && other.path.split('.').length === 2,
  );
  const present = siblings.map((other) => other.path.split('.')[1]!).filter((name) => innerKeys.has(name));
  const edits = propertiesRemoval(
    source,
    present.map((name) => rangeOf(innerKeys.get(name)!)),
  );
  const listed = present
    .map((name) => `\`${name}\``)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
  let description = `Remove ${listed} from \`${parent}\``;
  if (field.recordType === 'SRV' && !outerKeys.has('name')) {
    const parts = ['service', 'proto', 'name'].map((name) => innerKeys.get(name));
    // A spread may carry the name already: composing one would not be mechanical.
    if (parts.some((part) => !part) || outer.properties.some((property) => property.type === 'SpreadElement'))
      return [];
    const composed = composeName(
      parts.map((part) => unwrap(part!.value)),
      source,
    );
    if (!composed) return [];
    const dataProperty = outerKeys.get(parent!)!;
    const [start] = rangeOf(dataProperty);
    const lineStart = source.lastIndexOf('\n', start - 1) + 1;
    const indent = source.slice(lineStart, start);
    const separator = /^[ \t]*$/.test(indent) ? `,\n${indent}` : ', ';
    edits.unshift({ start, end: start, text: `name: ${composed}${separator}` });
    description += ` and set the record's \`name\` to ${composed}`;
  } else if (outerKeys.has('name')) {
    description += " (the record's outer `name` is kept)";
  }
  return [{ kind: onWrite === 'fix-remove' ? 'fix' : 'suggestion', description, edits }];
}

/** `'_sip'`, `'_udp'`, `domain` -> `` `_sip._udp.${domain}` `` (a plain string when all are literals). */
function composeName(values: Node[], source: string): string | undefined {
  const pieces: Array<{ text: string } | { template: string }> = [];
  for (const value of values) {
    if (value.type === 'Literal' && typeof value.value === 'string') pieces.push({ text: value.value });
    else if (
      value.type === 'TemplateLiteral' &&
      value.expressions.length === 0 &&
      value.quasis[0]?.value.cooked != null
    )
      pieces.push({ text: value.quasis[0].value.cooked });
    else if (value.type === 'TemplateLiteral') {
      const [start, end] = rangeOf(value);
      pieces.push({ template: source.slice(start + 1, end - 1) });
    } else if (value.type === 'Identifier' || value.type === 'MemberExpression') {
      const [start, end] = rangeOf(value);
      pieces.push({ template: `\${${source.slice(start, end)}}` });
    } else return undefined;
  }
  if (pieces.every((piece) => 'text' in piece))
    return `'${pieces.map((piece) => piece.text.replace(/[\\']/g, '\\$&')).join('.')}'`;
  return `\`${pieces.map((piece) => ('text' in piece ? piece.text.replace(/[\\`]|\$\{/g, '\\$&') : piece.template)).join('.')}\``;
}

export function describeContext(field: FieldMatcher): string {
  if (field.context === 'dns-record') return field.recordType ? `${field.recordType} record` : 'DNS record';
  return 'load-balancer pool';
}

/** The name that says what a receiver holds: `record` in `record.locked`, `records` in `records[0].locked`. */
function receiverName(node: Node): string | undefined {
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

function fieldReads(entry: CatalogueEntry, field: FieldMatcher, index: ScopeIndex): RawMatch[] {
  const segments = field.path.split('.');
  const last = segments[segments.length - 1]!;
  const parents = segments.slice(0, -1);
  const hint = receiverHintPatterns[field.context];
  const matches: RawMatch[] = [];
  const report = (node: Node, receiver: string | undefined) => {
    const confidence: Confidence = receiver && hint.test(receiver) ? 'high' : 'low';
    matches.push({
      entryId: entry.id,
      ruleId: entry.rule,
      range: rangeOf(node),
      confidence,
      subject: `\`${field.path}\` read from a ${describeContext(field)}`,
    });
  };
  for (const member of index.members) {
    if (propertyKeyName(member.property, member.computed) !== last) continue;
    const receiver = receiverUnder(member.object, parents);
    if (receiver) report(member.property, receiverName(receiver));
  }
  // const { service, proto } = record.data
  for (const declarator of index.destructures) {
    if (declarator.id.type !== 'ObjectPattern' || !declarator.init) continue;
    const receiver = receiverUnder(declarator.init, parents);
    if (!receiver) continue;
    for (const property of declarator.id.properties) {
      if (property.type === 'Property' && propertyKeyName(property.key, property.computed) === last)
        report(property.key, receiverName(receiver));
    }
  }
  return matches;
}

/** How much code around a check counts as its context: a function, not a whole bundle. */
const NEARBY_CODE_LIMIT = 8_000;

/**
 * Whether the code near `offset` matches `pattern`: any enclosing function of at most
 * NEARBY_CODE_LIMIT characters, or the file when it is that small.
 */
function nearbyCodeMatches(index: ScopeIndex, source: string, offset: number, pattern: RegExp): boolean {
  if (source.length <= NEARBY_CODE_LIMIT) return pattern.test(source);
  for (const fn of index.functions) {
    const [start, end] = rangeOf(fn.node);
    if (start <= offset && offset < end && end - start <= NEARBY_CODE_LIMIT && pattern.test(source.slice(start, end)))
      return true;
  }
  return false;
}

function errorShapeChecks(
  entry: CatalogueEntry,
  shape: NonNullable<CatalogueEntry['match']['errorShapes']>[number],
  index: ScopeIndex,
  source: string,
): RawMatch[] {
  const matches: RawMatch[] = [];
  const isCodeRead = (node: Node) => {
    const inner = unwrap(node);
    const name =
      inner.type === 'Identifier'
        ? inner.name
        : inner.type === 'MemberExpression'
          ? propertyKeyName(inner.property, inner.computed)
          : undefined;
    return name !== undefined && /code$/i.test(name);
  };
  const isCode = (node: Node | null | undefined): node is TSESTree.Literal =>
    !!node && node.type === 'Literal' && node.value === shape.code;
  // A bare number is everyone's code (1004 is also a WebSocket close code): it is this API's DNS
  // wrapper only in code that deals with DNS records or their error chains. Judged on the code
  // around the check, since a bundle that mentions DNS somewhere says nothing about its WebSocket code.
  const dnsContext = new RegExp(`dns${shape.chainField ? `|${shape.chainField}` : ''}`, 'i');
  const codeConfidenceAt = (offset: number): Confidence =>
    nearbyCodeMatches(index, source, offset, dnsContext) ? 'high' : 'low';
  const codeSubject = `a check for error code ${shape.code} (the '${shape.message ?? 'wrapper'}' error)`;
  for (const comparison of index.comparisons) {
    if (comparison.type === 'BinaryExpression') {
      const literal =
        isCode(comparison.left) && isCodeRead(comparison.right)
          ? comparison.left
          : isCode(comparison.right) && isCodeRead(comparison.left)
            ? comparison.right
            : undefined;
      if (literal)
        matches.push({
          entryId: entry.id,
          ruleId: entry.rule,
          range: rangeOf(literal),
          confidence: codeConfidenceAt(rangeOf(literal)[0]),
          subject: codeSubject,
        });
      continue;
    }
    const switchNode = index.parentOf.get(comparison);
    if (isCode(comparison.test) && switchNode?.type === 'SwitchStatement' && isCodeRead(switchNode.discriminant)) {
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: rangeOf(comparison.test),
        confidence: codeConfidenceAt(rangeOf(comparison.test)[0]),
        subject: codeSubject,
      });
    }
  }
  if (shape.message) {
    for (const literal of index.strings) {
      if (literal.type === 'Literal' && literal.value === shape.message) {
        matches.push({
          entryId: entry.id,
          ruleId: entry.rule,
          range: rangeOf(literal),
          confidence: 'high',
          subject: `a check for the '${shape.message}' message`,
        });
      }
    }
  }
  if (shape.chainField) {
    // error_chain is only worth reporting where the code deals with DNS records.
    const fileMentionsDns =
      source.includes('dns_records') ||
      source.includes(String(shape.code)) ||
      (shape.message !== undefined && source.includes(shape.message));
    for (const member of index.members) {
      if (propertyKeyName(member.property, member.computed) !== shape.chainField) continue;
      if (fallsBackToItself(member, index, source)) continue;
      const receiver = receiverName(member.object) ?? '';
      const confidence: Confidence = fileMentionsDns || /dns|record/i.test(receiver) ? 'high' : 'low';
      const fix = rootCauseFallback(member, index, source);
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: rangeOf(member.property),
        confidence,
        subject: `a read of \`${shape.chainField}\``,
        ...(fix ? { fixes: [fix] } : {}),
      });
    }
  }
  return matches;
}

/**
 * `err.error_chain` -> `(err.error_chain ?? [err])`: the root-cause errors under both error forms
 * (the wrapper's chain before the change, the error itself after it), as rootCauseErrors does one
 * level deep. Offered only where the receiver is a plain reference, since it is written twice, and
 * never on a write target.
 */
function rootCauseFallback(
  member: TSESTree.MemberExpression,
  index: ScopeIndex,
  source: string,
): FindingFix | undefined {
  const parent = index.parentOf.get(member);
  const written =
    (parent?.type === 'AssignmentExpression' && parent.left === member) ||
    parent?.type === 'UpdateExpression' ||
    (parent?.type === 'UnaryExpression' && parent.operator === 'delete');
  if (written || member.optional || !isPlainReference(member.object)) return undefined;
  const [start, end] = rangeOf(member);
  const [objectStart, objectEnd] = rangeOf(member.object);
  const receiver = source.slice(objectStart, objectEnd);
  const text = `(${source.slice(start, end)} ?? [${receiver}])`;
  return {
    kind: 'suggestion',
    description: `Read the root-cause errors directly: \`${text}\` works with both error forms (or use rootCauseErrors from @sunset-lint/core/client)`,
    edits: [{ start, end, text }],
  };
}

/**
 * `err.error_chain ?? [err]` (or `|| [err]`) already reads the root causes under both error forms:
 * the suggestion's own result is not reported again.
 */
function fallsBackToItself(member: TSESTree.MemberExpression, index: ScopeIndex, source: string): boolean {
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

/** `err`, `this`, `body.errors` (no calls, no optional or computed steps): safe to write twice. */
function isPlainReference(node: Node): boolean {
  if (node.type === 'Identifier' || node.type === 'ThisExpression') return true;
  return node.type === 'MemberExpression' && !node.computed && !node.optional && isPlainReference(node.object);
}

function headerCombinations(
  entry: CatalogueEntry,
  combo: NonNullable<CatalogueEntry['match']['headers']>[number],
  index: ScopeIndex,
  ev: Evaluator,
  requestObjects: ReadonlyMap<Node, RequestFact>,
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
      related: otherHeaders(byName, wanted, reported),
      fixes: [
        {
          kind: 'suggestion',
          description: `Remove the \`${combo.drop ?? combo.allOf[0]}\` header`,
          edits: [propertyRemoval(ev.source, rangeOf(property))],
        },
      ],
    });
  }
  // headers.set('Transfer-Encoding', …) and headers.set('Content-Length', …) on one object
  const sets = new Map<string, Map<string, TSESTree.Node>>();
  for (const call of index.calls) {
    if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') continue;
    const method = propertyKeyName(call.callee.property, call.callee.computed);
    const name = call.arguments[0];
    if ((method !== 'set' && method !== 'append') || name?.type !== 'Literal' || typeof name.value !== 'string')
      continue;
    // Grouped by the receiver's text: `headers.set(…)` twice on one `headers`.
    const [start, end] = rangeOf(call.callee.object);
    const receiver = ev.source.slice(start, end);
    const group = sets.get(receiver) ?? new Map<string, TSESTree.Node>();
    group.set(name.value.toLowerCase(), name);
    sets.set(receiver, group);
  }
  for (const group of sets.values()) {
    if (!wanted.every((name) => group.has(name))) continue;
    matches.push({
      entryId: entry.id,
      ruleId: entry.rule,
      range: rangeOf(group.get(reported)!),
      confidence: 'medium',
      subject,
      related: otherHeaders(group, wanted, reported),
    });
  }
  return matches;
}

/** The pair's other headers, as related locations of the finding on the reported one. */
function otherHeaders(
  byName: ReadonlyMap<string, Node>,
  wanted: readonly string[],
  reported: string,
): NonNullable<RawMatch['related']> {
  return wanted
    .filter((name) => name !== reported)
    .map((name) => {
      const node = byName.get(name)!;
      return {
        range: rangeOf(node.type === 'Property' ? node.key : node),
        message: `the \`${name}\` header of the same request`,
      };
    });
}

function cipherNames(entry: CatalogueEntry, ciphers: string[], index: ScopeIndex, source: string): RawMatch[] {
  const matches: RawMatch[] = [];
  // Nearly every file has strings and no cipher name: one look at the text spares the regex per string.
  if (!ciphers.some((name) => source.includes(name))) return matches;
  const escaped = ciphers.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![A-Za-z0-9_-])(${escaped.join('|')})(?![A-Za-z0-9_-])`, 'g');
  for (const literal of index.strings) {
    const texts =
      literal.type === 'Literal'
        ? [String(literal.value)]
        : literal.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw);
    for (const value of texts) {
      for (const found of value.matchAll(pattern)) {
        matches.push({
          entryId: entry.id,
          ruleId: entry.rule,
          range: rangeOf(literal),
          confidence: 'high',
          subject: `the draft cipher suite \`${found[1]}\``,
        });
      }
    }
  }
  return matches;
}
