import {
  PARANOIA_LEVELS,
  type CategoryOverride,
  type ExecuteActionParameters,
  type ExecuteRule,
  type ExecuteRuleBody,
  type Overrides,
  type ParanoiaLevel,
  type RuleAction,
  type RuleOverride,
} from './types.js';

/*
 * Pure functions over `action_parameters.overrides` (spec 2.6, 2.7). The rule they follow: change
 * exactly what was asked and keep everything else as it was read, entry for entry and field for
 * field, including fields this client does not know. The endpoint 4 body replaces the rule's
 * overrides wholesale, so anything dropped here would be deleted on the server.
 */

const PARANOIA_TAG = /^paranoia-level-([1-4])$/;

export function paranoiaTag(level: ParanoiaLevel): string {
  return `paranoia-level-${level}`;
}

/** The paranoia level a category names, or undefined for any other category. */
export function paranoiaLevelOfCategory(category: string): ParanoiaLevel | undefined {
  const match = PARANOIA_TAG.exec(category);
  return match ? PARANOIA_LEVELS.find((level) => String(level) === match[1]) : undefined;
}

/**
 * Sets `overrides[key]` to `list`, without adding a key that was absent when the list is empty: an
 * empty change must produce the very same overrides, so the procedure can tell there is nothing to
 * write.
 */
function withList<K extends 'categories' | 'rules'>(
  overrides: Overrides | undefined,
  key: K,
  list: NonNullable<Overrides[K]>,
): Overrides | undefined {
  if (list.length === 0 && (overrides === undefined || !(key in overrides))) return overrides;
  return { ...overrides, [key]: list };
}

/** A copy of an override entry without its `enabled` field. */
function withoutEnabled<T extends { readonly enabled?: boolean }>(entry: T): Omit<T, 'enabled'> {
  const copy: Record<string, unknown> = { ...entry };
  delete copy['enabled'];
  return copy as Omit<T, 'enabled'>;
}

/** True when an override entry says nothing beyond the key that names its target. */
function saysNothingBeyond(entry: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.keys(entry).every((field) => field === key);
}

/**
 * Spec 2.7: paranoia level N = a category override `{category, enabled: false}` for every tag above
 * N, and none disabling a tag at or below N.
 * - tags above N: existing entries get `enabled: false` (their other fields stay); missing ones are
 *   appended in level order;
 * - tags at or below N: the `enabled` field is removed; an entry left with nothing but its category
 *   is dropped, one with other fields (e.g. an action for that tag) stays;
 * - other categories: untouched, in place.
 */
export function withParanoiaLevel(overrides: Overrides | undefined, level: ParanoiaLevel): Overrides | undefined {
  const categories: CategoryOverride[] = [];
  const levelsPresent = new Set<ParanoiaLevel>();
  for (const entry of overrides?.categories ?? []) {
    const entryLevel = paranoiaLevelOfCategory(entry.category);
    if (entryLevel === undefined) {
      categories.push(entry);
    } else if (entryLevel > level) {
      levelsPresent.add(entryLevel);
      categories.push({ ...entry, enabled: false });
    } else {
      const rest = withoutEnabled(entry);
      if (!saysNothingBeyond(rest, 'category')) categories.push(rest as CategoryOverride);
    }
  }
  for (const tagLevel of PARANOIA_LEVELS) {
    if (tagLevel > level && !levelsPresent.has(tagLevel)) {
      categories.push({ category: paranoiaTag(tagLevel), enabled: false });
    }
  }
  return withList(overrides, 'categories', categories);
}

/**
 * Applies `update` to the rule override(s) for `ruleId`, or to a new `{id}` entry appended at the
 * end when there is none. An entry the update leaves with nothing but its id is dropped: a bare
 * `{id}` override means nothing.
 */
function updateRuleOverride(
  overrides: Overrides | undefined,
  ruleId: string,
  update: (entry: RuleOverride) => RuleOverride,
): Overrides | undefined {
  const rules: RuleOverride[] = [];
  let found = false;
  for (const entry of overrides?.rules ?? []) {
    if (entry.id !== ruleId) {
      rules.push(entry);
      continue;
    }
    found = true;
    const updated = update(entry);
    if (!saysNothingBeyond(updated, 'id')) rules.push(updated);
  }
  if (!found) {
    const created = update({ id: ruleId });
    if (!saysNothingBeyond(created, 'id')) rules.push(created);
  }
  return withList(overrides, 'rules', rules);
}

export interface ScoreThresholdAndAction {
  readonly scoreThreshold?: number;
  readonly action?: RuleAction;
}

/**
 * Spec 4.2: the score threshold and the action are a rule override on the LAST rule of the managed
 * ruleset. Only the given settings are written; a setting not given keeps its current override (or
 * its absence, so the ruleset default keeps applying).
 */
export function withScoreThresholdAndAction(
  overrides: Overrides | undefined,
  lastRuleId: string,
  settings: ScoreThresholdAndAction,
): Overrides | undefined {
  if (settings.scoreThreshold === undefined && settings.action === undefined) return overrides;
  return updateRuleOverride(overrides, lastRuleId, (entry) => ({
    ...entry,
    ...(settings.scoreThreshold === undefined ? {} : { score_threshold: settings.scoreThreshold }),
    ...(settings.action === undefined ? {} : { action: settings.action }),
  }));
}

/** Disables one rule of the managed ruleset: `enabled: false` on its rule override. */
export function withRuleDisabled(overrides: Overrides | undefined, ruleId: string): Overrides | undefined {
  return updateRuleOverride(overrides, ruleId, (entry) => ({ ...entry, enabled: false }));
}

/**
 * Re-enables one rule: removes the `enabled: false` of its override, so the rule runs as the managed
 * ruleset defines it. A rule that the ruleset itself ships disabled (`enabled: false` in endpoint 2)
 * would then still not run, so for such a rule `enabled: true` is written instead.
 */
export function withRuleReenabled(
  overrides: Overrides | undefined,
  ruleId: string,
  enabledByDefault: boolean,
): Overrides | undefined {
  return updateRuleOverride(overrides, ruleId, (entry) => {
    const rest = withoutEnabled(entry) as RuleOverride;
    return enabledByDefault ? rest : { ...rest, enabled: true };
  });
}

/** A change to the managed ruleset's configuration; every part is optional. */
export interface OverrideChange {
  readonly paranoiaLevel?: ParanoiaLevel;
  readonly scoreThreshold?: number;
  readonly action?: RuleAction;
  readonly disableRules?: readonly string[];
  readonly enableRules?: readonly string[];
}

/** What the merge needs to know about the managed ruleset (from endpoint 2). */
export interface ManagedRulesetFacts {
  /** Id of the last rule of the managed ruleset; required when the change sets threshold or action. */
  readonly lastRuleId: string | undefined;
  /** Whether the managed ruleset ships a rule enabled (its `enabled` field; absent means enabled). */
  readonly isEnabledByDefault: (ruleId: string) => boolean;
}

/** All parts of a change, applied in a fixed order; each part touches only its own entries. */
export function mergeOverrides(
  overrides: Overrides | undefined,
  change: OverrideChange,
  facts: ManagedRulesetFacts,
): Overrides | undefined {
  let merged = overrides;
  if (change.paranoiaLevel !== undefined) merged = withParanoiaLevel(merged, change.paranoiaLevel);
  if (change.scoreThreshold !== undefined || change.action !== undefined) {
    if (facts.lastRuleId === undefined)
      throw new Error('mergeOverrides: the last rule id is needed to set the threshold or the action');
    merged = withScoreThresholdAndAction(merged, facts.lastRuleId, change);
  }
  for (const ruleId of change.disableRules ?? []) merged = withRuleDisabled(merged, ruleId);
  for (const ruleId of change.enableRules ?? [])
    merged = withRuleReenabled(merged, ruleId, facts.isEnabledByDefault(ruleId));
  return merged;
}

/**
 * The endpoint 4 body for an existing execute rule with new overrides: `action`, `expression`,
 * `enabled`, and `action_parameters` (its `id`, `version` and any other field) exactly as read, so
 * the write changes the overrides and nothing else. `ref` and `description` are sent back when the
 * rule has them, in case the provider treats a missing field as a request to clear it.
 */
export function executeRuleUpdateBody(rule: ExecuteRule, overrides: Overrides | undefined): ExecuteRuleBody {
  const parameters: Record<string, unknown> = { ...rule.action_parameters };
  if (overrides === undefined) delete parameters['overrides'];
  else parameters['overrides'] = overrides;
  return {
    action: 'execute',
    action_parameters: parameters as ExecuteActionParameters,
    ...(rule.expression === undefined ? {} : { expression: rule.expression }),
    ...(rule.enabled === undefined ? {} : { enabled: rule.enabled }),
    ...(rule.ref === undefined ? {} : { ref: rule.ref }),
    ...(rule.description === undefined ? {} : { description: rule.description }),
  };
}

/**
 * The body that deploys a managed ruleset: an execute rule for all requests (`expression` `true`)
 * that follows the newest version of the ruleset (`version` `latest`, spec 9.1).
 */
export function newExecuteRuleBody(
  managedRulesetId: string,
  overrides: Overrides | undefined,
  description?: string,
): ExecuteRuleBody {
  return {
    action: 'execute',
    action_parameters: {
      id: managedRulesetId,
      version: 'latest',
      ...(overrides === undefined ? {} : { overrides }),
    },
    expression: 'true',
    enabled: true,
    ...(description === undefined ? {} : { description }),
  };
}

/** What the category overrides say about the paranoia level. */
export interface ParanoiaLevelReading {
  /**
   * The level N whose tags above it, and only those, are disabled; 4 when no paranoia tag is
   * disabled. Undefined when the disabled tags do not form such a pattern (e.g. only level 2
   * disabled, or all four).
   */
  readonly level: ParanoiaLevel | undefined;
  /** The paranoia-level tags disabled by the overrides, in level order. */
  readonly disabledTags: readonly string[];
}

/**
 * Reads the paranoia level back from the overrides. Where several entries name the same tag, the
 * last one is taken as the effective one.
 */
export function readParanoiaLevel(overrides: Overrides | undefined): ParanoiaLevelReading {
  const disabled = new Map<ParanoiaLevel, boolean>();
  for (const entry of overrides?.categories ?? []) {
    const level = paranoiaLevelOfCategory(entry.category);
    if (level !== undefined) disabled.set(level, entry.enabled === false);
  }
  const disabledLevels = PARANOIA_LEVELS.filter((level) => disabled.get(level) === true);
  const disabledTags = disabledLevels.map(paranoiaTag);
  const level = PARANOIA_LEVELS.find(
    (candidate) =>
      disabledLevels.length === 4 - candidate && disabledLevels.every((disabledLevel) => disabledLevel > candidate),
  );
  return { level, disabledTags };
}

/** The effective override of one rule: the last entry for its id. */
export function ruleOverrideOf(overrides: Overrides | undefined, ruleId: string): RuleOverride | undefined {
  return (overrides?.rules ?? []).filter((entry) => entry.id === ruleId).at(-1);
}

/** Ids of the rules whose effective override disables them, in the order they first appear. */
export function disabledRuleIds(overrides: Overrides | undefined): string[] {
  const ids = [...new Set((overrides?.rules ?? []).map((entry) => entry.id))];
  return ids.filter((id) => ruleOverrideOf(overrides, id)?.enabled === false);
}
