import type { RuleName } from '../catalogue/types.js';
import type { Finding } from '../findings/finding.js';
import { formatDay, type Day } from '../grading/day.js';
import {
  RULE_NAMESPACES,
  IGNORE_KEYWORD,
  type Directive,
  type EslintDirective,
  type IgnoreComment,
  type InlineConfig,
  PLUGIN_NAMESPACE,
} from './directives.js';
import type { InlineRuleConfig } from './inline-config.js';

export interface SuppressionOptions {
  /** Grades `until`: the comment silences on and before that day (never the wall clock). */
  asOf: Day;
  /**
   * Apply ESLint's own directives too (the scanner). In ESLint they are ESLint's business: it
   * applies them and reports the unused ones itself.
   */
  eslintDirectives: boolean;
  /**
   * The rule that reports a sunset-lint-ignore comment's problem in ESLint (the rule of the first
   * known entry it names), so that ESLint's directives apply to it as to a finding of that rule.
   */
  ownerRule?: (entryIds: readonly string[]) => RuleName | undefined;
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
 * what is left, as ESLint applies them (its `apply-disable-directives`): block directives
 * (`disable`/`enable`) first, then the `-line` and `-next-line` ones, each as a disable at the
 * start of its line and an enable at the start of the next; a problem is silenced by the last
 * disable before it that concerns its rule, and only that directive counts as used. The problems
 * of sunset-lint-ignore comments are reports of a rule in ESLint (`ownerRule`), so ESLint's
 * directives silence them too, and are used by them.
 */
export function applySuppressions<F extends Finding>(
  findings: readonly F[],
  directives: readonly Directive[],
  options: SuppressionOptions,
): SuppressionResult<F> {
  const asOf = formatDay(options.asOf);
  const ignores = directives.filter((d): d is IgnoreComment => d.kind === 'ignore');
  const usedIgnores = new Set<string>();
  const afterIgnores: F[] = [];
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
    const expired = named[0];
    afterIgnores.push(
      expired?.until
        ? {
            ...finding,
            message: `${finding.message} (the ${IGNORE_KEYWORD} on line ${expired.comment.line} expired on ${expired.until})`,
          }
        : finding,
    );
  }

  const ignoreProblems: SuppressionProblem[] = [];
  for (const directive of directives) {
    const at = placeOf(directive);
    if (directive.kind === 'invalid')
      ignoreProblems.push({ kind: 'invalid', message: directive.message, ...at, entryIds: directive.entryIds });
    else if (directive.kind === 'ignore') {
      for (const entryId of directive.entryIds)
        if (!usedIgnores.has(ignoreKey(directive, entryId)))
          ignoreProblems.push({
            kind: 'unused',
            message: `Unused ${IGNORE_KEYWORD} (no finding of '${entryId}' on line ${directive.targetLine}).`,
            ...at,
            entryIds: [entryId],
          });
    }
  }
  if (!options.eslintDirectives) return { findings: afterIgnores, suppressed, problems: ignoreProblems };

  // Inline rule configuration, as ESLint applies it: a rule turned off reports nothing (neither
  // its findings nor its sunset-lint-ignore problems), its `grades` option drops the others'.
  const owner = options.ownerRule ?? (() => undefined);
  const configured = inlineRules(directives);
  const reported = (finding: Finding) => {
    const config = configured.rules.get(finding.ruleId);
    return !config || (config.severity !== 0 && (!config.grades || config.grades.includes(finding.grade)));
  };
  const ownerReports = (problem: SuppressionProblem) => {
    const rule = owner(problem.entryIds);
    return !rule || configured.rules.get(rule)?.severity !== 0;
  };
  // ESLint's errors of inline configuration: reported whatever the rules' settings, under the rule
  // they name (or none), so only directives naming that rule, or none, silence them.
  const configProblems: Array<{ problem: SuppressionProblem; names: string[] }> = [];
  for (const directive of directives)
    if (directive.kind === 'config')
      for (const { message, ruleId } of directive.invalid)
        configProblems.push({
          problem: { kind: 'invalid', message, ...placeOf(directive), entryIds: [] },
          names: ruleId ? [ruleId] : [],
        });
  for (const { directive, rule } of configured.ignored)
    configProblems.push({
      problem: {
        kind: 'invalid',
        // ESLint's words.
        message: `Rule "${PLUGIN_NAMESPACE}/${rule}" is already configured by another configuration comment in the preceding code. This configuration is ignored.`,
        ...placeOf(directive),
        entryIds: [],
      },
      names: [],
    });
  const afterConfig = afterIgnores.filter(reported);
  const problemsAfterConfig = ignoreProblems.filter(ownerReports);
  const suppressedAfterConfig = suppressed.filter(({ finding }) => reported(finding));

  // ESLint's directives over everything ESLint would see reported: the findings and the problems
  // of sunset-lint-ignore comments, each under its rule's names.
  const reports = [
    ...afterConfig.map((finding) => ({ line: finding.line, column: finding.column, names: namesOf(finding.ruleId) })),
    ...problemsAfterConfig.map((problem) => {
      const rule = owner(problem.entryIds);
      return { line: problem.line, column: problem.column, names: rule ? namesOf(rule) : [] };
    }),
    ...configProblems.map(({ problem, names }) => ({ line: problem.line, column: problem.column, names })),
  ];
  const eslint = applyEslintDirectives(
    reports,
    directives.filter((d): d is EslintDirective => d.kind === 'eslint'),
  );
  const kept: F[] = [];
  afterConfig.forEach((finding, n) => {
    const by = eslint.silencedBy[n];
    // A rule set to "warn" inline reports warnings only.
    if (!by)
      kept.push(configured.rules.get(finding.ruleId)?.severity === 1 ? { ...finding, severity: 'warn' } : finding);
    else
      suppressedAfterConfig.push({
        finding,
        by: { kind: 'eslint-directive', line: by.comment.line, justification: by.justification },
      });
  });
  const problems = [...problemsAfterConfig, ...configProblems.map(({ problem }) => problem)].filter(
    (_, n) => !eslint.silencedBy[afterConfig.length + n],
  );
  return { findings: kept, suppressed: suppressedAfterConfig, problems: [...problems, ...eslint.unused] };
}

/**
 * The file's inline configuration of our rules: the first comment that configures a rule wins, as
 * in ESLint, which calls a later one an error (`ignored`).
 */
function inlineRules(directives: readonly Directive[]): {
  rules: Map<RuleName, InlineRuleConfig>;
  ignored: Array<{ directive: InlineConfig; rule: RuleName }>;
} {
  const rules = new Map<RuleName, InlineRuleConfig>();
  const ignored: Array<{ directive: InlineConfig; rule: RuleName }> = [];
  for (const directive of directives)
    if (directive.kind === 'config')
      for (const [rule, config] of directive.rules)
        if (rules.has(rule)) ignored.push({ directive, rule });
        else rules.set(rule, config);
  return { rules, ignored };
}

function ignoreKey(comment: IgnoreComment, entryId: string): string {
  return `${comment.comment.start}\u0000${entryId}`;
}

function placeOf(directive: Directive): Omit<SuppressionProblem, 'kind' | 'message' | 'entryIds'> {
  const { line, column, endLine, endColumn } = directive.comment;
  return { line, column, endLine, endColumn };
}

/** Our rule names (`sunset-lint/<rule>` and the deprecated alias the scanner still honours). */
function isOurs(ruleId: string): boolean {
  return RULE_NAMESPACES.some((ns) => ruleId.startsWith(`${ns}/`));
}

/** The names a rule goes by in directives: `sunset-lint/<rule>` and the old alias. */
function namesOf(rule: RuleName): string[] {
  return RULE_NAMESPACES.map((ns) => `${ns}/${rule}`);
}

/** One rule of one directive comment at one place, as ESLint splits them. */
interface PlacedDirective {
  type: 'disable' | 'enable';
  line: number;
  column: number;
  /** null: every rule. */
  ruleId: string | null;
  directive: EslintDirective;
}

/** What ESLint reports: at a place, under one of these rule names. */
interface Report {
  line: number;
  column: number;
  names: readonly string[];
}

function compareLocations(a: { line: number; column: number }, b: { line: number; column: number }): number {
  return a.line - b.line || a.column - b.column;
}

/** A directive comment's rule ids as ESLint keys them (each once), or [null] for every rule. */
function ruleIdsOf(directive: EslintDirective): Array<string | null> {
  return directive.rules ? [...new Set(directive.rules)] : [null];
}

/**
 * ESLint's `apply-disable-directives` for the reports the engine knows (our rules'): which
 * directive silences each report, and the unused directives it would report of our rules. A
 * disable naming no rule may be used by any other ESLint rule, so it is never called unused here;
 * an `eslint-enable` naming one of our rules is unused when no disable before it concerns that
 * rule, which the comments alone tell. One naming no rule is ESLint's own business (ESLint reports
 * it with or without this plugin), as is a bare disable.
 */
function applyEslintDirectives(
  reports: readonly Report[],
  directives: readonly EslintDirective[],
): { silencedBy: Array<EslintDirective | undefined>; unused: SuppressionProblem[] } {
  const block: PlacedDirective[] = [];
  const lines: PlacedDirective[] = [];
  for (const directive of directives) {
    const { line, column, endLine } = directive.comment;
    for (const ruleId of ruleIdsOf(directive)) {
      if (directive.type === 'disable' || directive.type === 'enable')
        block.push({ type: directive.type, line, column, ruleId, directive });
      else {
        const at = directive.type === 'disable-line' ? line : endLine + 1;
        lines.push(
          { type: 'disable', line: at, column: 1, ruleId, directive },
          { type: 'enable', line: at + 1, column: 0, ruleId, directive },
        );
      }
    }
  }
  block.sort(compareLocations);
  lines.sort(compareLocations);
  const silencedBy: Array<EslintDirective | undefined> = reports.map(() => undefined);
  const used = new Set<PlacedDirective>();
  for (const pass of [block, lines]) {
    reports.forEach((report, n) => {
      let disables: PlacedDirective[] = [];
      for (const d of pass) {
        if (compareLocations(d, report) > 0) break;
        if (d.ruleId !== null && !report.names.includes(d.ruleId)) continue;
        if (d.type === 'disable') disables.push(d);
        else disables = [];
      }
      const last = disables.at(-1);
      if (!last || silencedBy[n]) return;
      silencedBy[n] = last.directive;
      used.add(last);
    });
  }
  const unused: SuppressionProblem[] = [];
  for (const pass of [block, lines]) {
    const unusedDisables = pass.filter(
      (d) => d.type === 'disable' && d.ruleId !== null && isOurs(d.ruleId) && !used.has(d),
    );
    unused.push(...unusedReports(unusedDisables, 'disable'));
  }
  const usedEnables = usedEnableDirectives(block);
  const unusedEnables = block.filter(
    (d) => d.type === 'enable' && !usedEnables.has(d) && d.ruleId !== null && isOurs(d.ruleId),
  );
  unused.push(...unusedReports(unusedEnables, 'enable'));
  return { silencedBy, unused };
}

/**
 * ESLint's messages for unused directives, one per comment when none of its rules was used (the
 * rules listed), else one per unused rule. Only our rules' disables are known unused here, so a
 * comment naming other rules too gets one message per rule of ours.
 */
function unusedReports(unused: readonly PlacedDirective[], type: 'disable' | 'enable'): SuppressionProblem[] {
  const byComment = new Map<EslintDirective, PlacedDirective[]>();
  for (const d of unused) {
    const group = byComment.get(d.directive);
    if (group) group.push(d);
    else byComment.set(d.directive, [d]);
  }
  const problems: SuppressionProblem[] = [];
  for (const [directive, group] of byComment) {
    const ids = new Set(group.map((d) => d.ruleId));
    const others = ruleIdsOf(directive).filter((id) => !ids.has(id));
    const whole = others.length === 0;
    const lists = whole ? [[...ids]] : [...ids].map((id) => [id]);
    for (const list of lists) {
      const named = list.filter((id): id is string => id !== null).map((id) => `'${id}'`);
      const description =
        named.length <= 2 ? named.join(' or ') : `${named.slice(0, -1).join(', ')}, or ${named.at(-1)!}`;
      // ESLint's own words, so both engines report it alike.
      const message =
        type === 'enable'
          ? description
            ? `Unused eslint-enable directive (no matching eslint-disable directives were found for ${description}).`
            : 'Unused eslint-enable directive (no matching eslint-disable directives were found).'
          : `Unused eslint-disable directive (no problems were reported from ${description}).`;
      const { line, column, endLine, endColumn } = directive.comment;
      problems.push({ kind: 'unused', message, line, column, endLine, endColumn, entryIds: [] });
    }
  }
  return problems;
}

/** ESLint's `collectUsedEnableDirectives`: the enables that end a disable before them. */
function usedEnableDirectives(directives: readonly PlacedDirective[]): Set<PlacedDirective> {
  const enabled = new Map<string | null, PlacedDirective>();
  const used = new Set<PlacedDirective>();
  for (let index = directives.length - 1; index >= 0; index--) {
    const d = directives[index]!;
    if (d.type === 'disable') {
      if (enabled.size === 0) continue;
      if (d.ruleId === null) {
        for (const enable of enabled.values()) used.add(enable);
        enabled.clear();
      } else {
        const enable = enabled.get(d.ruleId) ?? enabled.get(null);
        if (enable) used.add(enable);
      }
    } else if (d.ruleId === null) {
      enabled.clear();
      enabled.set(null, d);
    } else enabled.set(d.ruleId, d);
  }
  return used;
}
