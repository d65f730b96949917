import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { MigrationPlan } from '../src/migrate/plan-report.js';
import { loadCatalogue } from '@sunset-lint/core';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { runMain } from './support/cli-in-process.js';
import { makeProject } from './scan-cli-support.js';

const AS_OF = '2026-11-21';
const EARLIER = '2026-10-01';

/** Three places: an automatic removal, an assisted path rewrite (a person at the default level), a firewall rule. */
const SETTINGS_JS = `const API = 'https://api.cloudflare.com/client/v4';

export async function turnOffBrotli(zoneId, token) {
  await fetch(\`\${API}/zones/\${zoneId}/settings/brotli\`, { method: 'PATCH', headers: { Authorization: \`Bearer \${token}\` }, body: JSON.stringify({ value: 'off' }) });
}

export async function multiProvider(zoneId, token) {
  const res = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zoneId}/dns_settings/use_apex_ns\`, {
    method: 'PATCH',
    headers: { Authorization: \`Bearer \${token}\` },
    body: JSON.stringify({ value: true }),
  });
  return res.json();
}

export async function rules(zoneId) {
  const res = await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zoneId}/firewall/rules\`, { method: 'GET' });
  return res.json();
}
`;

async function cli(cwd: string, ...args: string[]) {
  return runMain(args, { cwd });
}

async function jsonPlan(cwd: string, ...args: string[]): Promise<MigrationPlan> {
  const run = await cli(cwd, 'migrate', '--plan', '--format', 'json', '--as-of', AS_OF, ...args);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as MigrationPlan;
}

function files(dir: string): Map<string, string> {
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

describe('migrate --plan', () => {
  test('per entry in end-of-life order: the places, which migrate rewrites, which need a person with the request', async () => {
    const dir = makeProject({ 'settings.js': SETTINGS_JS });
    const before = files(dir);
    const plan = await jsonPlan(dir);
    expect(files(dir)).toEqual(before);
    expect(plan.entries.map((entry) => [entry.id, entry.eol, entry.class])).toEqual([
      ['zone-setting-brotli', '2024-08-15', 'automatic'],
      ['dns-settings-legacy-endpoints', '2024-09-13', 'assisted'],
      ['firewall-rules-api', '2025-01-15', 'assisted'],
    ]);
    expect(plan.total).toEqual({ places: 3, automatic: 1, person: 2 });
    const [brotli, dns, firewall] = plan.entries;
    expect(brotli!.places).toEqual([
      expect.objectContaining({
        file: 'settings.js',
        line: 4,
        migrate: 'automatic',
        change: 'Remove the request (its result is not used)',
      }),
    ]);
    // The replacement request from the code's own URL, the new path substituted, the body key renamed.
    expect(dns!.places).toEqual([
      expect.objectContaining({
        file: 'settings.js',
        line: 8,
        migrate: 'person',
        reason: expect.stringContaining('--level assisted'),
        request: {
          method: 'PATCH',
          path: 'https://api.cloudflare.com/client/v4/zones/${zoneId}/dns_settings',
          bodyKeys: { value: 'multi_provider' },
          note: expect.stringContaining('result.multi_provider'),
        },
      }),
    ]);
    expect(firewall!.counts).toEqual({ places: 1, automatic: 0, person: 1 });
    expect(firewall!.places[0]).not.toHaveProperty('request');

    // What the plan calls automatic is what `migrate` then does.
    const migrated = await cli(dir, 'migrate', '--as-of', AS_OF);
    expect(migrated.stdout).toMatch(/^Migrated 1 place in 1 file:/);
    expect(readFileSync(join(dir, 'settings.js'), 'utf8')).not.toContain('settings/brotli');
  });

  test('Markdown and HTML render the same plan; --output writes it', async () => {
    const dir = makeProject({ 'settings.js': SETTINGS_JS });
    const markdown = await cli(dir, 'migrate', '--plan', '--as-of', AS_OF);
    expect(markdown.status).toBe(0);
    expect(markdown.stdout).toContain('**Total:** 3 places: 1 automatic, 2 for a person.');
    expect(markdown.stdout).toContain('## Brotli setting (`zone-setting-brotli`)');
    expect(markdown.stdout).toContain(
      'replacement request: `PATCH https://api.cloudflare.com/client/v4/zones/${zoneId}/dns_settings with body multi_provider (was value)`',
    );
    expect(markdown.stdout.indexOf('zone-setting-brotli')).toBeLessThan(
      markdown.stdout.indexOf('dns-settings-legacy-endpoints'),
    );
    const html = await cli(dir, 'migrate', '--plan', '--format', 'html', '--output', 'plan.html', '--as-of', AS_OF);
    expect(html.status).toBe(0);
    expect(html.stdout).toBe('');
    const page = readFileSync(join(dir, 'plan.html'), 'utf8');
    expect(page).toContain('<td class="num" data-count="total:places">3</td>');
    expect(page).toContain('<td class="num" data-count="entry:zone-setting-brotli:automatic">1</td>');
  });

  test('usage errors: plan-only options without --plan, --dry-run with it, a bad --repository or report', async () => {
    const dir = makeProject({ 'settings.js': SETTINGS_JS, 'not-a-report.json': '{"a":1}' });
    const cases: Array<[string[], RegExp]> = [
      [['--format', 'json'], /--format is an option of --plan/],
      [['--plan', '--dry-run'], /--dry-run does not go with --plan/],
      [['--plan', '--format', 'pdf'], /--format/],
      [['--plan', '--repository', 'nameonly'], /NAME=FILE/],
      [['--plan', '--since', 'not-a-report.json'], /not a sunset-lint json report/],
      [['--plan', '--repository', 'a=x.json', '.'], /give no paths/],
      [['--plan', '--since', 'x.json', '--since', 'y.json'], /one earlier report for a scan of paths/],
      [['--plan', '--repository', 'a=x.json', '--since', 'earlier.json'], /--since: with --repository, give NAME=FILE/],
      [['--plan', '--repository', 'a=x.json', '--since', 'b=earlier.json'], /no --repository named 'b'/],
      [['--plan', '--repository', 'a=x.json', '--since', 'a=1.json', '--since', 'a=2.json'], /'a' twice/],
    ];
    for (const [args, message] of cases) {
      const run = await cli(dir, 'migrate', ...args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    // The audit's progress is on its html schedule only.
    const scan = await cli(dir, 'scan', '--since', 'not-a-report.json', '--format', 'json');
    expect(scan.status).toBe(2);
    expect(scan.stderr).toMatch(/--since shows the progress in the html report/);
  });
});

describe('migrate --plan --since', () => {
  test('"N of M places migrated since": the earlier report\'s places no longer found, by fingerprint', async () => {
    const dir = makeProject({ 'settings.js': SETTINGS_JS });
    const earlier = await cli(dir, 'scan', '--format', 'json', '--fail-on', 'none', '--as-of', EARLIER);
    expect(earlier.status).toBe(0);
    writeFileSync(join(dir, 'earlier.json'), earlier.stdout);
    // Nothing done since: nothing migrated.
    const unchanged = await jsonPlan(dir, 'settings.js', '--since', 'earlier.json');
    expect(unchanged.since).toBe(EARLIER);
    expect(unchanged.total).toEqual({ places: 3, automatic: 1, person: 2, earlier: 3, migrated: 0 });

    // The automatic place migrated, and the firewall rules call moved down by a line (same fingerprint).
    expect((await cli(dir, 'migrate', 'settings.js', '--as-of', AS_OF)).status).toBe(0);
    const text = readFileSync(join(dir, 'settings.js'), 'utf8');
    writeFileSync(
      join(dir, 'settings.js'),
      text.replace('export async function rules', '// moved\nexport async function rules'),
    );
    const plan = await jsonPlan(dir, 'settings.js', '--since', 'earlier.json');
    expect(plan.total).toEqual({ places: 2, automatic: 0, person: 2, earlier: 3, migrated: 1 });
    const counts = Object.fromEntries(plan.entries.map((entry) => [entry.id, entry.counts]));
    expect(counts).toEqual({
      // Gone now, still in the plan with its progress.
      'zone-setting-brotli': { places: 0, automatic: 0, person: 0, earlier: 1, migrated: 1 },
      'dns-settings-legacy-endpoints': { places: 1, automatic: 0, person: 1, earlier: 1, migrated: 0 },
      'firewall-rules-api': { places: 1, automatic: 0, person: 1, earlier: 1, migrated: 0 },
    });
    const markdown = await cli(dir, 'migrate', '--plan', 'settings.js', '--since', 'earlier.json', '--as-of', AS_OF);
    expect(markdown.stdout).toContain(
      '**Total:** 2 places: 0 automatic, 2 for a person; 1 of 3 places migrated since 2026-10-01.',
    );
    expect(markdown.stdout).toContain('1 of 1 place migrated since 2026-10-01');
  });
});

describe('migrate --plan --repository', () => {
  test('the reports of three repositories: the plan per repository and in total', async () => {
    const { byId } = loadCatalogue();
    const out = makeProject({});
    const names = ['axios', 'fetch', 'sdk'];
    const reports = new Map<string, Array<{ entryId: string; file: string; line: number; migration: string }>>();
    for (const name of names) {
      // Each fixture folder scanned from its own root, as a CI job in that repository's checkout would.
      const scan = await cli(
        join(REPO_ROOT, 'fixtures', name),
        'scan',
        '--format',
        'json',
        '--fail-on',
        'none',
        '--as-of',
        AS_OF,
      );
      expect(scan.status).toBe(0);
      writeFileSync(join(out, `${name}.json`), scan.stdout);
      reports.set(
        name,
        (
          JSON.parse(scan.stdout) as {
            findings: Array<{ entryId: string; file: string; line: number; migration: string }>;
          }
        ).findings,
      );
    }
    const plan = await jsonPlan(out, ...names.flatMap((name) => ['--repository', `${name}=${name}.json`]));
    // The reports class each place (`migration`): the plan counts them as the reports do.
    expect(plan.automaticBy).toBe('place');
    const automatic = (finding: { migration: string }) => finding.migration === 'automatic';
    const expected = (findings: ReadonlyArray<{ migration: string }>) => ({
      places: findings.length,
      automatic: findings.filter(automatic).length,
      person: findings.filter((f) => !automatic(f)).length,
    });
    expect(plan.repositories!.map((r) => [r.name, r.asOf, r.counts])).toEqual(
      names.map((name) => [name, AS_OF, expected(reports.get(name)!)]),
    );
    const all = names.flatMap((name) => reports.get(name)!.map((finding) => ({ ...finding, repository: name })));
    expect(all.length).toBeGreaterThan(20);
    expect(new Set(all.map((f) => f.entryId)).size).toBeGreaterThan(5);
    // Some place of an automatic entry is not one migrate rewrites (the SDK's `get('minify')`, whose
    // result is used): the report classes it assisted, and so does the plan.
    expect(all.some((f) => byId.get(f.entryId)?.migration?.class === 'automatic' && f.migration === 'assisted')).toBe(
      true,
    );
    expect(plan.total).toEqual(expected(all));
    // Every entry: its places in all three, per repository, each place named by its repository.
    expect(plan.entries.map((entry) => entry.id).sort()).toEqual([...new Set(all.map((f) => f.entryId))].sort());
    for (const entry of plan.entries) {
      const mine = all.filter((f) => f.entryId === entry.id);
      expect(entry.counts).toEqual(expected(mine));
      expect(entry.byRepository).toEqual(
        Object.fromEntries(
          names
            .filter((name) => mine.some((f) => f.repository === name))
            .map((name) => [name, expected(mine.filter((f) => f.repository === name))]),
        ),
      );
      expect(entry.places.map((p) => `${p.repository}:${p.file}:${p.line}`).sort()).toEqual(
        mine.map((f) => `${f.repository}:${f.file}:${f.line}`).sort(),
      );
    }
    const eols = plan.entries.map((entry) => entry.eol);
    expect(eols).toEqual([...eols].sort());
    const markdown = await cli(
      out,
      'migrate',
      '--plan',
      '--as-of',
      AS_OF,
      ...names.flatMap((name) => ['--repository', `${name}=${name}.json`]),
    );
    const sdk = plan.repositories!.find((r) => r.name === 'sdk')!.counts;
    expect(markdown.stdout).toContain(`| sdk | ${sdk.places} | ${sdk.automatic} | ${sdk.person} |\n`);
  });
});

describe('migrate --plan --repository with --since NAME=FILE', () => {
  test('three repositories, each migrated since its earlier report: progress per repository, per entry and in total', async () => {
    const out = makeProject({});
    const names = ['axios', 'fetch', 'sdk'];
    type Found = { entryId: string; fingerprint: string };
    const scanOf = async (cwd: string, asOf: string) => {
      const scan = await cli(cwd, 'scan', '--format', 'json', '--fail-on', 'none', '--as-of', asOf);
      expect(scan.status).toBe(0);
      return { text: scan.stdout, findings: (JSON.parse(scan.stdout) as { findings: Found[] }).findings };
    };
    const earlier = new Map<string, Found[]>();
    const now = new Map<string, Found[]>();
    for (const name of names) {
      // Each repository's checkout: scanned on the day the migration started, migrated, scanned again.
      const checkout = join(out, 'checkouts', name);
      cpSync(join(REPO_ROOT, 'fixtures', name), checkout, { recursive: true });
      const before = await scanOf(checkout, EARLIER);
      writeFileSync(join(out, `${name}-earlier.json`), before.text);
      earlier.set(name, before.findings);
      if (name !== 'sdk') expect((await cli(checkout, 'migrate', '--as-of', AS_OF)).status).toBe(0);
      const after = await scanOf(checkout, AS_OF);
      writeFileSync(join(out, `${name}.json`), after.text);
      now.set(name, after.findings);
    }
    const args = names.flatMap((name) => [
      '--repository',
      `${name}=${name}.json`,
      '--since',
      `${name}=${name}-earlier.json`,
    ]);
    const plan = await jsonPlan(out, ...args);
    expect(plan.since).toBe(EARLIER);
    // Counted from the reports themselves: an earlier place is migrated when its fingerprint is gone.
    const progress = (name: string, entryId?: string) => {
      const mine = earlier.get(name)!.filter((f) => entryId === undefined || f.entryId === entryId);
      const left = new Set(now.get(name)!.map((f) => f.fingerprint));
      return { earlier: mine.length, migrated: mine.filter((f) => !left.has(f.fingerprint)).length };
    };
    for (const repository of plan.repositories!) {
      expect(repository.since).toBe(EARLIER);
      expect({ name: repository.name, ...progress(repository.name) }).toEqual({
        name: repository.name,
        earlier: repository.counts.earlier,
        migrated: repository.counts.migrated,
      });
    }
    const sum = (key: 'earlier' | 'migrated') => names.reduce((n, name) => n + progress(name)[key], 0);
    expect([plan.total.earlier, plan.total.migrated]).toEqual([sum('earlier'), sum('migrated')]);
    // Something was migrated, something was not: the figures are real.
    expect(plan.total.migrated).toBeGreaterThan(0);
    expect(plan.total.migrated).toBeLessThan(plan.total.earlier!);
    expect(plan.repositories!.find((r) => r.name === 'sdk')!.counts.migrated).toBe(0);
    for (const entry of plan.entries) {
      const earlierIn = names.filter((name) => earlier.get(name)!.some((f) => f.entryId === entry.id));
      expect([entry.id, entry.counts.earlier ?? 0, entry.counts.migrated ?? 0]).toEqual([
        entry.id,
        earlierIn.reduce((n, name) => n + progress(name, entry.id).earlier, 0),
        earlierIn.reduce((n, name) => n + progress(name, entry.id).migrated, 0),
      ]);
      for (const name of earlierIn)
        expect([entry.id, name, entry.byRepository![name]!.migrated]).toEqual([
          entry.id,
          name,
          progress(name, entry.id).migrated,
        ]);
    }
    // Markdown: the repositories' table has the progress of each.
    const markdown = await cli(out, 'migrate', '--plan', '--as-of', AS_OF, ...args);
    const fetch = plan.repositories!.find((r) => r.name === 'fetch')!.counts;
    expect(markdown.stdout).toContain(`${fetch.migrated} of ${fetch.earlier} places migrated since ${EARLIER}`);
  }, 120_000);
});
