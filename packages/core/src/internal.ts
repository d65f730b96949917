// @sunset-lint/core/internal: what only the two engines (the ESLint plugin and the scanner) need
// of the core, the engine-internal representation (a file's facts, URL patterns and their parts,
// raw matches) and the steps over it. NOT covered by semver: it changes with the engines, in any
// release. Users' tooling imports `@sunset-lint/core` (or `/schedule`, `/client`) instead.

// One file's facts, and the steps from them to findings.
export { extractFileFacts } from './analyze.js';
export type * from './facts.js';
export { HOLE } from './facts.js';
/** The ESTree walk by typescript-eslint's visitor keys (the scanner's migration place syntax walks with it). */
export { forEachChild } from './read/ast.js';
export { LINE_BREAK, LineIndex } from './line-index.js';
export { prefilterFor, type Prefilter } from './match/prefilter.js';
export { crossFilePrefilterFor, type CrossFilePrefilter, type TermSet } from './match/cross-file-prefilter.js';
export { decodeEscapes } from './match/text-terms.js';
export { escapeRegExp } from './text/escape-regexp.js';
export { matchFacts, textSentToAnotherHostFromOtherModules, withoutRewritesOfSharedText } from './match/match-facts.js';
export { vocabularyOf } from './match/vocabulary.js';
export { isRequestCommandLine, otherHost, silentByText } from './read/written-paths.js';
export { SDK_RECEIVER_NAMES } from './read/knowledge/sdk-clients.js';
export { matchDeclaredResource } from './match/resources.js';
export type { MatchContext } from './match/requests.js';
export { buildFindings, type IdentityOf, type LocateInFile } from './findings/build.js';

// Across files (the scanner's graph step): the per-file index, then what other modules export
// substituted into a deferred file's facts, with the same instantiation the extractor uses.
export {
  detached,
  indexFacts,
  resolveAcrossFiles,
  type DeferredFile,
  type IndexedFacts,
  type MatchableFacts,
  ownString,
} from './resolve/file-index.js';
export { CrossFileResolver, type ModuleRecord, type ModuleSource } from './resolve/cross-file.js';
export {
  anyOfTexts,
  branchesHole,
  concatPatterns,
  hole,
  knownStrings,
  paramsUsed,
  settingEndpoint,
  substituteParams,
  text,
  type PatternPart,
  type TextSpan,
} from './url/pattern.js';

// Placing matches in the file their text is written in, and one finding per place across files.
export { matchesByFile } from './place/placement.js';
export { mergeFindingsAtSamePlace, mergeMatchesAtSamePlace, withTypedFindings } from './place/merge.js';
export { withFloorReadings } from './place/floor.js';

// Where JSON text first breaks the grammar, as a line and column: for the scanner's config and
// document errors and the client's response errors, in words of ours rather than the parser's.
