import type { TSESTree } from '@typescript-eslint/types';
import type { CatalogueEntry } from '../catalogue/types.js';
import { propertyKeyName, rangeOf, type Node } from '../extract/ast.js';
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
  { index, source, requestObjects }: FileContext,
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
    const receiver = source.slice(start, end);
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
      related: otherHeaders(group, combo, reported),
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
