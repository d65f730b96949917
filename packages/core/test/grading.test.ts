import { addDays, differenceInCalendarDays, formatDistanceStrict } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { todayUtc, type Day } from '../src/grading/day.js';
import { formatDay, GRADE_RANK, gradeEol, parseDay } from '../src/index.js';
import { analyzeSnippet } from './support/snippets.js';

const day = (text: string): Day => parseDay(text)!;
const eol = day('2025-01-15');

describe('grading against the end-of-life date', () => {
  test.each([
    ['2025-01-16', 'expired', -1, 'ended 1 day ago'],
    ['2025-01-15', 'expired', 0, 'ended today'],
    ['2025-01-14', 'imminent', 1, 'ends in 1 day'],
    ['2024-10-17', 'imminent', 90, 'ends in 3 months'],
    ['2024-10-16', 'scheduled', 91, 'ends in 3 months'],
    ['2023-01-15', 'scheduled', 731, 'ends in 2 years'],
    ['2026-11-21', 'expired', -675, 'ended 1 year ago'],
  ])('as of %s: %s (%i days), "%s"', (asOf, grade, daysUntil, inWords) => {
    expect(gradeEol(eol, { asOf: day(asOf) })).toEqual({ grade, daysUntil, inWords });
  });

  test('the window is configurable, its last day included', () => {
    expect(gradeEol(eol, { asOf: day('2025-01-05'), imminentDays: 10 }).grade).toBe('imminent');
    expect(gradeEol(eol, { asOf: day('2025-01-04'), imminentDays: 10 }).grade).toBe('scheduled');
    expect(gradeEol(eol, { asOf: day('2025-01-14'), imminentDays: 0 }).grade).toBe('scheduled');
  });

  test('grading does not depend on the time of day or the time zone of "today"', () => {
    expect(formatDay(todayUtc(new Date('2026-11-21T23:59:59.999Z')))).toBe('2026-11-21');
    expect(formatDay(todayUtc(new Date('2026-11-21T00:00:00-08:00')))).toBe('2026-11-21');
    expect(formatDay(todayUtc(new Date('2026-11-21T01:00:00+05:00')))).toBe('2026-11-20');
  });

  test('property: grades only get more urgent as time passes, and expire exactly at end of life', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2000, max: 2000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 365 }),
        (offset, later, window) => {
          const asOf = addDays(eol, offset);
          const first = gradeEol(eol, { asOf, imminentDays: window });
          const second = gradeEol(eol, { asOf: addDays(asOf, later), imminentDays: window });
          expect(GRADE_RANK[second.grade]).toBeLessThanOrEqual(GRADE_RANK[first.grade]);
          expect(first.grade === 'expired').toBe(offset >= 0);
          expect(first.daysUntil + offset).toBe(0);
        },
      ),
    );
  });

  test('days and words as date-fns gave them, for every distance up to 40 years, in any time zone', () => {
    // Grading counted days with date-fns' differenceInCalendarDays and worded 30 days or more with its
    // formatDistanceStrict (floor); core now does both itself. Held to date-fns on every distance from
    // four days of the year, in UTC and in a zone with daylight saving time.
    const zone = process.env.TZ;
    const differences: unknown[] = [];
    try {
      for (const tz of ['UTC', 'America/Los_Angeles']) {
        process.env.TZ = tz;
        for (const asOf of ['2026-11-28', '2024-02-29', '2025-03-09', '2019-12-31'].map(day)) {
          for (let offset = -14_610; offset <= 14_610; offset++) {
            const end = parseDay(formatDay(addDays(asOf, offset)))!;
            const graded = gradeEol(end, { asOf });
            const days = differenceInCalendarDays(end, asOf);
            const distance =
              Math.abs(days) < 30 ? undefined : formatDistanceStrict(end, asOf, { roundingMethod: 'floor' });
            const words =
              distance === undefined ? graded.inWords : days < 0 ? `ended ${distance} ago` : `ends in ${distance}`;
            if (graded.daysUntil !== days || graded.inWords !== words)
              differences.push({ tz, asOf: formatDay(asOf), days, graded, words });
          }
        }
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });

  test('parseDay accepts only real calendar dates', () => {
    expect(parseDay('2024-02-29')).toBeDefined();
    expect(parseDay('2023-02-29')).toBeUndefined();
    expect(parseDay('2024-2-1')).toBeUndefined();
    expect(parseDay('2024-02-01T00:00:00Z')).toBeUndefined();
  });
});

describe('findings carry the grade, severity and a message with date, distance and replacement', () => {
  const code =
    'export const list = (zone: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/firewall/rules`);';

  test('expired: error, message in words', () => {
    const [finding] = analyzeSnippet(code);
    expect(finding).toMatchObject({
      ruleId: 'no-deprecated-endpoint',
      entryId: 'firewall-rules-api',
      eol: '2025-01-15',
      grade: 'expired',
      severity: 'error',
      confidence: 'high',
      line: 1,
    });
    expect(finding!.message).toBe(
      'GET /zones/:zone_id/firewall/rules (Firewall Rules API and Filters API) reached end of life on 2025-01-15 (ended 1 year ago). Use instead: WAF custom rules (ruleset engine, phase http_request_firewall_custom).',
    );
  });

  test('imminent and scheduled through asOf and overrides; severities configurable', () => {
    expect(analyzeSnippet(code, { asOf: '2024-12-01' })[0]).toMatchObject({ grade: 'imminent', severity: 'warn' });
    expect(analyzeSnippet(code, { asOf: '2024-12-01' })[0]!.message).toContain(
      'reaches end of life on 2025-01-15 (ends in 1 month)',
    );
    expect(
      analyzeSnippet(code, { catalogue: { eolOverrides: { 'firewall-rules-api': '2028-01-01' } } })[0],
    ).toMatchObject({ grade: 'scheduled', severity: 'warn', eol: '2028-01-01' });
    expect(analyzeSnippet(code, { severities: { expired: 'warn' } })[0]!.severity).toBe('warn');
    expect(analyzeSnippet(code, { severities: { expired: 'off' } })).toEqual([]);
  });

  test('the fingerprint survives moving the code, and differs between places', () => {
    const [a] = analyzeSnippet(code);
    const [b] = analyzeSnippet(`\n\n// moved down\n${code}`);
    expect(a!.line).not.toBe(b!.line);
    expect(a!.fingerprint).toBe(b!.fingerprint);
    const twice = analyzeSnippet(`${code}\n${code.replace('list', 'list2')}`);
    expect(new Set(twice.map((f) => f.fingerprint)).size).toBe(2);
  });

  test("the fingerprints of a text's other findings survive removing one of another subject", () => {
    // `locked` sent in a payload and `locked` read twice: one snippet, two subjects. Dropping the
    // payload key (what fix and migrate do) must not renumber the reads (a baseline would lose them).
    const reads = [
      'export const editable = (records: R[]) => records.filter((record) => !record.locked);',
      "export const label = (dnsRecord: R) => (dnsRecord.locked ? ' (locked)' : '');",
    ].join('\n');
    const write =
      "export const create = (zone: string) => axios.post(`https://api.cloudflare.com/client/v4/zones/${zone}/dns_records`, { type: 'A', name: 'a', content: '192.0.2.1', locked: false });";
    const before = analyzeSnippet(`${write}\n${reads}`).filter((f) => f.entryId === 'dns-record-locked-field');
    const after = analyzeSnippet(reads).filter((f) => f.entryId === 'dns-record-locked-field');
    expect(before).toHaveLength(3);
    expect(after).toHaveLength(2);
    expect(after.map((f) => f.fingerprint)).toEqual(before.slice(1).map((f) => f.fingerprint));
  });

  test('a disabled entry reports nothing; an added entry is detected', () => {
    expect(analyzeSnippet(code, { catalogue: { disable: ['firewall-rules-api'] } })).toEqual([]);
    const added = analyzeSnippet(
      "fetch(`https://api.cloudflare.com/client/v4/zones/${z}/widgets`, { method: 'DELETE' });",
      {
        catalogue: {
          add: [
            {
              id: 'widgets-api',
              title: 'Widgets API',
              area: 'Widgets',
              eol: '2028-01-01',
              rule: 'no-deprecated-endpoint',
              replacement: 'Gadgets',
              docs: 'docs/widgets.md',
              match: { endpoints: [{ methods: ['DELETE'], path: '/zones/:zone_id/widgets' }] },
            },
          ],
        },
      },
    );
    expect(added.map((f) => [f.entryId, f.grade])).toEqual([['widgets-api', 'scheduled']]);
  });

  test('an unknown method lowers the confidence', () => {
    expect(
      analyzeSnippet(
        'export const f = (init: RequestInit) => fetch("https://api.cloudflare.com/client/v4/zones/z/rate_limits", init);',
      )[0],
    ).toMatchObject({ confidence: 'medium' });
  });

  test('a path retired as a whole is deprecated under any method, HEAD included', () => {
    const patch = 'fetch("https://api.cloudflare.com/client/v4/zones/z/rate_limits", { method: "PATCH" });';
    expect(analyzeSnippet(patch)).toMatchObject([
      { entryId: 'rate-limiting-legacy', confidence: 'high', subject: 'PATCH /zones/:zone_id/rate_limits' },
    ]);
    const head = 'fetch("https://api.cloudflare.com/client/v4/zones/z/settings/privacy_pass", { method: "HEAD" });';
    expect(analyzeSnippet(head)).toMatchObject([
      { entryId: 'zone-setting-privacy-pass', confidence: 'high', subject: expect.stringMatching(/^HEAD /) },
    ]);
  });

  test('a row with live methods on the same path narrows by method', () => {
    const widgets = {
      id: 'user-widgets-api',
      title: 'Widgets API',
      area: 'Widgets',
      eol: '2025-03-01',
      rule: 'no-deprecated-endpoint',
      replacement: 'Gadgets API',
      docs: 'https://example.test/widgets',
      match: { endpoints: [{ methods: ['POST'], liveMethods: ['GET'], path: '/zones/:zone_id/widgets' }] },
    };
    const settings = { catalogue: { add: [widgets] } };
    const send = (method: string) =>
      analyzeSnippet(
        `fetch("https://api.cloudflare.com/client/v4/zones/z/widgets", { method: "${method}" });`,
        settings,
      );
    expect(send('POST')).toMatchObject([{ entryId: 'user-widgets-api', confidence: 'high' }]);
    expect(send('GET')).toEqual([]);
  });
});

describe('error-code checks need DNS context', () => {
  test('a WebSocket close code 1004 is not the DNS wrapper', () => {
    expect(
      analyzeSnippet(
        'export function isValidStatusCode(code: number) { return code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005; }',
      ),
    ).toEqual([]);
  });
  test('the same check in DNS-record code is reported', () => {
    const found = analyzeSnippet(
      "export async function createDnsRecord(err: { code: number }) { if (err.code === 1004) throw new Error('invalid DNS record'); }",
    );
    expect(found.map((f) => [f.entryId, f.confidence])).toEqual([['dns-record-error-chain', 'high']]);
  });
});

describe('error-code context is the enclosing function', () => {
  test('a WebSocket close-code check in a bundle that mentions DNS elsewhere stays silent', () => {
    const filler = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
    const bundle = `export const lookup = (host: string) => dns.lookup(host);\n${filler}\nexport function isValidStatusCode(code: number) { return code >= 1000 && code <= 1014 && code !== 1004; }`;
    expect(analyzeSnippet(bundle)).toEqual([]);
  });
});
