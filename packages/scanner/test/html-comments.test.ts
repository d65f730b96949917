/**
 * HTML-like comments (`<!--`, and `-->` at the start of a line) in CommonJS files (issue 27):
 * ESLint reads `.cjs` as a script, where ECMAScript's Annex B makes them line comments; the
 * scanner reads them alike on both of its parsers (a directive in one included), and leaves
 * `<!--` in strings, templates and regular expressions, and `a --> b` mid-line, alone.
 */
import { describe, expect, test } from 'vitest';
import { loadOxc } from '../src/scan/reader/parse-oxc.js';
import { ParityEngines } from './support/engines.js';

const API = "const API = 'https://api.cloudflare.com/client/v4';";
const REQUEST = 'fetch(`${API}/zones/${zone}/rate_limits`);';
const oxcRuns = 'oxc' in (await loadOxc());
const parsers = oxcRuns ? (['typescript', 'oxc'] as const) : (['typescript'] as const);

const scripts: Record<string, string[]> = {
  'a comment opened by <!-- at the start of the file': ['<!-- hide from old browsers', API, REQUEST],
  '<!-- after code, with a directive in it': [
    API,
    `${REQUEST} <!-- eslint-disable-line sunset-lint/no-deprecated-endpoint`,
    REQUEST,
  ],
  '--> at the start of a line, with a directive in it': [
    API,
    '  --> eslint-disable-next-line sunset-lint/no-deprecated-endpoint',
    REQUEST,
    REQUEST,
  ],
  '--> after a block comment that ends the line before': [API, '/* a\n */ --> the end of the hiding', REQUEST],
  'an unused directive in an HTML-like comment': [
    API,
    '<!-- eslint-disable-next-line sunset-lint/no-deprecated-field',
    REQUEST,
  ],
  '<!-- and --> where they are not comments': [
    API,
    'const s = \'<!-- not a comment\', t = "-->";',
    'const r = /<!--/, u = `<!-- ${s} -->`;',
    'let a = 2, b = 1; const down = a --> b;',
    `if (down) /<!--/.test(s); ${REQUEST}`,
    REQUEST,
  ],
};

const engines = new ParityEngines({ minConfidence: 'medium', userEntries: false });

describe('a .cjs file with HTML-like comments: the scanner reads it as ESLint does', () => {
  test.each(Object.entries(scripts))('%s', async (_, lines) => {
    const code = ['const zone = process.env.ZONE;', ...lines, ''].join('\n');
    const program = { fileName: 'snippet.cjs' as const, code };
    const file = engines.write(program);
    const plugin = engines.plugin(program, file);
    expect(plugin.problems).toEqual([]);
    expect(plugin.findings.length + plugin.comments.length).toBeGreaterThan(0);
    for (const parser of parsers) {
      const scanner = await engines.scanner(program, file, parser);
      expect({ parser, ...scanner }).toEqual({ parser, ...plugin });
    }
  });
});

test('in an ES module (.js) `<!--` stays a syntax error, in both engines', async () => {
  const program = { fileName: 'snippet.js' as const, code: ['<!-- old', API, REQUEST, ''].join('\n') };
  const file = engines.write(program);
  expect(engines.plugin(program, file).problems).toEqual([expect.stringMatching(/^1:1 Parsing error/)]);
  for (const parser of parsers)
    expect((await engines.scanner(program, file, parser)).problems).toEqual([
      expect.stringMatching(/^1:\d+ parse-error: /),
    ]);
});
