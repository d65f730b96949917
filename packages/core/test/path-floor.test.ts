/**
 * The grep floor (match/path-floor.ts, read/written-paths.ts, place/floor.ts): the written path
 * is a finding by its text, where the evaluator does not follow it, unless the code around it is
 * silent; the evaluator's reading of the same expression wins.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { withFloorReadings } from '../src/place/floor.js';
import { analyzeSnippet } from './support/snippets.js';
import { factsOf, settings } from './read/support.js';
import { extractFacts } from '../src/read/extract.js';
import { vocabularyOf } from '../src/match/vocabulary.js';
import { parseForTest } from './support/parse.js';

/** `line:entry:confidence` of each single-file finding. */
function found(code: string, file?: string): string[] {
  return analyzeSnippet(code, {}, file).map((f) => `${f.line}:${f.entryId}:${f.confidence}`);
}

const silentOf = (code: string) => factsOf(code).inFile.writtenPaths.map((path) => path.silent ?? 'used');

describe('written paths nobody is seen sending are findings (medium)', () => {
  test.each([
    ['an array of segments', "client._get(['zones', zoneId, 'rate_limits']);", 'rate-limiting-legacy'],
    ['a generic word with its neighbours', "client._get(['zones', zoneId, 'filters', id]);", 'firewall-rules-api'],
    ['a resource class path property', "class Rules { path = 'zones/:zoneId/firewall/rules'; }", 'firewall-rules-api'],
    [
      'a suffix in an options table',
      "export const paths = { list: '/access/bookmarks' };",
      'access-bookmark-applications',
    ],
    ['a tagged template', 'export const u = path`zones/${id}/analytics/dashboard`;', 'zone-analytics-api'],
    [
      'an organizations path 9.4 does not list',
      'export const p = `organizations/${org}/virtual_dns`;',
      'organizations-api',
    ],
    [
      'a default parameter',
      "export function list(p = '/firewall/waf/overrides') { return api.call(p); }",
      'waf-managed-rules-legacy',
    ],
  ])('%s', (_, code, entryId) => {
    expect(
      found(
        `declare const client: any, api: any, zoneId: string, id: string, org: string; declare function path(s: TemplateStringsArray, ...v: unknown[]): string;\n${code}`,
      ),
    ).toEqual([`2:${entryId}:medium`]);
  });

  test('a generic word alone, with no path around it, is not evidence', () => {
    expect(found("export const tab = 'filters'; export const word = 'tunnels';")).toEqual([]);
  });

  test("a field spliced into a path by a base class's method is placed at the field's string", () => {
    const code = [
      'abstract class Collection {',
      '  protected abstract readonly segment: string;',
      '  constructor(private readonly http: { get(url: string): unknown }, private readonly zoneId: string) {}',
      '  list() { return this.http.get(`zones/${this.zoneId}/${this.segment}`); }',
      '}',
      "export class Filters extends Collection { protected readonly segment = 'filters'; }",
      "export class Pages extends Collection { protected readonly segment = 'pagerules'; }",
    ].join('\n');
    expect(found(code)).toEqual(['6:firewall-rules-api:medium']);
  });

  test("where a request sends the text, the evaluator's reading (high) is the finding, once", () => {
    expect(
      found(
        'export const list = (z: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${z}/firewall/rules`);',
      ),
    ).toEqual(['1:firewall-rules-api:high']);
  });
});

describe('silent contexts', () => {
  test.each([
    ['a log message', "console.warn('/zones/x/rate_limits retired');", 'message'],
    ['a log message without words', "logger.info('/zones/x/rate_limits');", 'message'],
    ['an error', 'throw new Error(`GET zones/${id}/firewall/rules failed`);', 'message'],
    ['a test title', "it('lists zones/:id/firewall/rules', () => {});", 'message'],
    [
      'a variable only logged',
      "const p = cond ? 'filters' : 'firewall/waf/packages'; console.warn(`/zones/${z}/${p}`);",
      'message',
    ],
    [
      // The variable's uses are found by its name in the text: `$` is a character of names there.
      'a variable named with `$`, only logged',
      "const $p = cond ? 'filters' : 'firewall/waf/packages'; console.warn(`/zones/${z}/${$p}`);",
      'message',
    ],
    ['prose', "export const help = 'This command reads firewall/rules before the migration';", 'prose'],
    ['a docs URL', "export const docs = 'https://developers.cloudflare.com/firewall/rules/';", 'another host'],
    ["the app's own route", 'fetch(`/api/cf/zones/${id}/firewall/rules`);', 'another base'],
    ['a route it serves', "app.get('/zones/:id/rate_limits', (req, res) => res.json([]));", 'own route'],
    ['a router mount', "app.use('/zones/:zoneId/filters', filtersRouter);", 'own route'],
    ['a decorator', "class C { @Get('firewall/rules') list() {} }", 'own route'],
    ['a comparison', "if (url.pathname === '/zones/x/rate_limits') respond();", 'comparison'],
    ['a startsWith test', "if (path.startsWith('/firewall/rules')) respond();", 'comparison'],
  ])('%s', (_, code, silent) => {
    expect(silentOf(code)).toContain(silent);
    expect(silentOf(code)).not.toContain('used');
  });

  test("a JSX element's `path` is a page of the app, unless a method beside it makes it a request", () => {
    const code = [
      'export const page = (',
      '  <div>',
      '    <Route path="/zones/:id/firewall/rules" element={<Rules />} />',
      '    <a href="/accounts/x/tunnels">tunnels</a>',
      '    <ApiEndpoint method="GET" path="/accounts/{account_id}/tunnels/{tunnel_id}" />',
      '  </div>',
      ');',
    ].join('\n');
    expect(found(code, 'page.tsx')).toEqual(['5:tunnels-legacy-api:medium']);
  });

  test('types and comments are never texts', () => {
    expect(silentOf("// GET /zones/:id/rate_limits\ntype P = '/zones/:id/firewall/rules';")).toEqual([]);
  });

  test('a path a request sends to another host is that host’s, for the floor and for mentions', () => {
    const code = [
      "import axios from 'axios';",
      "const sentry = axios.create({ baseURL: 'https://sentry.io/api/0/' });",
      'export const members = (org: string) => sentry.get(`organizations/${org}/members/`);',
    ].join('\n');
    expect(found(code)).toEqual([]);
  });

  test('the same path with a base the file does not show is ours (medium)', () => {
    expect(
      found(
        'declare const api: any;\nexport const members = (org: string) => api.get(`organizations/${org}/members/`);',
      ),
    ).toEqual(['2:organizations-api:medium']);
  });
});

describe('the organizations area is matched as a whole', () => {
  test('a listed endpoint names the finding; an unlisted one is under the area', () => {
    const messages = analyzeSnippet(
      [
        "const API = 'https://api.cloudflare.com/client/v4';",
        'export const a = (o: string) => fetch(`${API}/organizations/${o}/roles`);',
        'export const b = (o: string) => fetch(`${API}/organizations/${o}/load_balancers/pools`);',
      ].join('\n'),
    ).map((f) => `${f.line}:${f.confidence} ${f.message.split(' (')[0]}`);
    expect(messages).toEqual([
      '2:high GET /organizations/:organization_identifier/roles',
      '3:high GET /organizations/:organization_identifier',
    ]);
  });
});

describe("the floor's readings beside the others (place/floor.ts)", () => {
  type Reading = { file?: string; entryId: string; range: [number, number]; root?: [number, number] };
  const reading = fc.record({
    file: fc.constantFrom(undefined, 'a.ts', 'b.ts'),
    entryId: fc.constantFrom('e1', 'e2'),
    range: fc
      .tuple(fc.nat(60), fc.integer({ min: 1, max: 20 }))
      .map(([start, length]): [number, number] => [start, start + length]),
    root: fc.option(
      fc
        .tuple(fc.nat(60), fc.integer({ min: 1, max: 40 }))
        .map(([start, length]): [number, number] => [start, start + length]),
      { nil: undefined },
    ),
  });
  /** The rule in one line: a floor reading stays where no other reading of its file and entry overlaps its root. */
  const byRule = (readings: readonly Reading[], floor: readonly Reading[]) => [
    ...readings,
    ...floor.filter((one) => {
      const [from, to] = one.root ?? one.range;
      return !readings.some(
        (other) =>
          other.file === one.file && other.entryId === one.entryId && other.range[0] < to && from < other.range[1],
      );
    }),
  ];

  test('are kept exactly where no other reading of the entry lies in their expression', () => {
    fc.assert(
      fc.property(fc.array(reading, { maxLength: 30 }), fc.array(reading, { maxLength: 30 }), (readings, floor) => {
        expect(withFloorReadings(readings, floor, (one) => one.root)).toEqual(byRule(readings, floor));
      }),
    );
  });

  test('twenty thousand readings of one entry in one file (an SRV record each) and as many of the floor', () => {
    const readings = Array.from({ length: 20_000 }, (_, i): Reading => ({
      entryId: 'e1',
      range: [i * 10, i * 10 + 4],
    }));
    const floor = Array.from({ length: 20_000 }, (_, i): Reading => ({
      entryId: 'e1',
      range: [i * 10 + 5, i * 10 + 9],
    }));
    // Each floor reading lies between two of the others: all kept, and found so by a sorted index
    // (a walk over every other reading for each took 4 s for 4,000 SRV objects in the scanner).
    expect(withFloorReadings(readings, floor, () => undefined)).toHaveLength(40_000);
  });
});

describe("the windows' words a file holds", () => {
  // The reader finds the words' offsets in one pass and learns from it which words the file holds:
  // at each offset it sees the longest word starting there, so a shorter word written only inside
  // a longer one (`rules` in `rules_engine`) must still count.
  const vocabulary = vocabularyOf(settings.catalogue);
  const writtenPathsOf = (code: string, pathWords: string[][]) =>
    extractFacts(parseForTest(code, 'input.ts'), code, {
      catalogue: settings.catalogue,
      apiHosts: settings.apiHosts,
      vocabulary: { ...vocabulary, pathWords },
    }).inFile.writtenPaths.map((path) => path.text);

  test('a word written only inside a longer word of another window holds', () => {
    const code = "export const p = '/waf/rules_engine';";
    // `rules_engine` is a word of a window that does not hold (no `zzz`); `waf` and `rules` hold.
    expect(
      writtenPathsOf(code, [
        ['rules_engine', 'zzz'],
        ['waf', 'rules'],
      ]),
    ).toEqual(['/waf/rules_engine']);
    expect(
      writtenPathsOf(code, [
        ['waf', 'rules'],
        ['rules_engine', 'zzz'],
      ]),
    ).toEqual(['/waf/rules_engine']);
    expect(
      writtenPathsOf(code, [
        ['rules_engine', 'zzz'],
        ['waf', 'rulesets'],
      ]),
    ).toEqual([]);
  });
});

test("a parameter's decorator is read (the scope walk skips plain names, not decorated ones)", () => {
  const code = [
    'declare function Query(path: string): ParameterDecorator;',
    "export class Controller { list(@Query('/zones/:id/firewall/rules') id: string) { return id; } }",
  ].join('\n');
  expect(factsOf(code).requests.map((request) => `${request.via} ${request.range.join('-')}`)).toEqual([
    `mention ${code.indexOf("'/zones")}-${code.indexOf("')") + 1}`,
  ]);
});
