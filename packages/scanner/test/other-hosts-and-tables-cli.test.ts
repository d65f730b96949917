/**
 * Issue 27, low items of detection, through the real CLI (the ESLint plugin's half is in its rule
 * tests: no-transfer-encoding-with-content-length, no-srv-data-name-fields, no-deprecated-endpoint):
 * a table of header names is no request's headers, and what a request sends to another provider's
 * host (a body, headers) is that host's, even when its path looks like ours.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { makeProject, parseJsonReport, removeProjects, runCli } from './scan-cli-support.js';

afterAll(removeProjects);

const API = 'https://api.cloudflare.com/client/v4';
const OTHER = 'https://api.other-cdn.example';

/** Every finding of one file, as `line entry confidence`, lowest confidence included. */
function findings(code: string): string[] {
  const root = makeProject({ 'src/x.js': code });
  const run = runCli(['scan', 'src', '--format', 'json', '--fail-on', 'none', '--min-confidence', 'low'], {
    cwd: root,
  });
  expect(run.status, run.stderr).toBe(0);
  return parseJsonReport(run.stdout).findings.map((f) => `${f.line} ${f.entryId} ${f.confidence}`);
}

describe('a table of header names is not a request’s headers', () => {
  test('objects of flags or orders, arrays and sets of names: nothing', () => {
    const code = [
      "const SPECIAL_HEADERS = { 'transfer-encoding': true, 'content-length': true, connection: true };",
      'export const isSpecial = (name) => SPECIAL_HEADERS[name.toLowerCase()] === true;',
      "export const HOP_BY_HOP = { 'Transfer-Encoding': null, 'Content-Length': null };",
      "const ORDER = { 'transfer-encoding': 1, 'content-length': 2 };",
      'export const order = (header) => ORDER[header] ?? 99;',
      "export const HOP = ['transfer-encoding', 'content-length'];",
      "export const FRAMING = new Set(['Transfer-Encoding', 'Content-Length']);",
      `export const ok = fetch('${API}/zones/z/dns_records');`,
      '',
    ].join('\n');
    expect(findings(code)).toEqual([]);
  });

  test('headers are still headers: prepared up front, sent, in a Headers list, set on a request', () => {
    const code = [
      "import https from 'node:https';",
      "export const prepared = { 'Transfer-Encoding': 'chunked', 'Content-Length': String(size) };",
      `export const sent = (body) => fetch('${API}/zones/z/custom_hostnames', { method: 'POST', headers: { 'Transfer-Encoding': 'chunked', 'Content-Length': '2' }, body });`,
      "export const list = new Headers([['Transfer-Encoding', 'chunked'], ['Content-Length', '2']]);",
      `const req = https.request('${API}/zones/z/workers/routes', { method: 'PUT' });`,
      "req.setHeader('transfer-encoding', 'chunked');",
      "req.setHeader('Content-Length', 2);",
      "const copied = { 'Transfer-Encoding': 'chunked', 'Content-Length': String(size) };",
      'export const copy = (r) => { for (const k in copied) r.setHeader(k, copied[k]); };',
      '',
    ].join('\n');
    expect(findings(code)).toEqual([
      '2 transfer-encoding-with-content-length medium',
      '3 transfer-encoding-with-content-length high',
      '4 transfer-encoding-with-content-length medium',
      '6 transfer-encoding-with-content-length high',
      // Read by key, but its values are a header's: headers copied in a loop, not a table.
      '8 transfer-encoding-with-content-length medium',
    ]);
  });
});

describe('another provider’s host: silent, whatever its path looks like', () => {
  test('its retired-looking paths, the SRV records, headers and fields a request sends to it', () => {
    const code = [
      `export const rules = (id) => fetch('${OTHER}/client/v4/zones/' + id + '/firewall/rules', { method: 'DELETE' });`,
      `export const srv = (id) => fetch(\`${OTHER}/zones/\${id}/dns_records\`, { method: 'POST', body: JSON.stringify({ type: 'SRV', data: { service: '_sip', proto: '_tcp', name: 'x' } }) });`,
      `export const many = (id) => fetch(\`${OTHER}/zones/\${id}/dns_records\`, { method: 'POST', body: JSON.stringify([{ type: 'SRV', data: { service: '_sip', proto: '_tcp', name: 'x' } }]) });`,
      `export const lock = (id) => fetch(\`${OTHER}/client/v4/zones/\${id}/dns_records/r\`, { method: 'PATCH', body: JSON.stringify({ locked: true }) });`,
      `export const up = (id, body) => fetch(\`${OTHER}/zones/\${id}/upload\`, { method: 'PUT', headers: { 'Transfer-Encoding': 'chunked', 'Content-Length': '2' }, body });`,
      '',
    ].join('\n');
    expect(findings(code)).toEqual([]);
  });

  test('the same requests to the API are findings (high)', () => {
    const code = [
      `export const srv = (id) => fetch(\`${API}/zones/\${id}/dns_records\`, { method: 'POST', body: JSON.stringify({ type: 'SRV', data: { service: '_sip', proto: '_tcp', name: 'x' } }) });`,
      `export const up = (id, body) => fetch(\`${API}/zones/\${id}/workers/routes\`, { method: 'PUT', headers: { 'Transfer-Encoding': 'chunked', 'Content-Length': '2' }, body });`,
      '',
    ].join('\n');
    expect(findings(code)).toEqual(
      expect.arrayContaining(['1 srv-record-data-name-fields high', '2 transfer-encoding-with-content-length high']),
    );
  });
});
