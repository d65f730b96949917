import type { RuleName } from '@sunset-lint/core';
import type { Linter } from 'eslint';
import type { MessageIds } from './finding-rule.js';

/** The message ids a rule reports below error: findings whose grade the settings make `warn`, unused suppressions, values cut. */
const WARNING_IDS: ReadonlySet<string> = new Set<MessageIds>(['findingWarn', 'unusedSuppression', 'valuesCut']);

/**
 * `sunset-lint/by-grade`: ESLint gives each rule one severity, yet a finding's grade changes with
 * the calendar. Rather than a second rule name per grade (a finding then moves to another rule on
 * its end-of-life day and every disable comment naming it stops matching), every rule is on as an
 * error and this processor lowers, after ESLint has applied its disable directives, the messages
 * the rule marked as warnings (its message id carries the severity that `severities` gives the
 * finding's grade). The text passes through unchanged, so fixes and suggestions keep their offsets.
 */
export function byGradeProcessor(
  ruleNames: readonly RuleName[],
  meta: { name: string; version: string },
): Linter.Processor {
  const ours = new Set<string>(ruleNames);
  const isOurs = (ruleId: string | null) => ruleId !== null && ours.has(ruleId.slice(ruleId.lastIndexOf('/') + 1));
  return {
    meta: { name: `${meta.name}/by-grade`, version: meta.version },
    supportsAutofix: true,
    preprocess: (text) => [text],
    postprocess: (blocks) =>
      blocks
        .flat()
        .map((message) =>
          message.severity === 2 && isOurs(message.ruleId) && WARNING_IDS.has(message.messageId ?? '')
            ? { ...message, severity: 1 as const }
            : message,
        ),
  };
}
