/**
 * API paths for generated programs: every endpoint and segment of the built-in catalogue, and live
 * paths that look like them (the engines must agree on what is not a finding too).
 */
import { loadCatalogue } from '@sunset-lint/core';
import fc from 'fast-check';

/** Whose id a parameter segment holds: decides the identifier or placeholder written for it. */
export type ParamRole = 'zone' | 'account' | 'item';

export type Segment = { kind: 'text'; text: string } | { kind: 'param'; role: ParamRole };

export interface ApiPath {
  /** As the catalogue (or the look-alike list) writes it, for reading a counterexample. */
  template: string;
  segments: Segment[];
}

/** Paths that are live today but share words or prefixes with retired ones. */
const LIVE_LOOKALIKES = [
  '/zones/:zone_id/settings/ssl',
  '/zones/:zone_id/firewall/access_rules/rules',
  '/user/firewall/access_rules/rules',
  '/zones/:zone_id/rulesets',
  '/zones/:zone_id/dns_records',
  '/zones/:zone_id/dns_records/:dns_record_id',
  '/zones/:zone_id/dns_settings',
  '/zones/:zone_id/page_shield/scripts',
  '/accounts/:account_id/cfd_tunnel',
  '/accounts/:account_id/load_balancers/pools',
  '/user/tokens',
];

function roleOf(name: string): ParamRole {
  if (name.includes('zone')) return 'zone';
  if (name.includes('account')) return 'account';
  return 'item';
}

/** `/zones/:zone_id/filters`, `accounts/{account_identifier}/tunnels` → segments. */
export function parseTemplate(template: string): ApiPath {
  const segments = template
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment): Segment => {
      const param = /^(?::(\w+)|\{(\w+)\})$/.exec(segment);
      return param ? { kind: 'param', role: roleOf(param[1] ?? param[2] ?? '') } : { kind: 'text', text: segment };
    });
  return { template, segments };
}

function cataloguePaths(): string[] {
  const paths: string[] = [];
  for (const entry of loadCatalogue().entries) {
    for (const endpoint of entry.match.endpoints ?? []) paths.push(endpoint.path);
    for (const field of entry.match.fields ?? [])
      for (const endpoint of field.endpoints ?? []) paths.push(endpoint.path);
    for (const { segment } of entry.match.segments ?? [])
      paths.push(`/zones/:zone_id/${segment}`, `/zones/:zone_id/${segment}/scripts`);
    for (const id of entry.match.settingIds ?? []) paths.push(`/zones/:zone_id/settings/${id}`);
  }
  return [...new Set(paths)];
}

let all: ApiPath[] | undefined;

/** Catalogue paths and look-alikes, parsed once. */
export function allPaths(): ApiPath[] {
  all ??= [...cataloguePaths(), ...LIVE_LOOKALIKES].map(parseTemplate);
  return all;
}

export const apiPathArb = (): fc.Arbitrary<ApiPath> => fc.constantFrom(...allPaths());

/**
 * How a parameter segment is written: a variable, a real-looking id, a placeholder
 * (`YOUR_ZONE_ID`, `:zone_id`, `{zone_id}`, `<zone>`) or nothing at all.
 */
export type IdStyle = 'identifier' | 'hex' | 'your' | 'colon' | 'brace' | 'angle' | 'empty';
export const idStyleArb: fc.Arbitrary<IdStyle> = fc.constantFrom(
  'identifier',
  'identifier',
  'hex',
  'your',
  'colon',
  'brace',
  'angle',
  'empty',
);

/** The parameter names a generated function takes; a URL's identifiers are always among them. */
export const PARAM_IDENTIFIERS: Record<ParamRole, string> = { zone: 'zoneId', account: 'accountId', item: 'id' };

/** The text a literal id style writes for a parameter. */
export function literalId(style: Exclude<IdStyle, 'identifier'>, role: ParamRole): string {
  const name = `${role}_id`;
  switch (style) {
    case 'hex':
      return '023e105f4ecef8ad9ca31a8372d0c353';
    case 'your':
      return `YOUR_${role.toUpperCase()}_ID`;
    case 'colon':
      return `:${name}`;
    case 'brace':
      return `{${name}}`;
    case 'angle':
      return `<${role}>`;
    case 'empty':
      return '';
  }
}
