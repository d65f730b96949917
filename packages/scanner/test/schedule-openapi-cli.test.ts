/**
 * `sunset-lint schedule import|diff --openapi` through the real CLI (in-process `main`) on the
 * OpenAPI documents in fixtures/openapi/: the fragment loads as a project configuration and makes
 * `scan` find an imported endpoint; the diff reports each category; bad input names file and place.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { FIREWALL_RULES_CALL, makeProject, parseJsonReport, writeFiles } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const OLDER = 'fixtures/openapi/older-cf-deprecation.json';
const NEWER = 'fixtures/openapi/newer-sunset.json';
const NEWER_YAML = 'fixtures/openapi/newer-sunset.yaml';
const MIRROR = 'fixtures/openapi/mirror-catalogue.json';
const MALFORMED = 'fixtures/openapi/malformed-extensions.json';

interface Fragment {
  catalogue: {
    eolOverrides?: Record<string, string>;
    add: Array<{
      id: string;
      title: string;
      area: string;
      eol: string;
      rule: string;
      replacement: string;
      match: { endpoints: Array<{ methods: string[]; liveMethods?: string[]; path: string }> };
    }>;
  };
}

const importDocument = (file: string, args: string[] = [], cwd = REPO_ROOT) =>
  runMain(['schedule', 'import', '--openapi', file, ...args], { cwd });

describe('sunset-lint schedule import --openapi', () => {
  test('an older document: x-cfDeprecation ids group operations, the other methods of a path stay live, undated operations are listed', async () => {
    const run = await importDocument(OLDER);
    expect(run.status).toBe(0);
    const fragment = JSON.parse(run.stdout) as Fragment;
    expect(fragment.catalogue.add).toEqual([
      {
        id: 'widgets-deprecation',
        title: 'Widgets deprecation',
        area: 'Widgets',
        eol: '2025-06-30',
        rule: 'no-deprecated-endpoint',
        replacement: 'Use the Gadgets API (/zones/:zone_id/gadgets) instead.',
        docs: `${OLDER}#/paths/~1zones~1{zone_id}~1widgets/get`,
        match: {
          endpoints: [
            { methods: ['GET', 'POST'], path: 'zones/:zone_id/widgets' },
            { methods: ['GET', 'DELETE'], liveMethods: ['PATCH'], path: 'zones/:zone_id/widgets/:widget_id' },
          ],
        },
      },
    ]);
    expect(run.stderr).toContain(`${OLDER}: 1 new entry (4 operations) written to stdout`);
    expect(run.stderr).toContain('undated (deprecated without a date');
    expect(run.stderr).toContain(
      'GET /accounts/{account_id}/gadget_lists  [legacy-gadget-lists]  /paths/~1accounts~1{account_id}~1gadget_lists/get',
    );
    expect(run.stderr).toContain('GET /accounts/{account_id}/reports/legacy  [accounts-reports-legacy]');
    // The same document gives the same bytes.
    expect((await importDocument(OLDER)).stdout).toBe(run.stdout);
  });

  test('the fragment loads as a project configuration and scan finds the imported endpoints', async () => {
    const fragment = (await importDocument(OLDER)).stdout;
    const project = makeProject({
      'sunset-lint.config.json': fragment,
      'src/widgets.js': [
        'export async function widgets(zoneId, id) {',
        '  await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/widgets`);',
        "  await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/widgets/${id}`, { method: 'PATCH' });",
        "  await fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/widgets/${id}`, { method: 'DELETE' });",
        '}',
        '',
      ].join('\n'),
    });
    const schedule = await runMain(['schedule', '--format', 'json', '--as-of', '2025-05-01'], { cwd: project });
    expect(schedule.status).toBe(0);
    expect(schedule.stdout).toContain('"id": "widgets-deprecation"');
    const scan = await runMain(['scan', '--format', 'json', '--as-of', '2025-05-01', '--fail-on', 'none'], {
      cwd: project,
    });
    expect(scan.status).toBe(0);
    const findings = parseJsonReport(scan.stdout).findings.map((f) => `${f.file}:${f.line}:${f.entryId}:${f.grade}`);
    // The PATCH (live in the document) is not reported; the list and the DELETE are.
    expect(findings).toEqual([
      'src/widgets.js:2:widgets-deprecation:imminent',
      'src/widgets.js:4:widgets-deprecation:imminent',
    ]);
  });

  test('a YAML document is read like the same document in JSON', async () => {
    const [json, yaml] = await Promise.all([importDocument(NEWER), importDocument(NEWER_YAML)]);
    expect(yaml.status).toBe(0);
    expect(JSON.parse(yaml.stdout)).toEqual(JSON.parse(json.stdout.replaceAll(NEWER, NEWER_YAML)));
    expect((JSON.parse(yaml.stdout) as Fragment).catalogue.add.length).toBeGreaterThan(0);
    expect(yaml.stderr).toBe(json.stderr.replaceAll(NEWER, NEWER_YAML));
  });

  test('a newer document: x-sunset, x-forge-sunset (placeholders are no date), messages, the API base stripped, what is not importable', async () => {
    const run = await importDocument(NEWER);
    expect(run.status).toBe(0);
    const entries = (JSON.parse(run.stdout) as Fragment).catalogue.add;
    expect(entries.map((e) => [e.id, e.eol, e.match.endpoints.map((p) => `${p.methods.join(',')} ${p.path}`)])).toEqual(
      [
        ['accounts-stream-legacy-keys', '2030-01-01', ['GET accounts/:account_id/stream/legacy_keys']],
        // One id over several operations, dated by x-sunset; HEAD is not a schedule method.
        ['zone-holds-v1', '2026-11-01', ['GET,POST,DELETE zones/:zone_id/hold']],
      ],
    );
    expect(entries.find((e) => e.id === 'zone-holds-v1')?.replacement).toBe(
      'Zone holds v1 are replaced by zone holds v2 (/zones/:zone_id/hold/v2).',
    );
    // The colos operation is the built-in zone-analytics-api's: its date (x-cfDeprecation.eol wins
    // over x-sunset) is proposed as an override, not as a second entry.
    expect((JSON.parse(run.stdout) as Fragment).catalogue.eolOverrides).toEqual({ 'zone-analytics-api': '2027-03-01' });
    expect(run.stderr).toContain('  zone-analytics-api: 2021-03-01 -> 2027-03-01 (x-cfDeprecation.eol)');
    expect(run.stderr).toContain(
      'GET /client/v4/accounts/{account_id}/placeholder_things  [accounts-placeholder-things]',
    );
    expect(run.stderr).toContain(
      'HEAD /client/v4/zones/{zone_id}/hold  /paths/~1client~1v4~1zones~1{zone_id}~1hold/head',
    );
    expect(run.stderr).toContain(
      "parameter 'legacy_format' (in: query) of GET /client/v4/zones/{zone_id}/dns_records/export, sunset 2026-09-01  /paths/~1client~1v4~1zones~1{zone_id}~1dns_records~1export/get/parameters/0",
    );
    expect(run.stderr).toContain('a query parameter has no match kind');
  });

  test('--out writes the fragment, merges into an existing configuration (its other settings kept), or replaces it with --force', async () => {
    const project = makeProject({ 'openapi.json': readFileSync(join(REPO_ROOT, OLDER), 'utf8') });
    const first = await importDocument('openapi.json', ['--out', 'imported.json'], project);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('');
    expect(first.stderr).toContain('written to imported.json');
    const written = readFileSync(join(project, 'imported.json'), 'utf8');
    expect((JSON.parse(written) as Fragment).catalogue.add[0]?.id).toBe('widgets-deprecation');
    // --force replaces a file with the fragment.
    writeFileSync(join(project, 'imported.json'), '{ "asOf": "2025-01-01" }\n');
    const forced = await importDocument('openapi.json', ['--out', 'imported.json', '--force'], project);
    expect(forced.status).toBe(0);
    expect(readFileSync(join(project, 'imported.json'), 'utf8')).toBe(written);

    // A configuration of the user's: its settings stay, the entries are added, once however often.
    const own = {
      $schema: './node_modules/sunset-lint/config.schema.json',
      asOf: '2025-05-01',
      include: ['src/**'],
      catalogue: { disable: ['organizations-api'], add: [] as Array<{ id: string }> },
    };
    writeFileSync(join(project, 'sunset-lint.config.json'), JSON.stringify(own));
    for (let i = 0; i < 2; i++) {
      const merged = await importDocument('openapi.json', ['--out', 'sunset-lint.config.json'], project);
      expect(merged.status, merged.stderr).toBe(0);
    }
    const config = JSON.parse(readFileSync(join(project, 'sunset-lint.config.json'), 'utf8')) as typeof own & Fragment;
    expect(config).toMatchObject({ $schema: own.$schema, asOf: '2025-05-01', include: ['src/**'] });
    expect(config.catalogue.disable).toEqual(['organizations-api']);
    expect(config.catalogue.add.map((entry) => entry.id)).toEqual(['widgets-deprecation']);
    // The merged file is the project's configuration: scan reads it.
    writeFiles(project, { 'src/w.js': 'fetch(`https://api.cloudflare.com/client/v4/zones/${z}/widgets`);\n' });
    const scan = await runMain(['scan', '--format', 'json', '--fail-on', 'none'], { cwd: project });
    expect(parseJsonReport(scan.stdout).findings.map((f) => `${f.entryId}:${f.grade}`)).toEqual([
      'widgets-deprecation:imminent',
    ]);

    // What cannot be merged is refused, and the file left as it was.
    writeFileSync(join(project, 'broken.json'), '{ "asOf": ');
    const broken = await importDocument('openapi.json', ['--out', 'broken.json'], project);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toContain('broken.json');
    writeFileSync(join(project, 'sunset-lint.config.mjs'), 'export default {};\n');
    const module = await importDocument(
      'openapi.json',
      ['--out', 'sunset-lint.config.mjs', '--config', 'imported.json'],
      project,
    );
    expect(module.status).toBe(2);
    expect(module.stderr).toContain(
      '--out sunset-lint.config.mjs: only a JSON configuration (.json, package.json) can be merged into',
    );
    expect(readFileSync(join(project, 'sunset-lint.config.mjs'), 'utf8')).toBe('export default {};\n');
  });

  test("an override of an entry the file itself adds sets its eol; package.json's key is merged into", async () => {
    const document = JSON.parse(readFileSync(join(REPO_ROOT, OLDER), 'utf8')) as object;
    const project = makeProject({
      'openapi.json': JSON.stringify(document),
      'package.json': JSON.stringify({ name: 'app', version: '1.0.0', 'sunset-lint': { imminentDays: 30 } }),
    });
    expect((await importDocument('openapi.json', ['--out', 'package.json'], project)).status).toBe(0);
    const later = JSON.stringify(document).replaceAll('2025-06-30', '2026-02-01');
    writeFileSync(join(project, 'openapi.json'), later);
    const again = await importDocument('openapi.json', ['--out', 'package.json'], project);
    expect(again.stderr).toContain('widgets-deprecation: 2025-06-30 -> 2026-02-01');
    const packageJson = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
      name: string;
      'sunset-lint': { imminentDays: number } & Fragment;
    };
    expect(packageJson.name).toBe('app');
    expect(packageJson['sunset-lint'].imminentDays).toBe(30);
    expect(packageJson['sunset-lint'].catalogue.add.map((e) => [e.id, e.eol])).toEqual([
      ['widgets-deprecation', '2026-02-01'],
    ]);
    expect(packageJson['sunset-lint'].catalogue.eolOverrides).toBeUndefined();
  });

  test('reconciled with the catalogue as diff is: a built-in entry gets an override, not a second entry; the line is reported once', async () => {
    const run = await importDocument(MIRROR);
    expect(run.status).toBe(0);
    const fragment = JSON.parse(run.stdout) as Fragment;
    // Only the sections it fills: no empty "add" when every operation is already in the catalogue.
    expect(fragment).toEqual({ catalogue: { eolOverrides: { 'firewall-rules-api': '2025-06-15' } } });
    expect(run.stdout).not.toContain('"add"');
    expect(run.stderr).toContain('  firewall-rules-api: 2025-01-15 -> 2025-06-15 (x-cfDeprecation.eol)');
    expect(run.stderr).toMatch(/already covered by the catalogue \(not added again\): \d+ operations/);
    const project = makeProject({
      'openapi.json': readFileSync(join(REPO_ROOT, MIRROR), 'utf8'),
      'sunset-lint.config.json': run.stdout,
      'src/rules.js': `export const list = (zoneId) => ${FIREWALL_RULES_CALL.replace('await ', '')}\n`,
    });
    const scan = await runMain(['scan', '--format', 'json', '--as-of', '2025-05-01', '--fail-on', 'none'], {
      cwd: project,
    });
    expect(
      parseJsonReport(scan.stdout).findings.map(
        (f) => `${f.line}:${f.entryId}:${(f as typeof f & { eol: string }).eol}`,
      ),
    ).toEqual(['1:firewall-rules-api:2025-06-15']);
    const diff = await diffJson('openapi.json', [], project);
    expect(diff.report.dateMismatch).toEqual([]);

    // Merged into a configuration without a catalogue: the override is written, no empty "add".
    writeFileSync(join(project, 'merged.json'), JSON.stringify({ imminentDays: 30 }));
    const merged = await importDocument('openapi.json', ['--out', 'merged.json'], project);
    expect(merged.status, merged.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(project, 'merged.json'), 'utf8'))).toEqual({
      imminentDays: 30,
      catalogue: { eolOverrides: { 'firewall-rules-api': '2025-06-15' } },
    });
  });

  test('entries name the document as given, never the absolute path of the importing machine; --source names a URL', async () => {
    // One deprecated operation without a message: its replacement text names the document.
    const document = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/zones/{zone_id}/levers': { get: { deprecated: true, 'x-sunset': '2027-01-01' } } },
    });
    const project = makeProject({ '.git/HEAD': 'x\n', 'spec/openapi.json': document, 'app/.keep': '' });
    const given = join(project, 'spec/openapi.json');
    const absolute = await importDocument(given, [], join(project, 'app'));
    expect(absolute.status, absolute.stderr).toBe(0);
    expect(absolute.stdout + absolute.stderr).not.toContain(project);
    // Inside the repository: its path from the repository root.
    expect(absolute.stdout).toContain('"docs": "spec/openapi.json#/paths/~1zones~1{zone_id}~1levers/get"');
    expect(absolute.stdout).toContain("No replacement is named in spec/openapi.json; see the provider's API changelog");
    // Outside any repository: the file name.
    const elsewhere = makeProject({ 'spec/openapi.json': document });
    const outside = await importDocument(join(elsewhere, 'spec/openapi.json'), [], elsewhere);
    expect(outside.stdout).not.toContain(elsewhere);
    expect(outside.stdout).toContain('"docs": "openapi.json#/paths/');
    // A relative path as it was typed.
    expect((await importDocument('../spec/openapi.json', [], join(project, 'app'))).stdout).toContain(
      '"docs": "../spec/openapi.json#/paths/',
    );
    const url = 'https://example.com/openapi.json';
    const named = await importDocument(given, ['--source', url], project);
    expect(named.stdout).toContain(`"docs": "${url}#/paths/`);
    expect(named.stdout).toContain(`No replacement is named in ${url};`);
    expect(named.stderr).toContain(`${url}: 1 new entry`);
  });

  test('malformed extension values are named by file and JSON pointer; the other operations are imported', async () => {
    const run = await importDocument(MALFORMED);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as Fragment).catalogue.add.map((e) => [e.id, e.eol])).toEqual([
      ['levers', '2026-05-01'],
    ]);
    expect(run.stderr).toContain(
      `${MALFORMED}#/paths/~1zones~1{zone_id}~1firewall~1rules/get/x-cfDeprecation/eol: must be a date written YYYY-MM-DD, got "soon"`,
    );
    expect(run.stderr).toContain(
      `${MALFORMED}#/paths/~1zones~1{zone_id}~1sprockets/get/x-sunset: must be a date written YYYY-MM-DD, got "2026-02-30"`,
    );
    expect(run.stderr).toContain(
      `${MALFORMED}#/paths/~1zones~1{zone_id}~1cogs/get/x-forge-sunset: must be an object { date }`,
    );
  });

  test.each([
    [['--openapi', 'fixtures/openapi/not-json.json'], 'fixtures/openapi/not-json.json:5:3: not valid JSON'],
    [
      ['--openapi', 'fixtures/openapi/swagger-2.json'],
      'fixtures/openapi/swagger-2.json: not an OpenAPI 3.0/3.1 document: no "openapi" version (Swagger 2.0 is not supported)',
    ],
    [
      ['--openapi', 'fixtures/openapi/missing.json'],
      'fixtures/openapi/missing.json: cannot read the OpenAPI document: ENOENT',
    ],
    [
      ['--openapi', 'fixtures/openapi/not-yaml.yaml'],
      'fixtures/openapi/not-yaml.yaml:7:1: not valid YAML: Missing closing "quote',
    ],
    [[], '--openapi FILE is required'],
    [['--openapi', OLDER, '--force'], '--force only applies with --out FILE'],
  ])('bad input %j is a usage error naming it', async (args, message) => {
    for (const command of ['import', 'diff']) {
      if (command === 'diff' && args.includes('--force')) continue;
      const run = await runMain(['schedule', command, ...args], { cwd: REPO_ROOT });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stdout).toBe('');
    }
  });
});

interface DiffJson {
  differences: boolean;
  missing: Array<{ id: string; eol?: string; operations: Array<{ method: string; path: string }> }>;
  dateMismatch: Array<{ entryId: string; catalogueEol: string; documentEol: string; source: string }>;
  noLongerDeprecated: Array<{ entryId: string; operations: Array<{ method: string; path: string }> }>;
  absent: Array<{ entryId: string }>;
  suspicious: Array<{ pointer: string; value: string; reason: string }>;
}

const diffJson = async (file: string, args: string[] = [], cwd = REPO_ROOT) => {
  const run = await runMain(
    ['schedule', 'diff', '--openapi', file, '--format', 'json', '--as-of', '2026-11-23', ...args],
    {
      cwd,
    },
  );
  return { status: run.status, report: JSON.parse(run.stdout) as DiffJson, stderr: run.stderr };
};

describe('sunset-lint schedule diff --openapi', () => {
  test('a document mirroring built-in entries: each category, exit 1', async () => {
    const { status, report } = await diffJson(MIRROR);
    expect(status).toBe(1);
    expect(report.differences).toBe(true);
    expect(report.missing).toEqual([
      {
        id: 'accounts-workers-legacy-routes',
        operations: [expect.objectContaining({ method: 'GET', path: '/accounts/{account_id}/workers/legacy_routes' })],
      },
    ]);
    expect(report.dateMismatch).toEqual([
      expect.objectContaining({
        entryId: 'firewall-rules-api',
        catalogueEol: '2025-01-15',
        documentEol: '2025-06-15',
        source: 'x-cfDeprecation.eol',
      }),
    ]);
    expect(report.noLongerDeprecated.map((i) => [i.entryId, i.operations.map((o) => `${o.method} ${o.path}`)])).toEqual(
      [
        ['images-direct-upload-v1', ['POST /accounts/{account_id}/images/v1/direct_upload']],
        ['tunnels-legacy-api', ['DELETE /accounts/{account_id}/tunnels/{tunnel_id}']],
      ],
    );
    const absent = report.absent.map((i) => i.entryId);
    expect(absent).toContain('organizations-api'); // dropped from the mirror
    expect(absent).not.toContain('access-bookmark-applications'); // mirrored with the same date
    expect(absent).not.toContain('firewall-rules-api');
    expect(report.suspicious).toEqual([
      {
        pointer: '/paths/~1accounts~1{account_id}~1workers~1legacy_routes/get/x-forge-sunset/date',
        value: '2099-12-31',
        reason: 'a placeholder: year 2099 or later',
      },
    ]);
  });

  test('text output names the sections and says whether there are differences', async () => {
    const run = await runMain(['schedule', 'diff', '--openapi', MIRROR, '--as-of', '2026-11-23'], { cwd: REPO_ROOT });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Deprecated in the document, missing from the catalogue (1)');
    expect(run.stdout).toContain(
      '  firewall-rules-api  catalogue 2025-01-15, document 2025-06-15 (x-cfDeprecation.eol)',
    );
    expect(run.stdout).toContain('In the catalogue, no longer marked deprecated in the document (2)');
    expect(run.stdout).toContain('  organizations-api: none of its 20 operations');
    expect(run.stdout.trimEnd().endsWith('Differences found.')).toBe(true);
  });

  test('suspicious dates: a sunset before the end of life, more than --max-years ahead, invalid dates', async () => {
    const newer = await diffJson(NEWER, ['--max-years', '3']);
    expect(newer.report.suspicious.map((s) => `${s.value} ${s.reason}`)).toEqual([
      '9999-12-31 a placeholder: year 2099 or later',
      '2030-01-01 more than 3 years after the as-of date',
      '2026-12-01 the sunset comes before the end of life 2027-03-01 (/paths/~1client~1v4~1zones~1{zone_id}~1analytics~1colos/get/x-cfDeprecation/eol)',
    ]);
    expect((await diffJson(NEWER)).report.suspicious.map((s) => s.value)).not.toContain('2030-01-01');
    const malformed = await diffJson(MALFORMED);
    expect(malformed.report.suspicious.map((s) => s.pointer)).toEqual([
      '/paths/~1zones~1{zone_id}~1firewall~1rules/get/x-cfDeprecation/eol',
      '/paths/~1zones~1{zone_id}~1sprockets/get/x-sunset',
    ]);
  });

  test("the project's configuration is part of the catalogue: after importing, only the undated operations differ; an agreeing document exits 0", async () => {
    const project = makeProject({ 'openapi.json': readFileSync(join(REPO_ROOT, OLDER), 'utf8') });
    expect((await importDocument('openapi.json', ['--out', 'sunset-lint.config.json'], project)).status).toBe(0);
    expect(existsSync(join(project, 'sunset-lint.config.json'))).toBe(true);
    const { status, report } = await diffJson('openapi.json', [], project);
    expect(status).toBe(1);
    expect(report.missing.map((m) => m.id)).toEqual(['accounts-reports-legacy', 'legacy-gadget-lists']);
    expect(report.dateMismatch).toEqual([]);

    const agreeing = makeProject({
      'openapi.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'agrees', version: '1' },
        paths: {
          '/accounts/{account_id}/access/bookmarks': {
            get: { deprecated: true, 'x-cfDeprecation': { id: 'bookmarks_deprecation', eol: '2023-03-19' } },
          },
        },
      }),
    });
    const run = await runMain(['schedule', 'diff', '--openapi', 'openapi.json', '--as-of', '2026-11-23'], {
      cwd: agreeing,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('No differences.');
    expect(run.stdout).toContain('Catalogue endpoints the document does not have (informational)');
  });

  test('malformed values are named by file and pointer on stderr; the diff goes on', async () => {
    const run = await runMain(['schedule', 'diff', '--openapi', MALFORMED, '--as-of', '2026-11-23'], {
      cwd: REPO_ROOT,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `${MALFORMED}#/paths/~1zones~1{zone_id}~1cogs/get/x-forge-sunset: must be an object { date }`,
    );
    expect(run.stdout).toContain('  levers  eol 2026-05-01 (x-cfDeprecation.eol)');
  });

  test('usage errors exit 2', async () => {
    const bad = await runMain(['schedule', 'diff', '--openapi', MIRROR, '--max-years', 'ten'], { cwd: REPO_ROOT });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--max-years must be a whole number of years (1 or more), got 'ten'");
    const format = await runMain(['schedule', 'diff', '--openapi', MIRROR, '--format', 'sarif'], { cwd: REPO_ROOT });
    expect(format.status).toBe(2);
    expect(format.stderr).toContain('--format must be one of text, json');
  });

  test("'sunset-lint help schedule' describes both subcommands; each has its own help", async () => {
    const help = await runMain(['help', 'schedule'], { cwd: REPO_ROOT });
    expect(help.stdout).toContain('sunset-lint schedule import --openapi FILE');
    expect(help.stdout).toContain('sunset-lint schedule diff --openapi FILE');
    expect((await runMain(['schedule', 'import', '--help'], { cwd: REPO_ROOT })).stdout).toContain('--force');
    expect((await runMain(['schedule', 'diff', '--help'], { cwd: REPO_ROOT })).stdout).toContain('Exit codes: 0');
    expect((await runMain(['help', 'schedule', 'diff'], { cwd: REPO_ROOT })).stdout).toContain('--max-years N');
  });
});
