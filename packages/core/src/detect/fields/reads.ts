import type { CatalogueEntry, FieldMatcher } from '../../catalogue/types.js';
import type { Confidence } from '../../findings/finding.js';
import { propertyKeyName, rangeOf, type Node } from '../../extract/ast.js';
import type { RawMatch } from '../../extract/facts.js';
import type { ScopeIndex } from '../../extract/scope.js';
import { literalSegments } from '../../url/template.js';
import { enclosingCodeMatches } from '../nearby-code.js';
import { describeContext, receiverHintPatterns, receiverName, receiverUnder } from './context.js';

/**
 * Reads of a deprecated field: high where the receiver is named like the resource (`record`,
 * `pool`), or where the code around the read requests the resource's endpoints (the record list
 * read in the same function); low elsewhere (a registrar's `locked`).
 */
export function fieldReads(entry: CatalogueEntry, field: FieldMatcher, index: ScopeIndex, source: string): RawMatch[] {
  const segments = field.path.split('.');
  const last = segments[segments.length - 1]!;
  const parents = segments.slice(0, -1);
  const hint = receiverHintPatterns[field.context];
  const endpointsNearby = endpointPattern(field);
  const matches: RawMatch[] = [];
  const report = (node: Node, receiver: string | undefined) => {
    const named = receiver !== undefined && hint.test(receiver);
    const confidence: Confidence =
      named || (endpointsNearby && enclosingCodeMatches(index, source, rangeOf(node)[0], endpointsNearby))
        ? 'high'
        : 'low';
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

/** The resource's endpoints as written in code: their last literal segment (`dns_records`, `pools`). */
function endpointPattern(field: FieldMatcher): RegExp | undefined {
  const names = new Set<string>();
  for (const endpoint of field.endpoints ?? []) {
    const literals = literalSegments(endpoint.path);
    const lastLiteral = literals[literals.length - 1];
    // Literal text: a `.` in a segment (`v1.0`) must not stand for any character.
    if (lastLiteral) names.add(lastLiteral.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  }
  return names.size ? new RegExp(`/(?:${[...names].join('|')})\\b`) : undefined;
}
