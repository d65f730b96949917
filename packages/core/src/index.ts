// The public API of @sunset-lint/core: what the two engines (the ESLint plugin and the scanner)
// and users' tooling need. Everything else is internal to the core; its own tests import modules
// directly.

// The catalogue, the settings and grading: the `./schedule` entry, which loads without the analysis.
export * from './schedule.js';

// One file: what the ESLint plugin reports, and the scanner's per-file step.
export { analyzeProgram, extractFileFacts } from './analyze.js';
export { prefilterFor, type Prefilter } from './detect/prefilter.js';
export { crossFilePrefilterFor, type CrossFilePrefilter, type TermSet } from './detect/cross-file-prefilter.js';
export { decodeEscapes } from './detect/text-terms.js';
export { matchFacts } from './detect/match-facts.js';
export { matchDeclaredResource } from './detect/resources.js';
export type { MatchContext } from './detect/requests.js';
export type * from './extract/facts.js';
export { LineIndex } from './extract/ast.js';

// Across files (the scanner's graph step): the per-file index, then what other modules export
// substituted into a deferred file's facts, with the same instantiation the extractor uses.
export {
  indexFacts,
  resolveAcrossFiles,
  type DeferredFile,
  type IndexedFacts,
  type MatchableFacts,
} from './resolve/file-index.js';
export { CrossFileResolver, type ModuleRecord, type ModuleSource } from './resolve/cross-file.js';
export {
  anyOfTexts,
  concatPatterns,
  hole,
  paramsUsed,
  substituteParams,
  text,
  type PatternPart,
} from './url/pattern.js';

// Placing matches in the file their text is written in, and one finding per place across files.
export { matchesByFile } from './place/placement.js';
export { mergeFindingsAtSamePlace, withTypedFindings } from './place/merge.js';

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

// Where JSON text first breaks the grammar, as a line and column: for the scanner's config and
// document errors and the client's response errors, in words of ours rather than the parser's.
export { jsonSyntaxErrorOffset, lineAndColumn } from './json-syntax.js';

// Suppression comments (eslint-disable naming our rules, sunset-lint-ignore), for both engines.
export * from './suppress/index.js';
