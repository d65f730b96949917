import type { Vocabulary } from '../facts.js';
import { calleeName, rangeOf, type Node } from './ast.js';
import type { NameInStringFact, StringLiteralFact } from '../facts.js';
import type { ScopeIndex } from './scope.js';
import { escapeRegExp } from '../text/escape-regexp.js';

/** String literals whose whole text is watched (an error message the code checks for). */
export function watchedLiterals(index: ScopeIndex, vocabulary: Vocabulary): StringLiteralFact[] {
  const literals: StringLiteralFact[] = [];
  if (vocabulary.literals.size === 0) return literals;
  for (const literal of index.strings)
    if (literal.type === 'Literal' && typeof literal.value === 'string' && vocabulary.literals.has(literal.value))
      literals.push({
        text: literal.value,
        range: rangeOf(literal),
        ...(writtenInObject(index, literal) ? { written: true } : {}),
      });
  return literals;
}

/** Calls whose object argument is what a value is checked against (`expect(e).toMatchObject({ … })`). */
const ASSERTIONS =
  /^(toEqual|toStrictEqual|toMatchObject|toMatch|toContainEqual|objectContaining|deepEqual|deepStrictEqual|match|includes|some|find|isMatch)$/;

/**
 * Whether a watched text is a property's value in an object literal (the few such literals of a file
 * are looked up among its objects), not one an assertion compares with.
 */
function writtenInObject(index: ScopeIndex, literal: Node): boolean {
  for (const object of index.objects) {
    if (!object.properties.some((property) => property.type === 'Property' && property.value === literal)) continue;
    const parent = index.parentOf.get(object);
    if (parent?.type !== 'CallExpression') return true;
    return !ASSERTIONS.test(calleeName(parent.callee) ?? '');
  }
  return false;
}

/**
 * Watched names written as tokens of their own in strings (literals, and each text part of a
 * template), in the order they are written: a name is a token where no letter, digit, `_` or `-`
 * touches it (`'A-OLD:B-OLD'` holds both).
 */
export function namesInStrings(index: ScopeIndex, source: string, vocabulary: Vocabulary): NameInStringFact[] {
  const found: NameInStringFact[] = [];
  // Nearly every file has strings and no watched name: one look at the text spares the regex per string.
  const names = vocabulary.namesInStrings;
  if (!names.some((name) => source.includes(name))) return found;
  const escaped = names.map(escapeRegExp);
  const pattern = new RegExp(`(?<![A-Za-z0-9_-])(${escaped.join('|')})(?![A-Za-z0-9_-])`, 'g');
  for (const literal of index.strings) {
    const texts =
      literal.type === 'Literal'
        ? [String(literal.value)]
        : literal.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw);
    for (const text of texts)
      for (const hit of text.matchAll(pattern)) found.push({ name: hit[1]!, range: rangeOf(literal) });
  }
  return found;
}
