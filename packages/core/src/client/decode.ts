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

type FieldType = 'string' | 'boolean' | 'integer' | 'object' | 'array';

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
  }
}

const ARTICLE: Record<FieldType, string> = {
  string: 'a string',
  boolean: 'a boolean',
  integer: 'an integer',
  object: 'an object',
  array: 'an array',
};

/**
 * What is wrong with the fields of `value` (found at `where`, e.g. `result.rules[2]`), if anything:
 * a required field missing, or any listed field of another type. The message names the field by its
 * path in the response, so that a user can find it in the body.
 */
function fieldsProblem(
  value: Record<string, unknown>,
  where: string,
  required: Readonly<Record<string, FieldType>>,
  optional: Readonly<Record<string, FieldType>> = {},
): string | undefined {
  for (const [field, type] of Object.entries(required)) {
    if (!(field in value) || value[field] === undefined)
      return `${where}.${field} is missing (${ARTICLE[type]} is needed)`;
  }
  for (const [field, type] of Object.entries({ ...required, ...optional })) {
    const fieldValue = value[field];
    if (fieldValue !== undefined && !hasType(fieldValue, type))
      return `${where}.${field} is ${typeOf(fieldValue)}, not ${ARTICLE[type]}`;
  }
  return undefined;
}

function fail<T>(problem: string): Decoded<T> {
  return { ok: false, problem };
}

function decodeRulesetSummary(value: unknown, where: string): Decoded<RulesetSummary> {
  if (!isRecord(value)) return fail(`${where} is ${typeOf(value)}, not a ruleset object`);
  const problem = fieldsProblem(value, where, { id: 'string', name: 'string', kind: 'string' }, { version: 'string' });
  if (problem) return fail(problem);
  return { ok: true, value: value as RulesetSummary };
}

/** Endpoint 1: an array of rulesets (2.2, without rules). */
export const decodeRulesetList: ResultDecoder<RulesetSummary[]> = (result) => {
  if (!Array.isArray(result)) return fail(`result is ${typeOf(result)}, not an array of rulesets`);
  const rulesets: RulesetSummary[] = [];
  for (const [index, item] of result.entries()) {
    const decoded = decodeRulesetSummary(item, `result[${index}]`);
    if (!decoded.ok) return decoded;
    rulesets.push(decoded.value);
  }
  return { ok: true, value: rulesets };
};

function decodeRules<T extends { id: string }>(
  ruleset: Record<string, unknown>,
  what: string,
  check: (rule: Record<string, unknown>, where: string) => string | undefined,
): Decoded<T[]> {
  const rules = ruleset['rules'];
  // A single ruleset comes with its rules (spec 2.2: present when one ruleset is fetched). Without
  // them nothing says what the zone runs: read as empty, a deploy would add an execute rule beside
  // one that exists, and a write would replace rules nobody saw.
  if (rules === undefined) return fail(`result.rules is missing (${what}: an array is needed)`);
  if (!Array.isArray(rules)) return fail(`result.rules is ${typeOf(rules)}, not an array (${what})`);
  for (const [index, rule] of rules.entries()) {
    const where = `result.rules[${index}]`;
    if (!isRecord(rule)) return fail(`${where} is ${typeOf(rule)}, not a rule object`);
    const problem = check(rule, where);
    if (problem) return fail(problem);
  }
  return { ok: true, value: rules as T[] };
}

/** Endpoint 2: one ruleset with its rules, in order (the last one carries the score threshold). */
export const decodeManagedRuleset: ResultDecoder<ManagedRuleset> = (result) => {
  const summary = decodeRulesetSummary(result, 'result');
  if (!summary.ok) return summary;
  const rules = decodeRules<ManagedRuleset['rules'][number]>(
    summary.value,
    "the managed ruleset's rules",
    (rule, where) =>
      fieldsProblem(
        rule,
        where,
        { id: 'string' },
        { version: 'string', action: 'string', enabled: 'boolean', score_threshold: 'integer' },
      ),
  );
  if (!rules.ok) return rules;
  return { ok: true, value: { ...summary.value, rules: rules.value } };
};

/**
 * A rule of the entry point: an id and an action; an execute rule also its `action_parameters` with
 * the id of the ruleset it runs (spec 2.3, 2.5). An execute rule without them is not "some other
 * rule": read so, a deploy would add a second execute rule for a ruleset the zone already runs.
 */
function entrypointRuleProblem(rule: Record<string, unknown>, where: string): string | undefined {
  const problem = fieldsProblem(
    rule,
    where,
    { id: 'string', action: 'string' },
    {
      version: 'string',
      action_parameters: 'object',
      expression: 'string',
      enabled: 'boolean',
      ref: 'string',
      description: 'string',
    },
  );
  if (problem || rule['action'] !== 'execute') return problem;
  const parameters = rule['action_parameters'];
  if (!isRecord(parameters)) return `${where}.action_parameters is missing (an object is needed for an execute rule)`;
  return fieldsProblem(parameters, `${where}.action_parameters`, { id: 'string' }, { version: 'string' });
}

/** Endpoint 3: the zone entry point ruleset; each rule needs an id and an action. */
export const decodeEntrypointRuleset: ResultDecoder<EntrypointRuleset> = (result) => {
  if (!isRecord(result)) return fail(`result is ${typeOf(result)}, not the entry point ruleset`);
  const problem = fieldsProblem(result, 'result', { id: 'string' }, { kind: 'string', version: 'string' });
  if (problem) return fail(problem);
  const rules = decodeRules<EntrypointRule>(result, "the entry point's rules", entrypointRuleProblem);
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
