import type { CatalogueEntry, FieldMatcher } from '../../catalogue/types.js';
import type { Confidence } from '../../findings/finding.js';
import { propertyKeyName, rangeOf, type Node } from '../../extract/ast.js';
import type { RawMatch } from '../../extract/facts.js';
import type { ScopeIndex } from '../../extract/scope.js';
import { describeContext, receiverHintPatterns, receiverName, receiverUnder } from './context.js';

export function fieldReads(entry: CatalogueEntry, field: FieldMatcher, index: ScopeIndex): RawMatch[] {
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
