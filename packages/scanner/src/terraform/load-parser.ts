import { createRequire } from 'node:module';
import type { Parser } from 'web-tree-sitter';

/**
 * tree-sitter's HCL grammar compiled to WebAssembly, run by web-tree-sitter: no native build at
 * install time, ~20 ms to start. Loaded (and its packages resolved) only when a scan has a `.tf`
 * file, so JavaScript-only scans never pay for it.
 */
let loading: Promise<Parser> | undefined;

export function loadHclParser(): Promise<Parser> {
  loading ??= load();
  return loading;
}

async function load(): Promise<Parser> {
  const require = createRequire(import.meta.url);
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const grammar = await Language.load(require.resolve('@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm'));
  const parser = new Parser();
  parser.setLanguage(grammar);
  return parser;
}
