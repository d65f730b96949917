import { rules } from '../../src/rules.js';
import { code, jsTester, tsTester, testable } from '../support/rule-tester.js';

const rule = rules['no-dns-record-locked'];

tsTester.run('no-dns-record-locked (TypeScript)', testable(rule), {
  valid: [
    // A registrar domain's `locked` is a live field.
    code`
      interface Domain { name: string; locked: boolean }
      export const isTransferable = (domain: Domain) => !domain.locked;
      export const lock = { locked: true, auto_renew: true };
    `,
    // A type declaration is not a value.
    'export interface DnsRecord { id: string; locked: boolean }',
  ],
  invalid: [
    {
      // Removing `locked` from a payload is a fix: the API ignores it anyway.
      code: code`
        const API = 'https://api.cloudflare.com/client/v4';
        export async function createA(zoneId: string, name: string, ip: string) {
          return fetch(\`\${API}/zones/\${zoneId}/dns_records\`, {
            method: 'POST',
            body: JSON.stringify({
              type: 'A',
              name,
              content: ip,
              locked: false,
              proxied: true,
            }),
          });
        }
      `,
      output: code`
        const API = 'https://api.cloudflare.com/client/v4';
        export async function createA(zoneId: string, name: string, ip: string) {
          return fetch(\`\${API}/zones/\${zoneId}/dns_records\`, {
            method: 'POST',
            body: JSON.stringify({
              type: 'A',
              name,
              content: ip,
              proxied: true,
            }),
          });
        }
      `,
      errors: [{ messageId: 'finding:dns-record-locked-field', line: 9, column: 7 }],
    },
    {
      // A read is reported; what to do instead depends on the code, so there is no fix.
      code: code`
        interface DnsRecord { id: string; locked?: boolean }
        export const editable = (record: DnsRecord) => !record.locked;
      `,
      output: null,
      errors: [{ messageId: 'finding:dns-record-locked-field', line: 2, column: 56 }],
    },
  ],
});

jsTester.run('no-dns-record-locked (JavaScript)', testable(rule), {
  valid: ['export const domainLocked = (domain) => domain.locked;'],
  invalid: [
    {
      code: "export const record = { type: 'CNAME', name: 'www', content: 'example.com', locked: false };",
      output: "export const record = { type: 'CNAME', name: 'www', content: 'example.com' };",
      errors: [{ messageId: 'finding:dns-record-locked-field', line: 1 }],
    },
  ],
});
