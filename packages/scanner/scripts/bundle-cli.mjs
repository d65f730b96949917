#!/usr/bin/env node
// The CLI as a few files (`dist/bundle/`), built from `tsc -b`'s output by `pnpm build`: loaded
// module by module, its start loads some 170 files of the scanner and core for a scan of a few
// files, and resolving, reading and compiling each costs more than what a pre-commit run scans
// (docs/scanner.md, "Start-up"). The commands, report writers, readers and parsers that load
// lazily stay lazy: each `import()` is a chunk of its own. The parsers with native or WebAssembly
// parts (TypeScript, oxc-parser, web-tree-sitter), yaml and ajv's compiler stay outside, loaded
// as before; everything else the CLI imports, core and its dependencies included, is in.
//
// bin/sunset-lint.js starts the bundle when it is there and newer than the last `tsc -b` of the
// scanner and of core (else dist/cli/, as built: `tsc -b` alone never leaves a stale CLI running);
// `SUNSET_LINT_NO_BUNDLE=1` starts dist/cli/ whatever. `clean` removes the bundle
// (scripts/bundle-with-rolldown.mjs, which the plugin's bundle shares).
import { fileURLToPath } from 'node:url';
import { bundleWithRolldown } from '../../../scripts/bundle-with-rolldown.mjs';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** Entries: the CLI, and the modules the CLI loads by their file's name, beside the bundle's. */
const INPUT = {
  main: `${DIST}cli/main.js`,
  'process-setup': `${DIST}cli/process-setup.js`,
  // `new Worker(new URL('./index-worker.js', import.meta.url))` (scan/parallel/index-in-workers.ts)
  'index-worker': `${DIST}scan/parallel/index-worker.js`,
  // `require('./parse.js')` (scan/reader/parse-oxc.ts, the TypeScript fallback of oxc's path)
  parse: `${DIST}scan/reader/parse.js`,
};

await bundleWithRolldown({
  name: 'bundle-cli',
  dist: DIST,
  input: INPUT,
  // Loaded from their own packages: native bindings, WebAssembly, and what is required on demand.
  outside: ['typescript', 'oxc-parser', 'web-tree-sitter', 'yaml', 'ajv'],
  rolldownFrom: new URL('../package.json', import.meta.url),
  fallback: 'dist/cli/',
});
