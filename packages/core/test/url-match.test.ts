import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadCatalogue } from '../src/index.js';
import { concatPatterns, hole, text, type PatternPart } from '../src/internal.js';
import { matchPathTemplate } from '../src/url/match.js';
import { LARGE_VALUE, ValueBudget, withValueBudget } from '../src/url/budget.js';
import { normalizeApiUrl } from '../src/url/normalize.js';
import { compileTemplate } from '../src/url/template.js';
import { analyzeSnippet } from './support/snippets.js';

const catalogue = loadCatalogue();
const templates = catalogue.entries.flatMap((entry) =>
  (entry.match.endpoints ?? []).map((endpoint) => ({
    entry,
    path: endpoint.path,
    template: compileTemplate(endpoint.path),
  })),
);

function matches(pattern: PatternPart[], path: string, hosts?: string[]): boolean {
  const normalized = normalizeApiUrl(pattern, hosts);
  return !!normalized && matchPathTemplate(normalized.path, compileTemplate(path));
}

/** Which catalogue entries any endpoint template claims for a pattern. */
function entriesMatching(pattern: PatternPart[]): string[] {
  const normalized = normalizeApiUrl(pattern);
  if (!normalized) return [];
  return [...new Set(templates.filter((t) => matchPathTemplate(normalized.path, t.template)).map((t) => t.entry.id))];
}

describe('path templates', () => {
  test('with or without a leading slash, :name or {name}: the same template', () => {
    expect(compileTemplate('zones/:zone_identifier/settings/privacy_pass').path).toBe(
      '/zones/:zone_identifier/settings/privacy_pass',
    );
    expect(compileTemplate('accounts/{account_identifier}/billing/profile').segments).toEqual([
      { kind: 'literal', text: 'accounts' },
      { kind: 'param', name: 'account_identifier' },
      { kind: 'literal', text: 'billing' },
      { kind: 'literal', text: 'profile' },
    ]);
  });
});

describe('URL patterns with holes (the issue examples)', () => {
  test('`${base}/zones/${id}/firewall/rules` matches', () => {
    expect(
      matches(
        [hole({ ref: 'base' }), text('/zones/'), hole({ ref: 'id' }), text('/firewall/rules')],
        '/zones/:zone_id/firewall/rules',
      ),
    ).toBe(true);
  });
  test("'/zones/' + id + '/firewall/rules' matches", () => {
    expect(matches([text('/zones/'), hole(), text('/firewall/rules')], '/zones/:zone_id/firewall/rules')).toBe(true);
  });
  test("BASE + '/zones/' + z + '/rate_limits/' + id matches", () => {
    expect(
      matches(
        [hole({ ref: 'BASE' }), text('/zones/'), hole(), text('/rate_limits/'), hole()],
        '/zones/:zone_id/rate_limits/:rate_limit_id',
      ),
    ).toBe(true);
  });
  test('`/zones/${id}/firewall/access_rules/rules` does not match', () => {
    expect(entriesMatching([text('/zones/'), hole(), text('/firewall/access_rules/rules')])).toEqual([]);
  });
  test('a hole never stands for literal template text', () => {
    // A generic settings call with an unknown id is not every deprecated setting at once.
    expect(entriesMatching([text('/zones/'), hole(), text('/settings/'), hole()])).toEqual([]);
    expect(entriesMatching([hole(), hole()])).toEqual([]);
  });
  test('a choice matches when one option does', () => {
    expect(
      entriesMatching([text('/zones/'), hole(), text('/settings/'), { kind: 'choice', options: ['ssl', 'brotli'] }]),
    ).toEqual(['zone-setting-brotli']);
  });
  test('a known host that is not an API host is not a match; hosts are configurable', () => {
    const url = [text('https://internal.example.com/client/v4/zones/'), hole(), text('/firewall/rules')];
    expect(matches(url, '/zones/:zone_id/firewall/rules')).toBe(false);
    expect(matches(url, '/zones/:zone_id/firewall/rules', ['internal.example.com'])).toBe(true);
  });
  test('prose is not a URL', () => {
    expect(entriesMatching([text('Call /zones/'), hole(), text('/firewall/rules to list rules')])).toEqual([]);
  });
  test('the extractor builds the same patterns from code', () => {
    const found = analyzeSnippet(`
      const BASE = 'https://api.cloudflare.com/client/v4';
      export async function run(base: string, id: string, z: string) {
        await fetch(\`\${base}/zones/\${id}/firewall/rules\`);
        await fetch('/zones/' + id + '/firewall/rules', { method: 'POST' });
        await fetch(BASE + '/zones/' + z + '/rate_limits/' + id, { method: 'DELETE' });
        await fetch(\`/zones/\${id}/firewall/access_rules/rules\`);
      }`);
    expect(found.map((f) => `${f.line}:${f.entryId}:${f.confidence}`)).toEqual([
      '4:firewall-rules-api:high',
      '5:firewall-rules-api:high',
      '6:rate-limiting-legacy:high',
    ]);
  });
});

const idSegment = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
const prefix = fc.constantFrom(
  '',
  '/',
  '/client/v4/',
  'https://api.cloudflare.com/client/v4/',
  'https://api.cloudflare.com/client/v4//',
);
const suffix = fc.constantFrom('', '/', '?page=2&per_page=50', '#top', '?a=b#c');

/** Writes a template's path with concrete ids. */
function instantiate(path: string, ids: string[]): string {
  let i = 0;
  return compileTemplate(path)
    .segments.map((segment) => (segment.kind === 'param' ? ids[i++ % ids.length]! : segment.text))
    .join('/');
}

describe('properties over every endpoint template of the catalogue', () => {
  test('every template matches its instantiations with random ids, with or without base URL, leading slash, query or fragment', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.array(idSegment, { minLength: 1, maxLength: 4 }),
        prefix,
        suffix,
        (t, ids, before, after) => {
          const url =
            before.replace(/\/+$/, before.endsWith('//') ? '/' : '') +
            (before === '' ? '' : '') +
            instantiate(t.path, ids) +
            after;
          const written = before === '' ? url : before.endsWith('/') ? before + instantiate(t.path, ids) + after : url;
          expect(matches([text(written)], t.path)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('every template matches when its ids are holes (template literals) and the base is unknown', () => {
    fc.assert(
      fc.property(fc.constantFrom(...templates), fc.boolean(), fc.boolean(), (t, unknownBase, query) => {
        const parts: PatternPart[] = unknownBase
          ? [hole({ ref: 'base' })]
          : [text('https://api.cloudflare.com/client/v4')];
        for (const segment of t.template.segments) {
          parts.push(text('/'));
          parts.push(segment.kind === 'param' ? hole() : text(segment.text));
        }
        if (query) parts.push(text('?cursor='), hole());
        const merged: PatternPart[] = [];
        for (const part of parts) {
          const last = merged[merged.length - 1];
          if (part.kind === 'text' && last?.kind === 'text') merged[merged.length - 1] = text(last.text + part.text);
          else merged.push(part);
        }
        expect(matches(merged, t.path)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test('a template never matches a path with an extra or a missing segment', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.array(idSegment, { minLength: 1, maxLength: 3 }),
        idSegment,
        (t, ids, extra) => {
          const path = instantiate(t.path, ids);
          expect(matches([text(`/${path}/${extra}/${extra}`)], t.path)).toBe(false);
          expect(matches([text(`/${path.split('/').slice(0, -1).join('/')}`)], t.path)).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });

  const liveLookAlikes = [
    '/zones/:z/firewall/access_rules/rules',
    '/zones/:z/firewall/access_rules/rules/:id',
    '/zones/:z/firewall/ua_rules',
    '/zones/:z/firewall/ua_rules/:id',
    '/zones/:z/firewall/lockdowns',
    '/zones/:z/rulesets',
    '/zones/:z/rulesets/:id',
    '/zones/:z/rulesets/phases/http_request_firewall_managed/entrypoint',
    '/zones/:z/rulesets/:id/rules/:rule',
    '/accounts/:a/rulesets',
    '/zones/:z/page_shield',
    '/zones/:z/page_shield/scripts',
    '/zones/:z/page_shield/scripts/:id',
    '/accounts/:a/images/v2/direct_upload',
    '/accounts/:a/images/v1',
    '/accounts/:a/images/v1/:image',
    '/zones/:z/dns_settings',
    '/accounts/:a/dns_settings',
    '/graphql',
    '/zones/:z/analytics/latency',
    '/accounts/:a/members',
    '/accounts/:a/members/:m',
    '/accounts/:a/cfd_tunnel',
    '/accounts/:a/cfd_tunnel/:t',
    '/zones/:z/settings',
    '/zones/:z/settings/ssl',
    '/zones/:z/settings/min_tls_version',
    '/zones/:z/dns_records/:r/export',
    '/accounts/:a/access/apps',
    '/user/billing/subscriptions',
    '/accounts/:a/railguns',
    '/zones/:z/rate_limits_v2',
    '/zones/:z/filters_v2',
  ];

  test('no live look-alike matches any entry, whatever the ids, base or query', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...liveLookAlikes),
        fc.array(idSegment, { minLength: 1, maxLength: 3 }),
        prefix,
        suffix,
        (path, ids, before, after) => {
          const concrete = instantiate(path, ids);
          expect(entriesMatching([text(`${before.replace(/\/+$/, '')}/${concrete}${after}`)])).toEqual([]);
          // …and with holes for the ids
          const withHoles: PatternPart[] = [hole({ ref: 'base' })];
          for (const segment of compileTemplate(path).segments)
            withHoles.push(text('/'), segment.kind === 'param' ? hole() : text(segment.text));
          expect(
            entriesMatching(
              withHoles.reduce<PatternPart[]>((out, part) => {
                const last = out[out.length - 1];
                if (part.kind === 'text' && last?.kind === 'text') out[out.length - 1] = text(last.text + part.text);
                else out.push(part);
                return out;
              }, []),
            ),
          ).toEqual([]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeApiUrl: once per URL, unless the value budget cut it', () => {
  const longPath = `/client/v4/zones/${'z'.repeat(3000)}/dns_records`;
  const url = (): PatternPart[] => [text(longPath), hole(), text('/x')];

  test('the same URL and hosts give the same answer, worked out once', () => {
    const pattern = url();
    const first = normalizeApiUrl(pattern);
    expect(first?.path.map((part) => (part.kind === 'text' ? part.text : part.kind))).toEqual([
      `zones/${'z'.repeat(3000)}/dns_records`,
      'hole',
      '/x',
    ]);
    expect(normalizeApiUrl(pattern)).toBe(first);
    // Another list of hosts is asked again: `https://…` URLs depend on it, this one does not.
    const otherHosts = normalizeApiUrl(pattern, ['api.example.com']);
    expect(otherHosts).not.toBe(first);
    expect(otherHosts).toEqual(first);
  });

  test('a path cut by a spent budget is not kept: asked outside that budget, it is whole', () => {
    const pattern = url();
    const spent = new ValueBudget(0);
    // Spend the file's budget (2 MB at least) in values of the largest size admitted.
    while (spent.limit === LARGE_VALUE) spent.admit(LARGE_VALUE.text - 1, 1);
    const cut = withValueBudget(spent, () => normalizeApiUrl(pattern));
    expect(cut?.path).toEqual([hole()]);
    expect(spent.cut).toBe(1);
    expect(normalizeApiUrl(pattern)?.path).toHaveLength(3);
  });
});

describe('concatPatterns: adjacent texts joined, spans moved, a lone text kept as it was', () => {
  /** The join written plainly: what concatPatterns must give for patterns within the value limit. */
  function joinedPlainly(patterns: PatternPart[][]): PatternPart[] {
    const out: PatternPart[] = [];
    for (const part of patterns.flat()) {
      if (part.kind === 'text' && part.text === '') continue;
      const last = out[out.length - 1];
      if (part.kind !== 'text' || last?.kind !== 'text') {
        out.push(part.kind === 'text' ? { kind: 'text', text: part.text, spans: [...(part.spans ?? [])] } : part);
        continue;
      }
      const moved = (part.spans ?? []).map((span) => ({ ...span, at: span.at + last.text.length }));
      out[out.length - 1] = { kind: 'text', text: last.text + part.text, spans: [...(last.spans ?? []), ...moved] };
    }
    // A text without spans has no `spans` key.
    return out.map((part) => (part.kind === 'text' && !part.spans?.length ? { kind: 'text', text: part.text } : part));
  }
  const textPart = fc
    .tuple(fc.string({ maxLength: 6 }), fc.boolean(), fc.nat(500))
    .map(([value, withSpan, start]): PatternPart =>
      withSpan
        ? text(value, { start, exact: start % 2 === 0, written: [start, start + value.length + 2] })
        : text(value),
    );
  const part = fc.oneof(
    textPart,
    textPart,
    fc.constant(hole()),
    fc.constant<PatternPart>({ kind: 'choice', options: ['a', 'b'] }),
  );

  test('the same parts as the plain join, on random patterns', () => {
    fc.assert(
      fc.property(fc.array(fc.array(part, { maxLength: 5 }), { maxLength: 5 }), (patterns) => {
        const joined = concatPatterns(...patterns).map((one) =>
          one.kind === 'text' && !one.spans?.length ? { kind: 'text', text: one.text } : one,
        );
        expect(joined).toEqual(joinedPlainly(patterns));
      }),
      { numRuns: 400 },
    );
  });

  test('a text standing alone between holes is the part given, not a copy', () => {
    const path = text('/zones/', { start: 10, exact: true, written: [9, 18] });
    const joined = concatPatterns([hole()], [path], [hole()]);
    expect(joined[1]).toBe(path);
    // Two texts make a new part, the second's span moved past the first.
    const both = concatPatterns([path], [text('dns_records', { start: 40, exact: true, written: [39, 52] })]);
    expect(both).toEqual([
      {
        kind: 'text',
        text: '/zones/dns_records',
        spans: [path.spans![0], { at: 7, length: 11, start: 40, exact: true, written: [39, 52] }],
      },
    ]);
    // A lone text whose spans were all cut away comes back without any.
    expect(concatPatterns([{ kind: 'text', text: 'a', spans: [] }], [hole()])[0]).toEqual({ kind: 'text', text: 'a' });
  });
});
