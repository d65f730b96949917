// Suppression comments, parsed and applied once for both engines. Each engine hands over its
// comments (ESLint: sourceCode.getAllComments(); the scanner: TypeScript's comment ranges).
export { mayHoldSuppressions, placeComments, type PlacedComment, type RawComment } from './comments.js';
export {
  IGNORE_KEYWORD,
  parseDirectives,
  RULE_NAMESPACES,
  type Directive,
  type EslintDirective,
  type IgnoreComment,
  type InvalidIgnore,
} from './directives.js';
export {
  applySuppressions,
  type SuppressedBy,
  type SuppressedFinding,
  type SuppressionOptions,
  type SuppressionProblem,
  type SuppressionResult,
} from './apply.js';
export { suppressInFile } from './file.js';
