import type { TSESTree } from '@typescript-eslint/types';
import type { Vocabulary } from '../facts.js';
import { propertyKeyName, rangeOf, unwrap, type Node } from './ast.js';
import { linesOf, propertyRemoval } from '../findings/edits.js';
import type { Evaluator } from './evaluate.js';
import type { InnerKey, TemplatePiece, WrittenKey, WrittenObjectFact } from '../facts.js';
import type { ScopeIndex } from './scope.js';
import { assignedProperties } from './assigned-keys.js';
import { knownStrings } from '../url/pattern.js';

/** Object literals that write a watched key, with their shape (`WrittenObjectFact`). */
export function writtenObjects(
  index: ScopeIndex,
  ev: Evaluator,
  vocabulary: Vocabulary,
  /** Objects a request sends to another host the file names: that host's payloads, not the API's. */
  sentElsewhere: ReadonlySet<Node> = new Set(),
): WrittenObjectFact[] {
  const facts: WrittenObjectFact[] = [];
  if (vocabulary.writtenKeys.size === 0) return facts;
  for (const object of index.objects) {
    if (sentElsewhere.has(object)) continue;
    const keys = staticKeys(object, assignedProperties(index, ev.source, object));
    const written: WrittenKey[] = [];
    for (const [name, property] of keys) {
      const watched = vocabulary.writtenKeys.get(name);
      if (!watched) continue;
      const inner = watched.inner.size ? innerObject(property, ev.source) : undefined;
      // `data: {…}` is everyone's key: it is a fact only where its object writes a watched key.
      if (!watched.itself && !inner?.keys.some((key) => watched.inner.has(key.name))) continue;
      written.push({
        name,
        range: rangeOf(property.key),
        removal: propertyRemoval(ev.source, rangeOf(property)),
        ...(inner ? { inner } : {}),
      });
    }
    if (written.length === 0) continue;
    const values: Record<string, readonly string[]> = {};
    for (const key of vocabulary.valueKeys) {
      const property = keys.get(key);
      const value = property ? stringValue(ev, property.value, object) : undefined;
      if (value !== undefined) values[key] = value;
    }
    facts.push({
      keys: [...keys.keys()],
      values,
      spread: object.properties.some((property) => property.type === 'SpreadElement'),
      written,
    });
  }
  return facts;
}

/**
 * An object's properties by static key name, then those assigned to it after (`assignedProperties`);
 * of several of one name, the last (the one that counts).
 */
export function staticKeys(
  object: TSESTree.ObjectExpression,
  assigned: readonly TSESTree.Property[] = [],
): Map<string, TSESTree.Property> {
  const keys = new Map<string, TSESTree.Property>();
  const add = (property: TSESTree.ObjectLiteralElement) => {
    if (property.type !== 'Property') return;
    const name = propertyKeyName(property.key, property.computed);
    if (name !== undefined) keys.set(name, property);
  };
  object.properties.forEach(add);
  assigned.forEach(add);
  return keys;
}

/** The object literal written as a property's value (`data: { … }`), as seen without evaluating it. */
function innerObject(holder: TSESTree.Property, source: string): WrittenKey['inner'] {
  const value = unwrap(holder.value);
  if (value.type !== 'ObjectExpression') return undefined;
  const keys: InnerKey[] = [];
  for (const [name, property] of staticKeys(value)) {
    const piece = templatePiece(unwrap(property.value), source);
    keys.push({ name, range: rangeOf(property.key), property: rangeOf(property), ...(piece ? { piece } : {}) });
  }
  const [start] = rangeOf(holder);
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const before = source.slice(lineStart, start);
  return {
    keys,
    lines: linesOf(source, rangeOf(value)),
    holder: { start, ...(/^[ \t]*$/.test(before) ? { indent: before } : {}) },
  };
}

/** `'_sip'` as text, `` `_${x}` `` as its body, `domain` or `opts.domain` as `${domain}`; other expressions as nothing. */
function templatePiece(value: Node, source: string): TemplatePiece | undefined {
  if (value.type === 'Literal' && typeof value.value === 'string') return { text: value.value };
  if (value.type === 'TemplateLiteral' && value.expressions.length === 0 && value.quasis[0]?.value.cooked != null)
    return { text: value.quasis[0].value.cooked };
  if (value.type === 'TemplateLiteral') {
    const [start, end] = rangeOf(value);
    return { template: source.slice(start + 1, end - 1) };
  }
  if (value.type === 'Identifier' || value.type === 'MemberExpression') {
    const [start, end] = rangeOf(value);
    return { template: `\${${source.slice(start, end)}}` };
  }
  return undefined;
}

/** The strings a key's value may be (one, or each a conditional picks), when the code shows them all. */
function stringValue(ev: Evaluator, node: Node, object: TSESTree.ObjectExpression): readonly string[] | undefined {
  return knownStrings(ev.pattern(node, ev.scopeOf(object)));
}
