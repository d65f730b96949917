import { createRule } from '../create-rule.js';
import {
  defaultOptions,
  gradeOptionSchema,
  messages,
  reportFindings,
  type MessageIds,
  type Options,
} from '../finding-rule.js';

const name = 'no-dns-error-chain';

export default createRule<Options, MessageIds>({
  name,
  meta: {
    type: 'problem',
    docs: {
      description:
        "Disallow relying on the DNS record error chain (code 1004 'DNS Validation Error' with `error_chain`)",
    },
    hasSuggestions: true,
    messages,
    schema: gradeOptionSchema,
    defaultOptions,
  },
  create(context, options) {
    // Reads of `error_chain` get a suggestion that works with both error forms.
    return reportFindings(name, context, options);
  },
});
