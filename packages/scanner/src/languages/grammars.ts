import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Parser } from 'web-tree-sitter';

/**
 * tree-sitter grammars compiled to WebAssembly, run by web-tree-sitter: no native build at install
 * time (the native bindings do not load everywhere), a few tens of milliseconds to start. Each is
 * loaded, and its package resolved, only when a scan has a file of its language that passes the
 * text prefilter: a JavaScript-only scan never loads one.
 */
export type GrammarName = 'bash' | 'python' | 'go' | 'hcl';

/** Each grammar's file name, in its package and in the packed scanner's grammars/ folder. */
export const WASM_FILES: Record<GrammarName, string> = {
  bash: 'tree-sitter-bash.wasm',
  python: 'tree-sitter-python.wasm',
  go: 'tree-sitter-go.wasm',
  hcl: 'tree-sitter-hcl.wasm',
};

/**
 * Each grammar's file: the copy the packed scanner carries (grammars/, written at pack time by
 * scripts/pack-grammars.mjs, so that the grammar packages, with their install scripts, are only
 * development dependencies), else the one in the grammar's package (a development checkout).
 */
function wasmOf(name: GrammarName, require: NodeRequire): string {
  const packaged = fileURLToPath(new URL(`../../grammars/${WASM_FILES[name]}`, import.meta.url));
  if (existsSync(packaged)) return packaged;
  // Written out, so that dependency checks see the packages.
  switch (name) {
    case 'bash':
      return require.resolve('tree-sitter-bash/tree-sitter-bash.wasm');
    case 'python':
      return require.resolve('tree-sitter-python/tree-sitter-python.wasm');
    case 'go':
      return require.resolve('tree-sitter-go/tree-sitter-go.wasm');
    case 'hcl':
      return require.resolve('@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm');
  }
}

const loading = new Map<GrammarName, Promise<Parser>>();
let runtime: Promise<typeof import('web-tree-sitter')> | undefined;

/** The grammars loaded so far in this process (the start-up test reads it). */
export function loadedGrammars(): GrammarName[] {
  return [...loading.keys()];
}

export function loadGrammar(name: GrammarName): Promise<Parser> {
  let parser = loading.get(name);
  if (!parser) loading.set(name, (parser = load(name)));
  return parser;
}

async function load(name: GrammarName): Promise<Parser> {
  const require = createRequire(import.meta.url);
  runtime ??= import('web-tree-sitter').then(async (module) => {
    await module.Parser.init();
    return module;
  });
  const { Parser, Language } = await runtime;
  const grammar = await Language.load(wasmOf(name, require));
  const parser = new Parser();
  parser.setLanguage(grammar);
  return parser;
}
