import { createRule } from '../create-rule.js';
import {
  defaultOptions,
  gradeOptionSchema,
  messages,
  reportFindings,
  type MessageIds,
  type Options,
} from '../finding-rule.js';

const name = 'no-lb-notification-email';

export default createRule<Options, MessageIds>({
  name,
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow the load-balancing pool `notification_email` field (payloads, reads, pool resources)',
    },
    messages,
    schema: gradeOptionSchema,
    defaultOptions,
  },
  create(context, options) {
    return reportFindings(name, context, options);
  },
});
