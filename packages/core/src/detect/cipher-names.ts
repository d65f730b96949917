import type { CatalogueEntry } from '../catalogue/types.js';
import { rangeOf } from '../extract/ast.js';
import type { RawMatch } from '../extract/facts.js';
import type { ScopeIndex } from '../extract/scope.js';
import { words, type LocalDetector } from './detector.js';

/** Draft cipher suite names in strings. */
export const cipherNames: LocalDetector = {
  routes: (entry) => (entry.match.ciphers ?? []).map((cipher) => words(cipher)),
  detect: (entry, file) =>
    entry.match.ciphers ? cipherNamesIn(entry, entry.match.ciphers, file.index, file.source) : [],
};

function cipherNamesIn(entry: CatalogueEntry, ciphers: string[], index: ScopeIndex, source: string): RawMatch[] {
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
