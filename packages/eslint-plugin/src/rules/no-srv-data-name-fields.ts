import { createRule } from '../create-rule.js';
import {
  defaultOptions,
  gradeOptionSchema,
  messages,
  reportFindings,
  type MessageIds,
  type Options,
} from '../finding-rule.js';

const name = 'no-srv-data-name-fields';

export default createRule<Options, MessageIds>({
  name,
  meta: {
    type: 'problem',
    docs: {
      description:
        'Disallow `data.service`, `data.proto` and `data.name` in SRV record payloads, reads and DNS record resources',
    },
    hasSuggestions: true,
    messages,
    schema: gradeOptionSchema,
    defaultOptions,
  },
  create(context, options) {
    // The suggestion removes the three fields from `data` together and keeps the outer `name` (or composes it from them).
    return reportFindings(name, context, options);
  },
});
