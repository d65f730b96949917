import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  analyzeFile,
  findConfigFile,
  PACKAGE_JSON_KEY,
  readConfigSync,
  SCANNER_ONLY_KEYS,
  validateSettings,
  type Finding,
  ownerRule,
  type RawComment,
  type ResolvedSettings,
  resolveSettings,
  type RuleName,
  suppressInFile,
  type SuppressionProblem,
  type ValuesCut,
} from '@sunset-lint/core';
import type { TSESTree } from '@typescript-eslint/types';
import type { BaselineFor } from './baseline.js';

/** The key of the shared settings: `settings: { 'sunset-lint': { asOf, catalogue, … } }`. */
export const SETTINGS_KEY = 'sunset-lint';
const SETTINGS_WHERE = `ESLint settings['${SETTINGS_KEY}']`;

interface CachedSettings {
  /** The day the settings were resolved on: without `asOf`, grades follow the calendar. */
  day: string;
  resolved: ResolvedSettings;
}

/** The shared configuration file as last read: re-read when its size or modification time changes. */
interface FileSettings {
  /** The file as messages name it (`/repo/sunset-lint.config.json`, `…/package.json#sunset-lint`). */
  shown: string;
  /** `mtime size`: what says the file changed. */
  stamp: string;
  /** Its settings without the keys only the scanner reads, checked against the shared schema. */
  settings: Record<string, unknown>;
}

// Resolving (validation and catalogue loading) happens once per distinct configuration: the text
// key holds the file's identity, the ESLint settings and the day.
const byText = new Map<string, CachedSettings>();
const MAX_TEXT_ENTRIES = 32;
const fileSettings = new Map<string, FileSettings>();
const MAX_FILES = 64;
/** Every rule of one file asks: the search and the file's stamp are looked at once per file. */
const byFile = new WeakMap<object, ResolvedSettings>();

/**
 * Validated settings with the catalogue loaded: the shared configuration file (sunset-lint.config.*
 * or package.json's key, found from the linted file's folder upwards to the repository root by
 * core's `findConfigFile`, as the scanner finds it from its working directory) with ESLint's
 * `settings['sunset-lint']` over it, key by key. Invalid settings throw a SettingsError (or a
 * CatalogueError for an unknown entry id) whose message names the file or the ESLint settings and
 * the key or id; ESLint reports it as "Error while loading rule …" and stops, so a broken
 * configuration is never silent.
 */
export function settingsFor(
  shared: Readonly<Record<string, unknown>>,
  file: { filename: string; cwd: string; sourceCode: object },
): ResolvedSettings {
  const known = byFile.get(file.sourceCode);
  if (known) return known;
  const raw = shared[SETTINGS_KEY];
  const fromFile = sharedFileSettings(dirname(resolve(file.cwd, file.filename)));
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const hasAsOf = (isObject && 'asOf' in raw) || (fromFile !== undefined && 'asOf' in fromFile.settings);
  const day = hasAsOf ? '' : new Date().toISOString().slice(0, 10);
  const text = `${day}\u0000${fromFile ? `${fromFile.shown}\u0000${fromFile.stamp}` : ''}\u0000${JSON.stringify(raw ?? {})}`;
  let cached = byText.get(text);
  if (!cached) {
    const resolved =
      fromFile === undefined
        ? resolveSettings(raw, SETTINGS_WHERE)
        : raw === undefined
          ? resolveSettings(fromFile.settings, fromFile.shown)
          : resolveSettings(
              // Checked on its own first, so that a problem of the ESLint settings names them.
              { ...fromFile.settings, ...validateSettings(raw, SETTINGS_WHERE) },
              `${fromFile.shown} with ${SETTINGS_WHERE} over it`,
            );
    cached = { day, resolved };
    if (byText.size >= MAX_TEXT_ENTRIES) byText.clear();
    byText.set(text, cached);
  }
  byFile.set(file.sourceCode, cached.resolved);
  return cached.resolved;
}

/**
 * The shared settings of the configuration file that applies in `dir`, or undefined when there is
 * none. The keys only the scanner reads are dropped; the rest is checked here, so that a problem
 * names the file.
 */
function sharedFileSettings(dir: string): FileSettings | undefined {
  const { found } = findConfigFile(dir);
  if (!found) return undefined;
  const stats = statSync(found.path);
  const stamp = `${stats.mtimeMs} ${stats.size}`;
  const shown = 'packageJsonSettings' in found ? `${found.path}#${PACKAGE_JSON_KEY}` : found.path;
  const known = fileSettings.get(shown);
  if (known?.stamp === stamp) return known;
  const all = readConfigSync(found, found.path);
  const settings = Object.fromEntries(
    Object.entries(all).filter(([key]) => !(SCANNER_ONLY_KEYS as readonly string[]).includes(key)),
  );
  validateSettings(settings, shown);
  const read: FileSettings = { shown, stamp, settings };
  if (fileSettings.size >= MAX_FILES) fileSettings.clear();
  fileSettings.set(shown, read);
  return read;
}

interface FileAnalysis {
  settings: ResolvedSettings;
  byRule: Map<RuleName, RuleReport>;
}

/** What one rule reports in one file: its findings left after sunset-lint-ignore comments, and the comments' problems it owns. */
export interface RuleReport {
  findings: Finding[];
  problems: SuppressionProblem[];
  /** Values the file's budget left unknown: reported once per file, by `VALUES_CUT_RULE`. */
  valuesCut?: ValuesCut;
}

/**
 * The rule that reports values the file's budget cut (the scanner's `value-budget` diagnostic):
 * the values are URLs, which this rule reads. Disabling it drops that report too.
 */
export const VALUES_CUT_RULE: RuleName = 'no-deprecated-endpoint';

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
  baseline: () => BaselineFor = () => ({ fingerprintFile: filename }),
): RuleReport {
  let analysis = analyses.get(program);
  if (!analysis || analysis.settings !== settings) {
    // The baseline (a search for the repository root, a `stat` of its file) is looked up once per
    // file, by the rule that analyzes it: every rule asks for its findings.
    analysis = { settings, byRule: analyze(program, sourceText, comments, filename, settings, baseline()) };
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
  baseline: BaselineFor,
): Map<RuleName, RuleReport> {
  const { findings: found, valuesCut } = analyzeFile(program, sourceText, filename, settings, baseline.fingerprintFile);
  const suppressed = suppressInFile(found, sourceText, comments, settings, { eslintDirectives: false });
  const { problems } = suppressed;
  // After the comments, as the scanner applies it: what the repository's baseline accepts is not reported.
  const accepted = baseline.fingerprints;
  const findings = accepted ? suppressed.findings.filter((f) => !accepted.has(f.fingerprint)) : suppressed.findings;
  const byRule = new Map<RuleName, RuleReport>();
  const reportOf = (rule: RuleName) => {
    let report = byRule.get(rule);
    if (!report) byRule.set(rule, (report = { findings: [], problems: [] }));
    return report;
  };
  for (const finding of findings) reportOf(finding.ruleId).findings.push(finding);
  for (const problem of problems) reportOf(ownerRule(problem.entryIds, settings)).problems.push(problem);
  if (valuesCut) reportOf(VALUES_CUT_RULE).valuesCut = valuesCut;
  return byRule;
}
