import type { Parser } from 'web-tree-sitter';
import { loadGrammar } from '../languages/grammars.js';

/** tree-sitter's HCL grammar (languages/grammars.ts): loaded only when a scan has a `.tf` file. */
export function loadHclParser(): Promise<Parser> {
  return loadGrammar('hcl');
}
