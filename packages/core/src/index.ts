// The public API of @sunset-lint/core, covered by semver: what users' tooling may rely on. The
// engine-internal representation (facts, patterns, raw matches) and the steps over it are in
// `@sunset-lint/core/internal`, which only the two engines import and semver does not cover.

// The catalogue, the settings and grading: the `./schedule` entry, which loads without the analysis.
export * from './schedule.js';

// One ESTree program analysed on its own: what the ESLint plugin reports.
export { analyzeFile, analyzeProgram, type FileAnalysis } from './analyze.js';
export { type ValuesCut, valuesCutMessage } from './url/budget.js';

// Findings.
export {
  CONFIDENCE_RANK,
  type Confidence,
  type Finding,
  type FindingFix,
  type FindingMigration,
  type RelatedLocation,
  type TextEdit,
} from './findings/finding.js';

// Suppression comments (eslint-disable naming our rules, sunset-lint-ignore), for both engines.
export * from './suppress/index.js';
