/**
 * One resolution path: a client or helper from another module is read exactly as one of the same
 * file (core's client-call reading and helper instantiation), so method, confidence and place agree.
 */
import { join } from 'node:path';
import { type Finding, resolveSettings } from '@sunset-lint/core';
import { describe, expect, test } from 'vitest';
import { runScan } from '../src/scan/index.js';
import { makeProject, parseJsonReport, runCli } from './scan-cli-support.js';

const settings = resolveSettings({ asOf: '2026-11-21' });

async function scan(files: Record<string, string>): Promise<Finding[]> {
  const root = makeProject(files);
  const result = await runScan({ cwd: root, files: Object.keys(files).map((file) => join(root, file)), settings });
  expect(result.diagnostics).toEqual([]);
  return result.findings;
}

const summary = (findings: Finding[]) =>
  findings.map((f) => `${f.file}:${f.line} ${f.entryId} ${f.confidence} ${f.subject}`).sort();

const CLIENT = `import axios from 'axios';
export const api = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4' });
`;
const CALLS = `
export const create = (zoneId: string, body: unknown) => api(\`/zones/\${zoneId}/filters\`, { method: 'POST', data: body });
export const probe = (zoneId: string) => api.head(\`/zones/\${zoneId}/rate_limits\`);
`;

describe('a client from another module is read as a client of the file', () => {
  test('called as a function with a method, or with a verb the schedule never lists', async () => {
    const imported = await scan({ 'client.ts': CLIENT, 'calls.ts': `import { api } from './client';${CALLS}` });
    const local = await scan({ 'calls.ts': `${CLIENT}${CALLS}` });
    expect(summary(imported)).toEqual([
      'calls.ts:2 firewall-rules-api high POST /zones/:zone_id/filters',
      'calls.ts:3 rate-limiting-legacy high HEAD /zones/:zone_id/rate_limits',
    ]);
    expect(summary(local)).toEqual(summary(imported).map((line) => line.replace(':2 ', ':4 ').replace(':3 ', ':5 ')));
  });
});

describe('placement across files', () => {
  test('a suffix exported by one module is reported where it is written, the request is related', async () => {
    const findings = await scan({
      'paths.ts': `export const FILTERS = '/filters';\n`,
      'sync.ts': `import { FILTERS } from './paths';
export const list = (zoneId: string) =>
  fetch(\`https://api.cloudflare.com/client/v4/zones/\${zoneId}\${FILTERS}\`, { method: 'GET' });
`,
    });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: 'paths.ts', line: 1, entryId: 'firewall-rules-api', confidence: 'high' });
    expect(findings[0]!.related).toMatchObject([
      { file: 'sync.ts', line: 3, message: 'the request that sends it (GET)' },
    ]);
  });

  test('a helper that forwards its init takes the method its caller passes, across files', async () => {
    const findings = await scan({
      'cf.ts': `export function cfFetch(path: string, init?: RequestInit) {
  return fetch(\`https://api.cloudflare.com/client/v4/\${path}\`, init);
}
`,
      'job.ts': `import { cfFetch } from './cf';
export const minifyOff = (zone: string) => cfFetch(\`zones/\${zone}/settings/minify\`, { method: 'PATCH' });
export const minify = (zone: string) => cfFetch(\`zones/\${zone}/settings/minify\`);
`,
    });
    expect(summary(findings)).toEqual([
      'job.ts:2 zone-setting-minify high PATCH /zones/:zone_id/settings/minify',
      'job.ts:3 zone-setting-minify high GET /zones/:zone_id/settings/minify',
    ]);
  });

  test('a class from another module: its instances, and subclasses that inherit its request method', async () => {
    const findings = await scan({
      'base.ts': `export class CloudflareApi {
  constructor(private readonly base = 'https://api.cloudflare.com/client/v4') {}
  request(method: string, path: string) {
    return fetch(\`\${this.base}\${path}\`, { method });
  }
}
`,
      'zone.ts': `import { CloudflareApi } from './base';
export class ZoneApi extends CloudflareApi {
  filters(zoneId: string) {
    return this.request('GET', \`/zones/\${zoneId}/filters\`);
  }
}
const api = new CloudflareApi();
export const dropRule = (zoneId: string, id: string) => api.request('DELETE', \`/zones/\${zoneId}/firewall/rules/\${id}\`);
`,
    });
    expect(summary(findings)).toEqual([
      'zone.ts:4 firewall-rules-api high GET /zones/:zone_id/filters',
      'zone.ts:8 firewall-rules-api high DELETE /zones/:zone_id/firewall/rules/:rule_id',
    ]);
  });
});

describe("an export's names are its own, whatever they are", () => {
  // An object's `constructor` and a class's `toString` are names like any other: before, the
  // prototype's function answered for them (the scan stopped with an internal error, or the
  // helper was not exported).
  const FILES = {
    'api.ts': `const BASE = 'https://api.cloudflare.com/client/v4';
export class ZoneApi {
  toString(zoneId: string, section: string) {
    return fetch(\`\${BASE}/zones/\${zoneId}/\${section}\`);
  }
}
export const helpers = {
  constructor(zoneId: string, section: string) {
    return fetch(\`\${BASE}/zones/\${zoneId}/\${section}\`);
  },
};
`,
    'use.ts': `import { ZoneApi, helpers } from './api';
export async function scripts(zoneId: string) {
  await new ZoneApi().toString(zoneId, 'script_monitor/scripts');
  return helpers.constructor(zoneId, 'script_monitor/scripts');
}
`,
  };
  const expected = [
    'use.ts:3 page-shield-script-monitor-segment high the path segment `script_monitor`',
    'use.ts:4 page-shield-script-monitor-segment high the path segment `script_monitor`',
  ];

  test('a method named toString, a helper named constructor', async () => {
    expect(summary(await scan(FILES))).toEqual(expected);
  });

  test('the same from the cache, whose records have a prototype again', () => {
    const root = makeProject(FILES);
    const args = ['scan', '.', '--format', 'json', '--fail-on', 'none', '--as-of', '2026-11-21', '--cache'];
    for (const run of [runCli(args, { cwd: root }), runCli(args, { cwd: root })]) {
      expect(run.status).toBe(0);
      const findings = parseJsonReport(run.stdout).findings;
      expect(findings.map((f) => `${f.file}:${f.line} ${f.entryId} ${f.confidence}`)).toEqual(
        expected.map((line) => line.split(' ').slice(0, 3).join(' ')),
      );
    }
  });
});
