// @sunset-lint/core/schedule: the catalogue, the settings that change it and the grading of its
// dates, without the analysis of code (the extractors, detectors and their dependencies). It is the
// whole of what `sunset-lint schedule` and a scan that finds no file load; the root entry adds the
// analysis.

// The catalogue: the schedule as data, loaded with the user's changes.
export type * from './catalogue/types.js';
export { HTTP_METHODS, MIGRATION_CLASSES } from './catalogue/types.js';
export { CatalogueError } from './catalogue/errors.js';
export {
  byEndOfLife,
  defaultRulesDir,
  loadCatalogue,
  unknownCatalogueIds,
  writtenEntry,
  type UnknownCatalogueId,
} from './catalogue/load.js';
export { describeMatchers } from './catalogue/describe.js';
export {
  RULE_CAPABILITIES,
  RULE_NAMES,
  RULE_TABLE,
  type RuleCapabilities,
  type RuleRow,
} from './catalogue/rule-table.js';

// Settings shared by both engines.
export {
  applySettings,
  resolveSettings,
  SettingsError,
  validateSettings,
  type ResolvedSettings,
  type SunsetSettings,
} from './options.js';
export { extendSettingsSchema, SETTINGS_SCHEMA, settingsJsonSchema } from './settings/schema.js';
export { settingsValidator } from './settings/validate.js';
// The baseline file both engines honour, and the repository root its paths start from.
export {
  BASELINE_VERSION,
  type BaselineEntry,
  BaselineFormatError,
  DEFAULT_BASELINE_FILE,
  parseBaseline,
  repositoryRootOf,
} from './baseline/baseline-file.js';
// The configuration file both engines find (the scanner from its working directory, the plugin from the linted file).
export {
  CONFIG_FILES,
  configObject,
  describeSearch,
  findConfigFile,
  MAX_CONFIG_BYTES,
  PACKAGE_JSON_KEY,
  parseConfigJson,
  readConfigSync,
  SCANNER_ONLY_KEYS,
  type ConfigSearch,
  type ConfigTextReader,
} from './settings/config-file.js';
// For the configuration loader on the CLI's start path, which must not load the analysis (internal.ts).
export { jsonSyntaxErrorPlace } from './json-syntax.js';
export type { FromSchema, SchemaNode } from './schema/from-schema.js';
export type { SchemaValidator } from './schema/ajv.js';
export type { GeneratedValidator } from './schema/generated.js';

export { compareText } from './compare-text.js';

// Grading.
export { formatDay, parseDay, type Day } from './grading/day.js';
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
