import type { CreateZoneRulesetBody, EdgeApiClient } from './client.js';
import { describeConfiguration, type ManagedRulesetConfiguration } from './configuration.js';
import { executeRulesFor } from './discovery.js';
import { InvalidInputError, NotDeployedError, UnknownManagedRuleError, UnsupportedStateError } from './errors.js';
import { jsonEqual } from './json-equal.js';
import {
  executeRuleUpdateBody,
  mergeOverrides,
  newExecuteRuleBody,
  type ManagedRulesetFacts,
  type OverrideChange,
} from './overrides.js';
import { zoneRulesetRulePath, zoneRulesetRulesPath, zoneRulesetsPath } from './paths.js';
import { writeSafely, type WriteVerdict } from './safe-write.js';
import { loadEntrypoint, loadState, validateTarget, type LoadedState, type ManagedRulesetTarget } from './state.js';
import {
  MANAGED_FIREWALL_PHASE,
  type ExecuteRuleBody,
  type ManagedRuleset,
  type ParanoiaLevel,
  type RuleAction,
} from './types.js';
import { validateParanoiaLevel, validatePathId, validateRuleAction, validateScoreThreshold } from './validation.js';

/*
 * The procedures of spec 4.1 and 4.2, and toggling single rules (reading: configuration.ts).
 *
 * Every change is read-merge-write: read the account's rulesets (endpoint 1), the managed ruleset
 * (endpoint 2: its last rule carries the threshold, and its rule ids validate toggles), the zone
 * entry point (endpoint 3); merge the change into the execute rule's overrides (overrides.ts); send
 * the whole rule back (endpoint 4); read the entry point again to report what the server holds.
 * Spec 4.1 alone would not need endpoint 2; it is read anyway so that every procedure reports the
 * complete configuration and checks its inputs against the real ruleset.
 */

/** A change to the managed ruleset's configuration (every part optional, at least one needed). */
export interface ManagedRulesetChange {
  readonly paranoiaLevel?: number;
  readonly scoreThreshold?: number;
  readonly action?: string;
  readonly disableRules?: readonly string[];
  readonly enableRules?: readonly string[];
}

export interface ChangeOptions {
  /** When the ruleset is not deployed for the zone, deploy it (create the execute rule). */
  readonly deploy?: boolean;
  /** Read and plan, but send no write. */
  readonly dryRun?: boolean;
}

/** The one write a change needs. */
export interface PlannedWrite {
  readonly operation: 'update-execute-rule' | 'create-execute-rule' | 'create-entrypoint';
  readonly method: 'PATCH' | 'POST';
  readonly path: string;
  /** Base URL and path: what a dry run shows. */
  readonly url: string;
  readonly body: ExecuteRuleBody | CreateZoneRulesetBody;
}

export interface ManagedRulesetPlan {
  readonly before: ManagedRulesetConfiguration;
  /** The configuration once the write is applied. */
  readonly after: ManagedRulesetConfiguration;
  /** Undefined when the configuration already is as asked: nothing to send. */
  readonly write: PlannedWrite | undefined;
}

export interface ManagedRulesetChangeResult {
  readonly plan: ManagedRulesetPlan;
  readonly dryRun: boolean;
  /** A write was sent and the server accepted it (or a re-read showed it applied). */
  readonly written: boolean;
  /** An attempt failed in a way that hid its outcome, and a re-read showed it had been applied. */
  readonly confirmedByReread: boolean;
  /**
   * After a write: whether the rule read back holds exactly what was sent ('matches'), holds
   * something else ('differs': the server normalised or ignored part of it), or could not be read
   * ('failed': the write succeeded, the configuration shown is the predicted one).
   */
  readonly readBack: 'matches' | 'differs' | 'failed' | 'not-needed';
  readonly readBackError?: string;
  /** The configuration now: read back after a write, predicted for a dry run, as read otherwise. */
  readonly configuration: ManagedRulesetConfiguration;
}

interface NormalizedChange extends OverrideChange {
  readonly disableRules: readonly string[];
  readonly enableRules: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Validating a change (before any request)

function validateRuleIds(field: string, ids: readonly string[] | undefined): string[] {
  return [...new Set((ids ?? []).map((id) => validatePathId(field, id)))];
}

function validateChange(change: ManagedRulesetChange, deploy: boolean): NormalizedChange {
  const paranoiaLevel: ParanoiaLevel | undefined =
    change.paranoiaLevel === undefined ? undefined : validateParanoiaLevel(change.paranoiaLevel);
  const scoreThreshold =
    change.scoreThreshold === undefined ? undefined : validateScoreThreshold(change.scoreThreshold);
  const action: RuleAction | undefined = change.action === undefined ? undefined : validateRuleAction(change.action);
  const disableRules = validateRuleIds('disableRules', change.disableRules);
  const enableRules = validateRuleIds('enableRules', change.enableRules);
  const both = disableRules.filter((id) => enableRules.includes(id));
  if (both.length > 0) {
    throw new InvalidInputError('enableRules', `rules both disabled and enabled in one change: ${both.join(', ')}`);
  }
  const empty =
    paranoiaLevel === undefined &&
    scoreThreshold === undefined &&
    action === undefined &&
    disableRules.length === 0 &&
    enableRules.length === 0;
  if (empty && !deploy) {
    throw new InvalidInputError(
      'change',
      'nothing to change: give a paranoia level, a score threshold, an action, or rules to disable or enable',
    );
  }
  return {
    ...(paranoiaLevel === undefined ? {} : { paranoiaLevel }),
    ...(scoreThreshold === undefined ? {} : { scoreThreshold }),
    ...(action === undefined ? {} : { action }),
    disableRules,
    enableRules,
  };
}

// ---------------------------------------------------------------------------------------------
// Planning

function factsOf(managedRuleset: ManagedRuleset): ManagedRulesetFacts {
  const defaults = new Map(managedRuleset.rules.map((rule) => [rule.id, rule.enabled !== false]));
  return {
    lastRuleId: managedRuleset.rules.at(-1)?.id,
    // A rule the ruleset does not list (a stale override) is treated as enabled by default.
    isEnabledByDefault: (ruleId) => defaults.get(ruleId) ?? true,
  };
}

/** Checks the change against the managed ruleset as read; these are answers about the state, sent nothing. */
function checkAgainstRuleset(change: NormalizedChange, state: LoadedState): void {
  const known = new Set(state.managedRuleset.rules.map((rule) => rule.id));
  // Re-enabling a rule that only an override still names (e.g. a rule since removed from the ruleset)
  // is allowed: it cleans the override up.
  const overridden = new Set((state.executeRule?.action_parameters.overrides?.rules ?? []).map((entry) => entry.id));
  const unknown = [
    ...change.disableRules.filter((id) => !known.has(id)),
    ...change.enableRules.filter((id) => !known.has(id) && !overridden.has(id)),
  ];
  if (unknown.length > 0) throw new UnknownManagedRuleError(unknown, state.managed.id);
  const setsLastRule = change.scoreThreshold !== undefined || change.action !== undefined;
  if (setsLastRule && state.managedRuleset.rules.length === 0) {
    throw new UnsupportedStateError(
      `managed ruleset ${state.managed.id} lists no rules, so there is no last rule to carry the score threshold and action`,
    );
  }
}

/** Whether a rule read from the server holds every field of a body that was sent for it. */
function ruleHolds(rule: object, body: ExecuteRuleBody): boolean {
  const fields = rule as Record<string, unknown>;
  return Object.entries(body).every(([field, value]) => jsonEqual(fields[field], value));
}

const ENTRYPOINT_NAME = 'default';

/** The entry point's id, for writes to an existing execute rule or entry point. */
function entrypointIdOf(state: LoadedState): string {
  if (state.entrypoint === undefined) throw new Error('internal: a write to the entry point without an entry point');
  return state.entrypoint.id;
}

interface Prepared {
  readonly plan: ManagedRulesetPlan;
  readonly state: LoadedState;
  /** The execute rule body the write sends (inside the ruleset body for create-entrypoint). */
  readonly ruleBody: ExecuteRuleBody;
}

async function prepare(
  client: EdgeApiClient,
  target: ManagedRulesetTarget,
  change: ManagedRulesetChange,
  options: ChangeOptions,
): Promise<Prepared> {
  const validTarget = validateTarget(target);
  const validChange = validateChange(change, options.deploy === true);
  const state = await loadState(client, validTarget);
  checkAgainstRuleset(validChange, state);
  const facts = factsOf(state.managedRuleset);
  const { zoneId } = validTarget;
  const before = describeConfiguration(state, state.entrypoint?.id, state.executeRule);
  const url = (path: string) => `${client.baseUrl}${path}`;

  if (state.executeRule !== undefined) {
    const rule = state.executeRule;
    const current = rule.action_parameters.overrides;
    const ruleBody = executeRuleUpdateBody(rule, mergeOverrides(current, validChange, facts));
    const unchanged = jsonEqual(ruleBody, executeRuleUpdateBody(rule, current));
    const path = zoneRulesetRulePath(zoneId, entrypointIdOf(state), rule.id);
    const after = describeConfiguration(state, state.entrypoint?.id, {
      ...rule,
      action_parameters: ruleBody.action_parameters,
    });
    const write: PlannedWrite | undefined = unchanged
      ? undefined
      : { operation: 'update-execute-rule', method: 'PATCH', path, url: url(path), body: ruleBody };
    return { plan: { before, after, write }, state, ruleBody };
  }

  if (options.deploy !== true) throw new NotDeployedError(zoneId, state.managed.id, state.entrypoint !== undefined);

  // Deploying: the execute rule is created with the requested overrides already in it, in one write,
  // so the zone never runs the ruleset with a configuration nobody asked for (as it would between a
  // bare create and a separate update), and there is no half-done state if the second write failed.
  const ruleBody = newExecuteRuleBody(
    state.managed.id,
    mergeOverrides(undefined, validChange, facts),
    `Execute ${state.managed.name}`,
  );
  const after = describeConfiguration(state, state.entrypoint?.id, ruleBody);
  if (state.entrypoint !== undefined) {
    const path = zoneRulesetRulesPath(zoneId, state.entrypoint.id);
    return {
      plan: {
        before,
        after,
        write: { operation: 'create-execute-rule', method: 'POST', path, url: url(path), body: ruleBody },
      },
      state,
      ruleBody,
    };
  }
  const path = zoneRulesetsPath(zoneId);
  const body: CreateZoneRulesetBody = {
    name: ENTRYPOINT_NAME,
    kind: 'zone',
    phase: MANAGED_FIREWALL_PHASE,
    description: 'Zone entry point for managed WAF rulesets',
    rules: [ruleBody],
  };
  return {
    plan: { before, after, write: { operation: 'create-entrypoint', method: 'POST', path, url: url(path), body } },
    state,
    ruleBody,
  };
}

/**
 * Reads the state and computes the write a change needs, without sending it. Throws InvalidInputError
 * (before any request) for invalid input, NotDeployedError when the ruleset is not deployed and
 * `deploy` is not set, and the selection and API errors of the reads.
 */
export async function planManagedRulesetChange(
  client: EdgeApiClient,
  target: ManagedRulesetTarget,
  change: ManagedRulesetChange,
  options: Omit<ChangeOptions, 'dryRun'> = {},
): Promise<ManagedRulesetPlan> {
  return (await prepare(client, target, change, options)).plan;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** What the server holding our write looks like, for each kind of write (see safe-write.ts). */
function verifierFor(client: EdgeApiClient, prepared: Prepared): () => Promise<WriteVerdict> {
  const { state, ruleBody } = prepared;
  const { zoneId } = state.target;
  const original = state.executeRule;
  if (original !== undefined) {
    const originalBody = executeRuleUpdateBody(original, original.action_parameters.overrides);
    return async () => {
      const entrypoint = await loadEntrypoint(client, zoneId);
      const current = entrypoint?.rules.find((rule) => rule.id === original.id);
      if (current === undefined) return { state: 'conflict', reason: `execute rule ${original.id} no longer exists` };
      if (ruleHolds(current, ruleBody)) return { state: 'applied' };
      if (current.version === original.version && ruleHolds(current, originalBody)) return { state: 'not-applied' };
      return {
        state: 'conflict',
        reason: `execute rule ${original.id} was changed by someone else meanwhile (version ${original.version ?? '?'} -> ${current.version ?? '?'})`,
      };
    };
  }
  return async () => {
    const entrypoint = await loadEntrypoint(client, zoneId);
    if (entrypoint === undefined) {
      return state.entrypoint === undefined
        ? { state: 'not-applied' }
        : { state: 'conflict', reason: 'the zone entry point ruleset no longer exists' };
    }
    const rules = executeRulesFor(entrypoint, state.managed.id);
    if (rules.length === 0) return { state: 'not-applied' };
    if (rules.some((rule) => ruleHolds(rule, ruleBody))) return { state: 'applied' };
    return { state: 'conflict', reason: `an execute rule for managed ruleset ${state.managed.id} appeared meanwhile` };
  };
}

function sendWrite(client: EdgeApiClient, prepared: Prepared, write: PlannedWrite): Promise<unknown> {
  const { state, ruleBody } = prepared;
  const { zoneId } = state.target;
  switch (write.operation) {
    case 'update-execute-rule':
      return client.updateZoneRulesetRule(zoneId, entrypointIdOf(state), state.executeRule?.id ?? '', ruleBody);
    case 'create-execute-rule':
      return client.createZoneRulesetRule(zoneId, entrypointIdOf(state), ruleBody);
    case 'create-entrypoint':
      return client.createZoneRuleset(zoneId, write.body as CreateZoneRulesetBody);
  }
}

/**
 * Applies a change: reads, merges, sends the one write (unless `dryRun`, or nothing changes), and
 * reads the entry point back. The write is retried only when safe (see safe-write.ts).
 */
export async function applyManagedRulesetChange(
  client: EdgeApiClient,
  target: ManagedRulesetTarget,
  change: ManagedRulesetChange,
  options: ChangeOptions = {},
): Promise<ManagedRulesetChangeResult> {
  const prepared = await prepare(client, target, change, options);
  const { plan, state, ruleBody } = prepared;
  const dryRun = options.dryRun === true;
  if (plan.write === undefined || dryRun) {
    return {
      plan,
      dryRun,
      written: false,
      confirmedByReread: false,
      readBack: 'not-needed',
      configuration: dryRun ? plan.after : plan.before,
    };
  }
  const write = plan.write;
  const outcome = await writeSafely(
    client.transport,
    `${write.method} ${write.path}`,
    () => sendWrite(client, prepared, write),
    verifierFor(client, prepared),
  );
  try {
    const entrypoint = await loadEntrypoint(client, state.target.zoneId);
    const candidates = entrypoint === undefined ? [] : executeRulesFor(entrypoint, state.managed.id);
    const rule =
      state.executeRule !== undefined
        ? candidates.find((candidate) => candidate.id === state.executeRule?.id)
        : (candidates.find((candidate) => ruleHolds(candidate, ruleBody)) ?? candidates[0]);
    const matches = rule !== undefined && ruleHolds(rule, ruleBody);
    return {
      plan,
      dryRun,
      written: true,
      confirmedByReread: outcome.confirmedByReread,
      readBack: matches ? 'matches' : 'differs',
      configuration: describeConfiguration(state, entrypoint?.id, rule),
    };
  } catch (error) {
    return {
      plan,
      dryRun,
      written: true,
      confirmedByReread: outcome.confirmedByReread,
      readBack: 'failed',
      readBackError: error instanceof Error ? error.message : String(error),
      configuration: plan.after,
    };
  }
}

/** Spec 4.1: sets the paranoia level (1 to 4). */
export function setParanoiaLevel(
  client: EdgeApiClient,
  target: ManagedRulesetTarget,
  level: number,
  options?: ChangeOptions,
): Promise<ManagedRulesetChangeResult> {
  return applyManagedRulesetChange(client, target, { paranoiaLevel: level }, options);
}

/** Spec 4.2: sets the score threshold and/or the action of the last rule. */
export function setScoreThresholdAndAction(
  client: EdgeApiClient,
  target: ManagedRulesetTarget,
  settings: { readonly scoreThreshold?: number; readonly action?: string },
  options?: ChangeOptions,
): Promise<ManagedRulesetChangeResult> {
  return applyManagedRulesetChange(client, target, settings, options);
}

/** Disables and/or re-enables individual rules of the managed ruleset. */
export function setRulesEnabled(
  client: EdgeApiClient,
  target: ManagedRulesetTarget,
  rules: { readonly disable?: readonly string[]; readonly enable?: readonly string[] },
  options?: ChangeOptions,
): Promise<ManagedRulesetChangeResult> {
  return applyManagedRulesetChange(
    client,
    target,
    {
      ...(rules.disable ? { disableRules: rules.disable } : {}),
      ...(rules.enable ? { enableRules: rules.enable } : {}),
    },
    options,
  );
}
