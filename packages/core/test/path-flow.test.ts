import { describe, expect, test } from 'vitest';
import { analyzeSnippet } from './support/snippets.js';

/** `line:entry:confidence` of each finding, in report order. */
function found(code: string, file?: string): string[] {
  return analyzeSnippet(code, {}, file).map((f) => `${f.line}:${f.entryId}:${f.confidence}`);
}

describe('values that reach a URL along the code', () => {
  test('/client/v4 behind a same-origin proxy path is the API prefix; an app route without it is not', () => {
    expect(
      found(`
        const API = '/cf-api/client/v4';
        export const a = (zoneId: string) => fetch(\`\${API}/zones/\${zoneId}/settings/mobile_redirect\`);
        export const b = (zoneId: string) => fetch(\`/api/cf/zones/\${zoneId}/firewall/rules\`);`),
    ).toEqual(['3:zone-setting-mobile-redirect:high']);
  });

  test('both branches of a conditional URL, each reported where it is written', () => {
    expect(
      found(`
        const PROXY = '/api/proxy/client/v4';
        export async function load(accountId?: string) {
          const url = accountId
            ? \`\${PROXY}/accounts/\${encodeURIComponent(accountId)}/billing/profile\`
            : \`\${PROXY}/user/rulesets\`;
          return fetch(url);
        }`),
    ).toEqual(['5:billing-profile-and-history:high']);
  });

  test('a URL built with += carries every appended piece', () => {
    expect(
      found(`
        const ROOT = 'https://api.cloudflare.com/client/v4';
        export async function list(zoneId: string) {
          let url = ROOT;
          url += '/zones/' + zoneId;
          url += '/firewall/waf/overrides';
          return fetch(url);
        }
        export async function reset(zoneId: string) {
          let url = ROOT + '/zones/' + zoneId;
          url = ROOT;
          url += '/firewall/waf/overrides';
          return fetch(url);
        }`),
      // In reset() the reassignment drops /zones/…: no request sends the retired path, and the
      // evaluator says so; the text is still written, and the grep floor reports it (medium).
    ).toEqual(['6:waf-managed-rules-legacy:high', '12:waf-managed-rules-legacy:medium']);
  });

  test('setting ids in an array mapped into /settings/${id}: each retired id where it is written', () => {
    expect(
      found(
        `
        const API = 'https://api.cloudflare.com/client/v4';
        const IDS = [
          'brotli',
          'http3',
        ];
        export const off = (zone) =>
          Promise.all(IDS.map((id) => fetch(\`\${API}/zones/\${zone}/settings/\${id}\`, { method: 'PATCH' })));
        export function read(zone) {
          const urls = [\`\${API}/zones/\${zone}/settings/ssl\`].concat(
            ['mobile_redirect'].map((id) => \`\${API}/zones/\${zone}/settings/\${id}\`),
          );
          return Promise.all(urls.map((u) => fetch(u)));
        }`,
        'bulk.mjs',
      ),
    ).toEqual(['4:zone-setting-brotli:high', '11:zone-setting-mobile-redirect:high']);
  });

  test('lodash/EJS <%= x %> placeholders stand for a parameter segment; a query after the path is dropped', () => {
    expect(
      found(
        `
        const _ = require('lodash');
        module.exports = {
          filters: _.template('/zones/<%= zone %>/filters?paused=false'),
          live: _.template('/zones/<%= zone %>/rulesets'),
          prose: 'See <%= zone %> for zones/filters',
        };`,
        'paths.js',
      ),
    ).toEqual(['4:firewall-rules-api:medium']);
  });
});
