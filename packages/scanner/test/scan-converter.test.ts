/**
 * The scanner's parser (TypeScript's createSourceFile + the ESTree converter) against
 * typescript-estree (the ESLint plugin's parser): core must extract the very same facts, source
 * ranges and text spans included, from both trees. Snippets cover the syntax the converter maps
 * by hand; fixtures/ and the parity test cover realistic files.
 */
import { resolveSettings } from '@sunset-lint/core';
import { extractFileFacts } from '@sunset-lint/core/internal';
import { describe, expect, test } from 'vitest';
import { parseForTest } from '../../core/test/support/parse.js';
import { parseSource } from '../src/scan/reader/parse.js';
import { loadOxc, oxcParseSource } from '../src/scan/reader/parse-oxc.js';
import type { ParseSource } from '../src/scan/reader/parse-outcome.js';

const settings = resolveSettings({ asOf: '2026-01-01' });
const API = 'https://api.cloudflare.com/client/v4';

const SNIPPETS: Array<[string, string]> = [
  [
    'optional chains and non-null',
    `const r = await client?.zones?.[id]!.fetch?.(\`${API}/zones/\${id}/firewall/rules\`);\nconst n = (a?.b).c; x!.y?.z();`,
  ],
  [
    'classes: fields, parameter properties, accessors, static blocks, private names',
    `import Cloudflare from 'cloudflare';\nexport class Api {\n  #base = '${API}';\n  static { init(); }\n  constructor(private readonly cf: Cloudflare, public token = 't') {}\n  get base() { return this.#base; }\n  async #get(path: string) { return fetch(\`\${this.#base}\${path}\`); }\n  rules(zone: string) { return this.#get(\`/zones/\${zone}/firewall/rules\`); }\n  list() { return this.cf.firewall.rules.list({ zone_id: 'z' }); }\n}`,
  ],
  [
    'overloads, declare, abstract',
    `export function get(path: '/a'): Promise<1>;\nexport function get(path: string): Promise<unknown>;\nexport function get(path: string) { return fetch('${API}' + path); }\ndeclare function ext(x: string): void;\nabstract class B { abstract go(): void; run() { return get('/zones/1/rate_limits'); } }`,
  ],
  [
    'enums, namespaces, types that must stay silent',
    `enum Setting { Brotli = 'brotli', Minify = 'minify' }\nnamespace Ns { export const url = '${API}/user/billing/profile'; }\ninterface Rec { locked: boolean; notification_email: string }\ntype Id = 'brotli';\nexport type { Rec };\nconst s = Setting.Brotli;`,
  ],
  [
    'destructuring, defaults, rest, spread',
    `const { a: { b = '${API}' } = {}, ...rest } = cfg;\nconst [first, , third = '/zones'] = list;\nfunction f({ base = '${API}', path }: { base?: string; path: string }, ...more: string[]) { return fetch(base + path, { ...init, method: 'DELETE' }); }\nf({ path: '/zones/1/filters' });`,
  ],
  [
    'templates, tagged templates, escapes, numbers',
    `const u = \`${API}/zones/\${z}/settings/\${'brotli'}\`;\nconst t = tag\`\${a}}x\${b}\`;\nconst e = '\\u0062rotli' + "\\x2f" + 'a\\'b';\nif (err.code === 1_004 || code === 0x3ec) {}\nfetch(\`\${u}\`);`,
  ],
  [
    'imports and exports of every kind',
    `import def, * as ns from './a.js';\nimport { x as y, type T, 'str' as z } from './b';\nimport type { U } from './c';\nexport { y as x2, def };\nexport * from './d';\nexport * as e from './e';\nexport { f as default } from './f';\nexport default { ZONE: '/zones' };\nconst m = require('./g.cjs');\nmodule.exports = { m };\nexports.k = m.k;`,
  ],
  [
    'control flow and statements',
    `for (const x of xs) { if (x) continue; else break; }\nfor (let i = 0; i < 3; i++) fetch(\`${API}/zones/\${i}/rate_limits\`, { method: 'POST' });\nfor (const k in o) {}\nwhile (a) { do { b(); } while (c); }\nswitch (err.code) { case 1004: throw err; default: }\ntry { x(); } catch { y(); } finally { z(); }\nlabel: for (;;) { break label; }`,
  ],
  [
    'operators and expressions',
    `a ||= '${API}'; b ??= c; d += '/zones'; e = f, g;\nconst h = typeof i === 'string' ? void 0 : delete j.k;\nconst l = new URL('/zones/1/filters', '${API}/');\nconst m = <string>n; const o = p as const satisfies Q; const r = s<T>;\nconst fn = async function* named() { yield* gen(); await x; };\nconst arrow = async (v) => ({ v });`,
  ],
  [
    'TypeScript declarations: string enum members, dotted namespaces, import =, overloads, ambient modules',
    `enum Paths { 'zones' = '/zones', Plain = 1 }\nnamespace A.B { export const u = '${API}/user/billing/profile'; }\nimport cf = require('cloudflare');\nexport import Rules = A.B;\nclass C { get(p: '/a'): void; get(p: string) { return fetch('${API}' + p); } }\ndeclare module 'x' { export function f(path: string): void; }\ndeclare global { var api: string; }`,
  ],
  [
    'regular expressions, bigints, private-name checks',
    `const big = 10n, re = /zones\\/[0-9]+/gi;\nclass P { #k = '${API}/zones'; has(o: object) { return #k in o && re.test(this.#k); } }\nexport default function () { return fetch(\`${API}/zones/\${big}/rate_limits\`); }`,
  ],
];

const JSX_SNIPPET = `export function Page({ pool }) {\n  const url = '${API}/user/billing/history';\n  return <div className="x" {...rest}><a href={url}>{pool.notification_email}</a><>{items.map((i) => <b key={i}>{i}</b>)}</></div>;\n}`;

/** Every snippet, and the JSX one in each kind of file: the facts from `parse`'s tree equal those from typescript-estree's. */
function sameFactsAsTypescriptEstree(parse: ParseSource): void {
  const factsOf = (file: string, source: string) => {
    const parsed = parse(file, source);
    if (!parsed.ok) throw new Error(parsed.message);
    return extractFileFacts(parsed.program, source, settings);
  };
  test.each(SNIPPETS)('%s', (_name, source) => {
    expect(factsOf('snippet.ts', source)).toEqual(
      extractFileFacts(parseForTest(source, 'snippet.ts'), source, settings),
    );
  });
  test.each(['snippet.tsx', 'snippet.jsx', 'snippet.js'])('JSX in %s', (file) => {
    expect(factsOf(file, JSX_SNIPPET)).toEqual(
      extractFileFacts(parseForTest(JSX_SNIPPET, file), JSX_SNIPPET, settings),
    );
  });
}

describe('converter vs typescript-estree: identical facts', () => {
  sameFactsAsTypescriptEstree(parseSource);

  test('decorators are read as typescript-estree gives them (their arguments are code)', () => {
    const source = `@Controller('zones')\nexport class C {\n  @Inject(\`${API}/zones/\${id}/firewall/rules\`) rules!: string;\n  @Get('settings/brotli') m(@Param('id') id: string) {}\n}`;
    const converted = parseSource('snippet.ts', source);
    if (!converted.ok) throw new Error(converted.message);
    const facts = extractFileFacts(converted.program, source, settings);
    expect(facts).toEqual(extractFileFacts(parseForTest(source, 'snippet.ts'), source, settings));
    expect(facts.inFile.writtenPaths.map((path) => path.text)).toContain('settings/brotli');
  });

  test('a syntax error is reported with its offset', () => {
    expect(parseSource('bad.ts', 'const a = 1;\nconst = ;')).toMatchObject({ ok: false, offset: 19 });
  });

  test('syntax only the checker rejects, with no ESTree shape, is reported like a syntax error', () => {
    expect(parseSource('bad.ts', 'const a = 1;\nclass { m() {} }')).toMatchObject({
      ok: false,
      offset: 13,
      message: expect.stringContaining('a class declaration without a name'),
    });
    expect(parseSource('bad.ts', 'import x from\n  source;')).toMatchObject({ ok: false, offset: 16 });
  });
});

const loaded = await loadOxc();

// JSON transfer everywhere oxc-parser loads (`auto` takes it on Node 20 for a small scan), raw
// transfer where it runs (Node 22+).
const transfers = 'oxc' in loaded ? (loaded.transfer === 'raw' ? (['raw', 'json'] as const) : (['json'] as const)) : [];

describe.skipIf(!('oxc' in loaded)).each(transfers)(
  'oxc-parser (%s transfer) vs typescript-estree: identical facts',
  (transfer) => {
    // The fallback as the scan loads it (a `require` of the built parse.js), here the source module.
    const parse = 'oxc' in loaded ? oxcParseSource(loaded.oxc, transfer, () => parseSource) : parseSource;
    sameFactsAsTypescriptEstree(parse);

    test("a file oxc rejects gets the TypeScript path's outcome, message and offset included", () => {
      const sources = [
        ...['const a = 1;\nconst = ;', 'import x from\n  source;', 'function () {}', 'const {[a]} = b;'],
        // Parsed by oxc without a complaint but for its semantic checks; TypeScript's path has no ESTree for them.
        ...['const a = 1;\nclass { m() {} }', 'x = import();', 'import x = require(y);', 'export { "q" };'],
        // oxc rejects, TypeScript's parser takes.
        ...['class A {}\nthis.#x;', 'enum E { [x] = 1 }', 'let a; let a;'],
      ];
      for (const source of sources) expect(parse('bad.ts', source)).toEqual(parseSource('bad.ts', source));
    });
  },
);
