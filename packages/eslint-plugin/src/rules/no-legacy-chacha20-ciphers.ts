import { createRule } from '../create-rule.js';
import {
  defaultOptions,
  gradeOptionSchema,
  messages,
  reportFindings,
  type MessageIds,
  type Options,
} from '../finding-rule.js';

const name = 'no-legacy-chacha20-ciphers';

export default createRule<Options, MessageIds>({
  name,
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow the legacy draft ChaCha20 TLS cipher suite names',
    },
    messages,
    schema: gradeOptionSchema,
    defaultOptions,
  },
  create(context, options) {
    return reportFindings(name, context, options);
  },
});
