import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveSettings, type Confidence } from '../src/index.js';
import { buildFindings, extractFileFacts, matchFacts, prefilterFor } from '../src/internal.js';
import { fixtureSourceFiles, REPO_ROOT } from './support/fixtures.js';
import { parseForTest } from './support/parse.js';

/** The analysis without the prefilter: what analyzeProgram would return if it never skipped. */
function fullAnalysis(source: string, file: string, minConfidence: Confidence) {
  const settings = resolveSettings({ asOf: '2026-11-21', minConfidence });
  const facts = extractFileFacts(parseForTest(source, file), source, settings);
  return buildFindings(
    matchFacts(facts, { entries: settings.catalogue.entries, apiHosts: settings.apiHosts }),
    file,
    source,
    settings,
  );
}

describe.each(['high', 'medium', 'low'] as const)('prefilter at minConfidence %s', (minConfidence) => {
  const prefilter = prefilterFor(resolveSettings({ asOf: '2026-11-21', minConfidence }).catalogue, minConfidence);

  test('never skips a fixture that has findings (it is a necessary condition)', () => {
    const skippedWithFindings = fixtureSourceFiles().filter((file) => {
      const source = readFileSync(join(REPO_ROOT, file), 'utf8');
      return !prefilter.mayMatch(source) && fullAnalysis(source, file, minConfidence).length > 0;
    });
    expect(skippedWithFindings).toEqual([]);
  });
});

describe('what the prefilter skips', () => {
  const medium = prefilterFor(resolveSettings({}).catalogue, 'medium');
  const low = prefilterFor(resolveSettings({ minConfidence: 'low' }).catalogue, 'low');

  test("an SDK chain's words alone are no SDK call: the SDK is named, or the chain is read on a client-like receiver", () => {
    // Ordinary code with the chain's word (`filters`, the Filters API's SDK resource) is skipped.
    const ordinary = 'export const filters = rows.filter(Boolean);\nstore.filters.list();\n';
    expect(low.mayMatch(ordinary)).toBe(false);
    expect(fullAnalysis(ordinary, 'ordinary.ts', 'low')).toEqual([]);
    // Each way the reader knows an SDK client is still admitted, and found.
    const ways = {
      'receiver.ts': 'export const purge = () => client.filters.list({ zone_id: z });\n',
      'this-receiver.ts': 'export class A { run() { return this.cf.filters.list({ zone_id: z }); } }\n',
      'typed.ts':
        "import type Cloudflare from 'cloudflare';\nexport const f = (api: Cloudflare) => api.filters.list({ zone_id: z });\n",
      'accessor.ts':
        "import type Cloudflare from 'cloudflare';\nexport const f = () => getClient().filters.list({ zone_id: z });\n",
      'made.ts':
        "import Cloudflare from 'cloudflare';\nconst api = new Cloudflare();\nexport const f = () => api.filters.list({ zone_id: z });\n",
    };
    for (const [file, source] of Object.entries(ways)) {
      expect({ file, admitted: medium.mayMatch(source) }).toEqual({ file, admitted: true });
      expect(fullAnalysis(source, file, 'medium').map((finding) => finding.entryId)).toEqual(['firewall-rules-api']);
    }
  });

  test('words written with escapes are read, in strings and across neighbouring escapes', () => {
    const escaped = 'fetch(`https://api.cloudflare.com/client/v4/zones/${id}/fire\\x77all/rules`);';
    expect(medium.mayMatch(escaped)).toBe(true);
    expect(fullAnalysis(escaped, 'escaped.ts', 'medium')).toHaveLength(1);
    expect(medium.mayMatch("const p = '/\\x7a\\x6fnes/' + id + '/\\u0072ate_limits';")).toBe(true);
    // Escapes that write nothing of the API do not make the file interesting.
    expect(medium.mayMatch("const tab = '\\t'; const nul = '\\x00'; const e = '\\u00e9t\\u00e9';")).toBe(false);
  });

  test('code that names nothing of the API', () => {
    expect(
      medium.mayMatch("import { readFile } from 'node:fs';\nexport const load = (p) => readFile(p, 'utf8');"),
    ).toBe(false);
  });

  test('`data.name` alone: skipped above low confidence (no record type, receiver or dns_records), kept at low', () => {
    const code = 'export const label = (event) => event.data.name + event.data.service;';
    expect(medium.mayMatch(code)).toBe(false);
    expect(low.mayMatch(code)).toBe(true);
    expect(
      medium.mayMatch(
        "export const srv = { type: 'SRV', name: 'x', data: { service: '_sip', proto: '_tcp', name: 'x' } };",
      ),
    ).toBe(true);
    expect(medium.mayMatch('export const svc = (record) => record.data.service;')).toBe(true);
  });

  test.each([
    'export const a = (record) => record.data.service;',
    'export const a = (records) => records[0].data.proto;',
    'export const a = () => getRecord().data.name;',
    'export const a = (record: unknown) => (record as { data: { name: string } }).data.name;',
    'export const a = (record?: { data?: { service?: string } }) => record?.data?.service;',
    'export function a(record) { const { service } = record.data; return service; }',
    "export const a = (record) => record['data'].service;",
    'export const a = (srvRecord) => srvRecord.data.proto;',
  ])('a read on a record-named receiver is analyzed (and found): %s', (code) => {
    expect(medium.mayMatch(code)).toBe(true);
    expect(fullAnalysis(code, 'read.ts', 'medium').map((f) => f.entryId)).toEqual(['srv-record-data-name-fields']);
  });

  test('`Record<…>` in a type is not a record receiver', () => {
    expect(
      medium.mayMatch(
        '/** @type {Record<string, string>} */ const byName = {};\nexport const a = (event) => [event.data.name, byName];',
      ),
    ).toBe(false);
  });

  test('header names in any case, endpoints by every literal segment', () => {
    expect(medium.mayMatch("got.put(u, { headers: { 'content-length': n, 'transfer-encoding': 'chunked' } })")).toBe(
      true,
    );
    expect(medium.mayMatch("fetch(base + '/zones/' + id + '/firewall/rules')")).toBe(true);
    expect(medium.mayMatch("fetch(base + '/zones/' + id + '/firewall/access_rules')")).toBe(true);
    expect(medium.mayMatch("fetch(base + '/zones/' + id + '/dns_records')")).toBe(false);
  });

  test('entries added in the settings bring their own words', () => {
    const added = {
      id: 'next-thing',
      title: 'Next',
      area: 'Zones',
      eol: '2027-01-01',
      rule: 'no-deprecated-endpoint',
      replacement: 'x',
      docs: 'https://example.com',
      match: { endpoints: [{ methods: ['GET'], path: '/zones/:zone_id/next_thing' }] },
    };
    const settings = resolveSettings({ catalogue: { add: [added] } });
    expect(prefilterFor(settings.catalogue, 'medium').mayMatch('fetch(`/zones/${id}/next_thing`)')).toBe(true);
  });
});
