// Suppression comments, parsed and applied once for both engines. Each engine hands over its
// comments (ESLint: sourceCode.getAllComments(); the scanner: TypeScript's comment ranges).
export { mayHoldSuppressions, type RawComment } from './comments.js';
export { PLUGIN_NAMESPACE, UPCOMING_NAMESPACE } from './directives.js';
export { type SuppressedFinding, type SuppressionProblem, type SuppressionResult } from './apply.js';
export { ownerRule, suppressInFile } from './file.js';
