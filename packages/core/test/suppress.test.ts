/** Directive parsing details ESLint defines, on real comments read from real source by typescript-estree. */
import { describe, expect, test } from 'vitest';
import { placeComments } from '../src/suppress/comments.js';
import { parseDirectives, type Directive } from '../src/suppress/directives.js';
import { commentsForTest } from './support/parse.js';

const known = (id: string) => id === 'firewall-rules-api' || id === 'rate-limiting-legacy';
const directivesOf = (source: string): Directive[] =>
  parseDirectives(placeComments(source, commentsForTest(source, 'a.ts')), known);

describe('ESLint directives, parsed as ESLint parses them', () => {
  test('rule names are comma-separated, may be quoted, and the description starts at a blank-surrounded --', () => {
    const [directive] = directivesOf(
      '// eslint-disable-next-line \'sunset-lint/no-deprecated-endpoint\', "other/rule" -- why--not -- really\nx();',
    );
    expect(directive).toMatchObject({
      kind: 'eslint',
      type: 'disable-next-line',
      rules: ['sunset-lint/no-deprecated-endpoint', 'other/rule'],
      justification: 'why--not -- really',
    });
  });

  test('in a line comment only the -line forms are directives; block comments take all four', () => {
    const source = [
      '// eslint-disable sunset-lint/no-deprecated-endpoint',
      '// eslint-enable',
      '/* eslint-disable */',
      '/* eslint-enable sunset-lint/no-deprecated-endpoint */',
      '/* eslint-disable-line */',
      'x();',
    ].join('\n');
    expect(directivesOf(source).map((d) => (d.kind === 'eslint' ? d.type : d.kind))).toEqual([
      'disable',
      'enable',
      'disable-line',
    ]);
  });

  test('a bare directive applies to every rule; a word glued to the label is no directive', () => {
    expect(directivesOf('x(); // eslint-disable-line')).toMatchObject([{ type: 'disable-line', rules: undefined }]);
    expect(directivesOf('x(); // eslint-disable-lines')).toEqual([]);
  });
});

describe('sunset-lint-ignore', () => {
  test('alone on its line it targets the line after the comment ends; after code, its own line', () => {
    const source = [
      '/* sunset-lint-ignore firewall-rules-api --',
      '   a reason on the next line */',
      'x(); // sunset-lint-ignore rate-limiting-legacy, firewall-rules-api -- OPS-1 until 2025-06-30',
    ].join('\n');
    expect(directivesOf(source)).toMatchObject([
      { kind: 'ignore', entryIds: ['firewall-rules-api'], reason: 'a reason on the next line', targetLine: 3 },
      {
        kind: 'ignore',
        entryIds: ['rate-limiting-legacy', 'firewall-rules-api'],
        reason: 'OPS-1',
        until: '2025-06-30',
        targetLine: 3,
      },
    ]);
  });

  test('"until" without a date-like word is part of the reason; a reason of only a date is none', () => {
    expect(directivesOf('// sunset-lint-ignore firewall-rules-api -- wait until later\nx();')).toMatchObject([
      { kind: 'ignore', reason: 'wait until later' },
    ]);
    expect(directivesOf('// sunset-lint-ignore firewall-rules-api -- until 2025-06-30\nx();')).toMatchObject([
      { kind: 'invalid', message: expect.stringContaining('needs a reason') },
    ]);
  });

  test('no entry, or ids that are not in the catalogue, say so', () => {
    expect(directivesOf('// sunset-lint-ignore -- why\nx();')).toMatchObject([
      { kind: 'invalid', message: expect.stringContaining('names no catalogue entry') },
    ]);
    expect(directivesOf('// sunset-lint-ignore firewall-rules-api, a-b, c-d -- why\nx();')).toMatchObject([
      { kind: 'invalid', message: "sunset-lint-ignore names unknown catalogue entries: 'a-b', 'c-d'" },
    ]);
  });
});
