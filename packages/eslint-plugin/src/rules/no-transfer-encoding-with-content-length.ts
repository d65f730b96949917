import { createRule } from '../create-rule.js';
import {
  defaultOptions,
  gradeOptionSchema,
  messages,
  reportFindings,
  type MessageIds,
  type Options,
} from '../finding-rule.js';

const name = 'no-transfer-encoding-with-content-length';

export default createRule<Options, MessageIds>({
  name,
  meta: {
    type: 'problem',
    docs: {
      description: "Disallow `Transfer-Encoding` together with `Content-Length` in one request's headers",
    },
    hasSuggestions: true,
    messages,
    schema: gradeOptionSchema,
    defaultOptions,
  },
  create(context, options) {
    // The suggestion drops `Transfer-Encoding`.
    return reportFindings(name, context, options);
  },
});
