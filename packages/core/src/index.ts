export type * from './catalogue/types.js';
export { HTTP_METHODS } from './catalogue/types.js';
export { CatalogueError } from './catalogue/errors.js';
export { RULE_CAPABILITIES, type RuleCapabilities } from './catalogue/rule-capabilities.js';
export {
  defaultRulesDir,
  loadBuiltinEntries,
  loadCatalogue,
  schemaPath,
  type LoadCatalogueOptions,
} from './catalogue/load.js';
export { validateEntry } from './catalogue/validate.js';
export { describeMatchers } from './catalogue/describe.js';
export { formatDay, parseDay, todayUtc, type Day } from './grading/day.js';
export {
  DEFAULT_IMMINENT_DAYS,
  DEFAULT_SEVERITIES,
  GRADE_RANK,
  GRADES,
  gradeEol,
  isAtLeast,
  type Grade,
  type GradeResult,
  type GradingOptions,
  type Severity,
} from './grading/grade.js';
export { DEFAULT_API_HOSTS, normalizeApiUrl, type NormalizedPath } from './url/normalize.js';
export { matchPathTemplate } from './url/match.js';
export { compileTemplate, type PathTemplate } from './url/template.js';
export {
  concatPatterns,
  hole,
  paramsUsed,
  patternToString,
  substituteParams,
  text,
  type PatternPart,
  type UrlPattern,
} from './url/pattern.js';
export {
  CONFIDENCE_RANK,
  type Confidence,
  type Finding,
  type FindingFix,
  type RelatedLocation,
  type TextEdit,
} from './findings/finding.js';
export { buildFindings, type LocateInFile } from './findings/build.js';
export { fingerprintOf } from './findings/fingerprint.js';
export { formatFindingMessage } from './findings/message.js';
export type * from './extract/facts.js';
export { extractFacts, type ExtractOptions } from './extract/extract.js';
export { instantiateHelper, type CallSite } from './resolve/helper-call.js';
export { methodFromArgument } from './resolve/methods.js';
export { ANY_KEY, joinUrl } from './extract/evaluate.js';
export { LineIndex } from './extract/ast.js';
export { matchFacts } from './detect/match-facts.js';
export { matchRequest, type MatchContext } from './detect/requests.js';
export { matchSdkCall } from './detect/sdk.js';
export {
  applySettings,
  describeSettings,
  resolveSettings,
  SettingsError,
  validateSettings,
  type ResolvedSettings,
  type SunsetSettings,
} from './options.js';
export { extendSettingsSchema, SETTINGS_SCHEMA, settingsJsonSchema } from './settings/schema.js';
export { settingsValidator } from './settings/validate.js';
export { analyzeProgram, extractFileFacts } from './analyze.js';
export { prefilterFor, type Prefilter } from './detect/prefilter.js';
export { BULK_SETTINGS_TEMPLATE, SDK_SETTING_METHODS } from './api-surface.js';
