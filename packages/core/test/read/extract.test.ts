import { describe, expect, test } from 'vitest';
import type { ExportedValue, FileFacts } from '../../src/facts.js';
import { describeRequest, factsOf, findingsOf, render } from './support.js';

const API = 'https://api.cloudflare.com/client/v4';

/** Requests sent by a client or a helper (mentions left out), in a few words: `via METHOD url`. */
const sent = (facts: FileFacts) => facts.requests.filter((r) => r.via !== 'mention').map(describeRequest);
const mentions = (facts: FileFacts) => facts.requests.filter((r) => r.via === 'mention').map(describeRequest);

/** Where a fact points, as source text. */
const written = (source: string, range: [number, number]) => source.slice(...range);

/** An exported value with its patterns rendered, spans and ranges left out. */
function exported(value: ExportedValue | undefined): unknown {
  switch (value?.kind) {
    case 'string':
      return { string: render(value.pattern) };
    case 'map':
      return {
        map: Object.fromEntries(Object.entries(value.entries).map(([k, v]) => [k, render(v)])),
        ...(value.methods ? { methods: Object.keys(value.methods) } : {}),
      };
    case 'helper':
      return {
        helper: value.params,
        ...(value.returns ? { returns: render(value.returns) } : {}),
        requests: value.requests.map(describeRequest),
      };
    case 'class':
      return { class: Object.keys(value.methods), ...(value.extends ? { extends: value.extends } : {}) };
    default:
      return value;
  }
}

describe('requests', () => {
  test('fetch with the method in the init object; the payload keys; the range of the URL', () => {
    const source = `fetch('${API}/zones/abc/filters', { method: 'patch', body: JSON.stringify({ paused: true }) });`;
    const facts = factsOf(source);
    expect(sent(facts)).toEqual([`fetch PATCH ${API}/zones/abc/filters`]);
    const [request] = facts.requests;
    expect(written(source, request!.range)).toBe(`'${API}/zones/abc/filters'`);
    expect(request!.payload?.map((key) => key.path)).toEqual(['paused']);
  });

  test('fetch without init is a GET; with an init whose method is not known, unknown', () => {
    const facts = factsOf(
      `fetch('/client/v4/zones/' + zoneId + '/dns_records'); fetch('/client/v4/user', { method: m });`,
    );
    expect(sent(facts)).toEqual(['fetch GET /client/v4/zones/${zoneId}/dns_records', 'fetch ? /client/v4/user']);
  });

  test('new Request(url, init) is a fetch request', () => {
    expect(sent(factsOf(`new Request('${API}/user/tokens', { method: 'POST' });`))).toEqual([
      `fetch POST ${API}/user/tokens`,
    ]);
  });

  test('an axios instance with baseURL: verbs join the base with one slash; data is the payload', () => {
    const source = `import axios from 'axios';
      const api = axios.create({ baseURL: '${API}' });
      api.post(\`/zones/\${id}/filters\`, { expression: 'x' });
      api.get('zones/z/dns_records');`;
    const facts = factsOf(source);
    expect(sent(facts)).toEqual([`axios POST ${API}/zones/\${id}/filters`, `axios GET ${API}/zones/z/dns_records`]);
    expect(facts.requests[0]!.payload?.map((key) => key.path)).toEqual(['expression']);
  });

  test('a conditional URL is one fact per branch', () => {
    const facts = factsOf(`fetch(flag ? '${API}/zones/a/filters' : \`${API}/accounts/\${a}/rules\`);`);
    expect(sent(facts)).toEqual([`fetch GET ${API}/zones/a/filters`, `fetch GET ${API}/accounts/\${a}/rules`]);
  });

  test("an array's .concat(…).map((id) => fetch(…)): one fact per element", () => {
    const facts = factsOf(
      `['brotli', 'http3'].concat(['ssl']).map((id) => fetch(\`${API}/zones/z/settings/\${id}\`));`,
    );
    expect(sent(facts)).toEqual(['brotli', 'http3', 'ssl'].map((id) => `fetch GET ${API}/zones/z/settings/${id}`));
  });

  test('a request whose URL holds an imported value keeps a hole with from', () => {
    const facts = factsOf(`import { ZONE } from './config'; fetch(\`${API}/zones/\${ZONE}/filters\`);`);
    const [request] = facts.requests.filter((r) => r.via === 'fetch');
    expect(request!.url[1]).toMatchObject({ kind: 'hole', from: { source: './config', path: ['ZONE'] } });
    expect(describeRequest(request!)).toBe(`fetch GET ${API}/zones/\${./config#ZONE}/filters`);
    expect(facts.imports).toEqual({ ZONE: { source: './config', imported: 'ZONE' } });
  });

  test('a verb call on a receiver the file does not show is an unknown-client request', () => {
    expect(sent(factsOf(`export function f(http) { return http.delete('/client/v4/zones/z/filters'); }`))).toEqual([
      'unknown-client DELETE /client/v4/zones/z/filters',
    ]);
  });

  test('an official SDK call: the chain, the method and the known arguments', () => {
    const facts = factsOf(
      `import Cloudflare from 'cloudflare'; const cf = new Cloudflare(); cf.firewall.rules.list('z1', id);`,
    );
    expect(facts.sdkCalls.map(({ flavor, chain, method, args }) => ({ flavor, chain, method, args }))).toEqual([
      { flavor: 'v4', chain: ['firewall', 'rules'], method: 'list', args: ['z1', undefined] },
    ]);
  });
});

describe('helpers', () => {
  const source = `const API = '${API}';
function zoneSetting(zone, id, method) {
  return fetch(\`\${API}/zones/\${zone}/settings/\${id}\`, { method });
}
zoneSetting('z1', 'brotli', 'PATCH');
zoneSetting(z, 'http3', 'GET');`;
  const facts = factsOf(source);

  test("a helper's own request: its parameters as holes, the method given by a parameter", () => {
    const inner = facts.requests.find((r) => r.via === 'fetch');
    expect(describeRequest(inner!)).toBe(`fetch param2 ${API}/zones/\${arg0}/settings/\${arg1}`);
    expect(inner!.ownerFn).toBe(0);
  });

  test('a helper called with literal arguments: one request per call, arguments in place', () => {
    expect(facts.requests.filter((r) => r.via === 'helper').map(describeRequest)).toEqual([
      `helper PATCH ${API}/zones/z1/settings/brotli`,
      `helper GET ${API}/zones/\${z}/settings/http3`,
    ]);
  });

  test("a helper call keeps the helper's pattern and points at the last literal argument", () => {
    const calls = facts.requests.filter((r) => r.via === 'helper');
    expect(calls.map((r) => render(r.innerUrl!))).toEqual([
      `${API}/zones/\${arg0}/settings/\${arg1}`,
      `${API}/zones/\${arg0}/settings/\${arg1}`,
    ]);
    expect(calls.map((r) => written(source, r.range))).toEqual(["'brotli'", "'http3'"]);
  });

  test('a function whose request does not depend on its parameters is no helper: its calls add nothing', () => {
    const facts = factsOf(`function ping() { return fetch('${API}/user/tokens/verify'); } ping(); ping();`);
    expect(sent(facts)).toEqual([`fetch GET ${API}/user/tokens/verify`]);
  });

  test('a helper that forwards its init: the method of the object each call passes', () => {
    const facts = factsOf(`function cf(path, init) { return fetch('${API}' + path, init); }
      cf('/zones/z/filters', { method: 'DELETE' }); cf('/user');`);
    expect(sent(facts)).toEqual([
      `fetch init1 ${API}\${arg0}`,
      `helper DELETE ${API}/zones/z/filters`,
      `helper GET ${API}/user`,
    ]);
  });
});

describe('mentions', () => {
  test('an API URL that is never sent is a mention: unknown method, the range of the string', () => {
    const source = `const docs = '${API}/zones/:zone_id/filters'; keep(docs);`;
    const facts = factsOf(source);
    expect(facts.requests.map(describeRequest)).toEqual([`mention ? ${API}/zones/:zone_id/filters`]);
    expect(written(source, facts.requests[0]!.range)).toBe(`'${API}/zones/:zone_id/filters'`);
  });

  test('a URL of another host is no mention', () => {
    expect(factsOf(`const page = 'https://example.com/zones/x/filters'; console.log(page);`).requests).toEqual([]);
  });

  test("a route the code's own server defines (a path with a handler) is no mention", () => {
    expect(mentions(factsOf(`app.get('/client/v4/zones/:id/filters', (req, res) => res.send());`))).toEqual([]);
  });

  test('a URL that is sent is also a mention at the same place (the matcher keeps one finding per place)', () => {
    const source = `fetch('${API}/zones/abc/filters');`;
    const facts = factsOf(source);
    expect(mentions(facts)).toEqual([`mention ? ${API}/zones/abc/filters`]);
    expect(findingsOf(source).map((finding) => finding.entryId)).toEqual(['firewall-rules-api']);
  });
});

describe('exports and imports', () => {
  test('an exported constant, map and URL-building helper', () => {
    const facts = factsOf(`const API = '${API}';
      export const BASE = API + '/zones';
      export const ROUTES = { filters: '/filters', rules: '/firewall/rules', n: 1 };
      export function zoneUrl(zone) { return \`\${API}/zones/\${zone}\`; }`);
    expect(exported(facts.exports.BASE)).toEqual({ string: `${API}/zones` });
    expect(exported(facts.exports.ROUTES)).toEqual({ map: { filters: '/filters', rules: '/firewall/rules', n: '1' } });
    expect(exported(facts.exports.zoneUrl)).toEqual({ helper: 1, returns: `${API}/zones/\${arg0}`, requests: [] });
  });

  test('an exported helper that sends: its requests with its parameters as holes', () => {
    const facts = factsOf(`export function send(zone) { return fetch(\`${API}/zones/\${zone}/filters\`); }`);
    expect(exported(facts.exports.send)).toEqual({ helper: 1, requests: [`fetch GET ${API}/zones/\${arg0}/filters`] });
  });

  test('an exported class: its methods, own and inherited in the module, and a base of another module', () => {
    const facts = factsOf(`import { Base } from './base';
      class Mid extends Base { list(zone) { return fetch(\`${API}/zones/\${zone}/filters\`); } }
      export class Api extends Mid { get(id) { return id; } }`);
    expect(exported(facts.exports.Api)).toEqual({
      class: ['get', 'list'],
      extends: { source: './base', path: ['Base'] },
    });
  });

  test('export default, export { a as b } and CommonJS exports', () => {
    const facts = factsOf(`const A = '/client/v4/zones'; export { A as ZONES }; export default { user: '/user' };`);
    expect(exported(facts.exports.ZONES)).toEqual({ string: '/client/v4/zones' });
    expect(exported(facts.exports.default)).toEqual({ map: { user: '/user' } });
    const cjs = factsOf(`module.exports = { BASE: '/client/v4/zones' }; exports.X = '/x/y';`, 'input.js');
    expect(Object.fromEntries(Object.entries(cjs.exports).map(([k, v]) => [k, exported(v)]))).toEqual({
      default: { map: { BASE: '/client/v4/zones' } },
      BASE: { string: '/client/v4/zones' },
      X: { string: '/x/y' },
    });
  });

  test('export * from is exportAll; export * as and export { x as y } from are re-exports', () => {
    const facts = factsOf(`export * from './a'; export * as ns from './b'; export { x as y } from './c';`);
    expect(facts.exportAll).toEqual(['./a']);
    expect(facts.exports).toEqual({
      ns: { kind: 'reexport', source: './b', imported: '*' },
      y: { kind: 'reexport', source: './c', imported: 'x' },
    });
  });

  test('an exported http client keeps its base', () => {
    const facts = factsOf(`import axios from 'axios'; export const api = axios.create({ baseURL: '${API}' });`);
    expect(facts.exports.api).toMatchObject({ kind: 'http-client', lib: 'axios' });
    expect(facts.exports.api?.kind === 'http-client' && render(facts.exports.api.base!)).toBe(API);
  });

  test('an imported helper called with arguments is an imported call with their patterns and methods', () => {
    const source = `import { cfFetch } from './api'; cfFetch(\`/zones/\${zone}/filters\`, { method: 'DELETE' });`;
    const facts = factsOf(source);
    expect(facts.importedCalls).toHaveLength(1);
    const [call] = facts.importedCalls;
    expect(call!.callee).toEqual({ source: './api', path: ['cfFetch'] });
    expect(call!.args.map(render)).toEqual(['/zones/${zone}/filters', '${…}']);
    expect(call!.argMethods).toEqual([{ kind: 'unknown' }, { kind: 'known', method: 'DELETE' }]);
    expect(call!.argRanges.map((range) => written(source, range))).toEqual([
      '`/zones/${zone}/filters`',
      "{ method: 'DELETE' }",
    ]);
    expect(facts.imports).toEqual({ cfFetch: { source: './api', imported: 'cfFetch' } });
  });

  test('a verb called on an imported default: read as a client call too (asClient)', () => {
    const facts = factsOf(`import api from './api'; api.patch('/zones/z/settings/brotli', { value: 'off' });`);
    const [call] = facts.importedCalls;
    expect(call!.callee).toEqual({ source: './api', path: ['default', 'patch'] });
    expect(call!.asClient && [render(call!.asClient.url), call!.asClient.method]).toEqual([
      '/zones/z/settings/brotli',
      { kind: 'known', method: 'PATCH' },
    ]);
  });

  test('a helper parameter passed to an imported call makes the call owned by the helper', () => {
    const facts = factsOf(`import { get } from './api'; export function f(zone) { return get(\`/zones/\${zone}\`); }`);
    expect(facts.importedCalls.map((call) => [call.args.map(render), call.ownerFn])).toEqual([[['/zones/${arg0}'], 0]]);
  });

  test('require of a relative module is an import of the file', () => {
    expect(factsOf(`const { get } = require('./api'); const lib = require('./lib');`, 'input.js').imports).toEqual({
      get: { source: './api', imported: 'get' },
      lib: { source: './lib', imported: '*' },
    });
  });
});

describe('limits', () => {
  test('a file with a very deep + chain is read to the end', () => {
    const source = `const a = '${API}/zones/z/filters'${" + 'y'".repeat(2000)}; fetch('${API}/user/tokens');`;
    expect(sent(factsOf(source))).toEqual([`fetch GET ${API}/user/tokens`]);
  });
});
