/**
 * Requests: a URL from urls.ts sent by one of the clients client code uses (fetch, axios and its
 * instances, got/ky with a prefix, unknown receivers, `any` parameters, a client imported from
 * another module, a fetch wrapper), with a method, a payload and headers.
 */
import fc from 'fast-check';
import type { ProgramBuilder, Snippet } from './program.js';
import { baseCode, deliverUrl, urlExpression, urlSpecArb, type GrammarOptions, type UrlSpec } from './urls.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD';

type ClientKind =
  | 'fetch'
  | 'fetch-init'
  | 'axios-verb'
  | 'axios-config'
  | 'axios-create'
  | 'got'
  | 'got-prefix'
  | 'ky'
  | 'ky-prefix'
  | 'receiver-verb'
  | 'receiver-request'
  | 'any-param'
  | 'imported-client'
  | 'fetch-wrapper';

const PAYLOADS = {
  none: undefined,
  'dns-locked': "{ type: 'A', name: 'www', content: '192.0.2.1', locked: false }",
  'dns-srv':
    "{ type: 'SRV', data: { service: '_sip', proto: '_tcp', name: 'example.com', priority: 10, weight: 5, port: 5060, target: 'sip.example.com' } }",
  'lb-pool': "{ name: 'pool', origins: [], notification_email: 'ops@example.com' }",
  // Fields of the entries the settings add (support/engines.ts).
  'lb-pool-legacy': "{ name: 'pool', origins: [], legacy_alerts: true, legacy_monitor: 'http' }",
  setting: "{ value: 'on' }",
  ciphers: "{ value: ['ECDHE-RSA-CHACHA20-POLY1305-OLD', 'ECDHE-RSA-AES128-GCM-SHA256'] }",
} as const;

const HEADERS = {
  none: undefined,
  'te-cl': "{ 'Transfer-Encoding': 'chunked', 'Content-Length': '42' }",
  json: "{ 'Content-Type': 'application/json' }",
} as const;

interface RequestSpec {
  url: UrlSpec;
  client: ClientKind;
  method: Method;
  /** `'POST'`, `'post'`, or a local `const method = 'POST'`. */
  methodAs: 'literal' | 'lower' | 'const';
  payload: keyof typeof PAYLOADS;
  payloadConst: boolean;
  headers: keyof typeof HEADERS;
}

const requestSpecArb = (options: GrammarOptions): fc.Arbitrary<RequestSpec> =>
  fc.record({
    url: urlSpecArb(options),
    client: fc.constantFrom<ClientKind>(
      'fetch',
      'fetch-init',
      'fetch-init',
      'axios-verb',
      'axios-config',
      'axios-create',
      'got',
      'got-prefix',
      'ky',
      'ky-prefix',
      'receiver-verb',
      'receiver-request',
      'any-param',
      'imported-client',
      'fetch-wrapper',
    ),
    method: fc.constantFrom<Method>('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD'),
    methodAs: fc.constantFrom<RequestSpec['methodAs']>('literal', 'literal', 'lower', 'const'),
    payload: fc.constantFrom(...(Object.keys(PAYLOADS) as Array<keyof typeof PAYLOADS>)),
    payloadConst: fc.boolean(),
    headers: fc.constantFrom(...(Object.keys(HEADERS) as Array<keyof typeof HEADERS>)),
  });

/** `{ method: 'POST', headers: …, body: … }` with the keys that have a value. */
function options(entries: Array<[key: string, value: string | undefined]>): string | undefined {
  const present = entries.filter((entry): entry is [string, string] => entry[1] !== undefined);
  return present.length ? `{ ${present.map(([key, value]) => `${key}: ${value}`).join(', ')} }` : undefined;
}

function call(callee: string, args: Array<string | undefined>): string {
  return `await ${callee}(${args.filter((arg) => arg !== undefined).join(', ')});`;
}

/** A verb call on an axios-like receiver: the body is the second argument of post/put/patch. */
function verbCall(
  receiver: string,
  spec: RequestSpec,
  url: string,
  body: string | undefined,
  headers: string | undefined,
) {
  const verb = spec.method.toLowerCase();
  const config = options([['headers', headers]]);
  const withBody = spec.method === 'POST' || spec.method === 'PUT' || spec.method === 'PATCH';
  return call(`${receiver}.${verb}`, withBody ? [url, body ?? '{}', config] : [url, config]);
}

function renderRequest(spec: RequestSpec, program: ProgramBuilder, n: number): void {
  const statements: string[] = [];
  const headers = HEADERS[spec.headers];
  let body: string | undefined = PAYLOADS[spec.payload];
  if (body && spec.payloadConst) {
    statements.push(`const payload = ${body};`);
    body = 'payload';
  }
  let method = spec.methodAs === 'lower' ? `'${spec.method.toLowerCase()}'` : `'${spec.method}'`;
  if (spec.methodAs === 'const') {
    statements.push(`const method = ${method};`);
    method = 'method';
  }
  const base = baseCode(spec.url, program, n);
  /** The full URL, delivered as the spec says. */
  const full = () => deliverUrl(spec.url, urlExpression(spec.url, program, n, base), program, n, statements);
  /** The path alone, for a client that holds the base itself. */
  const path = (leadingSlash: boolean) =>
    deliverUrl(spec.url, urlExpression(spec.url, program, n, undefined, leadingSlash), program, n, statements);
  const json = body === undefined ? undefined : `JSON.stringify(${body})`;

  switch (spec.client) {
    case 'fetch':
      statements.push(call('fetch', [full()]));
      break;
    case 'fetch-init':
      statements.push(
        call('fetch', [
          full(),
          options([
            ['method', method],
            ['headers', headers],
            ['body', json],
          ]),
        ]),
      );
      break;
    case 'axios-verb':
      program.import("import axios from 'axios';");
      statements.push(verbCall('axios', spec, full(), body, headers));
      break;
    case 'axios-config':
      program.import("import axios from 'axios';");
      statements.push(
        call('axios', [
          options([
            ['method', method],
            ['url', full()],
            ['data', body],
            ['headers', headers],
          ]),
        ]),
      );
      break;
    case 'axios-create':
      program.import("import axios from 'axios';");
      program.declare(`const http${n} = axios.create(${options([['baseURL', base]]) ?? '{}'});`);
      statements.push(verbCall(`http${n}`, spec, path(true), body, headers));
      break;
    case 'got':
      program.import("import got from 'got';");
      statements.push(
        call('got', [
          full(),
          options([
            ['method', method],
            ['json', body],
            ['headers', headers],
          ]),
        ]),
      );
      break;
    case 'got-prefix':
    case 'ky-prefix': {
      const lib = spec.client === 'got-prefix' ? 'got' : 'ky';
      program.import(`import ${lib} from '${lib}';`);
      program.declare(
        `const api${n} = ${lib}.${lib === 'got' ? 'extend' : 'create'}(${options([['prefixUrl', base]]) ?? '{}'});`,
      );
      statements.push(
        call(`api${n}`, [
          path(false),
          options([
            ['method', method],
            ['json', body],
            ['headers', headers],
          ]),
        ]),
      );
      break;
    }
    case 'ky':
      program.import("import ky from 'ky';");
      statements.push(
        call('ky', [
          full(),
          options([
            ['method', method],
            ['json', body],
            ['headers', headers],
          ]),
        ]),
      );
      break;
    case 'receiver-verb':
      program.declare(program.ts ? 'declare const client: any;' : 'const client = globalThis.client;');
      statements.push(verbCall('client', spec, full(), body, headers));
      break;
    case 'receiver-request':
      program.declare(program.ts ? 'declare const client: any;' : 'const client = globalThis.client;');
      statements.push(
        call('client.request', [
          options([
            ['method', method],
            ['url', full()],
            ['data', body],
            ['headers', headers],
          ]),
        ]),
      );
      break;
    case 'any-param':
      statements.push(verbCall('http', spec, full(), body, headers));
      break;
    case 'imported-client':
      program.import("import { api } from './api-client';");
      if (spec.method === 'HEAD') statements.push(call('api.head', [full()]));
      else
        statements.push(
          call('api', [
            full(),
            options([
              ['method', method],
              ['headers', headers],
              ['body', json],
            ]),
          ]),
        );
      break;
    case 'fetch-wrapper': {
      const prefix = base === undefined ? '' : base.startsWith("'") ? base.slice(1, -1) : `\${${base}}`;
      const init = program.ts ? 'init: RequestInit = {}' : 'init = {}';
      program.declare(
        `async function call${n}(${program.params([['path', 'string']])}, ${init}) {\n  return fetch(\`${prefix}\${path}\`, init);\n}`,
      );
      statements.push(
        call(`call${n}`, [
          path(true),
          options([
            ['method', method],
            ['headers', headers],
            ['body', json],
          ]),
        ]),
      );
      break;
    }
  }
  program.run(n, statements);
}

export const requestSnippetArb = (options: GrammarOptions): fc.Arbitrary<Snippet> =>
  requestSpecArb(options).map((spec) => {
    const snippet: Snippet = (program, n) => renderRequest(spec, program, n);
    return Object.assign(snippet, { toString: () => `request(${JSON.stringify(spec)})` });
  });
