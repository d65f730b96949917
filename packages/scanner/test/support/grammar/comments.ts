/**
 * Suppression comments in every place a comment may stand (issue 27): a generated program gets
 * directives (`eslint-disable…`, `eslint-enable`, `sunset-lint-ignore`, `eslint <rule>: …`) written into gaps between
 * its tokens, before the first and after the last, as block comments anywhere, as line comments
 * at a line's end or on a line of their own (only where a line break already is, so that no
 * statement ends differently). Both engines must then silence, and call unused, the same things.
 */
import { loadCatalogue, RULE_NAMES } from '@sunset-lint/core';
import fc from 'fast-check';
import tseslint from 'typescript-eslint';

/** How a comment is written into its gap. */
type Form = 'block' | 'line-at-end' | 'line-own' | 'block-multiline';

export interface CommentInsertion {
  /** Which gap (modulo the number of gaps): before the first token, between two, after the last. */
  gap: number;
  /** Right after the token before the gap, or right before the token after it. */
  atEnd: boolean;
  form: Form;
  /** The comment's text between its delimiters. */
  text: string;
}

let entryIds: string[] | undefined;
const catalogueIds = () => (entryIds ??= loadCatalogue().entries.map((entry) => entry.id));

// Not `sunset-lint-upcoming/…`: only `recommended-by-grade` registers it, elsewhere ESLint calls it unknown.
const ruleListArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 4, arbitrary: fc.constantFrom(...RULE_NAMES).map((rule) => ` sunset-lint/${rule}`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...RULE_NAMES), fc.constantFrom(...RULE_NAMES))
      .map(([a, b]) => ` sunset-lint/${a}, sunset-lint/${b}`),
  },
);

const descriptionArb = fc.constantFrom('', ' -- generated');

const directiveArb: fc.Arbitrary<{ text: string; oneLine: boolean }> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('eslint-disable-next-line', 'eslint-disable-line', 'eslint-disable', 'eslint-enable'),
      ruleListArb,
      descriptionArb,
    )
    // A block `eslint-disable-line` over two lines is ESLint's own error: written on one line only.
    .map(([label, rules, description]) => ({
      text: `${label}${rules}${description}`,
      oneLine: label === 'eslint-disable-line',
    })),
  fc
    .tuple(
      fc.constant(null).map(() => catalogueIds()),
      fc.nat(),
      fc.constantFrom(' -- generated', ''),
    )
    .map(([ids, n, reason]) => ({ text: `sunset-lint-ignore ${ids[n % ids.length]!}${reason}`, oneLine: false })),
  // Inline configuration of a rule (in a line comment it configures nothing, in either engine).
  fc
    .tuple(
      fc.constantFrom(...RULE_NAMES),
      fc.constantFrom('off', '"off"', '0', '"warn"', '2', '["error", { "grades": ["imminent"] }]'),
    )
    .map(([rule, value]) => ({ text: `eslint sunset-lint/${rule}: ${value}`, oneLine: false })),
  fc.constant({ text: 'a plain comment', oneLine: false }),
);

export const commentInsertionArb: fc.Arbitrary<CommentInsertion> = fc
  .record({
    gap: fc.nat(),
    atEnd: fc.boolean(),
    form: fc.constantFrom<Form>('block', 'block', 'line-at-end', 'line-own', 'block-multiline'),
    directive: directiveArb,
  })
  .map(({ gap, atEnd, form, directive }) => ({
    gap,
    atEnd,
    form: directive.oneLine && form === 'block-multiline' ? 'block' : form,
    text: directive.text,
  }));

/** typescript-eslint's parser as far as this reads it (its exported type is ESLint's loose compatibility type). */
interface TokenParser {
  parseForESLint(
    code: string,
    options: { range: boolean; tokens: boolean; filePath: string },
  ): { ast: { tokens?: Array<{ range: [number, number] }> } };
}

/** The gaps between the program's tokens (typescript-estree's, as ESLint reads them), as offsets. */
function gapsOf(code: string, fileName: string): Array<[start: number, end: number]> {
  const { ast } = (tseslint.parser as unknown as TokenParser).parseForESLint(code, {
    range: true,
    tokens: true,
    filePath: fileName,
  });
  const tokens = ast.tokens ?? [];
  const gaps: Array<[number, number]> = [];
  let previousEnd = 0;
  for (const token of tokens) {
    gaps.push([previousEnd, token.range[0]]);
    previousEnd = token.range[1];
  }
  gaps.push([previousEnd, code.length]);
  return gaps;
}

/** The program with the comments written into it. */
export function insertComments(code: string, fileName: string, insertions: readonly CommentInsertion[]): string {
  if (insertions.length === 0) return code;
  const gaps = gapsOf(code, fileName);
  const edits: Array<{ at: number; text: string }> = [];
  for (const insertion of insertions) {
    const [start, end] = gaps[insertion.gap % gaps.length]!;
    const newline = code.slice(start, end).indexOf('\n');
    const at = insertion.atEnd ? end : start;
    if (newline === -1 || insertion.form === 'block') {
      edits.push({ at, text: insertion.atEnd ? `/* ${insertion.text} */ ` : ` /* ${insertion.text} */` });
      continue;
    }
    // Forms that need a line break: written beside the one the gap already has.
    const lineBreak = start + newline;
    if (insertion.form === 'line-at-end') edits.push({ at: lineBreak, text: ` // ${insertion.text}` });
    else if (insertion.form === 'line-own') edits.push({ at: lineBreak + 1, text: `// ${insertion.text}\n` });
    else edits.push({ at: lineBreak + 1, text: `/*\n ${insertion.text}\n */ ` });
  }
  // From the end, so that each offset still holds; a stable sort keeps equal offsets in order.
  let result = code;
  for (const edit of edits.sort((a, b) => b.at - a.at))
    result = result.slice(0, edit.at) + edit.text + result.slice(edit.at);
  return result;
}
