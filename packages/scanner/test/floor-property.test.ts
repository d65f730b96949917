/**
 * The grep floor as a property (issue 22): a retired path written in any position that is not
 * silent (an unknown call, an array, an object table, a class field, a default parameter, a
 * return, a template piece, an export) is reported by both engines with its entry, whatever the
 * evaluator makes of the code around it; the same text in a silent position (a log or error
 * message, a test title, a route the code serves, a comparison, another host, a type, a comment)
 * is reported by neither. Programs are generated (fast-check, fixed seed in CI); a failure prints
 * the seed and the smallest program. Replay with FLOOR_SEED=<seed> FLOOR_PATH=<path>.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';
import { ParityEngines } from './support/engines.js';
import { propertyRuns } from './support/property-runs.js';
import type { GeneratedProgram } from './support/snippet-grammar.js';

const property = propertyRuns('FLOOR', 20_261_127);

/** How a retired path is written: as an expression (`code`), and as plain text (for comments and types). */
interface WrittenPath {
  entryId: string;
  code: string;
  text: string;
}

/** Retired paths of the built-in catalogue, in the ways client code writes them. */
const PATHS: readonly WrittenPath[] = [
  { entryId: 'firewall-rules-api', code: '`/zones/${zoneId}/firewall/rules`', text: '/zones/:zone_id/firewall/rules' },
  { entryId: 'firewall-rules-api', code: "'firewall/rules'", text: 'firewall/rules' },
  { entryId: 'firewall-rules-api', code: "['zones', zoneId, 'filters']", text: 'zones/:zone_id/filters' },
  { entryId: 'rate-limiting-legacy', code: "['zones', zoneId, 'rate_limits', ruleId]", text: 'zones/:id/rate_limits' },
  { entryId: 'rate-limiting-legacy', code: "'zones/' + zoneId + '/rate_limits'", text: 'zones/:id/rate_limits' },
  {
    entryId: 'waf-managed-rules-legacy',
    code: 'route`zones/${zoneId}/firewall/waf/packages`',
    text: 'zones/:id/firewall/waf/packages',
  },
  {
    entryId: 'zone-analytics-api',
    code: 'String.raw`/zones/${zoneId}/analytics/dashboard`',
    text: '/zones/:id/analytics/dashboard',
  },
  { entryId: 'access-bookmark-applications', code: "'access/bookmarks'", text: 'access/bookmarks' },
  { entryId: 'billing-profile-and-history', code: "['user', 'billing', 'history']", text: 'user/billing/history' },
  { entryId: 'tunnels-legacy-api', code: '`accounts/${accountId}/tunnels`', text: 'accounts/:id/tunnels' },
  {
    entryId: 'images-direct-upload-v1',
    code: "'images/v1/direct_upload'",
    text: 'accounts/:id/images/v1/direct_upload',
  },
  {
    entryId: 'organizations-api',
    code: '`organizations/${orgId}/load_balancers/pools`',
    text: 'organizations/:id/load_balancers/pools',
  },
  { entryId: 'zone-setting-brotli', code: "'/settings/brotli'", text: '/zones/:id/settings/brotli' },
  {
    entryId: 'dns-settings-legacy-endpoints',
    code: "'dns_settings/use_apex_ns'",
    text: '/zones/:id/dns_settings/use_apex_ns',
  },
  {
    entryId: 'page-shield-script-monitor-segment',
    code: '`/zones/${zoneId}/script_monitor/scripts`',
    text: '/zones/:id/script_monitor/scripts',
  },
];

/** Where a path stands in a program; `n` keeps names apart when several are placed. */
type Place = (path: WrittenPath, n: number) => string;

const USED: Record<string, Place> = {
  'an unknown call': (p) => `client.send(${p.code});`,
  'an unknown call, after another argument': (p, n) => `register('route-${n}', ${p.code});`,
  'an array of paths': (p, n) => `export const all${n} = [${p.code}, '/zones/x/dns_records'];`,
  'an object table': (p, n) => `export const TABLE${n} = { list: ${p.code}, other: 'x' };`,
  'a class field': (p, n) => `export class Resource${n} {\n  path = ${p.code};\n}`,
  'a default parameter': (p, n) => `export function browse${n}(path = ${p.code}) {\n  return client.get(path);\n}`,
  'a return': (p, n) => `export function url${n}() {\n  return ${p.code};\n}`,
  'a template piece': (p, n) => `export const joined${n} = \`\${base}\${${p.code}}\`;`,
  'an export': (p, n) => `export const PATH_${n} = ${p.code};`,
};

const SILENT: Record<string, Place> = {
  'a log message': (p) => `console.warn(${p.code});`,
  'an error message': (p) => `throw new Error(${p.code});`,
  'a test title': (p) => `it(${p.code}, () => undefined);`,
  'a route the code serves': (p) => `app.get(${p.code}, (req, res) => res.json({}));`,
  'a comparison': (p) => `if (request.path === ${p.code}) respond();`,
  'a comment': (p) => `// GET ${p.text} is retired`,
  'a type': (p, n) => `type Route${n} = '${p.text}';`,
  'another host': (p, n) =>
    `export const docs${n} = 'https://developers.example.com${p.text.startsWith('/') ? '' : '/'}${p.text}';`,
  prose: (p, n) => `export const help${n} = 'This command reads ${p.text} before the migration';`,
};

const PRELUDE = [
  'declare const client: any, app: any, request: any, base: string, zoneId: string, ruleId: string;',
  'declare const accountId: string, orgId: string;',
  'declare function register(name: string, path: unknown): void;',
  'declare function it(title: string, body: () => void): void;',
  'declare function respond(): void;',
  'declare function route(strings: TemplateStringsArray, ...values: unknown[]): string;',
].join('\n');

const engines = new ParityEngines({ minConfidence: 'medium', userEntries: false });

function program(lines: string[]): GeneratedProgram {
  return { fileName: 'snippet.ts', code: `${PRELUDE}\n${lines.join('\n')}\n` };
}

/** The entries each engine reports on the lines after the prelude. */
async function reported(generated: GeneratedProgram): Promise<{ plugin: string[]; scanner: string[] }> {
  const file = engines.write(generated);
  const plugin = engines.plugin(generated, file);
  const scanner = await engines.scanner(generated, file);
  expect({ plugin: plugin.problems, scanner: scanner.problems }).toEqual({ plugin: [], scanner: [] });
  const entries = (findings: string[]) => findings.map((line) => line.split(':')[4]!);
  return { plugin: entries(plugin.findings), scanner: entries(scanner.findings) };
}

const placed = (places: Record<string, Place>) =>
  fc.array(fc.record({ path: fc.constantFrom(...PATHS), place: fc.constantFrom(...Object.keys(places)) }), {
    minLength: 1,
    maxLength: 3,
  });

describe(`the grep floor (seed ${property.seed})`, () => {
  test(
    'a retired path in any position that is not silent is reported by both engines, with its entry',
    async () => {
      await fc.assert(
        fc.asyncProperty(placed(USED), async (items) => {
          const generated = program(items.map(({ path, place }, n) => USED[place]!(path, n)));
          const { plugin, scanner } = await reported(generated);
          for (const { path } of items) {
            expect(plugin, generated.code).toContain(path.entryId);
            expect(scanner, generated.code).toContain(path.entryId);
          }
        }),
        property.options(250),
      );
    },
    HEAVY_TEST_MS,
  );

  test(
    'the same text in a silent position is reported by neither',
    async () => {
      await fc.assert(
        fc.asyncProperty(placed(SILENT), async (items) => {
          const generated = program(items.map(({ path, place }, n) => SILENT[place]!(path, n)));
          expect(await reported(generated), generated.code).toEqual({ plugin: [], scanner: [] });
        }),
        property.options(250),
      );
    },
    HEAVY_TEST_MS,
  );
});
