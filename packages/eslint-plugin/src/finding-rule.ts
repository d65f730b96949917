import { type Finding, type Grade, GRADES, type RawComment, type RuleName, valuesCutMessage } from '@sunset-lint/core';
import type { TSESTree } from '@typescript-eslint/types';
import type { AST, Rule } from 'eslint';
import { findingsOf, settingsFor } from './analysis.js';
import { BASELINE_SETTING, baselineFor } from './baseline.js';

/** Every rule's one option: which grades it reports (default: all). */
export interface GradeOption {
  grades?: Grade[];
}
export type Options = [GradeOption];
export type MessageIds =
  'finding' | 'findingWarn' | 'suggestion' | 'unusedSuppression' | 'invalidSuppression' | 'valuesCut';

// Core writes the whole message (subject, end-of-life date, grade in words, replacement), so every
// rule shares these two templates. The catalogue entry id closes the message: it is what the
// settings' `catalogue.disable` and `eolOverrides` take. `finding` and `findingWarn` are the same
// text: the message id carries the severity the settings give the finding's grade, which the
// `sunset-lint/by-grade` processor reads (one rule name for every grade, see processor.ts).
export const messages: Record<MessageIds, string> = {
  finding: '{{ message }} [{{ entryId }}]',
  findingWarn: '{{ message }} [{{ entryId }}]',
  suggestion: '{{ description }}',
  unusedSuppression: '{{ message }}',
  invalidSuppression: '{{ message }}',
  valuesCut: '{{ message }} [value-budget]',
};

export const gradeOptionSchema: Rule.RuleMetaData['schema'] & unknown[] = [
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
  context: Rule.RuleContext,
  [option]: Readonly<Options>,
): Rule.RuleListener {
  return {
    Program(program) {
      const settings = settingsFor(context.settings, {
        filename: context.filename,
        cwd: context.cwd,
        sourceCode: context.sourceCode,
      });
      const tree = asTypescriptEstree(program);
      const sourceCode = context.sourceCode;
      const comments = () => sourceCode.getAllComments().map(rawComment);
      const { findings, problems, valuesCut } = findingsOf(
        rule,
        tree,
        sourceCode.text,
        comments,
        context.filename,
        settings,
        () => baselineFor(context.settings[BASELINE_SETTING], { filename: context.filename, cwd: context.cwd }),
      );
      if (findings.length) {
        const grades = gradesOf(option);
        for (const finding of findings) if (grades.has(finding.grade)) context.report(describe(finding, context));
      }
      for (const problem of problems)
        context.report({
          loc: {
            start: { line: problem.line, column: problem.column - 1 },
            end: { line: problem.endLine, column: problem.endColumn - 1 },
          },
          messageId: problem.kind === 'unused' ? 'unusedSuppression' : 'invalidSuppression',
          data: { message: problem.message },
        });
      // Once per file, at the place of the first value cut, whatever grades the rule reports: the
      // scanner's `value-budget` diagnostic, with the same text.
      if (valuesCut)
        context.report({
          loc: context.sourceCode.getLocFromIndex(valuesCut.at),
          messageId: 'valuesCut',
          data: { message: valuesCutMessage(valuesCut) },
        });
    },
  };
}

/** The grades an option reports, by option object: createRule hands every file the same merged one. */
const gradeSets = new WeakMap<GradeOption, ReadonlySet<Grade>>();

function gradesOf(option: GradeOption): ReadonlySet<Grade> {
  let grades = gradeSets.get(option);
  if (!grades) gradeSets.set(option, (grades = new Set(option.grades ?? GRADES)));
  return grades;
}

/**
 * ESLint's types describe the program as plain ESTree. What the parser hands the rule (espree, or
 * typescript-eslint's parser for TypeScript) is read by core as typescript-estree's tree, a superset
 * of ESTree with the same node types and fields for JavaScript; the types cannot say so, hence the cast.
 */
function asTypescriptEstree(program: AST.Program): TSESTree.Program {
  return program as unknown as TSESTree.Program;
}

/** A report with one of this plugin's message ids (ESLint's type takes any string). */
type Report = Rule.ReportDescriptor & { messageId: MessageIds };

function describe(finding: Finding, context: Rule.RuleContext): Report {
  const [start, end] = finding.range;
  // Positions from ESLint's own line index (it knows every line break ESLint counts).
  const loc = { start: context.sourceCode.getLocFromIndex(start), end: context.sourceCode.getLocFromIndex(end) };
  const automatic = finding.fixes.find((fix) => fix.kind === 'fix');
  const suggestions = finding.fixes.filter((fix) => fix !== automatic);
  return {
    loc,
    messageId: finding.severity === 'error' ? 'finding' : 'findingWarn',
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

type Comment = ReturnType<Rule.RuleContext['sourceCode']['getAllComments']>[number];

function rawComment(comment: Comment): RawComment {
  const [start, end] = comment.range ?? [0, 0];
  return { kind: comment.type === 'Line' ? 'line' : 'block', value: comment.value, start, end };
}

function applyEdits(edits: Finding['fixes'][number]['edits']): (fixer: Rule.RuleFixer) => Rule.Fix[] {
  return (fixer) => edits.map((edit) => fixer.replaceTextRange([edit.start, edit.end], edit.text));
}
