// The public API of @sunset-lint/core: what the two engines (the ESLint plugin and the scanner)
// and users' tooling need. Everything else is internal to the core; its own tests import modules
// directly.

// The catalogue: the schedule as data, loaded with the user's changes.
export type * from './catalogue/types.js';
export { CatalogueError } from './catalogue/errors.js';
export { defaultRulesDir, loadCatalogue } from './catalogue/load.js';
export { describeMatchers } from './catalogue/describe.js';
export { RULE_CAPABILITIES, type RuleCapabilities } from './catalogue/rule-capabilities.js';

// Settings shared by both engines.
export {
  applySettings,
  resolveSettings,
  SettingsError,
  type ResolvedSettings,
  type SunsetSettings,
} from './options.js';
export { extendSettingsSchema, SETTINGS_SCHEMA, settingsJsonSchema } from './settings/schema.js';
export { settingsValidator } from './settings/validate.js';
export type { FromSchema, SchemaNode } from './schema/from-schema.js';
export type { SchemaValidator } from './schema/ajv.js';
export type { GeneratedValidator } from './schema/generated.js';

// Grading.
export { formatDay, parseDay } from './grading/day.js';
export {
  DEFAULT_SEVERITIES,
  GRADE_RANK,
  GRADES,
  gradeEol,
  isAtLeast,
  type Grade,
  type GradeResult,
  type Severity,
} from './grading/grade.js';

// One file: what the ESLint plugin reports, and the scanner's per-file step.
export { analyzeProgram, extractFileFacts } from './analyze.js';
export { prefilterFor } from './detect/prefilter.js';
export { matchFacts } from './detect/match-facts.js';
export type { MatchContext } from './detect/requests.js';
export type * from './extract/facts.js';
export { LineIndex } from './extract/ast.js';

// Across files: what the scanner substitutes, with the same instantiation the extractor uses.
export { ANY_KEY, joinUrl } from './extract/evaluate.js';
export { instantiateHelper } from './resolve/helper-call.js';
export { concatPatterns, hole, paramsUsed, substituteParams, text, type PatternPart } from './url/pattern.js';

// Findings.
export {
  CONFIDENCE_RANK,
  type Confidence,
  type Finding,
  type FindingFix,
  type RelatedLocation,
  type TextEdit,
} from './findings/finding.js';
export { buildFindings, type LocateInFile } from './findings/build.js';
