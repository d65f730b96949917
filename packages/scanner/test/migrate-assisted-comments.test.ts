/**
 * `sunset-lint migrate --level assisted` at the assisted places of automatic entries (the shapes
 * `migration.assistedShapes` names, classed `assisted` by the scan): a comment above the statement,
 * in the file's comment syntax and indentation, saying the replacement from the code's own values
 * and what needs a person. The comment does not hide the place: the re-scan still reports it
 * (classed assisted), the summary lists it for a person, and a second run writes nothing.
 * Through the CLI on real files of each language.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runMain } from './support/cli-in-process.js';

const AS_OF = '2026-11-21';

const BROTLI_COMMENT =
  "sunset-lint migrate (zone-setting-brotli): GET /zones/:zone_id/settings/brotli is retired with nothing in its place: remove the request and what uses its result. Where the call's result is used, change the code that uses it; an enterprise zone that turned Brotli off on purpose needs a compression rule.";

/** A file of each language with a place its automatic entry does not rewrite, and the line the comment goes above. */
const CASES: Array<{ name: string; lines: string[]; at: number; comment: string }> = [
  {
    name: 'brotli.ts',
    lines: [
      "const API = 'https://api.cloudflare.com/client/v4';",
      '',
      'export async function brotliOn(zoneId: string): Promise<boolean> {',
      '  const res = await fetch(`${API}/zones/${zoneId}/settings/brotli`);',
      "  return (await res.json()).result.value === 'on';",
      '}',
    ],
    at: 3,
    comment: `  // ${BROTLI_COMMENT}`,
  },
  {
    name: 'record.mjs',
    lines: [
      "const API = 'https://api.cloudflare.com/client/v4';",
      '',
      'async function loadRecord(zoneId, id) {',
      '  const res = await fetch(`${API}/zones/${zoneId}/dns_records/${id}`);',
      '  return (await res.json()).result;',
      '}',
      '',
      'export async function editable(zoneId, id) {',
      '  if ((await loadRecord(zoneId, id)).locked) return false;',
      '  return true;',
      '}',
    ],
    at: 8,
    comment:
      '  // sunset-lint migrate (dns-record-locked-field): `(await loadRecord(zoneId, id)).locked` reads `false` now (the field is omitted): write `false` for the read, keeping what `(await loadRecord(zoneId, id))` does. Where a read became `false` (or is left because its object has a side effect), delete the branch that depends on it; elsewhere, drop the key and replace the reads by hand.',
  },
  {
    name: 'brotli.py',
    lines: [
      'import requests',
      '',
      'API = "https://api.cloudflare.com/client/v4"',
      '',
      '',
      'def brotli_on(zone, token):',
      '    value = requests.get(f"{API}/zones/{zone}/settings/brotli", headers={"Authorization": f"Bearer {token}"}).json()["result"]["value"]',
      '    return value == "on"',
    ],
    at: 6,
    comment: `    # ${BROTLI_COMMENT}`,
  },
  {
    name: 'brotli.sh',
    lines: [
      '#!/usr/bin/env bash',
      'set -euo pipefail',
      'API="https://api.cloudflare.com/client/v4"',
      '',
      'if [ "$(curl -s -H "Authorization: Bearer $TOKEN" \\',
      '  "$API/zones/$ZONE_ID/settings/brotli" | jq -r .result.value)" = on ]; then',
      '  echo "brotli on"',
      'fi',
    ],
    at: 4,
    comment: `# ${BROTLI_COMMENT}`,
  },
  {
    name: 'brotli.go',
    lines: [
      'package main',
      '',
      'import (',
      '\t"fmt"',
      '\t"net/http"',
      ')',
      '',
      'const api = "https://api.cloudflare.com/client/v4"',
      '',
      'func brotliOn(zone string) (bool, error) {',
      '\tresp, err := http.Get(api + "/zones/" + zone + "/settings/brotli")',
      '\tif err != nil {',
      '\t\treturn false, err',
      '\t}',
      '\tdefer resp.Body.Close()',
      '\tfmt.Println(resp.Status)',
      '\treturn resp.StatusCode == 200, nil',
      '}',
    ],
    at: 10,
    comment: `\t// ${BROTLI_COMMENT}`,
  },
];

async function cli(cwd: string, ...args: string[]) {
  const run = await runMain(args, { cwd });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

async function scanned(cwd: string) {
  const out = await cli(cwd, 'scan', '--format', 'json', '--fail-on', 'none', '--as-of', AS_OF);
  return (JSON.parse(out) as { findings: Array<{ entryId: string; file: string; line: number; migration?: string }> })
    .findings;
}

describe('comments at the assisted places of automatic entries (--level assisted)', () => {
  test.each(CASES.map((c) => [c.name, c] as const))(
    '%s: one comment above the statement; the place is still reported and listed; a second run adds none',
    async (_name, { name, lines, at, comment }) => {
      const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-migrate-comment-'));
      const before = `${lines.join('\n')}\n`;
      writeFileSync(join(dir, name), before);
      const found = await scanned(dir);
      expect(found).toHaveLength(1);
      // The scan classes the place assisted: the default level leaves it as it is.
      expect(found[0]!.migration).toBe('assisted');
      const automatic = await cli(dir, 'migrate', '--as-of', AS_OF);
      expect(automatic).toMatch(/^Nothing to migrate\.$/m);
      expect(readFileSync(join(dir, name), 'utf8')).toBe(before);

      const first = await cli(dir, 'migrate', '--level', 'assisted', '--as-of', AS_OF);
      expect(first).toMatch(/^Migrated 1 place in 1 file:/);
      expect(first).toContain('Say above the statement what needs a person (a comment; the place stays listed)');
      expect(first).toMatch(/Left for a person \(1 place\):\n.*\(said in the comment above the statement\)$/m);
      const after = `${[...lines.slice(0, at), comment, ...lines.slice(at)].join('\n')}\n`;
      expect(readFileSync(join(dir, name), 'utf8')).toBe(after);

      // The comment does not hide the place: the scan reports it where it was, one line down.
      const again = await scanned(dir);
      expect(again.map((f) => [f.entryId, f.line, f.migration])).toEqual([
        [found[0]!.entryId, found[0]!.line + 1, 'assisted'],
      ]);
      const second = await cli(dir, 'migrate', '--level', 'assisted', '--as-of', AS_OF);
      expect(second).toMatch(/^Nothing to migrate\.$/m);
      expect(second).toMatch(/\(said in the comment above the statement\)$/m);
      expect(readFileSync(join(dir, name), 'utf8')).toBe(after);
    },
  );

  test('a path a request to another host also sends: the new segment is said, nothing is rewritten; a second run adds nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-migrate-comment-'));
    const lines = [
      "const SEG = 'script_monitor';",
      'export const ours = (id) => fetch(`https://api.cloudflare.com/client/v4/zones/${id}/page_shield/${SEG}`);',
      'export const theirs = (id) => fetch(`https://shield.other.example/zones/${id}/page_shield/${SEG}`);',
    ];
    writeFileSync(join(dir, 'x.js'), `${lines.join('\n')}\n`);
    expect((await scanned(dir)).map((f) => f.migration)).toEqual(['assisted']);
    await cli(dir, 'migrate', '--level', 'assisted', '--as-of', AS_OF);
    const after = [
      '// sunset-lint migrate (page-shield-script-monitor-segment): Not rewritten: the text is also sent to another host by a request of this file. Write `page_shield` for `script_monitor` here.',
      ...lines,
    ];
    expect(readFileSync(join(dir, 'x.js'), 'utf8')).toBe(`${after.join('\n')}\n`);
    expect((await scanned(dir)).map((f) => [f.line, f.migration])).toEqual([[2, 'assisted']]);
    expect(await cli(dir, 'migrate', '--level', 'assisted', '--as-of', AS_OF)).toMatch(/^Nothing to migrate\.$/m);
    expect(readFileSync(join(dir, 'x.js'), 'utf8')).toBe(`${after.join('\n')}\n`);
  });

  test('a place where no comment can be written (a Dockerfile step) is listed as before, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-migrate-comment-'));
    const text =
      'FROM alpine\nRUN curl -s "https://api.cloudflare.com/client/v4/zones/$ZONE/settings/brotli" | tee brotli.json\n';
    writeFileSync(join(dir, 'Dockerfile'), text);
    const found = await scanned(dir);
    expect(found.map((f) => f.migration)).toEqual(['assisted']);
    const run = await cli(dir, 'migrate', '--level', 'assisted', '--as-of', AS_OF);
    expect(run).toMatch(/^Nothing to migrate\.$/m);
    expect(run).not.toContain('said in');
    expect(readFileSync(join(dir, 'Dockerfile'), 'utf8')).toBe(text);
  });

  test('two automatic entries at one statement: one comment each, and a second run adds neither again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-migrate-comment-'));
    const text = [
      "const API = 'https://api.cloudflare.com/client/v4';",
      'export async function both(zoneId) {',
      '  const [a, b] = await Promise.all([fetch(`${API}/zones/${zoneId}/settings/brotli`), fetch(`${API}/zones/${zoneId}/settings/minify`)]);',
      '  return [a.ok, b.ok];',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'both.mjs'), text);
    await cli(dir, 'migrate', '--level', 'assisted', '--as-of', AS_OF);
    const after = readFileSync(join(dir, 'both.mjs'), 'utf8');
    expect(after.match(/\/\/ sunset-lint migrate \(zone-setting-(brotli|minify)\)/g)?.sort()).toEqual([
      '// sunset-lint migrate (zone-setting-brotli)',
      '// sunset-lint migrate (zone-setting-minify)',
    ]);
    expect(await cli(dir, 'migrate', '--level', 'assisted', '--as-of', AS_OF)).toMatch(/^Nothing to migrate\.$/m);
    expect(readFileSync(join(dir, 'both.mjs'), 'utf8')).toBe(after);
  });
});

describe("each place's class in scan's JSON report is what migrate does there", () => {
  test('automatic: rewritten at the default level; assisted (an automatic entry): commented at --level assisted, or listed where no comment can go; an assisted entry through axios: rewritten at --level assisted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-migrate-classes-'));
    for (const { name, lines } of CASES) writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
    writeFileSync(
      join(dir, 'Dockerfile'),
      'FROM alpine\nRUN curl -s "https://api.cloudflare.com/client/v4/zones/$ZONE/settings/brotli" | tee brotli.json\n',
    );
    // An automatic place: a request whose result is not used.
    writeFileSync(
      join(dir, 'off.mjs'),
      'export async function off(zoneId) {\n  await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/settings/minify`, { method: \'PATCH\', body: \'{"value":"off"}\' });\n}\n',
    );
    // An assisted entry's place through an axios instance.
    writeFileSync(
      join(dir, 'limits.js'),
      "const api = require('axios').create({ baseURL: 'https://api.cloudflare.com/client/v4' });\nasync function limit(zoneId) {\n  await api.post(`/zones/${zoneId}/rate_limits`, { threshold: 10, period: 60, action: { mode: 'ban', timeout: 60 } });\n}\nmodule.exports = { limit };\n",
    );
    const classes = new Map((await scanned(dir)).map((f) => [`${f.entryId}@${f.file}`, f.migration]));
    expect(Object.fromEntries(classes)).toEqual({
      'zone-setting-brotli@brotli.ts': 'assisted',
      'dns-record-locked-field@record.mjs': 'assisted',
      'zone-setting-brotli@brotli.py': 'assisted',
      'zone-setting-brotli@brotli.sh': 'assisted',
      'zone-setting-brotli@brotli.go': 'assisted',
      'zone-setting-brotli@Dockerfile': 'assisted',
      'zone-setting-minify@off.mjs': 'automatic',
      'rate-limiting-legacy@limits.js': 'assisted',
    });
    const automatic = await cli(dir, 'migrate', '--as-of', AS_OF);
    expect(automatic).toMatch(/^Migrated 1 place in 1 file:\n {2}off\.mjs {2}1 place$/m);
    const assisted = await cli(dir, 'migrate', '--level', 'assisted', '--as-of', AS_OF);
    const files = [...assisted.matchAll(/^ {2}(\S+) +1 place$/gm)].map((m) => m[1]).sort();
    expect(files).toEqual(['brotli.go', 'brotli.py', 'brotli.sh', 'brotli.ts', 'limits.js', 'record.mjs']);
    const commented = [...assisted.matchAll(/^ {2}(\S+?):\d+:\d+ .*\(said in the comment above the statement\)$/gm)]
      .map((m) => m[1])
      .sort();
    expect(commented).toEqual(['brotli.go', 'brotli.py', 'brotli.sh', 'brotli.ts', 'record.mjs']);
    expect(assisted).toMatch(/^ {2}Dockerfile:2:\d+ {2}zone-setting-brotli: no rewrite derived here/m);
    // After both runs: nothing is classed automatic; the assisted entry's place is gone.
    const left = await scanned(dir);
    expect(left.filter((f) => f.migration === 'automatic')).toEqual([]);
    expect(left.map((f) => f.entryId)).not.toContain('rate-limiting-legacy');
  });
});
