import { createRule } from '../create-rule.js';
import {
  defaultOptions,
  gradeOptionSchema,
  messages,
  reportFindings,
  type MessageIds,
  type Options,
} from '../finding-rule.js';

const name = 'no-deprecated-endpoint';

export default createRule<Options, MessageIds>({
  name,
  meta: {
    type: 'problem',
    docs: {
      description:
        'Disallow requests to deprecated edge-API endpoints (by method and path, setting ids, SDK resource methods, Pulumi and CDKTF resources)',
    },
    fixable: 'code',
    hasSuggestions: true,
    messages,
    schema: gradeOptionSchema,
    defaultOptions,
  },
  create(context, options) {
    // Endpoints: the path template with the HTTP method, wherever the URL is built in the file; `script_monitor` paths are fixed to `page_shield`, images v1 direct upload and the legacy `dns_settings` endpoints get suggestions.
    return reportFindings(name, context, options);
  },
});
