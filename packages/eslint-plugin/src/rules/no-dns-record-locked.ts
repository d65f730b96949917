import { createRule } from '../create-rule.js';
import {
  defaultOptions,
  gradeOptionSchema,
  messages,
  reportFindings,
  type MessageIds,
  type Options,
} from '../finding-rule.js';

const name = 'no-dns-record-locked';

export default createRule<Options, MessageIds>({
  name,
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow the DNS record `locked` field in payloads and reads',
    },
    fixable: 'code',
    messages,
    schema: gradeOptionSchema,
    defaultOptions,
  },
  create(context, options) {
    // Removing `locked` from a payload is an automatic fix: the API ignores the field.
    return reportFindings(name, context, options);
  },
});
