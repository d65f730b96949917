import { compileTemplate } from '../url/template.js';
import type { CatalogueEntry, ResourceMatcher } from './types.js';

/** What an entry matches, as short human-readable lines (schedule, docs, reports). */
export function describeMatchers(entry: CatalogueEntry): string[] {
  const m = entry.match;
  const lines: string[] = [];
  for (const endpoint of m.endpoints ?? [])
    lines.push(
      endpoint.subtree
        ? `any method on ${compileTemplate(endpoint.path).path} and every path below it (the area is retired as a whole)`
        : `${endpoint.methods.join(', ')} ${compileTemplate(endpoint.path).path}`,
    );
  for (const segment of m.segments ?? [])
    lines.push(`path segment \`${segment.segment}\` (→ \`${segment.replacement}\`)`);
  for (const field of m.fields ?? [])
    lines.push(
      `field \`${field.path}\` of ${field.recordType ? `${field.recordType} ` : ''}${field.context.resource}s (${field.access.join(' and ')})`,
    );
  for (const shape of m.errorShapes ?? [])
    lines.push(
      `error code ${shape.code}${shape.message ? ` '${shape.message}'` : ''}${shape.chainField ? ` with \`${shape.chainField}\`` : ''}`,
    );
  for (const combo of m.headers ?? []) lines.push(`headers ${combo.allOf.map((h) => `\`${h}\``).join(' + ')} together`);
  if (m.settingIds)
    lines.push(
      `zone setting id${m.settingIds.length > 1 ? 's' : ''} ${m.settingIds.map((id) => `\`${id}\``).join(', ')} (generic and bulk settings calls, SDK settings methods)`,
    );
  if (m.ciphers) lines.push(`cipher names ${m.ciphers.map((c) => `\`${c}\``).join(', ')}`);
  for (const sdk of m.sdk ?? [])
    lines.push(`SDK \`${sdk.chain}${sdk.methods ? `.{${sdk.methods.join(',')}}` : '.*'}()\``);
  for (const resource of m.resources ?? []) lines.push(describeResource(resource));
  return lines;
}

/** `cloudflare_firewall_rule` (Terraform), `FirewallRule` (Pulumi, CDKTF), with the property that counts. */
function describeResource(resource: ResourceMatcher): string {
  const forms = [
    resource.terraform ? `Terraform \`${resource.terraform}\`` : undefined,
    resource.pulumi ? `Pulumi \`${resource.pulumi}\`` : undefined,
    resource.cdktf ? `CDKTF \`${resource.cdktf}\` (\`${cdktfModule(resource.cdktf)}\`)` : undefined,
  ].filter((form) => form !== undefined);
  const what = resource.property
    ? `property \`${resource.property}\`${resource.value !== undefined ? ` = \`${JSON.stringify(resource.value)}\`` : ''} of the resource`
    : 'resource';
  return `IaC ${what} ${forms.join(', ')}${resource.replacement ? ` (→ ${resource.replacement})` : ''}`;
}

/** The per-resource module of `@cdktf/provider-cloudflare` that exports a class: `FirewallRule` -> `lib/firewall-rule`. */
export function cdktfModule(className: string): string {
  return `@cdktf/provider-cloudflare/lib/${className.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase()}`;
}
