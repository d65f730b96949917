import { describe, expect, it } from 'vitest';
import { analyzeSnippet } from './support/snippets.js';

const found = (code: string, file = 'snippet.mjs') =>
  analyzeSnippet(code, {}, file).map((f) => `${f.line}:${f.entryId}:${f.confidence}`);

describe('header pairs written as tuples and as setHeader calls', () => {
  it('reports a new Headers([[…]]) tuple list sent as a request’s headers on the Transfer-Encoding key', () => {
    expect(
      found(`
        export function upload(url, body, size) {
          const headers = new Headers([
            ['Transfer-Encoding', 'chunked'],
            ['Content-Length', String(size)],
          ]);
          return fetch(url, { method: 'PUT', headers, body });
        }`),
    ).toEqual(['4:transfer-encoding-with-content-length:high']);
  });

  it('reports a tuple list that is not seen sent at medium, and stays silent on Content-Length alone', () => {
    expect(found(`export const h = new Headers([['content-length', '3'], ['transfer-encoding', 'chunked']]);`)).toEqual(
      ['1:transfer-encoding-with-content-length:medium'],
    );
    expect(found(`fetch('/x', { method: 'PUT', headers: new Headers([['Content-Length', '3']]) });`)).toEqual([]);
  });

  it('reports req.setHeader pairs on the result of https.request, not on a server response', () => {
    expect(
      found(`
        import https from 'node:https';
        export function put(url, size) {
          const req = https.request(url, { method: 'PUT' });
          req.setHeader('transfer-encoding', 'chunked');
          req.setHeader('Content-Length', size);
          return req;
        }
        export function serve(res, size) {
          res.setHeader('Transfer-Encoding', 'chunked');
          res.setHeader('Content-Length', size);
        }`),
    ).toEqual(['5:transfer-encoding-with-content-length:high']);
  });
});

describe('payloads built with Object.assign', () => {
  const code = (path: string) => `
    import { request } from 'undici';
    export async function replacePool(poolId, pool, alertsTo) {
      const payload = Object.assign({}, pool, {
        notification_email: alertsTo,
      });
      await request(\`https://api.cloudflare.com/client/v4${path}\`, { method: 'PUT', body: JSON.stringify(payload) });
    }`;

  it('reads the keys of every source object of the payload sent to a pool', () => {
    expect(found(code('/user/load_balancers/pools/${poolId}'))).toEqual(['5:lb-notification-email-field:high']);
  });

  it('stays silent when the same payload goes to another product', () => {
    expect(found(code('/accounts/${poolId}/members'))).toEqual([]);
  });
});
