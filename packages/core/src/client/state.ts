import type { EdgeApiClient } from './client.js';
import { overridesProblem } from './decode.js';
import { selectCoreRuleset, selectExecuteRule } from './discovery.js';
import { EdgeApiError, UnsupportedStateError } from './errors.js';
import type { EntrypointRuleset, ExecuteRule, ManagedRuleset, RulesetSummary } from './types.js';
import { validatePathId, validateRulesetId } from './validation.js';

/*
 * Reading what the procedures work on (spec 4.1 and 4.2, "finding the pieces"): the account's
 * rulesets (endpoint 1) to choose the managed core ruleset, that ruleset with its rules (endpoint 2),
 * and the zone entry point (endpoint 3) with the execute rule that deploys it.
 */

/** Which zone and which managed ruleset a procedure works on. */
export interface ManagedRulesetTarget {
  readonly accountId: string;
  readonly zoneId: string;
  /** The managed ruleset's id (32 hex characters); by default the OWASP core ruleset, found by name. */
  readonly rulesetId?: string;
  /** The execute rule's id; needed only when several execute rules deploy the same ruleset. */
  readonly executeRuleId?: string;
}

/** Everything read before planning. */
export interface LoadedState {
  readonly target: ManagedRulesetTarget;
  readonly managed: RulesetSummary;
  readonly managedRuleset: ManagedRuleset;
  readonly entrypoint: EntrypointRuleset | undefined;
  readonly executeRule: ExecuteRule | undefined;
}

/** Checks the target's ids before any request. */
export function validateTarget(target: ManagedRulesetTarget): ManagedRulesetTarget {
  validatePathId('accountId', target.accountId);
  validatePathId('zoneId', target.zoneId);
  if (target.rulesetId !== undefined) validateRulesetId('rulesetId', target.rulesetId);
  if (target.executeRuleId !== undefined) validatePathId('executeRuleId', target.executeRuleId);
  return target;
}

/** Endpoint 3, with the 404 of a zone that has no entry point for the phase turned into undefined. */
export async function loadEntrypoint(client: EdgeApiClient, zoneId: string): Promise<EntrypointRuleset | undefined> {
  try {
    return await client.getZoneEntrypointRuleset(zoneId);
  } catch (error) {
    if (error instanceof EdgeApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** The execute rule, unless its overrides have a shape the merges do not understand. */
export function checkedExecuteRule(rule: ExecuteRule | undefined): ExecuteRule | undefined {
  const problem = rule === undefined ? undefined : overridesProblem(rule.action_parameters.overrides);
  if (rule !== undefined && problem !== undefined) {
    throw new UnsupportedStateError(
      `execute rule ${rule.id}: ${problem}; not rewriting overrides this client does not understand`,
    );
  }
  return rule;
}

export async function loadState(client: EdgeApiClient, target: ManagedRulesetTarget): Promise<LoadedState> {
  const rulesets = await client.listAccountRulesets(target.accountId);
  const managed = selectCoreRuleset(rulesets, target.rulesetId);
  const managedRuleset = await client.getAccountRuleset(target.accountId, managed.id);
  const entrypoint = await loadEntrypoint(client, target.zoneId);
  const executeRule =
    entrypoint === undefined
      ? undefined
      : checkedExecuteRule(selectExecuteRule(entrypoint, managed.id, target.executeRuleId));
  return { target, managed, managedRuleset, entrypoint, executeRule };
}
