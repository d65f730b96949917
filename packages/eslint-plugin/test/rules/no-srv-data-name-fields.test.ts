import { loadCatalogue } from '@sunset-lint/core';
import { rules } from '../../src/rules.js';
import { code, jsTester, tsTester, testable } from '../support/rule-tester.js';

const rule = rules['no-srv-data-name-fields'];

/** What a declared resource's message names instead: its matcher's successor resource. */
const successorOf = (id: string, className: string) =>
  loadCatalogue()
    .byId.get(id)!
    .match.resources!.find((resource) => resource.pulumi === className || resource.cdktf === className)!
    .replacement!.replace(/[.\s]+$/, '');

const REMOVE_KEEP_NAME = "Remove `service`, `proto` and `name` from `data` (the record's outer `name` is kept)";

tsTester.run('no-srv-data-name-fields (TypeScript)', testable(rule), {
  valid: [
    // The current shape: the outer name, and only priority/weight/port/target in data.
    code`
      import axios from 'axios';
      const cf = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4' });
      export const publish = (zoneId: string, domain: string) =>
        cf.post(\`/zones/\${zoneId}/dns_records\`, { type: 'SRV', name: \`_sip._udp.\${domain}\`, data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' } });
    `,
    // Other records' data, and `data.service` of things that are not DNS records.
    "export const caa = { type: 'CAA', name: 'example.com', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } };",
    'export function onMessage(event: MessageEvent<{ service: string }>) { return event.data.service; }',
    // A SRV record sent to another provider's DNS API, whose path looks like ours (issue 27).
    "export const other = (id: string) => fetch(`https://api.other-cdn.example/zones/${id}/dns_records`, { method: 'POST', body: JSON.stringify({ type: 'SRV', data: { service: '_sip', proto: '_tcp', name: 'x' } }) });",
    "export const many = (id: string) => fetch(`https://api.other-cdn.example/zones/${id}/dns_records`, { method: 'POST', body: JSON.stringify([{ type: 'SRV', data: { service: '_sip', proto: '_tcp', name: 'x' } }]) });",
  ],
  invalid: [
    {
      // Three findings, one suggestion each: all three go at once and the outer name stays.
      code: code`
        import axios from 'axios';
        const cf = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4' });
        export const publish = (zoneId: string, domain: string) =>
          cf.post(\`/zones/\${zoneId}/dns_records\`, {
            type: 'SRV',
            name: \`_sip._udp.\${domain}\`,
            data: {
              service: '_sip',
              proto: '_udp',
              name: domain,
              port: 5060,
              target: 'sip.example.com',
            },
          });
      `,
      output: null,
      errors: [8, 9, 10].map((line) => ({
        messageId: 'finding:srv-record-data-name-fields' as const,
        line,
        suggestions: [
          {
            messageId: 'suggestion' as const,
            data: { description: REMOVE_KEEP_NAME },
            output: code`
              import axios from 'axios';
              const cf = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4' });
              export const publish = (zoneId: string, domain: string) =>
                cf.post(\`/zones/\${zoneId}/dns_records\`, {
                  type: 'SRV',
                  name: \`_sip._udp.\${domain}\`,
                  data: {
                    port: 5060,
                    target: 'sip.example.com',
                  },
                });
            `,
          },
        ],
      })),
    },
    {
      // No outer name: the suggestion composes it from the three parts (spec 9.3).
      code: code`
        import axios from 'axios';
        const cf = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4' });
        export const movePort = (zoneId: string, id: string, domain: string, port: number) =>
          cf.patch(\`/zones/\${zoneId}/dns_records/\${id}\`, {
            type: 'SRV',
            data: {
              service: '_sip', proto: '_udp', name: domain,
              port,
            },
          });
      `,
      output: null,
      errors: [
        { column: 7, messageId: 'finding:srv-record-data-name-fields' as const },
        { column: 24, messageId: 'finding:srv-record-data-name-fields' as const },
        { column: 39, messageId: 'finding:srv-record-data-name-fields' as const },
      ].map((error) => ({
        ...error,
        line: 7,
        suggestions: [
          {
            messageId: 'suggestion' as const,
            data: {
              description:
                "Remove `service`, `proto` and `name` from `data` and set the record's `name` to `_sip._udp.${domain}`",
            },
            output: code`
              import axios from 'axios';
              const cf = axios.create({ baseURL: 'https://api.cloudflare.com/client/v4' });
              export const movePort = (zoneId: string, id: string, domain: string, port: number) =>
                cf.patch(\`/zones/\${zoneId}/dns_records/\${id}\`, {
                  type: 'SRV',
                  name: \`_sip._udp.\${domain}\`,
                  data: {
                    port,
                  },
                });
            `,
          },
        ],
      })),
    },
    {
      // Reads from a record, directly and by destructuring: reported, nothing to rewrite.
      code: code`
        interface SrvRecord { name: string; data: { service?: string; proto?: string; name?: string; port: number } }
        export function describe(record: SrvRecord) {
          const { proto } = record.data;
          return \`\${record.data.service} over \${proto}\`;
        }
      `,
      output: null,
      errors: [
        { messageId: 'finding:srv-record-data-name-fields', line: 3, suggestions: [] },
        { messageId: 'finding:srv-record-data-name-fields', line: 4, suggestions: [] },
      ],
    },
  ],
});

jsTester.run('no-srv-data-name-fields (JavaScript)', testable(rule), {
  valid: [
    "export const srv = { type: 'SRV', name: '_minecraft._tcp.example.com', data: { priority: 0, weight: 5, port: 25565, target: 'mc.example.com' } };",
  ],
  invalid: [
    {
      // All literal parts compose into a plain string.
      code: code`
        export const record = {
          type: 'SRV',
          data: { service: '_minecraft', proto: '_tcp', name: 'example.com', priority: 0, weight: 5, port: 25565, target: 'mc.example.com' },
        };
      `,
      output: null,
      errors: [11, 34, 49].map((column) => ({
        messageId: 'finding:srv-record-data-name-fields' as const,
        line: 3,
        column,
        suggestions: [
          {
            messageId: 'suggestion' as const,
            data: {
              description:
                "Remove `service`, `proto` and `name` from `data` and set the record's `name` to '_minecraft._tcp.example.com'",
            },
            output: code`
              export const record = {
                type: 'SRV',
                name: '_minecraft._tcp.example.com',
                data: { priority: 0, weight: 5, port: 25565, target: 'mc.example.com' },
              };
            `,
          },
        ],
      })),
    },
  ],
});

tsTester.run('no-srv-data-name-fields (declared IaC resources)', testable(rule), {
  valid: [
    "import * as cloudflare from '@pulumi/cloudflare';\nnew cloudflare.DnsRecord('srv', { zoneId: 'z', type: 'SRV', name: '_sip._tcp', data: { priority: 1, weight: 1, port: 5060, target: 't' } });",
  ],
  invalid: [
    {
      // One finding per key, told as the resource (not also as an API payload), with the payload's suggestion.
      code: code`
        import { Record } from '@pulumi/cloudflare';
        new Record('srv', {
          zoneId: 'z',
          type: 'SRV',
          name: '_sip._tcp.example.com',
          data: {
            service: '_sip',
            proto: '_tcp',
            name: 'example.com',
            port: 5060,
          },
        });
      `,
      output: null,
      errors: (['service', 'proto', 'name'] as const).map((key, i) => ({
        messageId: 'finding:srv-record-data-name-fields' as const,
        data: {
          message: `\`data.${key}\` in the Pulumi resource \`Record\` (SRV record name fields) reached end of life on 2024-05-31 (ended 2 years ago). Use instead: ${successorOf('srv-record-data-name-fields', 'Record')}.`,
          entryId: 'srv-record-data-name-fields',
        },
        line: 7 + i,
        suggestions: [
          {
            messageId: 'suggestion' as const,
            data: { description: REMOVE_KEEP_NAME },
            output: code`
              import { Record } from '@pulumi/cloudflare';
              new Record('srv', {
                zoneId: 'z',
                type: 'SRV',
                name: '_sip._tcp.example.com',
                data: {
                  port: 5060,
                },
              });
            `,
          },
        ],
      })),
    },
  ],
});
