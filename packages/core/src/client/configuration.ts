import type { EdgeApiClient } from './client.js';
import { disabledRuleIds, readParanoiaLevel, ruleOverrideOf, type ParanoiaLevelReading } from './overrides.js';
import { loadState, validateTarget, type LoadedState, type ManagedRulesetTarget } from './state.js';
import type { ExecuteActionParameters, Overrides } from './types.js';

/*
 * The configuration of the managed core ruleset for a zone, as people think of it: deployed or not,
 * paranoia level, score threshold, action, disabled rules; computed from the execute rule's
 * overrides and the managed ruleset's last rule.
 */

/** A setting of the last rule: the value in force, and where it comes from. */
export interface SettingReading<T> {
  /** The override's value when there is one, else the ruleset default (undefined if neither). */
  readonly value: T | undefined;
  readonly fromOverride: boolean;
  /** The value on the managed ruleset's last rule (endpoint 2). */
  readonly rulesetDefault: T | undefined;
}

export interface ExecuteRuleSummary {
  /** Undefined for a rule that a planned deployment would create. */
  readonly id: string | undefined;
  readonly version: string | undefined;
  readonly expression: string | undefined;
  readonly enabled: boolean | undefined;
  /** `action_parameters.version`: `latest` follows the newest managed ruleset version. */
  readonly managedRulesetVersion: string | undefined;
}

/** The configuration of a managed ruleset for a zone, as read (or as a plan predicts it). */
export interface ManagedRulesetConfiguration {
  readonly zoneId: string;
  readonly managedRuleset: { readonly id: string; readonly name: string; readonly version: string | undefined };
  /** Undefined when the zone has no entry point ruleset for the phase. */
  readonly entrypointRulesetId: string | undefined;
  readonly deployed: boolean;
  readonly executeRule: ExecuteRuleSummary | undefined;
  readonly paranoiaLevel: ParanoiaLevelReading;
  /** The last rule of the managed ruleset, whose override carries threshold and action (spec 2.4). */
  readonly lastRuleId: string | undefined;
  readonly scoreThreshold: SettingReading<number>;
  readonly action: SettingReading<string>;
  /** Rules disabled by rule overrides. */
  readonly disabledRules: readonly string[];
  /** The overrides exactly as held by the execute rule. */
  readonly overrides: Overrides | undefined;
}

/** The parts of an execute rule that describing a configuration needs; a planned rule has no id yet. */
export interface RuleView {
  readonly id?: string;
  readonly version?: string;
  readonly expression?: string;
  readonly enabled?: boolean;
  readonly action_parameters: ExecuteActionParameters;
}

function settingReading<T>(override: T | undefined, rulesetDefault: T | undefined): SettingReading<T> {
  return { value: override ?? rulesetDefault, fromOverride: override !== undefined, rulesetDefault };
}

export function describeConfiguration(
  state: Pick<LoadedState, 'target' | 'managed' | 'managedRuleset'>,
  entrypointRulesetId: string | undefined,
  rule: RuleView | undefined,
): ManagedRulesetConfiguration {
  const overrides = rule?.action_parameters.overrides;
  const lastRule = state.managedRuleset.rules.at(-1);
  const lastOverride = lastRule === undefined ? undefined : ruleOverrideOf(overrides, lastRule.id);
  const overrideThreshold =
    typeof lastOverride?.score_threshold === 'number' ? lastOverride.score_threshold : undefined;
  const overrideAction = typeof lastOverride?.action === 'string' ? lastOverride.action : undefined;
  return {
    zoneId: state.target.zoneId,
    managedRuleset: {
      id: state.managed.id,
      name: state.managed.name,
      version: state.managedRuleset.version ?? state.managed.version,
    },
    entrypointRulesetId,
    deployed: rule !== undefined && rule.id !== undefined,
    executeRule:
      rule === undefined
        ? undefined
        : {
            id: rule.id,
            version: rule.version,
            expression: rule.expression,
            enabled: rule.enabled,
            managedRulesetVersion: rule.action_parameters.version,
          },
    paranoiaLevel: readParanoiaLevel(overrides),
    lastRuleId: lastRule?.id,
    scoreThreshold: settingReading(overrideThreshold, lastRule?.score_threshold),
    action: settingReading(overrideAction, lastRule?.action),
    disabledRules: disabledRuleIds(overrides),
    overrides,
  };
}

/**
 * Reads the managed core ruleset's configuration for a zone: deployed or not, the paranoia level
 * implied by the category overrides, score threshold and action on the last rule, disabled rules.
 * Sends endpoints 1, 2 and 3, in that order; never writes.
 */
export async function readManagedRulesetConfiguration(
  client: EdgeApiClient,
  target: ManagedRulesetTarget,
): Promise<ManagedRulesetConfiguration> {
  const state = await loadState(client, validateTarget(target));
  return describeConfiguration(state, state.entrypoint?.id, state.executeRule);
}
