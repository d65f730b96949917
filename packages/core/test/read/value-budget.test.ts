/**
 * The budget of a file's values (url/budget.ts, issue 27): a value past the limit of the moment is
 * unknown where it is built, and only there; what ordinary code beside it builds is read in full.
 * The timing of these shapes through both engines is in the scanner's robustness suite
 * (hostile-input.test.ts); here, what the reader makes of them.
 */
import { describe, expect, test } from 'vitest';
import { LARGE_VALUE, ORDINARY_VALUE, ValueBudget, withValueBudget } from '../../src/url/budget.js';
import { anyOfTexts, concatPatterns, sizeOfPattern, text } from '../../src/url/pattern.js';
import { factsIn, patternToString, valueIn } from '../support/extract.js';

const API = 'https://api.cloudflare.com/client/v4';
const UNRELATED = `export const rules = (z) => fetch(\`${API}/zones/\${z}/firewall/rules\`);\n`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The URLs of the file's requests and mentions, in words. */
function urls(code: string): string[] {
  return factsIn(code, 'snippet.js').requests.map((request) => patternToString(request.url));
}

/** `a0 = '/zones/'`, then `a{i} = a{i-1} + a{i-1}` up to `a{levels}`: 6 * 2^levels characters. */
function doubling(levels: number): string {
  return (
    "const a0 = '/zones/';\n" +
    range(levels)
      .map((i) => `const a${i + 1} = a${i} + a${i};\n`)
      .join('')
  );
}

describe('a value past the limit is unknown where it is built, and only there', () => {
  test('a chain of forty conditionals over the one before (2^40 branches as a tree)', () => {
    const code =
      "const c = Math.random() > 0.5;\nconst a0 = '/zones/';\n" +
      range(40)
        .map((i) => `const a${i + 1} = c ? a${i} + 'x' : a${i} + 'y';\n`)
        .join('') +
      `export const x = fetch(a40);\n${UNRELATED}`;
    const facts = factsIn(code, 'snippet.js');
    expect(facts.requests.map((request) => patternToString(request.url))).toContain(
      `${API}/zones/\${arg0}/firewall/rules`,
    );
    // Branches past the limit are one unknown (and the next ones, over an unknown, few again).
    expect(facts.requests.length).toBeLessThan(100);
    for (const request of facts.requests)
      expect(sizeOfPattern(request.url).pieces).toBeLessThanOrEqual(LARGE_VALUE.pieces);
  });

  test('helpers each passing a conditional to the one before', () => {
    const code =
      `export function h0(p) { return fetch(\`${API}/zones/\${p}/dns_records\`); }\n` +
      range(30)
        .map((i) => `export function h${i + 1}(p, c) { return h${i}(c ? p + 'a' : p + 'b'); }\n`)
        .join('') +
      UNRELATED;
    expect(urls(code)).toContain(`${API}/zones/\${arg0}/firewall/rules`);
  });

  test('calls of an imported helper nested in their own arguments (a tree of arguments)', () => {
    const code =
      "import { f } from './paths.js';\nconst a0 = '/zones/';\n" +
      range(40)
        .map((i) => `const a${i + 1} = f(a${i}, a${i});\n`)
        .join('') +
      `export const x = fetch(a40);\n${UNRELATED}`;
    const facts = factsIn(code, 'snippet.js');
    const sent = facts.requests.find((request) => request.range[0] === code.indexOf('a40)'));
    // Past the limit a call is unknown (and the next one, of two unknowns, small again): never a
    // call of `f` whose arguments the scanner would walk as a tree of 2^40.
    expect(sizeOfPattern(sent!.url).pieces).toBeLessThanOrEqual(LARGE_VALUE.pieces);
    expect(facts.requests.map((request) => patternToString(request.url))).toContain(
      `${API}/zones/\${arg0}/firewall/rules`,
    );
  });

  test('a value doubling sixty times stops at the limit; the ones before it are read', () => {
    const facts = factsIn(`${doubling(60)}export const x = fetch(a60);\nexport const y = fetch(a5);\n`, 'snippet.js');
    const [x, y] = facts.requests;
    expect(x!.url.every((part) => part.kind === 'hole')).toBe(true);
    expect(sizeOfPattern(x!.url).pieces).toBeLessThanOrEqual(LARGE_VALUE.pieces);
    expect(patternToString(y!.url)).toBe('/zones/'.repeat(32));
  });

  test('a map of more entries than a value may hold, read with an unknown key, is unknown; a small one a choice', () => {
    const map = (n: number) => `const M = { ${range(n).map((i) => `k${i}: 's${i}'`)} };\nconst value = M[key];\n`;
    expect(valueIn(map(3))).toBe('string {s0|s1|s2}');
    expect(valueIn(map(LARGE_VALUE.pieces))).toBe('unknown');
  });
});

/** A constant of 40 KB of text in one literal: large, within the limit while the budget lasts. */
const BIG = `const big = '/zones/${'x/'.repeat(20_000)}';\n`;

describe("once the file's budget is spent, values of an ordinary URL's size are still read", () => {
  test('ten thousand values built from a 40 KB constant, then ordinary code', () => {
    const code =
      BIG +
      range(10_000)
        .map((i) => `export const b${i} = big + '${i}';\n`)
        .join('') +
      `export const late = fetch(\`${API}/zones/\${zone}/rate_limits\`);\n${UNRELATED}`;
    const read = urls(code);
    expect(read).toContain(`${API}/zones/\${zone}/rate_limits`);
    expect(read).toContain(`${API}/zones/\${arg0}/firewall/rules`);
  });

  test('ten thousand requests to one 40 KB constant: the first are read whole, the rest unknown, the others whole', () => {
    const code =
      BIG +
      range(10_000)
        .map(() => 'fetch(big);\n')
        .join('') +
      UNRELATED;
    const facts = factsIn(code, 'snippet.js');
    const whole = facts.requests.filter((request) => patternToString(request.url) === `/zones/${'x/'.repeat(20_000)}`);
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.length).toBeLessThan(10_000);
    expect(facts.requests.map((request) => patternToString(request.url))).toContain(
      `${API}/zones/\${arg0}/firewall/rules`,
    );
  });

  test('the limits of the moment: large while the budget lasts, ordinary after', () => {
    const budget = new ValueBudget(0);
    const big = [text('x'.repeat(ORDINARY_VALUE.text + 1))];
    withValueBudget(budget, () => {
      expect(concatPatterns(big, [text('/')])).not.toEqual([{ kind: 'hole' }]);
      for (let i = 0; i < 10_000 && budget.limit === LARGE_VALUE; i++) concatPatterns(big, [text('/')]);
      expect(concatPatterns(big, [text('/')])).toEqual([{ kind: 'hole' }]);
      expect(concatPatterns([text('/zones/')], [text('x')])).toEqual([text('/zones/x')]);
      expect(anyOfTexts([[text('a')], [text('b')]])).toEqual([{ kind: 'choice', options: ['a', 'b'] }]);
    });
    expect(budget.cut).toBe(1);
  });
});
