import { loadCatalogue } from '@sunset-lint/core';
import { rules } from '../../src/rules.js';
import { code, jsTester, tsTester, testable } from '../support/rule-tester.js';

const rule = rules['no-deprecated-endpoint'];

/** What a declared resource's message names instead: its matcher's successor resource. */
const successorOf = (id: string, className: string) =>
  loadCatalogue()
    .byId.get(id)!
    .match.resources!.find((resource) => resource.pulumi === className || resource.cdktf === className)!
    .replacement!.replace(/[.\s]+$/, '');

/** The entry's replacement as the message ends it (the catalogue's wording may be refined). */
const replacementOf = (id: string) =>
  loadCatalogue()
    .byId.get(id)!
    .replacement.replace(/[.\s]+$/, '');

tsTester.run('no-deprecated-endpoint (TypeScript)', testable(rule), {
  valid: [
    // Live look-alikes of deprecated endpoints.
    code`
      const API = 'https://api.cloudflare.com/client/v4';
      export const listAccessRules = (zoneId: string) => fetch(\`\${API}/zones/\${zoneId}/firewall/access_rules/rules\`);
      export const listRulesets = (zoneId: string) => fetch(\`\${API}/zones/\${zoneId}/rulesets\`);
      export const dnsSettings = (zoneId: string) => fetch(\`\${API}/zones/\${zoneId}/dns_settings\`, { method: 'PATCH', body: JSON.stringify({ multi_provider: true }) });
    `,
    // The same path on a host that is not the API.
    "fetch('https://internal.example.com/client/v4/zones/abc/firewall/rules');",
    // A route the application itself serves.
    code`
      import express from 'express';
      const app = express();
      app.get('/firewall/rules', (req, res) => res.json([]));
    `,
    // Only in a comment or prose.
    code`
      // GET /zones/:zone_id/firewall/rules was replaced by WAF custom rules.
      export const note = 'We used to call /zones/:zone_id/firewall/rules here.';
    `,
    // The row's methods only: the WAF packages list is GET.
    // Grades the configuration does not ask for.
    {
      code: 'fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/rules`);',
      options: [{ grades: ['imminent', 'scheduled'] }],
    },
    // An entry switched off in the settings.
    {
      code: 'fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/rules`);',
      settings: { 'sunset-lint': { asOf: '2026-11-21', catalogue: { disable: ['firewall-rules-api'] } } },
    },
  ],
  invalid: [
    {
      // A path retired as a whole is deprecated under any method (the row lists GET only).
      code: "fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/waf/packages`, { method: 'POST' });",
      errors: [{ messageId: 'finding:waf-managed-rules-legacy', line: 1 }],
    },
    {
      // The whole message: what, the end-of-life date, the grade in words, the replacement. The
      // finding points at the template text that holds the deprecated path.
      code: 'export const rules = (zoneId: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/rules`);',
      errors: [
        {
          messageId: 'finding:firewall-rules-api',
          data: {
            message: `GET /zones/:zone_id/firewall/rules (Firewall Rules API and Filters API) reached end of life on 2025-01-15 (ended 1 year ago). Use instead: ${replacementOf('firewall-rules-api')}.`,
            entryId: 'firewall-rules-api',
          },
          line: 1,
          column: 101,
          endColumn: 116,
        },
      ],
    },
    {
      // Concatenation with a base constant and ids.
      code: code`
        const BASE = 'https://api.cloudflare.com/client/v4';
        export function deleteLimit(z: string, id: string) {
          return fetch(BASE + '/zones/' + z + '/rate_limits/' + id, { method: 'DELETE' });
        }
      `,
      errors: [{ messageId: 'finding:rate-limiting-legacy', line: 3 }],
    },
    {
      // An axios instance with a baseURL; base-relative paths.
      code: code`
        import axios from 'axios';
        const api = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4' });
        export const packages = (zoneId: string) => api.get(\`/zones/\${zoneId}/firewall/waf/packages\`);
        export const overrides = (zoneId: string) => api.request({ method: 'POST', url: \`/zones/\${zoneId}/firewall/waf/overrides\` });
      `,
      errors: [
        { messageId: 'finding:waf-managed-rules-legacy', line: 3 },
        { messageId: 'finding:waf-managed-rules-legacy', line: 4 },
      ],
    },
    {
      // got with prefixUrl: paths without a leading slash.
      code: code`
        import got from 'got';
        const cf = got.extend({ prefixUrl: 'https://api.cloudflare.com/client/v4' });
        export const tunnels = (accountId: string) => cf.get(\`accounts/\${accountId}/tunnels\`).json();
      `,
      errors: [{ messageId: 'finding:tunnels-legacy-api', line: 3 }],
    },
    {
      // A URL-building helper in the same file: reported at the call that supplies the suffix.
      code: code`
        async function getZoneSetting(zoneId: string, token: string, suffix: string) {
          const res = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zoneId}\${suffix}\`, { headers: { Authorization: \`Bearer \${token}\` } });
          return res.json();
        }
        export const brotli = (zoneId: string, token: string) => getZoneSetting(zoneId, token, '/settings/brotli');
        export const ssl = (zoneId: string, token: string) => getZoneSetting(zoneId, token, '/settings/ssl');
      `,
      errors: [{ messageId: 'finding:zone-setting-brotli', line: 5, column: 88 }],
    },
    {
      // A setting id from a map spliced into the settings path, and the bulk edit.
      code: code`
        const SETTINGS = { compression: 'brotli', tls: 'min_tls_version' } as const;
        const API = 'https://api.cloudflare.com/client/v4';
        export const compression = (zoneId: string) => fetch(\`\${API}/zones/\${zoneId}/settings/\${SETTINGS.compression}\`);
        export const bulk = (zoneId: string) =>
          fetch(\`\${API}/zones/\${zoneId}/settings\`, {
            method: 'PATCH',
            body: JSON.stringify({ items: [{ id: 'minify', value: { css: 'on' } }, { id: 'ssl', value: 'full' }] }),
          });
      `,
      errors: [
        // At the id written in the map; the fetch on line 3 is the related location.
        { messageId: 'finding:zone-setting-brotli', line: 1, column: 33 },
        { messageId: 'finding:zone-setting-minify', line: 7, column: 42 },
      ],
    },
    {
      // SDK resource methods on a client made in this file.
      code: code`
        import Cloudflare from 'cloudflare';
        const client = new Cloudflare({ apiToken: process.env.CF_API_TOKEN });
        export const rules = (zoneId: string) => client.firewall.rules.list({ zone_id: zoneId });
        export const brotli = (zoneId: string) => client.zones.settings.edit('brotli', { zone_id: zoneId, value: 'off' });
        export const rulesets = (zoneId: string) => client.rulesets.list({ zone_id: zoneId });
      `,
      errors: [
        { messageId: 'finding:firewall-rules-api', line: 3 },
        { messageId: 'finding:zone-setting-brotli', line: 4 },
      ],
    },
    {
      // A loop's id read by two SDK calls (`get`, then `edit`): one finding where the id is written.
      code: code`
        import Cloudflare from 'cloudflare';
        const client = new Cloudflare({ apiToken: process.env.CF_API_TOKEN });
        const desired = new Map<string, unknown>([['always_use_https', 'on'], ['minify', { css: 'on' }]]);
        export async function reconcile(zone_id: string) {
          for (const [id, value] of desired) {
            const current = await client.zones.settings.get(id as 'minify', { zone_id });
            if (current?.value !== value) await client.zones.settings.edit(id as 'minify', { zone_id, value } as never);
          }
        }
      `,
      errors: [{ messageId: 'finding:zone-setting-minify', line: 3, column: 72 }],
    },
    {
      // A zone setting id named as one, with no settings path beside it (medium).
      code: code`
        import { setZoneSetting } from './zone-client';
        export const off = (zone: string) => setZoneSetting(zone, 'server_side_exclude', 'off');
        export const rows = [{ settingId: 'mobile_redirect' }, { settingId: 'ssl' }, { setting: 'brotli' }];
      `,
      errors: [
        { messageId: 'finding:zone-setting-server-side-exclude', line: 2 },
        { messageId: 'finding:zone-setting-mobile-redirect', line: 3 },
      ],
    },
    {
      // `dns_settings/use_apex_ns` -> `dns_settings` with `multi_provider` (suggestion, never a fix).
      code: code`
        const API = 'https://api.cloudflare.com/client/v4';
        export const setApexNs = (zoneId: string, value: boolean) =>
          fetch(\`\${API}/zones/\${zoneId}/dns_settings/use_apex_ns\`, { method: 'PATCH', body: JSON.stringify({ value }) });
      `,
      output: null,
      errors: [
        {
          messageId: 'finding:dns-settings-legacy-endpoints',
          line: 3,
          suggestions: [
            {
              messageId: 'suggestion',
              data: {
                description:
                  "Replace `/dns_settings/use_apex_ns` with `/dns_settings` (send { multi_provider: <value> } to /dns_settings instead of use_apex_ns); rename the body's `value` to `multi_provider`",
              },
              output: code`
                const API = 'https://api.cloudflare.com/client/v4';
                export const setApexNs = (zoneId: string, value: boolean) =>
                  fetch(\`\${API}/zones/\${zoneId}/dns_settings\`, { method: 'PATCH', body: JSON.stringify({ multi_provider: value }) });
              `,
            },
          ],
        },
      ],
    },
    {
      // TSX: a server component.
      code: code`
        export default async function Analytics({ zoneId }: { zoneId: string }) {
          const res = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zoneId}/analytics/dashboard\`);
          const data = await res.json();
          return <pre>{JSON.stringify(data)}</pre>;
        }
      `,
      filename: 'Analytics.tsx',
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      errors: [{ messageId: 'finding:zone-analytics-api', line: 2 }],
    },
  ],
});

jsTester.run('no-deprecated-endpoint (JavaScript)', testable(rule), {
  valid: [
    'fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/page_shield/scripts`);',
    "fetch(`https://api.cloudflare.com/client/v4/accounts/${accountId}/images/v2/direct_upload`, { method: 'POST' });",
    // Another provider's host with paths like ours (issue 27).
    "export const rules = (id) => fetch('https://api.other-cdn.example/client/v4/zones/' + id + '/firewall/rules', { method: 'DELETE' });",
    // The other host as a property of an object literal, read through `this` in its methods.
    code`
      const api = { base: 'https://api.other.example/v1', get(p) { return fetch(this.base + p); } };
      api.get('/zones/1/firewall/rules');
      const other = {
        base: 'https://api.other.example/v1',
        send: function (method, p) { return fetch(\`\${this.base}\${p}\`, { method }); },
        patch(p) { const go = () => fetch(this.base + p, { method: 'PATCH' }); return go(); },
      };
      other.send('POST', '/zones/1/filters');
      other.patch('/zones/1/rate_limits/2');
    `,
  ],
  invalid: [
    {
      // The API's host as a property of an object literal, read through `this` in its methods.
      code: code`
        const api = { base: 'https://api.cloudflare.com/client/v4', get(p) { return fetch(this.base + p); } };
        api.get('/zones/1/firewall/rules');
        const edge = {
          base: 'https://api.cloudflare.com/client/v4',
          send: function (method, p) { return fetch(\`\${this.base}\${p}\`, { method }); },
          patch(p) { const go = () => fetch(this.base + p, { method: 'PATCH' }); return go(); },
        };
        edge.send('POST', '/zones/1/filters');
        edge.patch('/zones/1/rate_limits/2');
      `,
      output: null,
      errors: [
        { messageId: 'finding:firewall-rules-api', line: 2 },
        { messageId: 'finding:firewall-rules-api', line: 8 },
        { messageId: 'finding:rate-limiting-legacy', line: 9 },
      ],
    },
    {
      // `script_monitor` -> `page_shield` is a fix: the same resource under its current name.
      code: 'export const scripts = (zoneId) => fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/script_monitor/scripts`);',
      output:
        'export const scripts = (zoneId) => fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/page_shield/scripts`);',
      errors: [{ messageId: 'finding:page-shield-script-monitor-segment', line: 1 }],
    },
    {
      // Images v1 -> v2 direct upload is a suggestion: the response differs.
      code: code`
        const fetch = require('node-fetch');
        async function uploadUrl(accountId, token) {
          const res = await fetch('https://api.cloudflare.com/client/v4/accounts/' + accountId + '/images/v1/direct_upload', {
            method: 'POST',
            headers: { Authorization: 'Bearer ' + token },
          });
          return (await res.json()).result.uploadURL;
        }
        module.exports = { uploadUrl };
      `,
      filename: 'upload.cjs',
      output: null,
      errors: [
        {
          messageId: 'finding:images-direct-upload-v1',
          line: 3,
          suggestions: [
            {
              messageId: 'suggestion',
              data: {
                description:
                  'Replace `v1/direct_upload` with `v2/direct_upload` (the v2 response also returns the image id)',
              },
              output: code`
                const fetch = require('node-fetch');
                async function uploadUrl(accountId, token) {
                  const res = await fetch('https://api.cloudflare.com/client/v4/accounts/' + accountId + '/images/v2/direct_upload', {
                    method: 'POST',
                    headers: { Authorization: 'Bearer ' + token },
                  });
                  return (await res.json()).result.uploadURL;
                }
                module.exports = { uploadUrl };
              `,
            },
          ],
        },
      ],
    },
    {
      // The organizations API, and the secondary_overrides endpoint with its body key renamed.
      code: code`
        import axios from 'axios';
        const api = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4/' });
        export const org = (id) => api.get(\`organizations/\${id}\`);
        export const overrides = (zoneId, enabled) => api.patch(\`zones/\${zoneId}/dns_settings/secondary_overrides\`, { value: enabled });
      `,
      output: null,
      errors: [
        { messageId: 'finding:organizations-api', line: 3 },
        {
          messageId: 'finding:dns-settings-legacy-endpoints',
          line: 4,
          suggestions: [
            {
              messageId: 'suggestion',
              data: {
                description:
                  "Replace `/dns_settings/secondary_overrides` with `/dns_settings` (send { secondary_overrides: <value> } to /dns_settings); rename the body's `value` to `secondary_overrides`",
              },
              output: code`
                import axios from 'axios';
                const api = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4/' });
                export const org = (id) => api.get(\`organizations/\${id}\`);
                export const overrides = (zoneId, enabled) => api.patch(\`zones/\${zoneId}/dns_settings\`, { secondary_overrides: enabled });
              `,
            },
          ],
        },
      ],
    },
  ],
});

tsTester.run('no-deprecated-endpoint (declared IaC resources)', testable(rule), {
  valid: [
    // The successor resources, and a class of the same name from another package.
    code`
      import * as cloudflare from '@pulumi/cloudflare';
      import { FirewallRule } from '@pulumi/gcp/compute';
      new cloudflare.Ruleset('custom', { zoneId: 'z', kind: 'zone', phase: 'http_request_firewall_custom', rules: [] });
      new cloudflare.ZoneSetting('tls', { zoneId: 'z', settingId: 'min_tls_version', value: '1.2' });
      new FirewallRule('allow-ssh', { network: 'default', allows: [{ protocol: 'tcp', ports: ['22'] }] });
    `,
  ],
  invalid: [
    {
      // Pulumi: the resource at its class, a deprecated setting at its key.
      code: code`
        import * as cloudflare from '@pulumi/cloudflare';
        new cloudflare.FirewallRule('block', { zoneId: 'z', filterId: 'f', action: 'block' });
        new cloudflare.ZoneSettingsOverride('zone', { zoneId: 'z', settings: { ssl: 'strict', mobileRedirect: { status: 'off' } } });
      `,
      errors: [
        { messageId: 'finding:firewall-rules-api', line: 2, column: 5, endColumn: 28 },
        { messageId: 'finding:zone-setting-mobile-redirect', line: 3, column: 87 },
      ],
    },
    {
      // CDK for Terraform: a per-resource module and the namespace style.
      code: code`
        import { Construct } from 'constructs';
        import { TerraformStack } from 'cdktf';
        import { WafOverride } from '@cdktf/provider-cloudflare/lib/waf-override';
        import { argoTunnel } from '@cdktf/provider-cloudflare';
        export class Edge extends TerraformStack {
          constructor(scope: Construct, id: string) {
            super(scope, id);
            new WafOverride(this, 'admin', { zoneId: 'z', urls: ['example.com/admin*'] });
            new argoTunnel.ArgoTunnel(this, 'office', { accountId: 'a', name: 'office', secret: 's' });
          }
        }
      `,
      errors: [
        {
          messageId: 'finding:waf-managed-rules-legacy',
          line: 8,
          data: {
            message: `the CDK for Terraform resource \`WafOverride\` (Previous-version WAF managed rules APIs) reached end of life on 2025-01-15 (ended 1 year ago). Use instead: ${successorOf('waf-managed-rules-legacy', 'WafOverride')}.`,
            entryId: 'waf-managed-rules-legacy',
          },
        },
        { messageId: 'finding:tunnels-legacy-api', line: 9 },
      ],
    },
  ],
});
