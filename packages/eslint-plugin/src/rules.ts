import { RULE_NAMES, RULE_TABLE, type RuleName, type RuleRow } from '@sunset-lint/core';
import { createRule, type PluginRule } from './create-rule.js';
import {
  defaultOptions,
  gradeOptionSchema,
  messages,
  reportFindings,
  type MessageIds,
  type Options,
} from './finding-rule.js';

/** A rule of this plugin: every one takes the grades option and reports with the shared messages. */
type FindingRule = PluginRule<MessageIds, Options>;

/**
 * The rule `name` as its row in core's RULE_TABLE describes it. Every rule reports what core found
 * for it in the file (finding-rule.ts); rules differ only in their row (description, fix and
 * suggestion capabilities, and why), so one function builds them all and no rule module repeats
 * another.
 */
function findingRule(name: RuleName): FindingRule {
  const row: RuleRow = RULE_TABLE[name];
  return createRule<Options, MessageIds>({
    name,
    meta: {
      type: row.type,
      docs: { description: row.description },
      ...(row.fixable ? { fixable: 'code' } : {}),
      ...(row.hasSuggestions ? { hasSuggestions: true } : {}),
      messages,
      schema: gradeOptionSchema,
      defaultOptions,
    },
    create(context, options) {
      return reportFindings(name, context, options);
    },
  });
}

/**
 * Every rule, by name, in the table's order. Object.fromEntries types its result with `string`
 * keys; the entries are one per RuleName, hence the cast.
 */
export const rules = Object.fromEntries(RULE_NAMES.map((name) => [name, findingRule(name)])) as Record<
  RuleName,
  FindingRule
>;
