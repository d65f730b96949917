import {
  analyzeProgram,
  type Finding,
  ownerRule,
  type RawComment,
  type ResolvedSettings,
  resolveSettings,
  type RuleName,
  suppressInFile,
  type SuppressionProblem,
} from '@sunset-lint/core';
import type { TSESTree } from '@typescript-eslint/types';

/** The key of the shared settings: `settings: { 'sunset-lint': { asOf, catalogue, … } }`. */
export const SETTINGS_KEY = 'sunset-lint';
const SETTINGS_WHERE = `ESLint settings['${SETTINGS_KEY}']`;

interface CachedSettings {
  /** The day the settings were resolved on: without `asOf`, grades follow the calendar. */
  day: string;
  resolved: ResolvedSettings;
}

// ESLint hands every file of a config the same settings object, so resolving (validation and
// catalogue loading) happens once per settings object; the text key covers configs that rebuild
// equal settings per file.
const byObject = new WeakMap<object, CachedSettings>();
const byText = new Map<string, CachedSettings>();
const MAX_TEXT_ENTRIES = 32;

/**
 * Validated settings with the catalogue loaded. Invalid settings throw a SettingsError (or a
 * CatalogueError for an unknown entry id) whose message names the key or id; ESLint reports it as
 * "Error while loading rule …" and stops, so a broken configuration is never silent.
 */
export function settingsFor(shared: Readonly<Record<string, unknown>>): ResolvedSettings {
  const raw = shared[SETTINGS_KEY];
  const isObject = typeof raw === 'object' && raw !== null;
  // Asked for every rule of every file: without `asOf` the day matters, and is cheap to read.
  const day = isObject && 'asOf' in raw ? '' : new Date().toISOString().slice(0, 10);
  const known = isObject ? byObject.get(raw) : undefined;
  if (known?.day === day) return known.resolved;
  const text = `${day}\u0000${JSON.stringify(raw ?? {})}`;
  let cached = byText.get(text);
  if (!cached) {
    cached = { day, resolved: resolveSettings(raw, SETTINGS_WHERE) };
    if (byText.size >= MAX_TEXT_ENTRIES) byText.clear();
    byText.set(text, cached);
  }
  if (isObject) byObject.set(raw, cached);
  return cached.resolved;
}

interface FileAnalysis {
  settings: ResolvedSettings;
  byRule: Map<RuleName, RuleReport>;
}

/** What one rule reports in one file: its findings left after sunset-lint-ignore comments, and the comments' problems it owns. */
export interface RuleReport {
  findings: Finding[];
  problems: SuppressionProblem[];
}

/** Keyed by the parsed program: every rule linting one file (in one pass) gets the same tree. */
const analyses = new WeakMap<TSESTree.Program, FileAnalysis>();

/**
 * The findings of one rule in one file. The file is analyzed once, by whichever rule asks first;
 * the other rules read the same result, so no rule walks the tree again.
 */
export function findingsOf(
  rule: RuleName,
  program: TSESTree.Program,
  sourceText: string,
  comments: () => Iterable<RawComment>,
  filename: string,
  settings: ResolvedSettings,
): RuleReport {
  let analysis = analyses.get(program);
  if (!analysis || analysis.settings !== settings) {
    analysis = { settings, byRule: analyze(program, sourceText, comments, filename, settings) };
    analyses.set(program, analysis);
  }
  return analysis.byRule.get(rule) ?? { findings: [], problems: [] };
}

/**
 * sunset-lint-ignore comments apply here, before ESLint sees a report (ESLint applies its own
 * directives afterwards and reports the unused ones itself). A comment's problem (unused, invalid)
 * is reported by the rule of the first known entry it names, so disabling that rule drops it too.
 */
function analyze(
  program: TSESTree.Program,
  sourceText: string,
  comments: () => Iterable<RawComment>,
  filename: string,
  settings: ResolvedSettings,
): Map<RuleName, RuleReport> {
  const found = analyzeProgram(program, sourceText, filename, settings);
  const { findings, problems } = suppressInFile(found, sourceText, comments, settings, { eslintDirectives: false });
  const byRule = new Map<RuleName, RuleReport>();
  const reportOf = (rule: RuleName) => {
    let report = byRule.get(rule);
    if (!report) byRule.set(rule, (report = { findings: [], problems: [] }));
    return report;
  };
  for (const finding of findings) reportOf(finding.ruleId).findings.push(finding);
  for (const problem of problems) reportOf(ownerRule(problem.entryIds, settings)).problems.push(problem);
  return byRule;
}
