import type { RuleName } from './types.js';

/** What a rule may offer: automatic fixes (`--fix`, `sunset-lint fix`), editor suggestions. */
export interface RuleCapabilities {
  fixable: boolean;
  hasSuggestions: boolean;
}

/**
 * Every rule's capabilities, as its ESLint meta announces them (a plugin test checks they agree).
 * Findings are shaped by them in core, so both engines offer the same fixes: a fix through a rule
 * that is not fixable is a suggestion, or nothing where the rule has no suggestions, so an entry a
 * user adds can never turn into an automatic rewrite through a rule that does not announce one.
 */
export const RULE_CAPABILITIES: Readonly<Record<RuleName, RuleCapabilities>> = {
  'no-deprecated-endpoint': { fixable: true, hasSuggestions: true },
  'no-deprecated-field': { fixable: true, hasSuggestions: true },
  'no-dns-error-chain': { fixable: false, hasSuggestions: true },
  'no-dns-record-locked': { fixable: true, hasSuggestions: false },
  'no-lb-notification-email': { fixable: false, hasSuggestions: false },
  'no-legacy-chacha20-ciphers': { fixable: false, hasSuggestions: false },
  'no-srv-data-name-fields': { fixable: false, hasSuggestions: true },
  'no-transfer-encoding-with-content-length': { fixable: false, hasSuggestions: true },
};
