import type { CreateZoneRulesetBody, EdgeApiClient } from './client.js';
import { overridesProblem } from './decode.js';
import { selectCoreRuleset, executeRulesFor, selectExecuteRule } from './discovery.js';
import {
  EdgeApiError,
  InvalidInputError,
  NotDeployedError,
  UnknownManagedRuleError,
  UnsupportedStateError,
} from './errors.js';
import { jsonEqual } from './json-equal.js';
import {
  disabledRuleIds,
  executeRuleUpdateBody,
  mergeOverrides,
  newExecuteRuleBody,
  readParanoiaLevel,
  ruleOverrideOf,
  type ManagedRulesetFacts,
  type OverrideChange,
  type ParanoiaLevelReading,
} from './overrides.js';
import { zoneRulesetRulePath, zoneRulesetRulesPath, zoneRulesetsPath } from './paths.js';
import { writeSafely, type WriteVerdict } from './safe-write.js';
import {
  MANAGED_FIREWALL_PHASE,
  type EntrypointRuleset,
  type ExecuteActionParameters,
  type ExecuteRule,
  type ExecuteRuleBody,
  type ManagedRuleset,
  type Overrides,
  type ParanoiaLevel,
  type RuleAction,
  type RulesetSummary,
} from './types.js';
import {
  validateParanoiaLevel,
  validatePathId,
  validateRuleAction,
  validateRulesetId,
  validateScoreThreshold,
} from './validation.js';

/*
 * The procedures of spec 4.1 and 4.2, plus reading the configuration and toggling single rules.
 *
 * Every change is read-merge-write: read the account's rulesets (endpoint 1), the managed ruleset
 * (endpoint 2: its last rule carries the threshold, and its rule ids validate toggles), the zone
 * entry point (endpoint 3); merge the change into the execute rule's overrides (overrides.ts); send
 * the whole rule back (endpoint 4); read the entry point again to report what the server holds.
 * Spec 4.1 alone would not need endpoint 2; it is read anyway so that every procedure reports the
 * complete configuration and checks its inputs against the real ruleset.
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

/** Everything read before planning. */
interface LoadedState {
  readonly target: ManagedRulesetTarget;
  readonly managed: RulesetSummary;
  readonly managedRuleset: ManagedRuleset;
  readonly entrypoint: EntrypointRuleset | undefined;
  readonly executeRule: ExecuteRule | undefined;
}

// ---------------------------------------------------------------------------------------------
// Validation (before any request)

function validateTarget(target: ManagedRulesetTarget): ManagedRulesetTarget {
  validatePathId('accountId', target.accountId);
  validatePathId('zoneId', target.zoneId);
  if (target.rulesetId !== undefined) validateRulesetId('rulesetId', target.rulesetId);
  if (target.executeRuleId !== undefined) validatePathId('executeRuleId', target.executeRuleId);
  return target;
}

function validateRuleIds(field: string, ids: readonly string[] | undefined): string[] {
  return [...new Set((ids ?? []).map((id) => validatePathId(field, id)))];
}

function validateChange(change: ManagedRulesetChange, deploy: boolean): NormalizedChange {
  const paranoiaLevel: ParanoiaLevel | undefined =
    change.paranoiaLevel === undefined ? undefined : validateParanoiaLevel(change.paranoiaLevel);
  const scoreThreshold = change.scoreThreshold === undefined ? undefined : validateScoreThreshold(change.scoreThreshold);
  const action: RuleAction | undefined = change.action === undefined ? undefined : validateRuleAction(change.action);
  const disableRules = validateRuleIds('disableRules', change.disableRules);
  const enableRules = validateRuleIds('enableRules', change.enableRules);
  const both = disableRules.filter((id) => enableRules.includes(id));
  if (both.length > 0) {
    throw new InvalidInputError('enableRules', `rules both disabled and enabled in one change: ${both.join(', ')}`);
  }
  const empty =
    paranoiaLevel === undefined && scoreThreshold === undefined && action === undefined && disableRules.length === 0 && enableRules.length === 0;
  if (empty && !deploy) {
    throw new InvalidInputError('change', 'nothing to change: give a paranoia level, a score threshold, an action, or rules to disable or enable');
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
// Reading

/** Endpoint 3, with the 404 of a zone that has no entry point for the phase turned into undefined. */
async function loadEntrypoint(client: EdgeApiClient, zoneId: string): Promise<EntrypointRuleset | undefined> {
  try {
    return await client.getZoneEntrypointRuleset(zoneId);
  } catch (error) {
    if (error instanceof EdgeApiError && error.status === 404) return undefined;
    throw error;
  }
}

function checkedExecuteRule(rule: ExecuteRule | undefined): ExecuteRule | undefined {
  const problem = rule === undefined ? undefined : overridesProblem(rule.action_parameters.overrides);
  if (rule !== undefined && problem !== undefined) {
    throw new UnsupportedStateError(`execute rule ${rule.id}: ${problem}; not rewriting overrides this client does not understand`);
  }
  return rule;
}

async function loadState(client: EdgeApiClient, target: ManagedRulesetTarget): Promise<LoadedState> {
  const rulesets = await client.listAccountRulesets(target.accountId);
  const managed = selectCoreRuleset(rulesets, target.rulesetId);
  const managedRuleset = await client.getAccountRuleset(target.accountId, managed.id);
  const entrypoint = await loadEntrypoint(client, target.zoneId);
  const executeRule =
    entrypoint === undefined ? undefined : checkedExecuteRule(selectExecuteRule(entrypoint, managed.id, target.executeRuleId));
  return { target, managed, managedRuleset, entrypoint, executeRule };
}

/** The parts of an execute rule that describing a configuration needs; a planned rule has no id yet. */
interface RuleView {
  readonly id?: string;
  readonly version?: string;
  readonly expression?: string;
  readonly enabled?: boolean;
  readonly action_parameters: ExecuteActionParameters;
}

function settingReading<T>(override: T | undefined, rulesetDefault: T | undefined): SettingReading<T> {
  return { value: override ?? rulesetDefault, fromOverride: override !== undefined, rulesetDefault };
}

function describeConfiguration(
  state: Pick<LoadedState, 'target' | 'managed' | 'managedRuleset'>,
  entrypointRulesetId: string | undefined,
  rule: RuleView | undefined,
): ManagedRulesetConfiguration {
  const overrides = rule?.action_parameters.overrides;
  const lastRule = state.managedRuleset.rules.at(-1);
  const lastOverride = lastRule === undefined ? undefined : ruleOverrideOf(overrides, lastRule.id);
  const overrideThreshold = typeof lastOverride?.score_threshold === 'number' ? lastOverride.score_threshold : undefined;
  const overrideAction = typeof lastOverride?.action === 'string' ? lastOverride.action : undefined;
  return {
    zoneId: state.target.zoneId,
    managedRuleset: { id: state.managed.id, name: state.managed.name, version: state.managedRuleset.version ?? state.managed.version },
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
    const after = describeConfiguration(state, state.entrypoint?.id, { ...rule, action_parameters: ruleBody.action_parameters });
    const write: PlannedWrite | undefined = unchanged
      ? undefined
      : { operation: 'update-execute-rule', method: 'PATCH', path, url: url(path), body: ruleBody };
    return { plan: { before, after, write }, state, ruleBody };
  }

  if (options.deploy !== true) throw new NotDeployedError(zoneId, state.managed.id, state.entrypoint !== undefined);

  // Deploying: the execute rule is created with the requested overrides already in it, in one write,
  // so the zone never runs the ruleset with a configuration nobody asked for (as it would between a
  // bare create and a separate update), and there is no half-done state if the second write failed.
  const ruleBody = newExecuteRuleBody(state.managed.id, mergeOverrides(undefined, validChange, facts), `Execute ${state.managed.name}`);
  const after = describeConfiguration(state, state.entrypoint?.id, ruleBody);
  if (state.entrypoint !== undefined) {
    const path = zoneRulesetRulesPath(zoneId, state.entrypoint.id);
    return { plan: { before, after, write: { operation: 'create-execute-rule', method: 'POST', path, url: url(path), body: ruleBody } }, state, ruleBody };
  }
  const path = zoneRulesetsPath(zoneId);
  const body: CreateZoneRulesetBody = {
    name: ENTRYPOINT_NAME,
    kind: 'zone',
    phase: MANAGED_FIREWALL_PHASE,
    description: 'Zone entry point for managed WAF rulesets',
    rules: [ruleBody],
  };
  return { plan: { before, after, write: { operation: 'create-entrypoint', method: 'POST', path, url: url(path), body } }, state, ruleBody };
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
    { ...(rules.disable ? { disableRules: rules.disable } : {}), ...(rules.enable ? { enableRules: rules.enable } : {}) },
    options,
  );
}

