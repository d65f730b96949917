import type { CatalogueEntry } from '../catalogue/types.js';
import type { HeaderFact, HeaderGroupFact, RawMatch } from '../facts.js';
import type { InFileDetector } from './detector.js';

type HeaderPair = NonNullable<CatalogueEntry['match']['headers']>[number];

/** Headers that must not be sent together in one request (Transfer-Encoding with Content-Length). */
export const headerPairs: InFileDetector = {
  // Header names, in any case.
  routes: (entry) =>
    (entry.match.headers ?? []).map((combo) => combo.allOf.map((text) => ({ text, ignoreCase: true }))),
  match: (entry, facts) =>
    (entry.match.headers ?? []).flatMap((combo) => headerCombinations(entry, combo, facts.headerGroups)),
};

/**
 * A group that holds every header of the pair, reported on the one to drop: high when the group is
 * seen going to a request, medium otherwise; removing it is offered where it is a property or a tuple.
 */
function headerCombinations(entry: CatalogueEntry, combo: HeaderPair, groups: HeaderGroupFact[]): RawMatch[] {
  const wanted = combo.allOf.map((name) => name.toLowerCase());
  const reported = (combo.drop ?? combo.allOf[0]!).toLowerCase();
  const subject = `\`${combo.allOf.join('` together with `')}\` in one request's headers`;
  const matches: RawMatch[] = [];
  for (const group of groups) {
    const byName = new Map(group.headers.map((header) => [header.name, header]));
    if (!wanted.every((name) => byName.has(name))) continue;
    const header = byName.get(reported)!;
    matches.push({
      entryId: entry.id,
      ruleId: entry.rule,
      range: header.range,
      confidence: group.sent ? 'high' : 'medium',
      subject,
      related: otherHeaders(byName, combo, reported),
      ...(header.removal
        ? {
            fixes: [
              {
                kind: 'suggestion',
                description: `Remove the \`${combo.drop ?? combo.allOf[0]}\` header`,
                edits: [header.removal],
              },
            ],
          }
        : {}),
    });
  }
  return matches;
}

/** The pair's other headers, as related locations of the finding on the reported one. */
function otherHeaders(
  byName: ReadonlyMap<string, HeaderFact>,
  combo: HeaderPair,
  reported: string,
): NonNullable<RawMatch['related']> {
  return combo.allOf
    .filter((name) => name.toLowerCase() !== reported)
    .map((name) => ({
      range: byName.get(name.toLowerCase())!.range,
      message: `the \`${name}\` header of the same request`,
    }));
}
