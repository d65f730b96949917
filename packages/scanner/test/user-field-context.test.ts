import { describe, expect, it } from 'vitest';
import { ParityEngines } from './support/engines.js';

/**
 * A field of another product than the built-in ones, described by its entry alone: the context
 * (what its objects look like, the receivers that hold one) is data, and a second field shares it
 * by name. Both engines report it the same way.
 */
const EMAIL_ROUTING_ENTRY = {
  id: 'email-routing-rule-legacy-priority',
  title: 'Email routing rule `legacy_priority` and `legacy_enabled`',
  area: 'Email routing',
  eol: '2026-01-01',
  rule: 'no-deprecated-field',
  replacement: 'Order rules by `priority`; use `enabled`',
  docs: 'https://example.com/email-routing',
  match: {
    fields: [
      {
        path: 'legacy_priority',
        context: {
          name: 'email-routing-rule',
          resource: 'routing rule',
          shapes: [{ allKeys: ['matchers', 'actions'] }],
          receivers: [{ text: 'rule', where: 'anywhere' }],
        },
        access: ['write', 'read'],
        onWrite: 'fix-remove',
        endpoints: [{ methods: ['GET', 'POST'], path: '/zones/:zone_id/email/routing/rules' }],
      },
      { path: 'legacy_enabled', context: 'email-routing-rule', access: ['write'], onWrite: 'suggest-remove' },
    ],
  },
};

const program = {
  fileName: 'snippet.ts' as const,
  code: [
    'export async function createRule(zone: string, address: string) {',
    "  const rule = { matchers: [{ type: 'literal', field: 'to', value: address }], actions: [], legacy_priority: 10 };",
    '  await fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/email/routing/rules`, {',
    "    method: 'POST',",
    '    body: JSON.stringify(rule),',
    '  });',
    '}',
    'export function describeRule(catchAllRule: { legacy_priority: number }) {',
    '  return catchAllRule.legacy_priority;',
    '}',
    'export const toggle = { matchers: [], actions: [], legacy_enabled: true };',
    "export const queue = { name: 'jobs', legacy_priority: 1 };",
    '',
  ].join('\n'),
};

describe('a user entry for a field of another product', () => {
  const engines = new ParityEngines({ minConfidence: 'medium', userEntries: [EMAIL_ROUTING_ENTRY] });
  const file = engines.write(program);

  it('is reported by both engines alike: writes in its objects, reads from its receivers, not elsewhere', async () => {
    const plugin = engines.plugin(program, file);
    const scanner = await engines.scanner(program, file);
    expect(plugin.problems).toEqual([]);
    expect(scanner.problems).toEqual([]);
    expect(scanner.findings).toEqual(plugin.findings);
    const places = plugin.findings.map((line) => line.split(' ')[0]);
    expect(places).toEqual([
      // `legacy_enabled`, whose field names the context the other defines.
      '11:52:11:66:email-routing-rule-legacy-priority:no-deprecated-field',
      // `legacy_priority` in the rule sent to the endpoint; `queue`'s is someone else's (low, not reported).
      '2:93:2:108:email-routing-rule-legacy-priority:no-deprecated-field',
      // Read from a receiver named like a rule.
      '9:23:9:38:email-routing-rule-legacy-priority:no-deprecated-field',
    ]);
    expect(plugin.findings[1]).toContain('`legacy_priority` sent in a routing rule payload');
    expect(plugin.findings[1]).toMatch(/ fix \[\d+,\d+\) ""$/);
    expect(plugin.findings[2]).toContain('`legacy_priority` read from a routing rule');
  });
});
