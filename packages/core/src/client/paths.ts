import { MANAGED_FIREWALL_PHASE } from './types.js';
import { validatePathId } from './validation.js';

/*
 * The request paths, relative to the base URL. Every id is checked to be a single path segment
 * before it is put in, so no input can point a request (and its token) at another path.
 */

const segment = (field: string, value: string): string => encodeURIComponent(validatePathId(field, value));

/** Endpoint 1: the account's rulesets. */
export function accountRulesetsPath(accountId: string): string {
  return `/accounts/${segment('accountId', accountId)}/rulesets`;
}

/** Endpoint 2: one account ruleset with its rules. */
export function accountRulesetPath(accountId: string, rulesetId: string): string {
  return `${accountRulesetsPath(accountId)}/${segment('rulesetId', rulesetId)}`;
}

/** Endpoint 3: the zone entry point ruleset of the managed firewall phase. */
export function zoneEntrypointPath(zoneId: string): string {
  return `/zones/${segment('zoneId', zoneId)}/rulesets/phases/${MANAGED_FIREWALL_PHASE}/entrypoint`;
}

/** The zone's rulesets: the provider's create-ruleset operation (not shown by the spec). */
export function zoneRulesetsPath(zoneId: string): string {
  return `/zones/${segment('zoneId', zoneId)}/rulesets`;
}

/** The rules of a zone ruleset: the provider's create-rule operation (POST; not shown by the spec). */
export function zoneRulesetRulesPath(zoneId: string, rulesetId: string): string {
  return `${zoneRulesetsPath(zoneId)}/${segment('entrypointRulesetId', rulesetId)}/rules`;
}

/** Endpoint 4: one rule of a zone ruleset. */
export function zoneRulesetRulePath(zoneId: string, rulesetId: string, ruleId: string): string {
  return `${zoneRulesetRulesPath(zoneId, rulesetId)}/${segment('ruleId', ruleId)}`;
}
