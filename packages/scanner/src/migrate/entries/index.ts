import type { Finding, TextEdit } from '@sunset-lint/core';
import type { JsPlaces } from '../js-places.js';
import { bookmarkApplication } from './access-bookmarks.js';
import { FIREWALL_RULES } from './firewall-rules.js';
import { MOBILE_REDIRECT } from './mobile-redirect.js';
import { RATE_LIMITS } from './rate-limits.js';
import { rulesetRuleRewrite, type RulesetTarget } from './ruleset-rule.js';
import { sdkBookmark } from './sdk-bookmarks.js';
import { sdkRulesetRule } from './sdk-rulesets.js';
import { wafPackageChange } from './waf-packages.js';
import { ENTRIES_WITH_CODE } from './with-code.js';
import { analyticsQuery } from './zone-analytics.js';

/**
 * The rewrites that are code rather than catalogue data (`migration.rewrites`): one module per
 * entry, each building the replacement request from the values the code writes.
 */
const TARGETS: ReadonlyMap<string, RulesetTarget> = new Map(
  [FIREWALL_RULES, RATE_LIMITS, MOBILE_REDIRECT].map((target) => [target.entryId, target]),
);
// Every entry with code here is listed where `migrate` decides to load this folder (with-code.ts).
for (const id of [...TARGETS.keys(), 'access-bookmark-applications', 'waf-managed-rules-legacy', 'zone-analytics-api'])
  if (!ENTRIES_WITH_CODE.has(id)) throw new Error(`entries/with-code.ts does not list ${id}`);

/** The entries whose SDK calls become rules of a ruleset (`sdk-rulesets.ts`). */
const SDK_ENTRIES = new Set([FIREWALL_RULES.entryId, RATE_LIMITS.entryId]);

/**
 * The entry's own rewrite at the finding (its edits, and the comment for a person: written in the
 * edits, or to be written above the statement), or why it is not derived there; undefined where
 * the entry has none at this place (the catalogue's rewrites apply).
 */
export function entryRewrite(
  entryId: string,
  finding: Finding,
  text: string,
  js: () => JsPlaces | undefined,
): { description: string; edits: TextEdit[]; comment?: string } | { notDerived: string } | undefined {
  // A call of the provider's SDK (`client.firewall.rules.create(…)`): its replacement method.
  const sdk =
    entryId === 'access-bookmark-applications'
      ? sdkBookmark(finding, text, js())
      : SDK_ENTRIES.has(entryId)
        ? sdkRulesetRule(entryId, finding, text, js())
        : undefined;
  if (sdk) return sdk;
  if (entryId === 'access-bookmark-applications') return bookmarkApplication(finding, text, js());
  const target = TARGETS.get(entryId);
  if (!target) return undefined;
  const rewritten = rulesetRuleRewrite(finding, text, js(), target);
  return typeof rewritten === 'string' ? { notDerived: rewritten } : rewritten;
}

/**
 * For a manual entry, the replacement written out from the place's own values (the reference
 * client's call for a legacy WAF package's settings, the GraphQL query for the same zone and time
 * range); undefined where the place does not show them.
 */
export function manualReplacement(
  entryId: string,
  finding: Finding,
  text: string,
  js: () => JsPlaces | undefined,
): string | undefined {
  if (entryId === 'waf-managed-rules-legacy') return wafPackageChange(finding, text, js());
  if (entryId === 'zone-analytics-api') return analyticsQuery(finding, text, js());
  return undefined;
}
