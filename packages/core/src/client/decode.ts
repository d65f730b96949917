import type { ResultDecoder } from './envelope.js';
import type { EntrypointRule, EntrypointRuleset, ExecuteRule, ManagedRuleset, RulesetSummary } from './types.js';

/*
 * Checks of `result` for each endpoint: only the fields the procedures rely on are required, and
 * everything else is kept as sent (the spec does not list every field, 2.8).
 */

type Decoded<T> = ReturnType<ResultDecoder<T>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function missingString(value: Record<string, unknown>, fields: readonly string[]): string | undefined {
  return fields.find((field) => typeof value[field] !== 'string');
}

function fail<T>(problem: string): Decoded<T> {
  return { ok: false, problem };
}

function decodeRulesetSummary(value: unknown, where: string): Decoded<RulesetSummary> {
  if (!isRecord(value)) return fail(`${where} is not an object`);
  const missing = missingString(value, ['id', 'name', 'kind']);
  if (missing) return fail(`${where} has no string field '${missing}'`);
  return { ok: true, value: value as RulesetSummary };
}

/** Endpoint 1: an array of rulesets (2.2, without rules). */
export const decodeRulesetList: ResultDecoder<RulesetSummary[]> = (result) => {
  if (!Array.isArray(result)) return fail('expected an array of rulesets');
  const rulesets: RulesetSummary[] = [];
  for (const [index, item] of result.entries()) {
    const decoded = decodeRulesetSummary(item, `ruleset ${index}`);
    if (!decoded.ok) return decoded;
    rulesets.push(decoded.value);
  }
  return { ok: true, value: rulesets };
};

function decodeRules<T extends { id: string }>(
  rules: unknown,
  where: string,
  required: readonly string[],
): Decoded<T[]> {
  // A single ruleset comes with its rules (spec 2.2: present when one ruleset is fetched). Without
  // them nothing says what the zone runs: read as empty, a deploy would add an execute rule beside
  // one that exists, and a write would replace rules nobody saw.
  if (rules === undefined) return fail(`${where} has no 'rules' field`);
  if (!Array.isArray(rules)) return fail(`${where}.rules is not an array`);
  for (const [index, rule] of rules.entries()) {
    if (!isRecord(rule)) return fail(`${where}.rules[${index}] is not an object`);
    const missing = missingString(rule, required);
    if (missing) return fail(`${where}.rules[${index}] has no string field '${missing}'`);
  }
  return { ok: true, value: rules as T[] };
}

/** Endpoint 2: one ruleset with its rules, in order (the last one carries the score threshold). */
export const decodeManagedRuleset: ResultDecoder<ManagedRuleset> = (result) => {
  const summary = decodeRulesetSummary(result, 'ruleset');
  if (!summary.ok) return summary;
  const rules = decodeRules<ManagedRuleset['rules'][number]>(summary.value['rules'], 'ruleset', ['id']);
  if (!rules.ok) return rules;
  return { ok: true, value: { ...summary.value, rules: rules.value } };
};

/** Endpoint 3: the zone entry point ruleset; each rule needs an id and an action. */
export const decodeEntrypointRuleset: ResultDecoder<EntrypointRuleset> = (result) => {
  if (!isRecord(result)) return fail('entry point ruleset is not an object');
  const missing = missingString(result, ['id']);
  if (missing) return fail(`entry point ruleset has no string field '${missing}'`);
  const rules = decodeRules<EntrypointRule>(result['rules'], 'entry point ruleset', ['id', 'action']);
  if (!rules.ok) return rules;
  const kind = typeof result['kind'] === 'string' ? result['kind'] : 'zone';
  return { ok: true, value: { ...result, id: result['id'] as string, kind, rules: rules.value } };
};

/** Endpoint 4 and the create operations: the response shape is not shown by the spec (4.3). */
export const decodeAnyResult: ResultDecoder<unknown> = (result) => ({ ok: true, value: result });

/** An entry point rule that executes a managed ruleset: action `execute` with a string `action_parameters.id`. */
export function isExecuteRule(rule: EntrypointRule): rule is ExecuteRule {
  const parameters = rule.action_parameters;
  return rule.action === 'execute' && isRecord(parameters) && typeof parameters['id'] === 'string';
}

/**
 * What is wrong with an execute rule's `overrides`, if anything. The merges must understand every
 * list they rewrite; a shape they do not expect is reported rather than rewritten, so nothing the
 * server holds is lost by a misreading.
 */
export function overridesProblem(overrides: unknown): string | undefined {
  if (overrides === undefined) return undefined;
  if (!isRecord(overrides)) return 'overrides is not an object';
  const lists = [
    ['categories', 'category'],
    ['rules', 'id'],
  ] as const;
  for (const [list, key] of lists) {
    const entries = overrides[list];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) return `overrides.${list} is not an array`;
    const bad = entries.findIndex((entry) => !isRecord(entry) || typeof entry[key] !== 'string');
    if (bad >= 0) return `overrides.${list}[${bad}] has no string '${key}'`;
  }
  return undefined;
}
