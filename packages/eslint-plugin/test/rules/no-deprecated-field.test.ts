import { rules } from '../../src/rules.js';
import { AS_OF, code, jsTester, tsTester, testable } from '../support/rule-tester.js';

const rule = rules['no-deprecated-field'];

/** A deprecation the built-in catalogue does not know: what users add in the settings. */
const addedEntry = {
  id: 'dns-record-legacy-ttl-auto',
  title: 'DNS record `ttl_auto` flag',
  area: 'DNS records',
  eol: '2027-06-30',
  rule: 'no-deprecated-field',
  replacement: 'Send `ttl: 1` for automatic TTL',
  docs: 'https://example.com/changelog#ttl-auto',
  match: {
    fields: [{ path: 'ttl_auto', context: 'dns-record', access: ['write', 'read'], onWrite: 'suggest-remove' }],
  },
};
const withEntry = (extra: Record<string, unknown> = {}) => ({
  'sunset-lint': { asOf: AS_OF, catalogue: { add: [addedEntry] }, ...extra },
});

const payload = "export const record = { type: 'A', name: 'www', content: '192.0.2.1', ttl_auto: true };";

tsTester.run('no-deprecated-field (TypeScript)', testable(rule, [addedEntry.id]), {
  valid: [
    // Without the added entry the field means nothing.
    payload,
    // Scheduled findings can be left to another configuration block.
    { code: payload, settings: withEntry(), options: [{ grades: ['expired', 'imminent'] }] },
    // Or switched off by grade in the shared settings.
    { code: payload, settings: withEntry({ severities: { scheduled: 'off' } }) },
  ],
  invalid: [
    {
      code: payload,
      settings: withEntry(),
      output: null,
      errors: [
        {
          // A scheduled grade in words; the suggestion comes from the entry's onWrite.
          messageId: 'findingWarn:dns-record-legacy-ttl-auto',
          data: {
            message:
              '`ttl_auto` sent in a DNS record payload (DNS record `ttl_auto` flag) reaches end of life on 2027-06-30 (ends in 7 months). Use instead: Send `ttl: 1` for automatic TTL.',
            entryId: 'dns-record-legacy-ttl-auto',
          },
          line: 1,
          suggestions: [
            {
              messageId: 'suggestion',
              data: { description: 'Remove `ttl_auto` from the payload' },
              output: "export const record = { type: 'A', name: 'www', content: '192.0.2.1' };",
            },
          ],
        },
      ],
    },
    {
      // An end-of-life override moves it into the imminent window.
      code: code`
        interface DnsRecord { ttl_auto?: boolean }
        export const auto = (record: DnsRecord) => record.ttl_auto === true;
      `,
      settings: withEntry({
        catalogue: { add: [addedEntry], eolOverrides: { 'dns-record-legacy-ttl-auto': '2026-12-03' } },
      }),
      options: [{ grades: ['imminent'] }],
      errors: [
        {
          messageId: 'findingWarn:dns-record-legacy-ttl-auto',
          data: {
            message:
              '`ttl_auto` read from a DNS record (DNS record `ttl_auto` flag) reaches end of life on 2026-12-03 (ends in 12 days). Use instead: Send `ttl: 1` for automatic TTL.',
            entryId: 'dns-record-legacy-ttl-auto',
          },
          line: 2,
        },
      ],
    },
  ],
});

jsTester.run('no-deprecated-field (JavaScript)', testable(rule, [addedEntry.id]), {
  valid: [{ code: 'export const auto = (zone) => zone.ttl_auto;', settings: withEntry() }],
  invalid: [
    {
      code: 'export const auto = (record) => record.ttl_auto;',
      settings: withEntry(),
      errors: [{ messageId: 'findingWarn:dns-record-legacy-ttl-auto', line: 1 }],
    },
  ],
});
