import { ExecuteRuleSelectionError, RulesetSelectionError } from './errors.js';
import { isExecuteRule } from './decode.js';
import type { EntrypointRuleset, ExecuteRule, RulesetSummary } from './types.js';

/*
 * Finding the pieces of spec 4.1 and 4.2: the managed core ruleset among the account's rulesets,
 * and the execute rule that deploys it in the zone's entry point.
 */

/**
 * How the managed core ruleset is recognised by name. An account holds several managed rulesets
 * (spec 4.1 says only "pick the ruleset with kind managed"); the core ruleset is the OWASP-based one
 * (spec 1), whose name says so.
 */
export const CORE_RULESET_NAME_PATTERN = /owasp/i;

const describe = (rulesets: readonly RulesetSummary[]) => rulesets.map(({ id, name }) => ({ id, name }));

/**
 * The managed core ruleset: the managed ruleset with the explicit id when one is given, else the one
 * managed ruleset whose name matches CORE_RULESET_NAME_PATTERN. Anything else (no match, several, an
 * id that is not a managed ruleset) is a RulesetSelectionError listing the candidates.
 */
export function selectCoreRuleset(rulesets: readonly RulesetSummary[], explicitId?: string): RulesetSummary {
  const managed = rulesets.filter((ruleset) => ruleset.kind === 'managed');
  if (explicitId !== undefined) {
    const wanted = explicitId.toLowerCase();
    const chosen = managed.find((ruleset) => ruleset.id.toLowerCase() === wanted);
    if (chosen) return chosen;
    const other = rulesets.find((ruleset) => ruleset.id.toLowerCase() === wanted);
    throw new RulesetSelectionError(
      other
        ? `ruleset ${explicitId} (${other.name}) is of kind '${other.kind}', not a managed ruleset`
        : `the account has no managed ruleset with id ${explicitId}`,
      describe(managed),
    );
  }
  const named = managed.filter((ruleset) => CORE_RULESET_NAME_PATTERN.test(ruleset.name));
  const [only, ...others] = named;
  if (only !== undefined && others.length === 0) return only;
  if (named.length > 1) {
    throw new RulesetSelectionError(`several managed rulesets look like the OWASP core ruleset`, describe(named));
  }
  throw new RulesetSelectionError(
    managed.length > 0
      ? 'no managed ruleset of the account has OWASP in its name'
      : 'the account has no managed rulesets',
    describe(managed),
  );
}

/** The execute rules of the entry point that deploy the given managed ruleset (spec 4.1 step 2). */
export function executeRulesFor(entrypoint: EntrypointRuleset, managedRulesetId: string): ExecuteRule[] {
  return entrypoint.rules.filter(isExecuteRule).filter((rule) => rule.action_parameters.id === managedRulesetId);
}

/**
 * The execute rule to configure: undefined when the ruleset is not deployed (whatever id was given);
 * the explicit rule when an id is given; otherwise the only one. Several execute rules for one ruleset (e.g. with different
 * expressions) are ambiguous: configuring one of them silently would be a guess.
 */
export function selectExecuteRule(
  entrypoint: EntrypointRuleset,
  managedRulesetId: string,
  explicitRuleId?: string,
): ExecuteRule | undefined {
  const rules = executeRulesFor(entrypoint, managedRulesetId);
  if (rules.length === 0) return undefined;
  const candidates = rules.map((rule) => ({ id: rule.id, expression: rule.expression }));
  if (explicitRuleId !== undefined) {
    const chosen = rules.find((rule) => rule.id === explicitRuleId);
    if (chosen) return chosen;
    throw new ExecuteRuleSelectionError(
      `the entry point has no execute rule ${explicitRuleId} for managed ruleset ${managedRulesetId}`,
      candidates,
    );
  }
  const [only, ...others] = rules;
  if (others.length > 0) {
    throw new ExecuteRuleSelectionError(`several execute rules deploy managed ruleset ${managedRulesetId}`, candidates);
  }
  return only;
}
