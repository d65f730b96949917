/**
 * The rest of client code around requests: error handling, reads of record fields, SDK calls,
 * settings picked from a map, and the places a path is named without being requested (comments,
 * prose, documentation links, the user's own server routes, TypeScript types).
 */
import fc from 'fast-check';
import { allPaths } from './paths.js';
import type { ProgramBuilder, Snippet } from './program.js';

type Extra = (program: ProgramBuilder, n: number, template: string) => void;

const EXTRAS: Record<string, Extra> = {
  'error-1004'(program, n) {
    program.run(n, [
      'try {',
      '  await http.post(`/zones/${zoneId}/dns_records`, { type: "A" });',
      `} catch (err${program.typed(': any')}) {`,
      '  if (err.code === 1004) console.error(err.error_chain);',
      '}',
    ]);
  },
  'error-body'(program, n) {
    program.run(n, [
      'const res = await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/dns_records`, { method: "POST" });',
      'const body = await res.json();',
      'const first = body.errors[0];',
      'if (first.code === 1004) return first.error_chain.map((e) => e.message);',
    ]);
  },
  'error-interceptor'(program) {
    program.import("import axios from 'axios';");
    program.declare(
      'axios.interceptors.response.use(undefined, (error) => {\n  console.error(error.response?.data?.errors?.[0]?.error_chain);\n  return Promise.reject(error);\n});',
    );
  },
  'record-reads'(program, n) {
    program.run(n, [
      'const res = await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/dns_records/${id}`);',
      'const record = (await res.json()).result;',
      'if (record.locked) return record.data.service;',
      'return record.data.name;',
    ]);
  },
  'pool-read'(program, n) {
    program.run(n, [
      'const pool = await http.get(`/accounts/${accountId}/load_balancers/pools/${id}`);',
      'return pool.notification_email;',
    ]);
  },
  'sdk-calls'(program, n) {
    program.import("import Cloudflare from 'cloudflare';");
    program.declare("const cf = new Cloudflare({ apiToken: 'token' });");
    program.run(n, [
      'await cf.firewall.rules.list({ zone_id: zoneId });',
      'await cf.rateLimits.list({ zone_id: zoneId });',
      "await cf.zones.settings.get('brotli', { zone_id: zoneId });",
    ]);
  },
  'setting-map'(program, n) {
    program.declare(`const SETTINGS${n} = { compress: 'brotli', tls: 'ssl', minify: 'minify' };`);
    program.run(n, [
      `const setting = SETTINGS${n}[which${program.typed(' as "tls"')}];`,
      'await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/settings/${setting}`, { method: "PATCH", body: "{}" });',
    ]);
  },
  'bulk-settings'(program, n) {
    program.run(n, [
      'await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/settings`, {',
      "  method: 'PATCH',",
      "  body: JSON.stringify({ items: [{ id: 'brotli', value: 'on' }, { id: 'ssl', value: 'full' }] }),",
      '});',
    ]);
  },
  comment(program, n, template) {
    program.declare(
      `// GET ${template} is what the old dashboard called\n/* see https://api.cloudflare.com/client/v4${template} */\nexport const NOTE${n} = 1;`,
    );
  },
  prose(program, n, template) {
    program.run(n, [
      `console.log('calling ${template} for the report');`,
      `throw new Error(\`request to https://api.cloudflare.com/client/v4/zones/\${zoneId} failed: see ${template}\`);`,
    ]);
  },
  'docs-link'(program, n) {
    program.declare(
      `export const DOCS${n} = 'https://developers.cloudflare.com/api/resources/firewall/subresources/rules/';`,
    );
  },
  'server-route'(program, n, template) {
    program.import("import express from 'express';");
    program.declare('const app = express();');
    const route = template.replace(/\{(\w+)\}/g, ':$1');
    program.declare(
      `app.get('${route}', (req${program.typed(': any')}, res${program.typed(': any')}) => {\n  res.json({ route: ${n} });\n});`,
    );
  },
  'type-alias'(program, n, template) {
    if (program.ts) program.declare(`export type Route${n} = '${template}';`);
    else program.declare(`export const ROUTE_COUNT${n} = 0;`);
  },
};

export const extraSnippetArb: fc.Arbitrary<Snippet> = fc
  .record({ kind: fc.constantFrom(...Object.keys(EXTRAS)), path: fc.constantFrom(...allPaths()) })
  .map(({ kind, path }) => {
    const extra = EXTRAS[kind]!;
    const snippet: Snippet = (program, n) =>
      extra(program, n, path.template.startsWith('/') ? path.template : `/${path.template}`);
    return Object.assign(snippet, { toString: () => `${kind}(${path.template})` });
  });
