import type { TSESTree } from '@typescript-eslint/types';
import type { CatalogueEntry, FieldMatcher } from '../../catalogue/types.js';
import type { Confidence, FindingFix } from '../../findings/finding.js';
import { rangeOf, unwrap, type Node } from '../../extract/ast.js';
import { propertiesRemoval, propertyRemoval } from '../../extract/edits.js';
import type { Evaluator } from '../../extract/evaluate.js';
import type { RawMatch } from '../../extract/facts.js';
import type { ScopeIndex } from '../../extract/scope.js';
import { describeContext, objectContext, removalFixes, SRV_DATA_KEYS, staticKeys } from './context.js';

export function fieldWrites(entry: CatalogueEntry, field: FieldMatcher, index: ScopeIndex, ev: Evaluator): RawMatch[] {
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
  property: TSESTree.Property,
  confidence: Confidence,
  source: string,
  fixes = removalFixes(field, propertyRemoval(source, rangeOf(property))),
): RawMatch {
  return {
    entryId: entry.id,
    ruleId: entry.rule,
    range: rangeOf(property.key),
    confidence,
    subject: `\`${field.path}\` sent in a ${describeContext(field)} payload`,
    ...(fixes.length ? { fixes } : {}),
  };
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
