/**
 * `.tf` files in a scan: discovery (the include/exclude/.gitignore rules of every file, their own
 * list, `.terraform/` left out) and the scan's Terraform pass (a file it cannot parse is a file
 * diagnostic; the scan goes on).
 */
import { relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { discoverFiles } from '../src/scan/files/discovery.js';
import { FIREWALL_RULES_CALL, makeProject, parseJsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const RESOURCE = 'resource "cloudflare_filter" "api" {\n  zone_id = "z"\n}\n';
const CALLER = `export async function sync(zoneId) {\n  ${FIREWALL_RULES_CALL}\n}\n`;

async function discovered(root: string, paths: string[], options: { exclude?: string[]; include?: string[] } = {}) {
  const found = await discoverFiles({ cwd: root, paths, ...options });
  const rel = (files: string[]) => files.map((file) => relative(root, file).split('\\').join('/'));
  return {
    files: rel(found.files),
    terraformFiles: rel(found.terraformFiles),
    skipped: found.skipped,
    empty: found.empty,
  };
}

describe('discovery of .tf files', () => {
  const project = makeProject({
    '.gitignore': 'generated/\n',
    'src/sync.js': CALLER,
    'infra/main.tf': RESOURCE,
    'infra/modules/zone/main.tf': RESOURCE,
    'infra/.terraform/modules/vpc/main.tf': RESOURCE,
    'infra/terraform.tfvars': 'zone_id = "z"\n',
    'generated/out.tf': RESOURCE,
    'legacy/old.tf': RESOURCE,
  });

  test('a folder: .tf files on their own list, .gitignore and .terraform/ respected, .tfvars not read', async () => {
    expect(await discovered(project, [])).toEqual({
      files: ['src/sync.js'],
      terraformFiles: ['infra/main.tf', 'infra/modules/zone/main.tf', 'legacy/old.tf'],
      skipped: [],
      empty: [],
    });
  });

  test('excludes apply to them; a folder holding only .tf files is not empty', async () => {
    const found = await discovered(project, ['infra', 'legacy'], { exclude: ['**/modules/**'] });
    expect(found.terraformFiles).toEqual(['infra/main.tf', 'legacy/old.tf']);
    expect(found.empty).toEqual([]);
    expect((await discovered(project, ['legacy'], { exclude: ['**/old.tf'] })).empty).toEqual(['legacy']);
  });

  test('named files and quoted patterns', async () => {
    expect(await discovered(project, ['generated/out.tf', 'infra/terraform.tfvars', 'infra/**/*.tf'])).toEqual({
      files: [],
      terraformFiles: ['generated/out.tf', 'infra/main.tf', 'infra/modules/zone/main.tf'],
      skipped: ['infra/terraform.tfvars'],
      empty: [],
    });
  });

  test('an include of its own replaces the default, .tf files with it', async () => {
    expect((await discovered(project, [], { include: ['src/**/*.js'] })).terraformFiles).toEqual([]);
  });
});

describe('the scan reads .tf files', () => {
  test('a file it cannot parse: a parse-error diagnostic with file, line and column; the others are scanned', async () => {
    const project = makeProject({
      'src/sync.js': CALLER,
      'infra/main.tf': RESOURCE,
      'infra/broken.tf': 'resource "cloudflare_filter" "x" {\n  zone_id = "z"\n  expression =\n}\n',
    });
    const run = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json', '--fail-on', 'none'], {
      cwd: project,
    });
    expect(run.status).toBe(0);
    const report = parseJsonReport(run.stdout);
    expect(report.summary.filesScanned).toBe(3);
    expect(report.findings.map((finding) => finding.file)).toEqual(['infra/main.tf', 'src/sync.js']);
    expect(report.diagnostics).toEqual([
      {
        code: 'parse-error',
        severity: 'error',
        message: 'cannot parse the Terraform file: unexpected "expression ="',
        file: 'infra/broken.tf',
        line: 3,
        column: 3,
      },
    ]);
  });

  test('a folder of .tf files alone is scanned, not reported as holding nothing to scan', async () => {
    const project = makeProject({ 'infra/main.tf': RESOURCE });
    const run = await runMain(['scan', 'infra', '--format', 'json', '--fail-on', 'none'], { cwd: project });
    expect(run.status).toBe(0);
    expect(run.stderr).not.toContain('no JavaScript');
    expect(parseJsonReport(run.stdout).summary.filesScanned).toBe(1);
  });
});

describe('paths written in .tf files (the grep floor)', () => {
  test('a URL or path in any string is a finding at medium; interpolations are holes; a description is prose', async () => {
    const project = makeProject({
      'infra/api.tf': [
        'resource "restapi_object" "bookmark" {',
        '  path = "/accounts/${var.account_id}/access/bookmarks"',
        '  data = jsonencode({ name = "Wiki" })',
        '}',
        'data "http" "history" {',
        '  url = "https://api.cloudflare.com/client/v4/user/billing/history?per_page=5"',
        '}',
        'variable "rules_path" {',
        '  description = "we no longer call /zones/{zone}/firewall/rules"',
        '  default     = "/zones/x/rulesets"',
        '}',
        'locals {',
        '  live = "https://mirror.internal/client/v4/zones/${var.zone}/firewall/rules"',
        '}',
        '',
      ].join('\n'),
    });
    const run = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json', '--fail-on', 'none'], {
      cwd: project,
    });
    const report = parseJsonReport(run.stdout);
    expect(report.findings.map((f) => `${f.file}:${f.line}:${f.entryId}:${f.confidence}`)).toEqual([
      'infra/api.tf:2:access-bookmark-applications:medium',
      'infra/api.tf:6:billing-profile-and-history:medium',
    ]);
  });
});

describe('Terraform findings', () => {
  const SETTINGS = [
    'resource "cloudflare_zone_settings_override" "main" {',
    '  zone_id = var.zone_id',
    '  settings {',
    '    brotli = "on" # sunset-lint-ignore zone-setting-brotli -- rolled out with OPS-7',
    '    # sunset-lint-ignore zone-setting-minify -- OPS-8 until 2026-06-30',
    '    minify {',
    '      css = "on"',
    '    }',
    '    // sunset-lint-ignore firewall-rules-api -- nothing here uses it',
    '    ssl = "strict"',
    '  }',
    '}',
    '',
  ].join('\n');

  test('resources and settings graded and placed at their line and column, in every format', async () => {
    const project = makeProject({ 'infra/main.tf': RESOURCE, 'infra/zone.tf': SETTINGS });
    const run = await runMain(['scan', '--as-of', '2026-07-01', '--format', 'json', '--fail-on', 'none'], {
      cwd: project,
    });
    const report = parseJsonReport(run.stdout);
    expect(
      report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.entryId} ${f.grade} ${f.confidence}`),
    ).toEqual([
      'infra/main.tf:1:11 firewall-rules-api expired high',
      'infra/zone.tf:6:5 zone-setting-minify expired high',
    ]);
    expect(report.findings[0]!.message).toContain('cloudflare_ruleset');
    for (const format of ['sarif', 'github', 'gitlab', 'checkstyle', 'junit', 'text']) {
      const other = await runMain(['scan', '--as-of', '2026-07-01', '--format', format, '--fail-on', 'none'], {
        cwd: project,
      });
      expect(other.stdout, format).toContain('main.tf');
      expect(other.stdout, format).toContain('zone.tf');
    }
  });

  test('sunset-lint-ignore in # and // comments: silences, expires, and is reported when unused', async () => {
    const project = makeProject({ 'infra/zone.tf': SETTINGS });
    const run = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json', '--fail-on', 'none'], {
      cwd: project,
    });
    const report = parseJsonReport(run.stdout);
    // brotli: silenced on its own line; minify: the next line is silenced until 2026-06-30.
    expect(report.findings).toEqual([]);
    expect(run.stderr).toContain('2 suppressed by comments');
    expect(report.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`)).toEqual([
      'unused-suppression infra/zone.tf:9',
    ]);
    const later = parseJsonReport(
      (
        await runMain(['scan', '--as-of', '2026-07-01', '--format', 'json', '--fail-on', 'none'], {
          cwd: project,
        })
      ).stdout,
    );
    expect(later.findings.map((f) => `${f.line} ${f.entryId}`)).toEqual(['6 zone-setting-minify']);
    expect(later.findings[0]!.message).toContain('expired on 2026-06-30');
  });
});
