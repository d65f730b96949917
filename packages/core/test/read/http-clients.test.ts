import { describe, expect, test } from 'vitest';
import {
  HTTP_CLIENTS,
  httpClientNamed,
  httpClientOfModule,
  type HttpClientName,
} from '../../src/read/knowledge/http-clients.js';
import { factsIn, methodText, requestsIn, valueIn } from '../support/extract.js';

const API = 'https://api.cloudflare.com/client/v4';

describe('the HTTP client table', () => {
  test('names each module once, and every library name has a row', () => {
    const modules = HTTP_CLIENTS.flatMap((client) => client.modules);
    expect(new Set(modules).size).toBe(modules.length);
    const names: HttpClientName[] = ['fetch', 'axios', 'got', 'ky', 'undici', 'node-http'];
    for (const name of names) expect(httpClientNamed(name).name).toBe(name);
    expect(httpClientOfModule('node:https')?.protocol).toBe('https:');
    expect(httpClientOfModule('superagent')).toBeUndefined();
  });

  test('a row reads either the calls of its request functions or verbs, and its body verbs are verbs', () => {
    for (const client of HTTP_CLIENTS) {
      for (const verb of client.bodyArgument?.verbs ?? []) expect(client.verbs).toContain(verb);
      if (client.functions?.some((fn) => fn.shape === 'node-http')) expect(client.protocol).toBeDefined();
    }
  });
});

describe('fetch', () => {
  test('the global, its aliases and `new Request` read the URL and the init', () => {
    expect(
      requestsIn(`
        fetch('${API}/zones');
        window.fetch('${API}/user', { method: 'patch', body: payload, headers: { a: 'b' } });
        globalThis.fetch(url);
        self.fetch(url, init);
        new Request('${API}/zones', { method: 'DELETE' });
        new Response('${API}/zones');`),
    ).toEqual([
      { via: 'fetch', method: 'GET', url: `${API}/zones` },
      { via: 'fetch', method: 'PATCH', url: `${API}/user`, body: 'payload', headers: "{ a: 'b' }" },
      { via: 'fetch', method: 'GET', url: '${url}' },
      { via: 'fetch', method: 'unknown', url: '${url}' },
      { via: 'fetch', method: 'DELETE', url: `${API}/zones` },
    ]);
  });

  test('every fetch module, imported or required, is fetch', () => {
    for (const module of ['node-fetch', 'cross-fetch', 'isomorphic-fetch', 'isomorphic-unfetch']) {
      expect(requestsIn(`import f from '${module}'; f('${API}/zones', { method: 'PUT' });`)).toEqual([
        { via: 'fetch', method: 'PUT', url: `${API}/zones` },
      ]);
      expect(requestsIn(`const f = require('${module}'); f('${API}/zones');`, 'a.cjs')).toEqual([
        { via: 'fetch', method: 'GET', url: `${API}/zones` },
      ]);
    }
  });

  test("a framework's injected fetch is fetch; the method of a forwarded init is the caller's", () => {
    expect(
      requestsIn(`
        export async function GET({ fetch }) { return fetch('${API}/zones'); }
        export function send(path, init) { return fetch(path, init); }`),
    ).toEqual([
      { via: 'fetch', method: 'GET', url: `${API}/zones` },
      { via: 'fetch', method: 'param 1', url: '${arg0}' },
    ]);
  });
});

describe('axios', () => {
  test('the function: a URL and options, or one config object with the URL inside', () => {
    expect(
      requestsIn(`
        import axios from 'axios';
        axios('${API}/zones');
        axios({ url: '${API}/zones', method: 'post', data: zone, headers: h });
        axios('${API}/user', { method: 'PATCH', body: raw });
        axios({ method: 'post' });`),
    ).toEqual([
      { via: 'axios', method: 'GET', url: `${API}/zones` },
      { via: 'axios', method: 'POST', url: `${API}/zones`, body: 'zone', headers: 'h' },
      { via: 'axios', method: 'PATCH', url: `${API}/user`, body: 'raw' },
    ]);
  });

  test('verbs: post, put and patch take the body second and the options third; the others, options second', () => {
    expect(
      requestsIn(`
        import axios from 'axios';
        axios.get('${API}/zones', { headers: h });
        axios.post('${API}/zones', zone, { headers: h });
        axios.delete('${API}/zones/1', { data: why });
        axios.request({ url: '${API}/user', method: 'put' });
        axios.Get('${API}/zones');
        axios.fetchAll('${API}/zones');`),
    ).toEqual([
      { via: 'axios', method: 'GET', url: `${API}/zones`, headers: 'h' },
      { via: 'axios', method: 'POST', url: `${API}/zones`, body: 'zone', headers: 'h' },
      { via: 'axios', method: 'DELETE', url: `${API}/zones/1`, body: 'why' },
      { via: 'axios', method: 'PUT', url: `${API}/user` },
    ]);
  });

  test('instances: `baseURL` joined with one slash, per call too, kept by instances of instances', () => {
    expect(
      requestsIn(`
        import axios from 'axios';
        const api = axios.create({ baseURL: '${API}/' });
        api.get('/zones');
        api.patch('zones/1', settings);
        api('user');
        api.get('/user', { baseURL: 'https://example.com' });
        const nested = api.create({ timeout: 5 });
        nested.delete('zones/1');
        api.get('https://example.com/other');`),
    ).toEqual([
      { via: 'axios', method: 'GET', url: `${API}/zones` },
      { via: 'axios', method: 'PATCH', url: `${API}/zones/1`, body: 'settings' },
      { via: 'axios', method: 'GET', url: `${API}/user` },
      { via: 'axios', method: 'GET', url: 'https://example.com/user' },
      { via: 'axios', method: 'DELETE', url: `${API}/zones/1` },
      { via: 'axios', method: 'GET', url: 'https://example.com/other' },
    ]);
    expect(valueIn(`import axios from 'axios'; const value = axios.create({ baseURL: '${API}' });`)).toBe(
      `axios client on ${API}`,
    );
  });

  test("a global axios (a script tag's build) is not guessed to be an unknown client", () => {
    expect(requestsIn(`axios.get('${API}/zones');`)).toEqual([]);
  });
});

describe('got and ky', () => {
  test('got: the payload under `json` (else `body`), options second for every verb, `prefixUrl` instances', () => {
    expect(
      requestsIn(`
        import got from 'got';
        got('${API}/zones', { method: 'POST', json: zone });
        got.put('${API}/zones/1', { body: raw });
        got.post('${API}/zones', zone);
        const api = got.extend({ prefixUrl: '${API}' });
        api.get('zones');`),
    ).toEqual([
      { via: 'got', method: 'POST', url: `${API}/zones`, body: 'zone' },
      { via: 'got', method: 'PUT', url: `${API}/zones/1`, body: 'raw' },
      { via: 'got', method: 'POST', url: `${API}/zones` },
      { via: 'got', method: 'GET', url: `${API}/zones` },
    ]);
  });

  test('ky and ky-universal: `create` and `extend` instances on `prefixUrl`, the payload under `json`', () => {
    for (const module of ['ky', 'ky-universal'])
      expect(
        requestsIn(`
          import ky from '${module}';
          const api = ky.create({ prefixUrl: '${API}' });
          const zones = api.extend({ prefixUrl: '${API}/zones' });
          api.patch('user', { json: user });
          zones.delete('1');
          ky.post('${API}/zones', { json: zone, headers: h });`),
      ).toEqual([
        { via: 'ky', method: 'PATCH', url: `${API}/user`, body: 'user' },
        { via: 'ky', method: 'DELETE', url: `${API}/zones/1` },
        { via: 'ky', method: 'POST', url: `${API}/zones`, body: 'zone', headers: 'h' },
      ]);
  });
});

describe('undici', () => {
  test('`request` is undici, `fetch` is fetch; the module has no verbs and is no function', () => {
    expect(
      requestsIn(`
        import undici, { request, fetch } from 'undici';
        request('${API}/zones', { method: 'PUT', body: raw });
        fetch('${API}/user');
        undici.request('${API}/zones');
        undici.get('${API}/zones');
        undici('${API}/zones');`),
    ).toEqual([
      { via: 'undici', method: 'PUT', url: `${API}/zones`, body: 'raw' },
      { via: 'fetch', method: 'GET', url: `${API}/user` },
      { via: 'undici', method: 'GET', url: `${API}/zones` },
    ]);
  });
});

describe("Node's http and https", () => {
  test('`{ hostname, path }` options under the module’s protocol, or a URL; `get` always sends GET', () => {
    expect(
      requestsIn(`
        import https from 'node:https';
        import http from 'http';
        https.request({ hostname: 'api.cloudflare.com', path: '/client/v4/zones', method: 'DELETE', headers: h }, done);
        http.get({ host: 'localhost:8080', path: '/client/v4/zones', method: 'POST' });
        https.request('${API}/user', { method: 'PATCH' }, done);
        https.get('${API}/zones', () => {});
        https.request({ path: '/client/v4/zones' });`),
    ).toEqual([
      { via: 'node-http', method: 'DELETE', url: `${API}/zones`, headers: 'h' },
      { via: 'node-http', method: 'GET', url: 'http://localhost:8080/client/v4/zones' },
      { via: 'node-http', method: 'PATCH', url: `${API}/user` },
      { via: 'node-http', method: 'GET', url: `${API}/zones` },
    ]);
  });
});

describe('clients the file does not show', () => {
  test('a verb on a parameter or an unknown value is a request, the body second; a route with a handler is not', () => {
    expect(
      requestsIn(`
        export function run(client, app) {
          client.post('${API}/zones', zone, { headers: h });
          client.head('${API}/zones');
          client.list('${API}/zones');
          app.get('/zones', (req, res) => res.end());
        }`),
    ).toEqual([
      { via: 'unknown-client', method: 'POST', url: `${API}/zones`, body: 'zone' },
      { via: 'unknown-client', method: 'HEAD', url: `${API}/zones` },
    ]);
  });

  test("a client another module exports is read like any client's, for the scanner to finish", () => {
    const { importedCalls } = factsIn(`
      import api from './api';
      api.patch('/zones/1', settings);
      api.request({ url: '/user', method: 'DELETE' });
      api('/zones');`);
    expect(
      importedCalls.map((call) => call.asClient && `${methodText(call.asClient.method)} ${call.asClient.url[0]?.kind}`),
    ).toEqual(['PATCH text', 'DELETE text', 'GET text']);
  });
});
