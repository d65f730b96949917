import type { Finding } from '../findings/finding.js';
import { formatDay, type Day } from '../grading/day.js';
import {
  RULE_NAMESPACES,
  IGNORE_KEYWORD,
  type Directive,
  type EslintDirective,
  type IgnoreComment,
} from './directives.js';

export interface SuppressionOptions {
  /** Grades `until`: the comment silences on and before that day (never the wall clock). */
  asOf: Day;
  /**
   * Apply ESLint's own directives too (the scanner). In ESLint they are ESLint's business: it
   * applies them and reports the unused ones itself.
   */
  eslintDirectives: boolean;
}

/** What silenced a finding: the comment's kind, line and its reason (SARIF's justification). */
export interface SuppressedBy {
  kind: 'eslint-directive' | 'sunset-lint-ignore';
  line: number;
  justification: string;
}

export interface SuppressedFinding<F extends Finding = Finding> {
  finding: F;
  by: SuppressedBy;
}

/** An unused suppression, or a sunset-lint-ignore that cannot be applied. */
export interface SuppressionProblem {
  kind: 'unused' | 'invalid';
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The catalogue entries the comment names: in ESLint, the rule of the first known one reports it. */
  entryIds: string[];
}

export interface SuppressionResult<F extends Finding = Finding> {
  /** What is still reported; a finding an expired sunset-lint-ignore named says so in its message. */
  findings: F[];
  suppressed: Array<SuppressedFinding<F>>;
  problems: SuppressionProblem[];
}

/**
 * One file's findings through its suppression comments. sunset-lint-ignore comments apply first
 * (in ESLint the rule applies them before ESLint sees the report), then ESLint's directives on
 * what is left, with ESLint's semantics: `-line` on the comment's line, `-next-line` on the line
 * after the comment's end, `disable`/`enable` blocks from the comment's position on.
 */
export function applySuppressions<F extends Finding>(
  findings: readonly F[],
  directives: readonly Directive[],
  options: SuppressionOptions,
): SuppressionResult<F> {
  const asOf = formatDay(options.asOf);
  const ignores = directives.filter((d): d is IgnoreComment => d.kind === 'ignore');
  const eslint = options.eslintDirectives ? directives.filter((d): d is EslintDirective => d.kind === 'eslint') : [];
  const usedIgnores = new Set<string>();
  const usedRuleNames = new Set<string>();
  const kept: F[] = [];
  const suppressed: Array<SuppressedFinding<F>> = [];

  for (const finding of findings) {
    const named = ignores.filter((c) => c.targetLine === finding.line && c.entryIds.includes(finding.entryId));
    for (const c of named) usedIgnores.add(ignoreKey(c, finding.entryId));
    const active = named.find((c) => c.until === undefined || asOf <= c.until);
    if (active) {
      suppressed.push({
        finding,
        by: { kind: 'sunset-lint-ignore', line: active.comment.line, justification: active.reason },
      });
      continue;
    }
    const byEslint = eslintDirectiveFor(finding, eslint);
    if (byEslint) {
      if (byEslint.ruleName) usedRuleNames.add(ruleNameKey(byEslint.directive, byEslint.ruleName));
      suppressed.push({
        finding,
        by: {
          kind: 'eslint-directive',
          line: byEslint.directive.comment.line,
          justification: byEslint.directive.justification,
        },
      });
      continue;
    }
    const expired = named[0];
    kept.push(
      expired?.until
        ? {
            ...finding,
            message: `${finding.message} (the ${IGNORE_KEYWORD} on line ${expired.comment.line} expired on ${expired.until})`,
          }
        : finding,
    );
  }

  const problems: SuppressionProblem[] = [];
  for (const directive of directives) {
    const at = placeOf(directive);
    if (directive.kind === 'invalid')
      problems.push({ kind: 'invalid', message: directive.message, ...at, entryIds: directive.entryIds });
    else if (directive.kind === 'ignore') {
      for (const entryId of directive.entryIds)
        if (!usedIgnores.has(ignoreKey(directive, entryId)))
          problems.push({
            kind: 'unused',
            message: `Unused ${IGNORE_KEYWORD} (no finding of '${entryId}' on line ${directive.targetLine}).`,
            ...at,
            entryIds: [entryId],
          });
    } else if (options.eslintDirectives && directive.type !== 'enable') {
      // Only rules it names explicitly: a bare directive may be used by any other rule.
      for (const ruleName of ourRuleNames(directive))
        if (!usedRuleNames.has(ruleNameKey(directive, ruleName)))
          problems.push({
            kind: 'unused',
            // ESLint's own words, so both engines report it alike.
            message: `Unused eslint-disable directive (no problems were reported from '${ruleName}').`,
            ...at,
            entryIds: [],
          });
    }
  }
  return { findings: kept, suppressed, problems };
}

function ignoreKey(comment: IgnoreComment, entryId: string): string {
  return `${comment.comment.start}\u0000${entryId}`;
}

function ruleNameKey(directive: EslintDirective, ruleName: string): string {
  return `${directive.comment.start}\u0000${ruleName}`;
}

function placeOf(directive: Directive): Omit<SuppressionProblem, 'kind' | 'message' | 'entryIds'> {
  const { line, column, endLine, endColumn } = directive.comment;
  return { line, column, endLine, endColumn };
}

function ourRuleNames(directive: EslintDirective): string[] {
  return (directive.rules ?? []).filter((name) => RULE_NAMESPACES.some((ns) => name.startsWith(`${ns}/`)));
}

/** The names a finding's rule goes by in directives: `sunset-lint/<rule>` and the old alias. */
function namesOf(finding: Finding): string[] {
  return RULE_NAMESPACES.map((ns) => `${ns}/${finding.ruleId}`);
}

/** The ESLint directive that silences a finding, and the rule name it matched by (undefined: all rules). */
function eslintDirectiveFor(
  finding: Finding,
  directives: readonly EslintDirective[],
): { directive: EslintDirective; ruleName: string | undefined } | undefined {
  const names = namesOf(finding);
  const matchedName = (d: EslintDirective) => (d.rules ? names.find((n) => d.rules!.includes(n)) : undefined);
  const applies = (d: EslintDirective) => d.rules === undefined || matchedName(d) !== undefined;
  for (const d of directives) {
    if (!applies(d)) continue;
    if (d.type === 'disable-line' && d.comment.line === finding.line) return { directive: d, ruleName: matchedName(d) };
    if (d.type === 'disable-next-line' && d.comment.endLine + 1 === finding.line)
      return { directive: d, ruleName: matchedName(d) };
  }
  // Blocks: the last disable/enable before the finding that concerns its rule decides.
  let state: EslintDirective | undefined;
  for (const d of directives) {
    if (d.comment.start > finding.range[0]) break;
    if ((d.type !== 'disable' && d.type !== 'enable') || !applies(d)) continue;
    state = d.type === 'disable' ? d : undefined;
  }
  return state ? { directive: state, ruleName: matchedName(state) } : undefined;
}
