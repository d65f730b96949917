import { GRADES, type Finding, type Grade, type RuleName } from '@sunset-lint/core';
import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';
import type {
  RuleContext,
  RuleFix,
  RuleFixer,
  RuleListener,
  ReportDescriptor,
} from '@typescript-eslint/utils/ts-eslint';
import { findingsOf, settingsFor } from './analysis.js';

/** Every rule's one option: which grades it reports (default: all). */
export interface GradeOption {
  grades?: Grade[];
}
export type Options = [GradeOption];
export type MessageIds = 'finding' | 'suggestion';

// Core writes the whole message (subject, end-of-life date, grade in words, replacement), so every
// rule shares these two templates. The catalogue entry id closes the message: it is what the
// settings' `catalogue.disable` and `eolOverrides` take.
export const messages: Record<MessageIds, string> = {
  finding: '{{ message }} [{{ entryId }}]',
  suggestion: '{{ description }}',
};

export const gradeOptionSchema: JSONSchema4[] = [
  {
    type: 'object',
    additionalProperties: false,
    properties: {
      grades: {
        type: 'array',
        description:
          'Grades this rule reports: `expired` (end of life reached), `imminent` (within the imminent window), `scheduled` (later).',
        items: { type: 'string', enum: [...GRADES] },
        minItems: 1,
        uniqueItems: true,
      },
    },
  },
];

export const defaultOptions: Options = [{ grades: [...GRADES] }];

/**
 * The listener of every rule: at `Program`, report this rule's findings of the file (computed
 * once per file and shared by all rules). Core has already shaped each finding's fixes by the
 * rule's capabilities (RULE_CAPABILITIES, which the rule's meta announces): the first `fix` is
 * the automatic one, the rest are suggestions, exactly what `sunset-lint fix` sees.
 */
export function reportFindings(
  rule: RuleName,
  context: Readonly<RuleContext<MessageIds, Options>>,
  [option]: Readonly<Options>,
): RuleListener {
  return {
    Program(program) {
      const settings = settingsFor(context.settings);
      const grades = new Set(option.grades ?? GRADES);
      for (const finding of findingsOf(rule, program, context.sourceCode.text, context.filename, settings)) {
        if (grades.has(finding.grade)) context.report(describe(finding, context));
      }
    },
  };
}

function describe(finding: Finding, context: Readonly<RuleContext<MessageIds, Options>>): ReportDescriptor<MessageIds> {
  const [start, end] = finding.range;
  // Positions from ESLint's own line index (it knows every line break ESLint counts).
  const loc = { start: context.sourceCode.getLocFromIndex(start), end: context.sourceCode.getLocFromIndex(end) };
  const automatic = finding.fixes.find((fix) => fix.kind === 'fix');
  const suggestions = finding.fixes.filter((fix) => fix !== automatic);
  return {
    loc,
    messageId: 'finding',
    data: { message: finding.message, entryId: finding.entryId },
    ...(automatic ? { fix: applyEdits(automatic.edits) } : {}),
    ...(suggestions.length
      ? {
          suggest: suggestions.map((fix) => ({
            messageId: 'suggestion' as const,
            data: { description: fix.description },
            fix: applyEdits(fix.edits),
          })),
        }
      : {}),
  };
}

function applyEdits(edits: Finding['fixes'][number]['edits']): (fixer: RuleFixer) => RuleFix[] {
  return (fixer) => edits.map((edit) => fixer.replaceTextRange([edit.start, edit.end], edit.text));
}
