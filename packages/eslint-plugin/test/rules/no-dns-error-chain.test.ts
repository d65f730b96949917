import { rules } from '../../src/rules.js';
import { code, jsTester, tsTester, testable } from '../support/rule-tester.js';

const rule = rules['no-dns-error-chain'];

const chainSuggestion = (receiver: string) =>
  `Read the root-cause errors directly: \`(${receiver}.error_chain ?? [${receiver}])\` works with both error forms (or use rootCauseErrors from @sunset-lint/core/client)`;

tsTester.run('no-dns-error-chain (TypeScript)', testable(rule), {
  valid: [
    // error_chain of errors that have nothing to do with DNS records.
    code`
      interface ApiError { code: number; message: string; error_chain?: ApiError[] }
      export function flatten(errors: ApiError[]) {
        return errors.flatMap((err) => [err, ...(err.error_chain ?? [])]);
      }
    `,
    // Other error codes.
    'export const isAuth = (err: { code: number }) => err.code === 10000;',
    // 1004 is also a WebSocket close code: without DNS context it is someone else's.
    "socket.addEventListener('close', (event) => { if (event.code === 1004) reconnect(); });",
    // What the suggestion writes reads the root causes under both forms: not reported again.
    code`
      // errors of POST /zones/:zone_id/dns_records
      interface ApiError { code: number; message: string; error_chain?: ApiError[] }
      export const causes = (error: ApiError) => (error.error_chain ?? [error]).map((c) => c.message);
    `,
  ],
  invalid: [
    {
      // An assertion compares as \`===\` does (a contract test of the DNS records endpoint).
      code: code`
        import assert from 'node:assert';
        export async function rejected(edge: any, zone: string) {
          const res = await edge.post(\`/zones/\${zone}/dns_records\`, { type: 'CNAME', name: 'x', content: 'nowhere.invalid' });
          assert.strictEqual(res.data.errors[0].code, 1004);
        }
      `,
      output: null,
      errors: [{ messageId: 'finding:dns-record-error-chain', line: 4 }],
    },
    {
      code: code`
        interface ApiError { code: number; message: string; error_chain?: ApiError[] }
        export function causes(errors: ApiError[]) {
          const validation = errors.find((err) => err.code === 1004);
          if (!validation) return [];
          return (validation.error_chain ?? []).map((c) => c.message);
        }
      `,
      output: null,
      errors: [
        // The 1004 check: the wrapper is gone, the code has to change by hand.
        { messageId: 'finding:dns-record-error-chain', line: 3, suggestions: [] },
        {
          messageId: 'finding:dns-record-error-chain',
          line: 5,
          suggestions: [
            {
              messageId: 'suggestion',
              data: { description: chainSuggestion('validation') },
              output: code`
                interface ApiError { code: number; message: string; error_chain?: ApiError[] }
                export function causes(errors: ApiError[]) {
                  const validation = errors.find((err) => err.code === 1004);
                  if (!validation) return [];
                  return ((validation.error_chain ?? [validation]) ?? []).map((c) => c.message);
                }
              `,
            },
          ],
        },
      ],
    },
    {
      // A switch on the code, in code about DNS records.
      code: code`
        export function explainDnsError(err: { code: number; message: string }) {
          switch (err.code) {
            case 1004:
              return 'invalid record';
            default:
              return err.message;
          }
        }
      `,
      errors: [{ messageId: 'finding:dns-record-error-chain', line: 3 }],
    },
  ],
});

jsTester.run('no-dns-error-chain (JavaScript)', testable(rule), {
  valid: ["export const isDns = (e) => e.message === 'DNS lookup failed';"],
  invalid: [
    {
      code: code`
        export function rootCause(first) {
          if (first.message === 'DNS Validation Error') {
            const chain = first.error_chain || [];
            return chain.length ? chain[chain.length - 1].message : first.message;
          }
          return first.message;
        }
      `,
      output: null,
      errors: [
        { messageId: 'finding:dns-record-error-chain', line: 2, suggestions: [] },
        {
          messageId: 'finding:dns-record-error-chain',
          line: 3,
          suggestions: [
            {
              messageId: 'suggestion',
              data: { description: chainSuggestion('first') },
              output: code`
                export function rootCause(first) {
                  if (first.message === 'DNS Validation Error') {
                    const chain = (first.error_chain ?? [first]) || [];
                    return chain.length ? chain[chain.length - 1].message : first.message;
                  }
                  return first.message;
                }
              `,
            },
          ],
        },
      ],
    },
    {
      // Written twice by the suggestion, so only offered on a plain reference.
      code: code`
        // errors of POST /zones/:zone_id/dns_records
        export const chainOf = (body) => body.errors[0].error_chain;
      `,
      errors: [{ messageId: 'finding:dns-record-error-chain', line: 2, suggestions: [] }],
    },
  ],
});
