/** What one rule is, as the ESLint plugin announces it and core shapes its findings' fixes by. */
export interface RuleRow {
  /** ESLint's rule type; every rule so far reports code that will break (`problem`). */
  readonly type: 'problem' | 'suggestion' | 'layout';
  /** One sentence, `Disallow …`: the rule's `meta.docs.description`, the README's rules list and its page's header. */
  readonly description: string;
  /** Whether the rule offers automatic fixes (`--fix`, `sunset-lint fix`): its meta's `fixable: 'code'`. */
  readonly fixable: boolean;
  /** Whether the rule offers editor suggestions: its meta's `hasSuggestions`. */
  readonly hasSuggestions: boolean;
  /** Why the rule fixes, suggests or leaves alone what it does: the reasoning behind the two flags above. */
  readonly why: string;
}

/**
 * Every rule of sunset-lint, once, in the order the plugin registers them. Everything else that
 * lists rules is derived from this table: `RuleName` and `RULE_CAPABILITIES` (here), the `rule`
 * enum of `rules/schema.json` (catalogue/schema.ts, written by `pnpm docs`), the ESLint plugin's
 * rules and configs (packages/eslint-plugin/src/rules.ts) and with them the README's rules list
 * (eslint-doc-generator), and a stub `docs/rules/<name>.md` for a rule that has no page yet
 * (`pnpm docs`). Adding a rule is one row here plus its page: see docs/contributing.md.
 */
export const RULE_TABLE = {
  'no-deprecated-endpoint': {
    type: 'problem',
    description:
      'Disallow requests to deprecated edge-API endpoints (by method and path, setting ids, SDK resource methods, Pulumi and CDKTF resources)',
    fixable: true,
    hasSuggestions: true,
    why: 'Endpoints: the path template with the HTTP method, wherever the URL is built in the file; `script_monitor` paths are fixed to `page_shield`, images v1 direct upload and the legacy `dns_settings` endpoints get suggestions.',
  },
  'no-srv-data-name-fields': {
    type: 'problem',
    description:
      'Disallow `data.service`, `data.proto` and `data.name` in SRV record payloads, reads and DNS record resources',
    fixable: false,
    hasSuggestions: true,
    why: 'The suggestion removes the three fields from `data` together and keeps the outer `name` (or composes it from them).',
  },
  'no-dns-record-locked': {
    type: 'problem',
    description: 'Disallow the DNS record `locked` field in payloads and reads',
    fixable: true,
    hasSuggestions: false,
    why: 'Removing `locked` from a payload is an automatic fix: the API ignores the field.',
  },
  'no-dns-error-chain': {
    type: 'problem',
    description: "Disallow relying on the DNS record error chain (code 1004 'DNS Validation Error' with `error_chain`)",
    fixable: false,
    hasSuggestions: true,
    why: 'Reads of `error_chain` get a suggestion that works with both error forms.',
  },
  'no-transfer-encoding-with-content-length': {
    type: 'problem',
    description: "Disallow `Transfer-Encoding` together with `Content-Length` in one request's headers",
    fixable: false,
    hasSuggestions: true,
    why: 'The suggestion drops `Transfer-Encoding`.',
  },
  'no-lb-notification-email': {
    type: 'problem',
    description: 'Disallow the load-balancing pool `notification_email` field (payloads, reads, pool resources)',
    fixable: false,
    hasSuggestions: false,
    why: 'The field moved to the notification service: there is nothing mechanical to rewrite, so neither fix nor suggestion.',
  },
  'no-legacy-chacha20-ciphers': {
    type: 'problem',
    description: 'Disallow the legacy draft ChaCha20 TLS cipher suite names',
    fixable: false,
    hasSuggestions: false,
    why: 'No fix: whether to replace a draft suite name or drop it depends on what else the list holds.',
  },
  'no-deprecated-field': {
    type: 'problem',
    description: 'Disallow deprecated fields that catalogue entries added in the settings assign to this rule',
    fixable: true,
    hasSuggestions: true,
    why: 'Built-in entries use the specific rules; entries a user adds with `"rule": "no-deprecated-field"` report here, with the fix or suggestion their `onWrite` asks for.',
  },
} as const satisfies Readonly<Record<string, RuleRow>>;

/** A rule's name, without the plugin's `sunset-lint/` prefix. */
export type RuleName = keyof typeof RULE_TABLE;

/**
 * Every rule's name, in the table's order. Object.keys types its result `string[]`; the keys of a
 * literal written `as const` are exactly its properties, hence the cast.
 */
export const RULE_NAMES = Object.keys(RULE_TABLE) as readonly RuleName[];

/** What a rule may offer: automatic fixes (`--fix`, `sunset-lint fix`), editor suggestions. */
export type RuleCapabilities = Pick<RuleRow, 'fixable' | 'hasSuggestions'>;

/**
 * Every rule's capabilities, as its ESLint meta announces them (both come from RULE_TABLE; a plugin
 * test checks the metas). Findings are shaped by them in core, so both engines offer the same
 * fixes: a fix through a rule that is not fixable is a suggestion, or nothing where the rule has no
 * suggestions, so an entry a user adds can never turn into an automatic rewrite through a rule that
 * does not announce one. (Object.fromEntries types its result with `string` keys; the entries are
 * one per RuleName, hence the cast.)
 */
export const RULE_CAPABILITIES: Readonly<Record<RuleName, RuleCapabilities>> = Object.fromEntries(
  RULE_NAMES.map((name) => {
    const { fixable, hasSuggestions }: RuleRow = RULE_TABLE[name];
    return [name, { fixable, hasSuggestions }];
  }),
) as Record<RuleName, RuleCapabilities>;
