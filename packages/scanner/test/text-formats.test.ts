/**
 * Files of formats no grammar reads, read as text (`languages/text/`): which files are taken (by
 * name or shebang), the objects a text file writes (JSON bodies, hashtables, YAML blocks), and the
 * scan's answers on the shapes the eleventh blind set brought. The fixtures under
 * fixtures/docs/text-formats are scored with every other fixture in scan-fixtures.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { scan } from '../src/index.js';
import { kindOfPath, kindOfShebang } from '../src/languages/kinds.js';
import { objectsInText } from '../src/languages/text/structures.js';
import { jsonDataText } from '../src/languages/text/json-data.js';
import { notebookPython } from '../src/languages/python/notebook.js';
import type { ObjectLiteral } from '../src/languages/facts-builder.js';
import { makeProject } from './scan-cli-support.js';

describe('which files are read as text', () => {
  test.each([
    'tests/dns.hurl',
    'Load balancing/Update pool.bru',
    'EdgeAdmin.psm1',
    'EdgeAdmin.psd1',
    'cutover.cmd',
    'build.BAT',
    'smoke.bats',
    'Rakefile',
    'lib/tasks/zone.rake',
    'lib/edge.rb',
    'script.pl',
    'app/Edge.php',
    'src/main/java/Edge.java',
    'cloud-init/user-data',
    'notes.txt',
  ])('%s', (file) => {
    expect(kindOfPath(file)).toEqual({ language: 'text' });
  });

  test('formats with a reader of their own keep it; binaries and unknown formats are not read', () => {
    expect(kindOfPath('deploy.sh')).toEqual({ language: 'shell', host: 'script' });
    expect(kindOfPath('README.md')).toEqual({ language: 'docs', format: 'markdown' });
    expect(kindOfPath('logo.png')).toBeUndefined();
    expect(kindOfPath('data.sqlite')).toBeUndefined();
    expect(kindOfPath('bin/locked-records')).toBe('shebang');
  });

  test('an extensionless script by its shebang: shell, Python, any other interpreter as text', () => {
    expect(kindOfShebang('#!/bin/sh')).toEqual({ language: 'shell', host: 'script' });
    expect(kindOfShebang('#!/usr/bin/env -S bash -eu')).toEqual({ language: 'shell', host: 'script' });
    expect(kindOfShebang('#!/usr/bin/env python3.12')).toEqual({ language: 'python' });
    expect(kindOfShebang('#!/usr/bin/env perl')).toEqual({ language: 'text' });
    expect(kindOfShebang('#!/usr/bin/ruby -w')).toEqual({ language: 'text' });
    expect(kindOfShebang('#!/usr/bin/env pwsh')).toEqual({ language: 'text' });
    expect(kindOfShebang('MIT License')).toBeUndefined();
    expect(kindOfShebang('#!')).toBeUndefined();
  });
});

/** An object's keys as a tree of names, for comparison. */
function shape(object: ObjectLiteral): unknown {
  return Object.fromEntries(
    object.entries.map((entry) => [
      entry.key,
      entry.object ? shape(entry.object) : entry.value?.[0]?.kind === 'text' ? entry.value[0].text : null,
    ]),
  );
}

const noComments = (line: string) => /^\s*#/.test(line);

describe('objects a text file writes', () => {
  test('a JSON body (Hurl), its keys where they are written', () => {
    const text =
      'POST {{api}}/zones/z/dns_records\n{\n  "type": "SRV",\n  "data": {\n    "service": "_sip",\n    "port": 5060\n  }\n}\nHTTP 200\n';
    const [body, ...rest] = objectsInText(text, noComments);
    expect(rest).toEqual([]);
    expect(shape(body!)).toEqual({ type: 'SRV', data: { service: '_sip', port: '5060' } });
    const service = body!.entries[1]!.object!.entries[0]!;
    expect(text.slice(...service.keyRange)).toBe('service');
  });

  test('a PowerShell hashtable, nested and on one line', () => {
    const text =
      "$record = @{\n    type = 'SRV'\n    data = @{\n        proto = $Proto\n        weight = 5\n    }\n    extra = @{ a = 'x'; b = 2 }\n}\n";
    const [record] = objectsInText(text, noComments);
    expect(shape(record!)).toEqual({ type: 'SRV', data: { proto: '$Proto', weight: '5' }, extra: { a: 'x', b: '2' } });
  });

  test('a YAML block ends where the indentation does', () => {
    const text =
      'body:\n  type: SRV\n  data:\n    service: "{{ item.service }}"\n    priority: 10\n  ttl: 300\nstatus_code: 200\n';
    const [body] = objectsInText(text, noComments);
    expect(shape(body!)).toEqual({ type: 'SRV', data: { service: '{{ item.service }}', priority: '10' }, ttl: '300' });
  });

  test("an object in code: a Rust json!({ … }) inside a function, a Kotlin builder's put calls", () => {
    const rust = 'fn main() {\n    let body = json!({\n        "type": "A",\n        "locked": false\n    });\n}\n';
    expect(objectsInText(rust, noComments).map(shape)).toContainEqual({ type: 'A', locked: 'false' });
    const kotlin = 'setBody(buildJsonObject {\n    put("type", "TXT")\n    put("locked", false)\n})\n';
    expect(objectsInText(kotlin, noComments).map(shape)).toEqual([{ type: 'TXT', locked: 'false' }]);
  });

  test("an argument list of named values: Kotlin's mapOf pairs, Ruby's keyword arguments with a hash inside", () => {
    const kotlin = 'val pool = mapOf(\n    "name" to name,\n    "notification_email" to alertEmail,\n)\n';
    expect(objectsInText(kotlin, noComments).map(shape)).toEqual([{ name: 'name', notification_email: 'alertEmail' }]);
    const ruby = 'req.body = JSON.generate(\n  type: "SRV",\n  data: {\n    service: service,\n    port: 443\n  }\n)\n';
    expect(objectsInText(ruby, noComments).map(shape)).toContainEqual({
      type: 'SRV',
      data: { service: 'service', port: '443' },
    });
  });

  test('comments are no keys; a brace that closes nothing is ignored; an unclosed object ends with the file', () => {
    const text = '# data: {\n}\n{\n  "locked": false\n';
    const objects = objectsInText(text, noComments);
    expect(objects.map(shape)).toEqual([{ locked: 'false' }]);
  });
});

describe('the eleventh blind set’s shapes through a scan', () => {
  test('YAML block scalars run as shell, sh -c scripts, a batch file read as text, a bats mock, Ruby word lists', async () => {
    const project = makeProject({
      'compose.yml': `services:
  gc:
    command: >
      sh -c "apk add curl &&
      curl -fsS \\"$\${CF_API}/accounts/$\${ACCOUNT}/tunnels\\""
`,
      'units/colos.service': `[Service]
ExecStart=/bin/sh -c 'curl -fsS "$CF_API/zones/$ZONE/analytics/colos" >> /var/log/colos.jsonl'
`,
      'win/off.cmd': `set "CF_API=https://api.cloudflare.com/client/v4"\r
curl.exe -sS "%CF_API%/zones/%ZONE%/rate_limits" -o limits.json\r
`,
      'test/smoke.bats': `MOCK=http://127.0.0.1:8787/client/v4
@test "mock" {
  run curl -s "$MOCK/zones/z/filters"
}
`,
      Rakefile: `%w[privacy_pass].each do |setting|
  patch("#{API}/zones/#{ZONE}/settings/#{setting}")
end
`,
    });
    const result = await scan({ cwd: project, paths: ['.'], config: { asOf: '2026-01-01' }, failOn: 'none' });
    expect(result.findings.map((f) => `${f.file}:${f.line}:${f.entryId}:${f.language}`).sort()).toEqual([
      'Rakefile:1:zone-setting-privacy-pass:text',
      'compose.yml:5:tunnels-legacy-api:text',
      'units/colos.service:2:zone-analytics-api:text',
      'win/off.cmd:2:rate-limiting-legacy:text',
    ]);
  });
});

describe('JSON files: data whose prose is no evidence', () => {
  test('prose values are blanked in place; keys, URLs, commands, bodies and code keys stay', () => {
    const text = [
      '{',
      '  "description": "GET /zones/:id/firewall/rules is retired",',
      '  "why": "err.code === 1004 after POST /zones/${id}/dns_records",',
      '  "entryId": "zone-setting-brotli",',
      '  "url": "{{ _.base }}/zones/{{ _.zone }}/filters",',
      '  "scripts": { "audit": "curl -s $API/organizations/$ORG/members" },',
      '  "exec": ["var chain = pm.response.json().errors[0].error_chain;"],',
      '  "text": "{\\"locked\\": false}"',
      '}',
    ].join('\n');
    const data = jsonDataText(text);
    const blank = (prose: string) => ' '.repeat(prose.length);
    expect(data).toHaveLength(text.length);
    expect(data.split('\n').map((line) => line.trim())).toEqual([
      '{',
      `"description": "${blank('GET /zones/:id/firewall/rules is retired')}",`,
      `"why": "${blank('err.code === 1004 after POST /zones/${id}/dns_records')}",`,
      `"entryId": "${blank('zone-setting-brotli')}",`,
      '"url": "{{ _.base }}/zones/{{ _.zone }}/filters",',
      '"scripts": { "audit": "curl -s $API/organizations/$ORG/members" },',
      '"exec": ["var chain = pm.response.json().errors[0].error_chain;"],',
      '"text": "{\\"locked\\": false}"',
      '}',
    ]);
  });

  test('a scan reads request collections and recordings, not prose, lockfiles or API descriptions', async () => {
    const project = makeProject({
      'thunder-tests/thunderclient.json': JSON.stringify(
        [
          {
            name: 'List filters (retired /zones/:id/firewall/rules)',
            url: '{{api}}/zones/{{zone}}/filters',
            method: 'GET',
          },
        ],
        null,
        2,
      ),
      'recordings/sync.har': JSON.stringify({
        log: {
          entries: [{ request: { method: 'GET', url: 'https://api.cloudflare.com/client/v4/user/billing/profile' } }],
        },
      }),
      'locales/en.json': '{ "retired": "The /zones/:id/rate_limits API is retired for every zone." }\n',
      'package-lock.json': '{ "packages": { "": { "name": "x" } }, "note": "/zones/z/rate_limits" }\n',
      'openapi.json': '{ "openapi": "3.1.0", "paths": { "/zones/{id}/rate_limits": {} } }\n',
    });
    const result = await scan({ cwd: project, paths: ['.'], config: { asOf: '2026-01-01' }, failOn: 'none' });
    expect(result.findings.map((f) => `${f.file}:${f.line}:${f.entryId}:${f.language}`).sort()).toEqual([
      'recordings/sync.har:1:billing-profile-and-history:text',
      'thunder-tests/thunderclient.json:4:firewall-rules-api:text',
    ]);
  });
});

describe('extensionless files', () => {
  test('a script by its shebang is read; a LICENSE or a compiled program is neither read nor reported', async () => {
    const project = makeProject({
      'tools/locked-report': '#!/usr/bin/env perl\nmy $u = "$api/organizations/$org/members";\n',
      LICENSE: 'MIT License\n',
      'target/release/app': '\u007fELF\u0002\u0001\u0001' + 'x'.repeat(64),
    });
    const result = await scan({ cwd: project, paths: ['.'], config: { asOf: '2026-01-01' }, failOn: 'none' });
    expect(result.findings.map((f) => `${f.file}:${f.line}:${f.entryId}:${f.language}`)).toEqual([
      'tools/locked-report:2:organizations-api:text',
    ]);
    expect(result.diagnostics).toEqual([]);
    expect(result.filesScanned).toBe(1);
  });
});

describe('Jupyter notebooks', () => {
  test("a code cell's lines are Python on the notebook's own lines; markdown, outputs and magics are blank", () => {
    const notebook = JSON.stringify(
      {
        cells: [
          { cell_type: 'markdown', metadata: {}, source: ['# GET /zones/:zone_id/filters\n'] },
          {
            cell_type: 'code',
            metadata: {},
            outputs: [{ output_type: 'stream', text: ['/zones/z/filters\n'] }],
            source: ['%matplotlib inline\n', 'r = s.get(f"{API}/zones/{ZONE}/filters")\n', 'print("done")'],
          },
          { cell_type: 'code', metadata: {}, outputs: [], source: ['%%bash\n', 'curl "$API/zones/$ZONE/filters"'] },
        ],
      },
      null,
      1,
    );
    const python = notebookPython(notebook);
    const original = notebook.split('\n');
    const lines = python.split('\n');
    expect(lines.length).toBe(original.length);
    expect(lines.every((line, i) => line.length === original[i]!.length)).toBe(true);
    expect(lines.map((line) => line.trimEnd()).filter(Boolean)).toEqual([
      'r = s.get(f"{API}/zones/{ZONE}/filters")',
      'print("done")',
    ]);
    expect(original[lines.findIndex((line) => line.startsWith('r = '))]).toContain('/filters');
  });
});
