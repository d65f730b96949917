import { rules } from '../../src/rules.js';
import { code, jsTester, tsTester, testable } from '../support/rule-tester.js';

const rule = rules['no-legacy-chacha20-ciphers'];

tsTester.run('no-legacy-chacha20-ciphers (TypeScript)', testable(rule), {
  valid: [
    // The RFC 7905 suites stay.
    "export const ciphers = ['ECDHE-ECDSA-CHACHA20-POLY1305', 'ECDHE-RSA-CHACHA20-POLY1305'];",
  ],
  invalid: [
    {
      // One finding per draft name, even two in one string.
      code: code`
        export const zoneCiphers = {
          value: ['ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-RSA-CHACHA20-POLY1305-OLD'],
        };
        export const agentCiphers = 'ECDHE-ECDSA-CHACHA20-POLY1305-OLD:ECDHE-RSA-CHACHA20-POLY1305-OLD:ECDHE-RSA-AES128-GCM-SHA256';
      `,
      output: null,
      errors: [
        { messageId: 'finding:legacy-chacha20-draft-ciphers', line: 2 },
        { messageId: 'finding:legacy-chacha20-draft-ciphers', line: 4 },
        { messageId: 'finding:legacy-chacha20-draft-ciphers', line: 4 },
      ],
    },
  ],
});

jsTester.run('no-legacy-chacha20-ciphers (JavaScript)', testable(rule), {
  valid: ["export const ciphers = 'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256';"],
  invalid: [
    {
      code: "import https from 'node:https';\nexport const agent = new https.Agent({ ciphers: `TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256_OLD` });",
      errors: [{ messageId: 'finding:legacy-chacha20-draft-ciphers', line: 2, column: 49 }],
    },
  ],
});
