/**
 * The Terraform reader on fixtures/iac/terraform (a root module, a child module, negatives): the
 * resources, their property paths, the static values after `var.`/`local.` substitution, and the
 * positions of type labels and keys. Matching them against the catalogue is not the reader's job.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { toDeclaredResourceFact } from '../src/terraform/declared-facts.js';
import { readTerraformFiles, type TerraformReading } from '../src/terraform/read-files.js';
import type { DeclaredProperty, DeclaredTerraformResource } from '../src/terraform/types.js';
import { makeProject } from './scan-cli-support.js';

const ROOT = join(REPO_ROOT, 'fixtures/iac/terraform');

function tfFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.tf'))
    .map((name) => join(directory, name));
}

/** `path=value@line:column` of each property, `at` positions: what a finding would point at. */
function described(resource: DeclaredTerraformResource): string[] {
  return resource.properties.map(
    (property: DeclaredProperty) =>
      `${property.path.join('.')}${'value' in property ? `=${JSON.stringify(property.value)}` : ''}@${property.at.start.line}:${property.at.start.column}`,
  );
}

describe('the Terraform reader on fixtures/iac/terraform', () => {
  let reading: TerraformReading;
  const resource = (type: string, name: string) => {
    const found = reading.resources.find((one) => one.resourceType === type && one.name === name);
    expect(found, `${type}.${name}`).toBeDefined();
    return found!;
  };

  beforeAll(async () => {
    reading = await readTerraformFiles(tfFiles(ROOT));
  });

  test('every resource block, and nothing else (no data source, module call, provider or comment)', () => {
    expect(reading.problems).toEqual([]);
    expect(reading.resources.map((one) => `${one.resourceType}.${one.name}`).sort()).toEqual([
      'acme_cdn_zone.assets',
      'cloudflare_access_bookmark.wiki',
      'cloudflare_argo_tunnel.legacy',
      'cloudflare_dns_record.www',
      'cloudflare_filter.block_bots',
      'cloudflare_firewall_rule.block_bots',
      'cloudflare_load_balancer_pool.primary',
      'cloudflare_rate_limit.login',
      'cloudflare_record.autodiscover',
      'cloudflare_record.srv',
      'cloudflare_ruleset.custom_firewall',
      'cloudflare_tunnel.app',
      'cloudflare_waf_group.wordpress',
      'cloudflare_waf_override.shop',
      'cloudflare_waf_package.owasp',
      'cloudflare_waf_rule.sqli',
      'cloudflare_zone_setting.always_use_https',
      'cloudflare_zone_setting.each',
      'cloudflare_zone_settings_override.example_com',
      'cloudflare_zone_settings_override.module_zone',
      'null_resource.apex_ns_mode',
      'null_resource.drop_legacy_filter',
      'null_resource.rehearse',
    ]);
    expect(reading.resources.every((one) => one.ecosystem === 'terraform')).toBe(true);
  });

  test('the type label: position without the quotes, offset into the text', () => {
    const rule = resource('cloudflare_firewall_rule', 'block_bots');
    expect(rule.file).toBe(join(ROOT, 'main.tf'));
    expect(rule.typeLabel.start).toMatchObject({ line: 40, column: 11 });
    expect(rule.typeLabel.end).toMatchObject({ line: 40, column: 35 });
    const text = readFileSync(rule.file, 'utf8');
    expect(text.slice(rule.typeLabel.start.offset, rule.typeLabel.end.offset)).toBe('cloudflare_firewall_rule');
  });

  test('zone settings: nested blocks as paths, values through var. and local.', () => {
    expect(described(resource('cloudflare_zone_settings_override', 'example_com'))).toEqual([
      'zone_id="0da42c8d2132a9ddaf714f9e7c920711"@13:3',
      'settings@15:3',
      'settings.always_use_https="on"@16:5',
      'settings.brotli="on"@17:5',
      'settings.minify@18:5',
      'settings.minify.css="on"@19:7',
      'settings.minify.js="off"@20:7',
      'settings.minify.html="on"@21:7',
      'settings.mobile_redirect@23:5',
      'settings.mobile_redirect.status="off"@24:7',
      'settings.mobile_redirect.mobile_subdomain=""@25:7',
      'settings.mobile_redirect.strip_uri=false@26:7',
      'settings.server_side_exclude="on"@28:5',
      'settings.privacy_pass="on"@29:5',
      'settings.security_level="medium"@30:5',
    ]);
  });

  test('a dynamic block stands for its blocks: its content under the label, reported at the label', () => {
    const settings = resource('cloudflare_zone_settings_override', 'module_zone');
    expect(described(settings)).toEqual([
      'zone_id@42:3',
      'settings@44:12',
      'settings.brotli="on"@44:12',
      'settings.minify@44:12',
      'settings.minify.css="on"@44:12',
      'settings.minify.js="on"@44:12',
      'settings.minify.html="off"@44:12',
    ]);
    // The key is still where it is written.
    const brotli = settings.properties.find((one) => one.path.join('.') === 'settings.brotli')!;
    expect(brotli.key.start).toMatchObject({ line: 47, column: 7 });
  });

  test('SRV records: a for_each resource is one declaration; data block and data object alike', () => {
    const srv = resource('cloudflare_record', 'srv');
    expect(srv.repeatedBy).toBe('for_each');
    expect(srv.file).toBe(join(ROOT, 'modules/zone/main.tf'));
    // `each.value.service` is known only per instance: the path is there, the value is not.
    expect(described(srv)).toEqual(
      expect.arrayContaining(['data@15:3', 'data.service@16:5', 'data.proto@17:5', 'data.name="example.com"@18:5']),
    );
    // `zone_id = var.zone_id` has no default in the child module: unknown.
    expect(described(srv)).toContain('zone_id@11:3');
    const autodiscover = resource('cloudflare_record', 'autodiscover');
    expect(autodiscover.repeatedBy).toBeUndefined();
    expect(described(autodiscover)).toEqual(
      expect.arrayContaining([
        'data@30:3',
        'data.service="_autodiscover"@31:5',
        'data.proto="_tcp"@32:5',
        'data.name="example.com"@33:5',
      ]),
    );
  });

  test('attributes the retired resources are known by', () => {
    expect(described(resource('cloudflare_load_balancer_pool', 'primary'))).toContain(
      'notification_email="ops@example.com"@71:3',
    );
    expect(described(resource('cloudflare_waf_rule', 'sqli'))).toEqual([
      'zone_id="0da42c8d2132a9ddaf714f9e7c920711"@18:3',
      'rule_id@19:3',
      'mode="simulate"@20:3',
    ]);
    expect(resource('cloudflare_waf_rule', 'sqli').repeatedBy).toBe('for_each');
    expect(described(resource('cloudflare_waf_override', 'shop'))).toEqual(
      expect.arrayContaining(['urls@25:3', 'rules.100015="disable"@28:5', 'rewrite_action.default="block"@31:5']),
    );
    expect(described(resource('cloudflare_rate_limit', 'login'))).toEqual(
      expect.arrayContaining(['match.request.url_pattern="example.com/login"@55:7', 'action.mode="ban"@62:5']),
    );
  });

  test('as declared-resource facts, the input of the matcher: ranges cover the text a finding points at', () => {
    const text = (file: string, [start, end]: readonly [number, number]) =>
      readFileSync(file, 'utf8').slice(start, end);
    const override = resource('cloudflare_zone_settings_override', 'example_com');
    const fact = toDeclaredResourceFact(override);
    expect(fact).toMatchObject({
      ecosystem: 'terraform',
      resourceType: 'cloudflare_zone_settings_override',
      knownImport: true,
    });
    expect(text(override.file, fact.range)).toBe('cloudflare_zone_settings_override');
    const brotli = fact.properties.find((property) => property.path.join('.') === 'settings.brotli')!;
    expect(brotli.value).toBe('on');
    expect(text(override.file, brotli.range)).toBe('brotli');
    // In a dynamic block, the label.
    const generated = resource('cloudflare_zone_settings_override', 'module_zone');
    const minify = toDeclaredResourceFact(generated).properties.find(
      (property) => property.path.join('.') === 'settings.minify',
    )!;
    expect(text(generated.file, minify.range)).toBe('settings');
  });

  test('negatives are read as what they are: successors and another provider keep their own type', () => {
    expect(described(resource('cloudflare_zone_setting', 'always_use_https'))).toContain(
      'setting_id="always_use_https"@18:3',
    );
    expect(described(resource('acme_cdn_zone', 'assets'))).toContain('brotli="on"@4:3');
  });
});

describe('the Terraform reader on small inputs', () => {
  test('strings: escapes, interpolation of static values, non-ASCII text before a resource', async () => {
    const root = makeProject({
      'infra/main.tf': [
        '# zone café ✓',
        'locals {',
        '  prefix = "_s"',
        '  both   = "${local.prefix}ip"',
        '}',
        'variable "port" {',
        '  default = 5060',
        '}',
        'resource "cloudflare_record" "sip" { data { service = local.both',
        '  proto = "_t\\u0063p"',
        '  name = "a\\"b"',
        '  port = var.port',
        '  target = "${var.port}.${upper("x")}"',
        '  label = "$${literal}"',
        '} }',
        '',
      ].join('\n'),
    });
    const reading = await readTerraformFiles([join(root, 'infra/main.tf')]);
    expect(reading.problems).toEqual([]);
    const [record] = reading.resources;
    expect(described(record!)).toEqual([
      'data@9:38',
      'data.service="_sip"@9:45',
      'data.proto="_tcp"@10:3',
      'data.name="a\\"b"@11:3',
      'data.port=5060@12:3',
      'data.target@13:3',
      'data.label="${literal}"@14:3',
    ]);
    const text = readFileSync(join(root, 'infra/main.tf'), 'utf8');
    const service = record!.properties[1]!;
    expect(text.slice(service.key.start.offset, service.key.end.offset)).toBe('service');
  });

  test('variables and locals of the same folder apply across its files, not to other folders', async () => {
    const root = makeProject({
      'a/variables.tf': 'variable "mode" {\n  default = "on"\n}\n',
      'a/main.tf': 'resource "x_zone" "a" {\n  brotli = var.mode\n}\n',
      'b/main.tf': 'resource "x_zone" "b" {\n  brotli = var.mode\n}\n',
    });
    const reading = await readTerraformFiles(['a/variables.tf', 'a/main.tf', 'b/main.tf'].map((f) => join(root, f)));
    expect(reading.resources.map(described)).toEqual([['brotli="on"@2:3'], ['brotli@2:3']]);
  });

  test('a syntax error names the file and the line; the other files are still read', async () => {
    const root = makeProject({
      'infra/broken.tf': 'resource "cloudflare_filter" "x" {\n  zone_id = "z"\n  expression =\n}\n',
      'infra/ok.tf': 'resource "cloudflare_filter" "y" {\n  zone_id = "z"\n}\n',
    });
    const reading = await readTerraformFiles([join(root, 'infra/broken.tf'), join(root, 'infra/ok.tf')]);
    expect(reading.problems).toEqual([
      {
        file: join(root, 'infra/broken.tf'),
        code: 'parse-error',
        message: expect.stringMatching(/^cannot parse the Terraform file: /),
        line: 3,
        column: 3,
      },
    ]);
    expect(reading.resources.map((one) => one.name)).toEqual(['y']);
  });

  test('a file that cannot be read is a read-error naming it', async () => {
    const root = makeProject({});
    const reading = await readTerraformFiles([join(root, 'gone.tf')]);
    expect(reading.problems).toEqual([
      { file: join(root, 'gone.tf'), code: 'read-error', message: expect.stringContaining('ENOENT') },
    ]);
  });
});
