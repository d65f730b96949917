import type { FieldContext, FieldMatcher, ReceiverHint } from '../../catalogue/types.js';
import type { WrittenObjectFact } from '../../facts.js';
import type { FindingFix, TextEdit } from '../../findings/finding.js';
import { literalSegments } from '../../url/template.js';
import type { NearbyWord } from '../nearby-words.js';
import { escapeRegExp } from '../../text/escape-regexp.js';

/**
 * Whether an object literal is the context's resource, judged by its shape (the catalogue's
 * `shapes`: `{ type: 'SRV', name, … }` is a DNS record's, `{ origins }` a pool's): undefined when
 * no shape holds; else the kinds its shape reads (`SRV`, in upper case), if it reads them. A value
 * the code picks among several (`type: v6 ? 'AAAA' : 'A'`) holds when every one of them does.
 */
function shapeOf(context: FieldContext, object: WrittenObjectFact): { kinds?: string[] } | undefined {
  for (const shape of context.shapes) {
    const kinds =
      shape.key === undefined ? undefined : [...new Set(object.values[shape.key]?.map((v) => v.toUpperCase()))];
    if (kinds !== undefined && (kinds.length === 0 || !kinds.every((kind) => shape.values!.includes(kind)))) continue;
    if (shape.anyKeys && !shape.anyKeys.some((key) => object.keys.includes(key))) continue;
    if (shape.allKeys && !shape.allKeys.every((key) => object.keys.includes(key))) continue;
    return kinds === undefined ? {} : { kinds };
  }
  return undefined;
}

/** The object is the field's resource, of the field's kind when it names one (and no other). */
export function inContext(field: FieldMatcher, object: WrittenObjectFact): boolean {
  const shape = shapeOf(field.context, object);
  const kind = field.recordType?.toUpperCase();
  return !!shape && (kind === undefined || (shape.kinds?.length === 1 && shape.kinds[0] === kind));
}

/**
 * The object may be of the field's kind, as far as its shape tells: no shape holds (an object the
 * code does not type), or the code picks its kind among several, the field's one of them.
 */
export function mayBeOfKind(field: FieldMatcher, object: WrittenObjectFact): boolean {
  const shape = shapeOf(field.context, object);
  if (!shape) return true;
  const kind = field.recordType?.toUpperCase();
  return kind !== undefined && (shape.kinds?.includes(kind) ?? false);
}

const receiverPatterns = new WeakMap<FieldContext, RegExp | undefined>();

/**
 * Receivers named as the context's `receivers` say (case-insensitive): a word anywhere in the name,
 * the whole name, or its start. None when the context names no receiver.
 */
export function receiverPattern(context: FieldContext): RegExp | undefined {
  if (!receiverPatterns.has(context)) {
    const hints = context.receivers ?? [];
    receiverPatterns.set(context, hints.length ? new RegExp(hints.map(receiverSource).join('|'), 'i') : undefined);
  }
  return receiverPatterns.get(context);
}

function receiverSource({ text, where }: ReceiverHint): string {
  const escaped = escapeRegExp(text);
  return where === 'whole' ? `^${escaped}$` : where === 'start' ? `^${escaped}` : escaped;
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

/** What one of the field's resources is called: `DNS record`, `SRV record`, `load-balancer pool`. */
export function describeContext(field: FieldMatcher): string {
  return field.recordType ? `${field.recordType} ${kindNoun(field.context)}` : field.context.resource;
}

/** What one kind of the resource is called after its type (`record`). */
export function kindNoun(context: FieldContext): string {
  return context.kindNoun ?? context.resource;
}
