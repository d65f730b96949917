import type { CatalogueEntry, FieldMatcher } from '../../catalogue/types.js';
import { propertiesRemoval } from '../../findings/edits.js';
import type { InnerObject, RawMatch, TemplatePiece, WrittenKey, WrittenObjectFact } from '../../facts.js';
import type { Confidence, FindingFix } from '../../findings/finding.js';
import { migrationKeyDrop } from '../migration-edits.js';
import { describeContext, inContext, kindNoun, mayBeOfKind, removalFixes } from './context.js';

/**
 * A deprecated field written in an object literal: high where the object has a shape of the field's
 * context (`{ type: 'SRV', data: { service } }`); a nested field where no shape holds, or the code
 * picks the kind among several of which the field's is one, but the inner object shows the field's
 * `innerEvidence` (two SRV data keys), medium; a top-level name elsewhere, low (someone else's
 * `locked`).
 */
export function fieldWrites(entry: CatalogueEntry, field: FieldMatcher, objects: WrittenObjectFact[]): RawMatch[] {
  if (!field.access.includes('write')) return [];
  const segments = field.path.split('.');
  const outerKey = segments[0]!;
  const last = segments[segments.length - 1]!;
  const matches: RawMatch[] = [];
  for (const object of objects) {
    const written = object.written.find((key) => key.name === outerKey);
    if (!written) continue;
    if (segments.length === 2) {
      const inner = written.inner;
      const found = inner?.keys.find((key) => key.name === last);
      if (!inner || !found) continue;
      let confidence: Confidence | undefined;
      if (inContext(field, object)) confidence = 'high';
      else if (mayBeOfKind(field, object) && innerEvidenceHolds(field, inner)) confidence = 'medium';
      if (!confidence) continue;
      matches.push(
        fieldWriteMatch(entry, field, found.range, confidence, nestedFieldFixes(entry, field, object, written, inner)),
      );
    } else {
      // Outside its resource the name is someone else's field (a registrar's `locked`, a customer's
      // `notification_email`): low confidence, not reported unless asked for.
      const confidence: Confidence = inContext(field, object) ? 'high' : 'low';
      const match = fieldWriteMatch(entry, field, written.range, confidence, removalFixes(field, written.removal));
      // Only in the field's resource: someone else's `notification_email` is not migrated.
      const migration = confidence === 'high' ? migrationKeyDrop(entry, field.path, written.removal) : undefined;
      matches.push(migration ? { ...match, migration } : match);
    }
  }
  return matches;
}

/** The inner object holds at least `atLeast` of the field's `innerEvidence` keys. */
function innerEvidenceHolds(field: FieldMatcher, inner: InnerObject): boolean {
  const evidence = field.innerEvidence;
  if (!evidence) return false;
  return evidence.keys.filter((key) => inner.keys.some((innerKey) => innerKey.name === key)).length >= evidence.atLeast;
}

function fieldWriteMatch(
  entry: CatalogueEntry,
  field: FieldMatcher,
  range: RawMatch['range'],
  confidence: Confidence,
  fixes: FindingFix[],
): RawMatch {
  return {
    entryId: entry.id,
    ruleId: entry.rule,
    range,
    confidence,
    subject: `\`${field.path}\` sent in a ${describeContext(field)} payload`,
    ...(fixes.length ? { fixes } : {}),
  };
}

/**
 * The fix for a deprecated field inside a nested object (`data.service`): remove every field of
 * the entry under that parent at once, and with `composeOuter` keep the outer key or compose it
 * from the inner ones (an SRV record's: spec 9.3, the outer name is `<service>.<proto>.<name>`).
 * No fix when the outer key is missing and cannot be composed: dropping the parts would lose it.
 */
function nestedFieldFixes(
  entry: CatalogueEntry,
  field: FieldMatcher,
  outer: WrittenObjectFact,
  holder: WrittenKey,
  inner: InnerObject,
): FindingFix[] {
  const onWrite = field.onWrite ?? 'report';
  if (onWrite === 'report') return [];
  const [parent] = field.path.split('.');
  const siblings = (entry.match.fields ?? []).filter(
    (other) => other.path.startsWith(`${parent}.`) && other.path.split('.').length === 2,
  );
  const innerKeys = new Map(inner.keys.map((key) => [key.name, key]));
  const present = siblings.map((other) => other.path.split('.')[1]!).filter((name) => innerKeys.has(name));
  const edits = propertiesRemoval(
    inner.lines,
    present.map((name) => innerKeys.get(name)!.property),
  );
  const listed = present
    .map((name) => `\`${name}\``)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
  let description = `Remove ${listed} from \`${holder.name}\``;
  const compose = field.composeOuter;
  const owner = kindNoun(field.context);
  if (compose && !outer.keys.includes(compose.key)) {
    const parts = compose.from.map((name) => innerKeys.get(name)?.piece);
    // A spread may carry the name already: composing one would not be mechanical.
    if (parts.some((part) => !part) || outer.spread) return [];
    // Every part is there (checked above).
    const composed = composeName(parts as TemplatePiece[]);
    const { start, indent } = inner.holder;
    const separator = indent !== undefined ? `,\n${indent}` : ', ';
    edits.unshift({ start, end: start, text: `${compose.key}: ${composed}${separator}` });
    description += ` and set the ${owner}'s \`${compose.key}\` to ${composed}`;
  } else if (compose) {
    description += ` (the ${owner}'s outer \`${compose.key}\` is kept)`;
  }
  return [{ kind: onWrite === 'fix-remove' ? 'fix' : 'suggestion', description, edits }];
}

/** `'_sip'`, `'_udp'`, `${domain}` -> `` `_sip._udp.${domain}` `` (a plain string when all are text). */
function composeName(pieces: readonly TemplatePiece[]): string {
  if (pieces.every((piece) => 'text' in piece))
    return `'${pieces.map((piece) => piece.text.replace(/[\\']/g, '\\$&')).join('.')}'`;
  return `\`${pieces.map((piece) => ('text' in piece ? piece.text.replace(/[\\`]|\$\{/g, '\\$&') : piece.template)).join('.')}\``;
}
