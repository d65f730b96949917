import { createRule } from '../create-rule.js';
import {
  defaultOptions,
  gradeOptionSchema,
  messages,
  reportFindings,
  type MessageIds,
  type Options,
} from '../finding-rule.js';

const name = 'no-deprecated-field';

export default createRule<Options, MessageIds>({
  name,
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow deprecated fields that catalogue entries added in the settings assign to this rule',
    },
    fixable: 'code',
    hasSuggestions: true,
    messages,
    schema: gradeOptionSchema,
    defaultOptions,
  },
  create(context, options) {
    // Built-in entries use the specific rules; entries a user adds with `"rule": "no-deprecated-field"` report here, with the fix or suggestion their `onWrite` asks for.
    return reportFindings(name, context, options);
  },
});
