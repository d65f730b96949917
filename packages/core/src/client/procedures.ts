import type { CreateZoneRulesetBody, EdgeApiClient } from './client.js';
import { describeConfiguration, type ManagedRulesetConfiguration } from './configuration.js';
import { isExecuteRule } from './decode.js';
import { executeRulesFor } from './discovery.js';
import {
  ConcurrentModificationError,
  EdgeApiError,
  InvalidInputError,
  NotDeployedError,
  UnknownManagedRuleError,
  UnsupportedStateError,
  type EdgeClientError,
} from './errors.js';
import { jsonEqual } from './json-equal.js';
import {
  executeRuleUpdateBody,
  mergeOverrides,
  newExecuteRuleBody,
  type ManagedRulesetFacts,
  type OverrideChange,
} from './overrides.js';
import { zoneRulesetRulePath, zoneRulesetRulesPath, zoneRulesetsPath } from './paths.js';
import { parseRetryAfterMs, retryDelayMs } from './retry.js';
import { isOutcomeUnknown, refusedWrite, writeSafely, type SafeWriteOutcome, type WriteVerdict } from './safe-write.js';
import {
  checkedExecuteRule,
  loadEntrypoint,
  loadState,
  validateTarget,
  type LoadedState,
  type ManagedRulesetTarget,
} from './state.js';
import {
  MANAGED_FIREWALL_PHASE,
  type EntrypointRuleset,
  type ExecuteRule,
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
  /**
   * How many times the change is merged again and re-sent after another writer's change replaced
   * ours (see "Concurrent writers" in docs/reference-client.md). Default 5; 0 gives up at once.
   */
  readonly maxConcurrentRetries?: number;
}

export const DEFAULT_MAX_CONCURRENT_RETRIES = 5;

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
  /**
   * How many times another writer changed the execute rule between our read and our write (so that
   * the rule read back lacked our change), and the change was merged into the newer rule and sent
   * again. 0 without concurrent writers.
   */
  readonly concurrentChanges: number;
  /**
   * Writes of ours whose answer showed the rule's version more than one past the version our body
   * was merged from: another writer wrote the rule in between, and ours, based on the older read,
   * replaced it whole. The API keeps no older version, so what they wrote cannot be merged back; their
   * change is lost unless that writer re-checks (the procedures here do, within their own round trip).
   * Empty without that interleaving (see "Concurrent writers" in docs/reference-client.md).
   */
  readonly overwrittenWrites: readonly OverwrittenWrite[];
  /**
   * After a concurrent deploy created a second execute rule for the managed ruleset: the id of the
   * one this run created and then deleted, its change merged into the first one in the entry point.
   */
  readonly duplicateRemoved?: string;
  /**
   * After a concurrent deploy, when the execute rule this run created is the one kept: the other
   * execute rules for the managed ruleset seen beside it (each run of this client that created one
   * merges its change into ours and deletes it; a rule created some other way stays until removed).
   */
  readonly otherDeploys?: readonly string[];
  /** The configuration now: read back after a write, predicted for a dry run, as read otherwise. */
  readonly configuration: ManagedRulesetConfiguration;
}

/** A write of ours that replaced another writer's write it had not read (`overwrittenWrites`). */
export interface OverwrittenWrite {
  readonly ruleId: string;
  /** The rule's version our body was merged from. */
  readonly versionRead: string;
  /** The rule's version in the answer to our write. */
  readonly versionWritten: string;
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
  readonly change: NormalizedChange;
  readonly facts: ManagedRulesetFacts;
}

/**
 * The update body for an execute rule with the change merged into its overrides, or undefined when
 * the rule already holds the change (merging it changes nothing).
 */
function mergedUpdateBody(
  rule: ExecuteRule,
  change: NormalizedChange,
  facts: ManagedRulesetFacts,
): ExecuteRuleBody | undefined {
  const current = rule.action_parameters.overrides;
  const body = executeRuleUpdateBody(rule, mergeOverrides(current, change, facts));
  return jsonEqual(body, executeRuleUpdateBody(rule, current)) ? undefined : body;
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
    const merged = mergedUpdateBody(rule, validChange, facts);
    const ruleBody = merged ?? executeRuleUpdateBody(rule, rule.action_parameters.overrides);
    const path = zoneRulesetRulePath(zoneId, entrypointIdOf(state), rule.id);
    const after = describeConfiguration(state, state.entrypoint?.id, {
      ...rule,
      action_parameters: ruleBody.action_parameters,
    });
    const write: PlannedWrite | undefined =
      merged === undefined
        ? undefined
        : { operation: 'update-execute-rule', method: 'PATCH', path, url: url(path), body: ruleBody };
    return { plan: { before, after, write }, state, ruleBody, change: validChange, facts };
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
      change: validChange,
      facts,
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
    change: validChange,
    facts,
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

/** What the server holding a create looks like (see safe-write.ts). */
function createVerifier(client: EdgeApiClient, prepared: Prepared): () => Promise<WriteVerdict> {
  const { state, ruleBody } = prepared;
  const { zoneId } = state.target;
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

function sendCreate(client: EdgeApiClient, prepared: Prepared, write: PlannedWrite): Promise<unknown> {
  const { state, ruleBody } = prepared;
  const { zoneId } = state.target;
  return write.operation === 'create-entrypoint'
    ? client.createZoneRuleset(zoneId, write.body as CreateZoneRulesetBody)
    : client.createZoneRulesetRule(zoneId, entrypointIdOf(state), ruleBody);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The version of rule `ruleId` in the answer to a write, when the answer shows it. The spec does not
 * show endpoint 4's answer (4.3); the provider sends the ruleset with its rules, and a rule alone is
 * read too. Undefined for any other shape.
 */
function versionIn(result: unknown, ruleId: string): string | undefined {
  if (!isRecord(result)) return undefined;
  const rules = Array.isArray(result['rules']) ? (result['rules'] as unknown[]) : [result];
  const rule = rules.find((candidate) => isRecord(candidate) && candidate['id'] === ruleId);
  return isRecord(rule) && typeof rule['version'] === 'string' ? rule['version'] : undefined;
}

function validateMaxConcurrentRetries(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_CONCURRENT_RETRIES;
  if (!Number.isSafeInteger(value) || value < 0 || value > 20) {
    throw new InvalidInputError(
      'maxConcurrentRetries',
      `maxConcurrentRetries must be an integer from 0 to 20, got ${String(value)}`,
    );
  }
  return value;
}

/**
 * Endpoint 4 under concurrent writers. The spec offers no precondition (no ETag/If-Match, no
 * version a PATCH could be made conditional on), so a write cannot be refused for being based on an
 * old read; a later write based on an older read replaces ours whole. So every write is checked by
 * reading the rule back: when it lacks our change, the change is merged again into the rule as it is
 * now (keeping whatever the other writer put there) and sent again, up to `maxConcurrentRetries`
 * times. The same re-read decides after a failure whose outcome is unknown (5xx, timeout, dropped
 * connection): the change is there (applied) or it is merged again and sent.
 */
async function updateExecuteRule(
  client: EdgeApiClient,
  prepared: Prepared,
  write: PlannedWrite,
  maxMerges: number,
): Promise<ManagedRulesetChangeResult> {
  const { plan, state, change, facts } = prepared;
  const original = state.executeRule;
  if (original === undefined) throw new Error('internal: an update without an execute rule');
  const transport = client.transport;
  const policy = transport.retryPolicy;
  const { zoneId } = state.target;
  const entrypointId = entrypointIdOf(state);
  const description = `${write.method} ${write.path}`;

  /** The execute rule as the server holds it now; its disappearance is another writer's doing. */
  const readRule = async (failure: EdgeClientError | undefined) => {
    const entrypoint = await loadEntrypoint(client, zoneId);
    const rule = entrypoint?.rules.find((candidate) => candidate.id === original.id);
    if (
      entrypoint === undefined ||
      rule === undefined ||
      !isExecuteRule(rule) ||
      rule.action_parameters.id !== state.managed.id
    ) {
      throw new ConcurrentModificationError(
        `${description}: execute rule ${original.id} ${rule === undefined ? 'no longer exists' : `no longer executes managed ruleset ${state.managed.id}`}: another writer changed the entry point meanwhile; nothing more sent`,
        failure,
      );
    }
    return { entrypoint, rule: checkedExecuteRule(rule) as ExecuteRule };
  };
  const done = (
    entrypoint: EntrypointRuleset,
    rule: ExecuteRule,
    readBack: 'matches' | 'differs',
    confirmedByReread: boolean,
    merges: number,
  ): ManagedRulesetChangeResult => ({
    plan,
    dryRun: false,
    written: true,
    confirmedByReread,
    readBack,
    concurrentChanges: merges,
    overwrittenWrites: overwritten,
    configuration: describeConfiguration(state, entrypoint.id, rule),
  });

  let body = prepared.ruleBody;
  /** The rule's version `body` was merged from. */
  let basedOn = original.version;
  const overwritten: OverwrittenWrite[] = [];
  let failures = 0;
  let merges = 0;
  let sent = 0;
  for (;;) {
    let failure: EdgeClientError | undefined;
    let writtenVersion: string | undefined;
    sent += 1;
    try {
      const answer = await client.updateZoneRulesetRule(zoneId, entrypointId, original.id, body, { retry: 'never' });
      writtenVersion = versionIn(answer, original.id);
      const jumped = versionJump(basedOn, writtenVersion);
      if (jumped !== undefined && writtenVersion !== undefined && basedOn !== undefined) {
        overwritten.push({ ruleId: original.id, versionRead: basedOn, versionWritten: writtenVersion });
        transport.log(
          `${description}: the answer shows execute rule ${original.id} at version ${writtenVersion} after our write, merged from version ${basedOn}: ${jumped === 1 ? 'another write' : `${jumped} other writes`} came in between, and this write replaced ${jumped === 1 ? 'it' : 'them'} (the API keeps no older version to merge from)`,
        );
      }
    } catch (error) {
      failures += 1;
      if (error instanceof EdgeApiError && error.status === 429) {
        // Turned away unprocessed. Not sent again as it is: after the wait, another writer may have
        // written, and this body is as old as our read. Re-read and merge again instead.
        const askedMs = parseRetryAfterMs(error.retryAfter ?? null, transport.now());
        const waitMs = retryDelayMs(policy, failures, askedMs, () => transport.random());
        if (failures >= policy.maxAttempts || waitMs === undefined) {
          const note =
            waitMs === undefined
              ? `not retried: Retry-After asks for ${Math.ceil((askedMs ?? 0) / 1000)} s, more than the ${Math.ceil(policy.maxRetryAfterMs / 1000)} s allowed (retry.maxRetryAfterMs)`
              : `gave up after ${failures} attempts`;
          throw new EdgeApiError(error, error.status, error.errors, policy.maxAttempts > 1 ? note : undefined);
        }
        failure = error;
        transport.log(
          `${description}: HTTP 429: the write was turned away; re-reading in ${Math.round(waitMs)} ms, then merging the change again`,
        );
        await transport.sleep(waitMs);
      } else {
        // A refusal (4xx, a redirect, an answer over the size limit) is final.
        if (!isOutcomeUnknown(error) || failures >= policy.maxAttempts) throw refusedWrite(error);
        failure = error;
        const waitMs = retryDelayMs(policy, failures, undefined, () => transport.random()) ?? 0;
        transport.log(
          `${failure.message}; the write may or may not have been applied: re-reading in ${Math.round(waitMs)} ms before deciding`,
        );
        await transport.sleep(waitMs);
      }
    }

    let read: { entrypoint: EntrypointRuleset; rule: ExecuteRule };
    try {
      read = await readRule(failure);
    } catch (readError) {
      if (readError instanceof ConcurrentModificationError || readError instanceof UnsupportedStateError)
        throw readError;
      const message = readError instanceof Error ? readError.message : String(readError);
      if (failure !== undefined) {
        // The state cannot be read either: report the write's own failure, the one that matters.
        transport.log(`${description}: re-read failed too (${message})`);
        throw failure;
      }
      return {
        plan,
        dryRun: false,
        written: true,
        confirmedByReread: false,
        readBack: 'failed',
        readBackError: message,
        concurrentChanges: merges,
        overwrittenWrites: overwritten,
        configuration: describeConfiguration(state, state.entrypoint?.id, {
          ...original,
          action_parameters: body.action_parameters,
        }),
      };
    }

    let next = mergedUpdateBody(read.rule, change, facts);
    if (next === undefined) {
      const confirmed = failure !== undefined && !(failure instanceof EdgeApiError && failure.status === 429);
      if (confirmed) transport.log(`${description}: the re-read shows the write was applied`);
      return done(read.entrypoint, read.rule, 'matches', confirmed, merges);
    }
    if (failure !== undefined) {
      transport.log(
        `${description}: the re-read shows the write was not applied; merging the change again and sending it`,
      );
      body = next;
      basedOn = read.rule.version;
      continue;
    }
    // The write was accepted, yet the rule read back lacks the change. If nothing was written since
    // ours (same version as our write produced; without a version in the answer: the rule is as we
    // sent it but for what the server did to it), the server altered what we sent: reported, not
    // fought over.
    const untouched = writtenVersion !== undefined ? read.rule.version === writtenVersion : jsonEqual(next, body);
    if (untouched) return done(read.entrypoint, read.rule, 'differs', false, merges);
    // Another writer's write, based on a read from before ours, replaced the rule after ours.
    merges += 1;
    if (merges > maxMerges) {
      throw new ConcurrentModificationError(
        `${description}: execute rule ${original.id} kept being changed by other writers; the change was merged and written ${sent} times, and was overwritten each time; given up (maxConcurrentRetries ${maxMerges})`,
      );
    }
    const waitMs = retryDelayMs(policy, merges, undefined, () => transport.random()) ?? 0;
    transport.log(
      `${description}: another writer changed execute rule ${original.id} meanwhile (version ${writtenVersion ?? '?'} -> ${read.rule.version ?? '?'}) and the change is not in it; merging it into the rule as it is then and writing again in ${Math.round(waitMs)} ms`,
    );
    // Jittered, so that writers who collided do not collide again in lockstep.
    await transport.sleep(waitMs);
    read = await readRule(undefined);
    next = mergedUpdateBody(read.rule, change, facts);
    if (next === undefined) return done(read.entrypoint, read.rule, 'matches', false, merges);
    body = next;
    basedOn = read.rule.version;
  }
}

/**
 * How many versions past `read` the rule is at `written`, when that is more than the one our write
 * made: another write came in between. The spec says only that versions are integers as text that
 * increase (2.2); each write of the provider increases a rule's version by one, which is what this
 * relies on. Undefined when either is absent or not an integer.
 */
function versionJump(read: string | undefined, written: string | undefined): number | undefined {
  if (read === undefined || written === undefined || !/^\d{1,15}$/.test(read) || !/^\d{1,15}$/.test(written))
    return undefined;
  const jump = Number(written) - Number(read);
  return jump > 1 ? jump - 1 : undefined;
}

/**
 * Applies a change: reads, merges, sends the one write (unless `dryRun`, or nothing changes), and
 * reads the entry point back. The write is retried only when safe (see safe-write.ts).
 */
export function applyManagedRulesetChange(
  client: EdgeApiClient,
  target: ManagedRulesetTarget,
  change: ManagedRulesetChange,
  options: ChangeOptions = {},
): Promise<ManagedRulesetChangeResult> {
  return applyChange(client, target, change, options, 0);
}

/** `applyManagedRulesetChange`, started again `restarts` times after another deployer created the entry point. */
async function applyChange(
  client: EdgeApiClient,
  target: ManagedRulesetTarget,
  change: ManagedRulesetChange,
  options: ChangeOptions,
  restarts: number,
): Promise<ManagedRulesetChangeResult> {
  const maxMerges = validateMaxConcurrentRetries(options.maxConcurrentRetries);
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
      concurrentChanges: 0,
      overwrittenWrites: [],
      configuration: dryRun ? plan.after : plan.before,
    };
  }
  const write = plan.write;
  if (write.operation === 'update-execute-rule') return updateExecuteRule(client, prepared, write, maxMerges);
  let outcome: SafeWriteOutcome<unknown>;
  try {
    outcome = await writeSafely(
      client.transport,
      `${write.method} ${write.path}`,
      () => sendCreate(client, prepared, write),
      createVerifier(client, prepared),
    );
  } catch (error) {
    // Another deployer created the entry point first (the create is refused, a 4xx): start again
    // from the entry point as it now is (an update of its execute rule, or a create-rule).
    const refused = error instanceof EdgeApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
    if (write.operation !== 'create-entrypoint' || !refused || restarts >= maxMerges) throw error;
    const entrypoint = await loadEntrypoint(client, state.target.zoneId).catch(() => undefined);
    if (entrypoint === undefined) throw error;
    client.transport.log(
      `${write.method} ${write.path}: another writer created the zone entry point meanwhile; reading it and applying the change to it`,
    );
    const again = await applyChange(client, target, change, options, restarts + 1);
    return { ...again, plan, concurrentChanges: again.concurrentChanges + 1 };
  }
  let entrypoint: EntrypointRuleset | undefined;
  try {
    entrypoint = await loadEntrypoint(client, state.target.zoneId);
  } catch (error) {
    return {
      plan,
      dryRun,
      written: true,
      confirmedByReread: outcome.confirmedByReread,
      readBack: 'failed',
      readBackError: error instanceof Error ? error.message : String(error),
      concurrentChanges: 0,
      overwrittenWrites: [],
      configuration: plan.after,
    };
  }
  const candidates = entrypoint === undefined ? [] : executeRulesFor(entrypoint, state.managed.id);
  if (entrypoint !== undefined && candidates.length > 1)
    return foldDuplicateDeploy(client, prepared, entrypoint, candidates, outcome, maxMerges);
  const rule = candidates.find((candidate) => ruleHolds(candidate, ruleBody)) ?? candidates[0];
  const matches = rule !== undefined && ruleHolds(rule, ruleBody);
  return {
    plan,
    dryRun,
    written: true,
    confirmedByReread: outcome.confirmedByReread,
    readBack: matches ? 'matches' : 'differs',
    concurrentChanges: 0,
    overwrittenWrites: [],
    configuration: describeConfiguration(state, entrypoint?.id, rule),
  };
}

/**
 * The id of the execute rule our create made: in the answer (the provider answers with the entry
 * point, the new rule appended last), else in the entry point read back, the last rule for the
 * managed ruleset that holds what we sent. Undefined when neither shows one.
 */
function createdRuleId(
  answer: unknown,
  candidates: readonly ExecuteRule[],
  managedId: string,
  ruleBody: ExecuteRuleBody,
): string | undefined {
  const answered =
    isRecord(answer) && Array.isArray(answer['rules'])
      ? (answer['rules'] as unknown[]).filter(
          (rule): rule is ExecuteRule =>
            isRecord(rule) &&
            typeof rule['id'] === 'string' &&
            isRecord(rule['action_parameters']) &&
            rule['action_parameters']['id'] === managedId &&
            ruleHolds(rule, ruleBody),
        )
      : [];
  const pool = answered.length > 0 ? answered : candidates.filter((candidate) => ruleHolds(candidate, ruleBody));
  return pool.at(-1)?.id;
}

/**
 * Concurrent deploys: two runs that both found the managed ruleset not deployed each created an
 * execute rule for it. Every run converges on the same one, the **first** of them in the entry
 * point's rule order (rules are appended, so the one created first; unlike the lowest id, a run that
 * read back before the others' creates landed already took it for the only one): a run that created
 * another merges its change into the first (the merge-and-verify loop of an update, keeping every
 * other writer's overrides), then deletes the rule it created. The run that created the first has
 * nothing more to do. Never deletes a rule it did not create.
 */
async function foldDuplicateDeploy(
  client: EdgeApiClient,
  prepared: Prepared,
  entrypoint: EntrypointRuleset,
  candidates: readonly ExecuteRule[],
  outcome: SafeWriteOutcome<unknown>,
  maxMerges: number,
): Promise<ManagedRulesetChangeResult> {
  const { plan, state, ruleBody, change, facts } = prepared;
  const { zoneId } = state.target;
  const keeper = candidates[0] as ExecuteRule;
  const createdId = createdRuleId(outcome.result, candidates, state.managed.id, ruleBody);
  const ids = candidates.map((candidate) => candidate.id).join(', ');
  if (createdId === undefined) {
    throw new ConcurrentModificationError(
      `execute rules ${ids} deploy managed ruleset ${state.managed.id} after a concurrent deploy, and this run cannot tell which one it created; nothing more sent (keep one: 'sunset-lint ruleset set --execute-rule-id ${keeper.id} …', and delete the others)`,
    );
  }
  client.transport.log(
    `another writer deployed managed ruleset ${state.managed.id} at the same time (execute rules ${ids}); keeping the first, ${keeper.id}`,
  );
  if (createdId === keeper.id) {
    return {
      plan,
      dryRun: false,
      written: true,
      confirmedByReread: outcome.confirmedByReread,
      readBack: ruleHolds(keeper, ruleBody) ? 'matches' : 'differs',
      concurrentChanges: 1,
      overwrittenWrites: [],
      otherDeploys: candidates.slice(1).map((candidate) => candidate.id),
      configuration: describeConfiguration(state, entrypoint.id, keeper),
    };
  }
  // Our change into the first rule, then our rule out: our overrides are in the entry point throughout.
  const rule = checkedExecuteRule(keeper) as ExecuteRule;
  const merged = mergedUpdateBody(rule, change, facts);
  let result: ManagedRulesetChangeResult | undefined;
  if (merged !== undefined) {
    const path = zoneRulesetRulePath(zoneId, entrypoint.id, rule.id);
    const write: PlannedWrite = {
      operation: 'update-execute-rule',
      method: 'PATCH',
      path,
      url: `${client.baseUrl}${path}`,
      body: merged,
    };
    const onKeeper: Prepared = { ...prepared, state: { ...state, entrypoint, executeRule: rule }, ruleBody: merged };
    result = await updateExecuteRule(client, onKeeper, write, maxMerges);
  }
  try {
    await client.deleteZoneRulesetRule(zoneId, entrypoint.id, createdId);
  } catch (error) {
    // Already gone is what we wanted.
    if (!(error instanceof EdgeApiError && error.status === 404)) throw error;
  }
  client.transport.log(`deleted execute rule ${createdId}, which this run created; its change is in ${keeper.id}`);
  const now = await loadEntrypoint(client, zoneId).catch(() => undefined);
  const kept = now === undefined ? undefined : executeRulesFor(now, state.managed.id).find((r) => r.id === keeper.id);
  return {
    plan,
    dryRun: false,
    written: true,
    confirmedByReread: outcome.confirmedByReread,
    readBack:
      kept === undefined ? 'failed' : mergedUpdateBody(kept, change, facts) === undefined ? 'matches' : 'differs',
    ...(kept === undefined ? { readBackError: `execute rule ${keeper.id} could not be read back` } : {}),
    concurrentChanges: 1 + (result?.concurrentChanges ?? 0),
    overwrittenWrites: result?.overwrittenWrites ?? [],
    duplicateRemoved: createdId,
    configuration: describeConfiguration(state, (now ?? entrypoint).id, kept ?? rule),
  };
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
