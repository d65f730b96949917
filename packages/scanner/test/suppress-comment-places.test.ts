/**
 * Engine parity on suppression comments (issue 27): a directive written where there is no token
 * on one side of it (an empty argument list, an empty block, before `;`, at the end of the file…)
 * is found by the scanner as by ESLint, so the editor and CI silence the same findings.
 */
import { describe, expect, test } from 'vitest';
import { ParityEngines } from './support/engines.js';

const API = 'https://api.cloudflare.com/client/v4';
const NEXT = 'eslint-disable-next-line sunset-lint/no-deprecated-endpoint';
/** The request each case silences, on the line after the comment. */
const REQUEST = `fetch(\`${API}/zones/\${zone}/rate_limits\`);`;

const places: Record<string, string> = {
  'an empty argument list': `f(/* ${NEXT} */);`,
  'an empty block': `{ /* ${NEXT} */ }`,
  'an empty array': `[/* ${NEXT} */];`,
  'an empty object': `({ /* ${NEXT} */ });`,
  'before a semicolon': `f() /* ${NEXT} */;`,
  'after a return': `function g() { return /* ${NEXT} */; }`,
  'an empty parameter list': `function h(/* ${NEXT} */) {}`,
  'an empty class body': `class K { /* ${NEXT} */ }`,
  'an empty template hole': `void \`\${/* ${NEXT} */ 0}\`;`,
  'after a comma': `f(1, /* ${NEXT} */);`,
  'a line comment after an opening brace': `if (zone) { // ${NEXT}`,
  'a line comment after a statement': `f(); // ${NEXT}`,
  'a block comment after a closing brace': `if (zone) {} /* ${NEXT} */`,
  'a line comment after an arrow': `const k = () => // ${NEXT}`,
};

const engines = new ParityEngines({ minConfidence: 'medium', userEntries: false });

describe('a directive in an empty place silences the next line in both engines', () => {
  test.each(Object.entries(places))('%s', async (_, line) => {
    const closing = line.endsWith('{ // ' + NEXT) ? '}\n' : line.endsWith('=> // ' + NEXT) ? '' : '';
    const code = [
      'declare function f(...a: unknown[]): void;',
      'declare const zone: string;',
      line,
      line.endsWith(`=> // ${NEXT}`) ? `  ${REQUEST}` : REQUEST,
      closing,
    ].join('\n');
    const program = { fileName: 'snippet.ts' as const, code };
    const file = engines.write(program);
    const plugin = engines.plugin(program, file);
    const scanner = await engines.scanner(program, file);
    expect({ plugin: plugin.problems, scanner: scanner.problems }).toEqual({ plugin: [], scanner: [] });
    expect(plugin.findings).toEqual([]);
    expect(scanner.findings).toEqual([]);
  });
});

test('U+2028 and U+2029 end lines in both engines, as ESLint counts them', async () => {
  const code = [
    "const s = 'a\u2028b';",
    "const t = 'c\u2029d';",
    `declare const zone: string;`,
    REQUEST,
    `// ${NEXT}`,
    REQUEST,
  ].join('\n');
  const program = { fileName: 'snippet.ts' as const, code };
  const file = engines.write(program);
  const lines = (findings: string[]) => findings.map((line) => line.split(':').slice(0, 1).join());
  const plugin = engines.plugin(program, file);
  const scanner = await engines.scanner(program, file);
  // Line 4 of the text holds the first request: lines 6 as ESLint counts (two more breaks).
  expect(lines(plugin.findings)).toEqual(['6']);
  expect(lines(scanner.findings)).toEqual(['6']);
});

/** ESLint's own bookkeeping of directives, which the scanner now follows (issue 27). */
const bookkeeping: Record<string, string[]> = {
  'one comment naming two rules, both unused: one message naming both': [
    '/* eslint-disable-next-line sunset-lint/no-deprecated-field, sunset-lint/no-legacy-chacha20-ciphers */',
    'f(1);',
  ],
  'one of two rules used: a message for the other alone': [
    `${REQUEST} // eslint-disable-line sunset-lint/no-deprecated-endpoint, sunset-lint/no-deprecated-field`,
  ],
  'an eslint-enable with nothing disabled before it': [
    '/* eslint-enable sunset-lint/no-deprecated-endpoint */',
    REQUEST,
  ],
  'a bare eslint-enable with nothing disabled before it (ESLint reports it on its own; not compared)': [
    '/* eslint-enable */',
    REQUEST,
  ],
  'a -line directive under a block that already silences: the -line one is unused': [
    '/* eslint-disable sunset-lint/no-deprecated-endpoint */',
    `${REQUEST} // eslint-disable-line sunset-lint/no-deprecated-endpoint`,
  ],
  'two block disables: the last one before the finding is used': [
    '/* eslint-disable sunset-lint/no-deprecated-endpoint */',
    '/* eslint-disable sunset-lint/no-deprecated-endpoint */',
    REQUEST,
  ],
  "an unused sunset-lint-ignore is a rule's report, which eslint-disable silences": [
    '/* eslint-disable */',
    '// sunset-lint-ignore rate-limiting-legacy -- reviewed',
    'f();',
  ],
};

describe("unused directives and what they silence, as ESLint's own bookkeeping has it", () => {
  test.each(Object.entries(bookkeeping))('%s', async (_, lines) => {
    const code = ['declare function f(...a: unknown[]): void;', 'declare const zone: string;', ...lines, ''].join('\n');
    const program = { fileName: 'snippet.ts' as const, code };
    const file = engines.write(program);
    const plugin = engines.plugin(program, file);
    const scanner = await engines.scanner(program, file);
    expect(scanner.problems).toEqual([]);
    expect({ findings: scanner.findings, comments: scanner.comments }).toEqual({
      findings: plugin.findings,
      comments: plugin.comments,
    });
  });
});

test('a lone \\r ends a line in both engines, and a directive after it still names the next line', async () => {
  const code = ['declare const zone: string;', REQUEST, `// ${NEXT}`, REQUEST, REQUEST, ''].join('\r');
  const program = { fileName: 'snippet.ts' as const, code };
  const file = engines.write(program);
  const plugin = engines.plugin(program, file);
  const scanner = await engines.scanner(program, file);
  expect(plugin.findings.map((line) => line.split(':')[0])).toEqual(['2', '5']);
  expect(scanner.findings).toEqual(plugin.findings);
});
