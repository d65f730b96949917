import { describe, expect, test } from 'vitest';
import { loadCatalogue } from '../src/index.js';
import { matchDeclaredResource, type DeclaredResourceFact } from '../src/internal.js';
import { analyzeSnippet } from './support/snippets.js';

const entries = loadCatalogue().entries;
const ids = (findings: ReadonlyArray<{ entryId: string }>) => findings.map((finding) => finding.entryId).sort();

describe('declared resources in TypeScript programs', () => {
  test('a Pulumi class through a default import and a destructured require is high confidence', () => {
    const esm = analyzeSnippet(
      "import cloudflare from '@pulumi/cloudflare';\nnew cloudflare.FirewallRule('r', { zoneId: 'z', filterId: 'f', action: 'block' });",
    );
    expect(esm.map((f) => [f.entryId, f.line, f.confidence])).toEqual([['firewall-rules-api', 2, 'high']]);
    // The message names the successor resource; the entry's API replacement stays for API findings.
    expect(esm[0]!.replacement).toBe(
      '`cloudflare_ruleset` (Pulumi and CDKTF `Ruleset`) in phase `http_request_firewall_custom`',
    );
    expect(esm[0]!.message).toMatch(
      /Use instead: `cloudflare_ruleset` \(Pulumi and CDKTF `Ruleset`\) in phase `http_request_firewall_custom`\.$/,
    );
    expect(entries.find((entry) => entry.id === 'firewall-rules-api')!.replacement).not.toMatch(/cloudflare_ruleset/);
    const cjs = analyzeSnippet(
      "const { RateLimit: Legacy } = require('@pulumi/cloudflare');\nnew Legacy('login', { zoneId: 'z', threshold: 5, period: 60 });",
      {},
      'stack.cjs',
    );
    expect(cjs.map((f) => [f.entryId, f.confidence])).toEqual([['rate-limiting-legacy', 'high']]);
    const perResource = analyzeSnippet(
      "import { WafRule } from '@pulumi/cloudflare/wafRule';\nnew WafRule('sqli', { zoneId: 'z', ruleId: '100000', mode: 'block' });",
    );
    expect(perResource.map((f) => [f.entryId, f.line])).toEqual([['waf-managed-rules-legacy', 2]]);
  });

  test('a class the file neither imports nor defines is matched by its name at medium confidence', () => {
    const pulumi = analyzeSnippet("new FirewallRule('r', { zoneId: 'z', action: 'block' });");
    expect(pulumi.map((f) => [f.entryId, f.confidence])).toEqual([['firewall-rules-api', 'medium']]);
    // Three arguments are CDK for Terraform's shape: the config is the third.
    const cdktf = analyzeSnippet(
      "new ZoneSettingsOverride(this, 'z', { zoneId: 'z', settings: { brotli: 'on', ssl: 'full' } });",
    );
    expect(cdktf.map((f) => [f.entryId, f.confidence, f.message.split(' (')[0]])).toEqual([
      ['zone-setting-brotli', 'medium', '`settings.brotli` in the CDK for Terraform resource `ZoneSettingsOverride`'],
    ]);
  });

  test('the same class from another package, or defined in the file, is silent', () => {
    expect(
      analyzeSnippet("import { FirewallRule } from '@pulumi/gcp/compute';\nnew FirewallRule('r', { network: 'n' });"),
    ).toEqual([]);
    expect(
      analyzeSnippet("class Filter { constructor(readonly n: string, readonly o: object) {} }\nnew Filter('f', {});"),
    ).toEqual([]);
  });

  test('settings from conditional spreads are followed; a setting id is matched by value', () => {
    const findings = analyzeSnippet(
      [
        "import * as cf from '@pulumi/cloudflare';",
        'const legacy = { privacyPass: "on" };',
        "new cf.ZoneSettingsOverride('z', { zoneId: 'z', settings: { ...(process.env.LEGACY ? legacy : {}), http3: 'on' } });",
        "new cf.ZoneSetting('a', { zoneId: 'z', settingId: 'server_side_exclude', value: 'on' });",
        "new cf.ZoneSetting('b', { zoneId: 'z', settingId: 'always_online', value: 'on' });",
      ].join('\n'),
    );
    expect(findings.map((f) => [f.entryId, f.line])).toEqual([
      ['zone-setting-privacy-pass', 2],
      ['zone-setting-server-side-exclude', 4],
    ]);
  });
});

describe('loop variables', () => {
  test('a setting id from Object.entries, Object.keys or an array stands for each value it takes', () => {
    const findings = analyzeSnippet(
      [
        "import * as cloudflare from '@pulumi/cloudflare';",
        "const zoneSettings = { ssl: 'strict', brotli: 'on', http3: 'on' };",
        'for (const [settingId, value] of Object.entries(zoneSettings))',
        "  new cloudflare.ZoneSetting(settingId, { zoneId: 'z', settingId, value });",
        "for (const id of Object.keys({ minify: 1, ipv6: 1 })) new cloudflare.ZoneSetting(id, { zoneId: 'z', settingId: id });",
        "const legacy = [{ id: 'privacy_pass' }, { id: 'always_online' }];",
        "for (const { id } of legacy) new cloudflare.ZoneSetting(id, { zoneId: 'z', settingId: id, value: 'off' });",
        "for (const [, value] of Object.entries({ a: 'server_side_exclude' })) new cloudflare.ZoneSetting('x', { zoneId: 'z', settingId: value });",
      ].join('\n'),
    );
    // Each is reported where the setting id is written: the table's key, the array's string, and
    // the value half of an `Object.entries` pair (there the table's values are the setting ids).
    expect(findings.map((f) => [f.entryId, f.line, f.column])).toEqual([
      ['zone-setting-brotli', 2, 39],
      ['zone-setting-minify', 5, 32],
      ['zone-setting-privacy-pass', 6, 23],
      ['zone-setting-server-side-exclude', 8, 118],
    ]);
  });
});

describe('matchDeclaredResource: the entry point a Terraform reader feeds', () => {
  const terraform = (fact: Partial<DeclaredResourceFact> & Pick<DeclaredResourceFact, 'resourceType'>) =>
    matchDeclaredResource(
      { ecosystem: 'terraform', range: [0, 10], knownImport: true, properties: [], ...fact },
      entries,
    );

  test('a Terraform resource type retired as a whole matches at the resource', () => {
    const matches = terraform({ resourceType: 'cloudflare_waf_override' });
    expect(matches.map((m) => [m.entryId, m.range, m.confidence])).toEqual([
      ['waf-managed-rules-legacy', [0, 10], 'high'],
    ]);
    expect(matches[0]!.subject).toBe('the Terraform resource `cloudflare_waf_override`');
    expect(terraform({ resourceType: 'cloudflare_ruleset' })).toEqual([]);
  });

  test('snake_case properties and values match at the property, in the file it is written in', () => {
    const matches = terraform({
      resourceType: 'cloudflare_zone_settings_override',
      properties: [
        { path: ['settings', 'mobile_redirect'], range: [20, 35] },
        { path: ['settings', 'minify', 'css'], range: [40, 43], value: 'on' },
        { path: ['settings', 'ssl'], range: [50, 53], value: 'strict' },
        { path: ['settings', 'brotli'], range: [60, 66], value: 'on', file: 'modules/zone/settings.tf' },
      ],
    });
    expect(matches.map((m) => [m.entryId, m.range, m.file]).sort()).toEqual([
      ['zone-setting-brotli', [60, 66], 'modules/zone/settings.tf'],
      ['zone-setting-mobile-redirect', [20, 35], undefined],
    ]);
    expect(matches.find((m) => m.file)?.related).toEqual([
      { range: [0, 10], message: 'used by the Terraform resource `cloudflare_zone_settings_override`' },
    ]);
    expect(
      ids(
        terraform({
          resourceType: 'cloudflare_zone_setting',
          properties: [{ path: ['setting_id'], range: [1, 2], value: 'minify' }],
        }),
      ),
    ).toEqual(['zone-setting-minify']);
    expect(
      terraform({
        resourceType: 'cloudflare_zone_setting',
        properties: [{ path: ['setting_id'], range: [1, 2], value: 'ssl' }],
      }),
    ).toEqual([]);
  });
});

describe('user entries with IaC forms', () => {
  const entry = {
    id: 'user-page-rules',
    title: 'Page Rules',
    area: 'Page Rules',
    eol: '2027-01-06',
    rule: 'no-deprecated-endpoint',
    replacement: 'Rules (cloudflare_ruleset)',
    docs: 'https://example.test/page-rules',
    match: { resources: [{ terraform: 'cloudflare_page_rule', pulumi: 'PageRule', cdktf: 'PageRule' }] },
  };

  test('catalogue.add accepts a resources matcher and both engines use it', () => {
    const findings = analyzeSnippet(
      "import * as cloudflare from '@pulumi/cloudflare';\nnew cloudflare.PageRule('p', { zoneId: 'z', target: 'x/*', actions: {} });",
      { catalogue: { add: [entry] } },
    );
    expect(findings.map((f) => [f.entryId, f.line])).toEqual([['user-page-rules', 2]]);
  });

  test('a malformed resources matcher names the file, the entry and the field', () => {
    const bad = { ...entry, match: { resources: [{ pulumi: 'PageRule', value: 'x' }] } };
    expect(() => loadCatalogue({ changes: { add: [bad] }, changesSource: 'sunset-lint.config.json' })).toThrow(
      /sunset-lint\.config\.json \(add\[0\]\): entry 'user-page-rules'.*property/,
    );
    const none = { ...entry, match: { resources: [{ property: 'settings.x' }] } };
    expect(() => loadCatalogue({ changes: { add: [none] }, changesSource: 'sunset-lint.config.json' })).toThrow(
      // Every problem is listed, one per line, each naming the field.
      /sunset-lint\.config\.json \(add\[0\]\): entry 'user-page-rules': [\s\S]*field 'match\.resources\.0/,
    );
  });
});
