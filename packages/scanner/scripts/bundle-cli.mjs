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
// `SUNSET_LINT_NO_BUNDLE=1` starts dist/cli/ whatever. `clean` removes the bundle. When rolldown
// cannot load here, the bundle is removed and the CLI runs from dist/cli/: slower, not wrong.
import { existsSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const OUT = `${DIST}bundle`;

/** Entries: the CLI, and the modules the CLI loads by their file's name, beside the bundle's. */
const INPUT = {
  main: `${DIST}cli/main.js`,
  'compile-cache': `${DIST}cli/compile-cache.js`,
  // `new Worker(new URL('./index-worker.js', import.meta.url))` (scan/parallel/index-in-workers.ts)
  'index-worker': `${DIST}scan/parallel/index-worker.js`,
  // `require('./parse.js')` (scan/reader/parse-oxc.ts, the TypeScript fallback of oxc's path)
  parse: `${DIST}scan/reader/parse.js`,
};

/** Loaded from their own packages: native bindings, WebAssembly, and what is required on demand. */
const OUTSIDE = ['typescript', 'oxc-parser', 'web-tree-sitter', 'yaml', 'ajv'];
const BUILTIN = new Set(builtinModules);

function isOutside(id) {
  if (id.startsWith('node:') || BUILTIN.has(id)) return true;
  // ajv's runtime helpers (imported by the generated validators) are in; its compiler is not.
  if (id.startsWith('ajv/dist/runtime/')) return false;
  return OUTSIDE.some((name) => id === name || id.startsWith(`${name}/`));
}

rmSync(OUT, { recursive: true, force: true });
if (process.argv[2] !== 'clean') {
  if (!existsSync(INPUT.main)) {
    process.stderr.write('bundle-cli: dist/cli/main.js is missing: run tsc -b first\n');
    process.exit(1);
  }
  let rolldown;
  try {
    ({ rolldown } = await import('rolldown'));
  } catch (error) {
    process.stderr.write(
      `bundle-cli: rolldown does not load here (${String(error).split('\n')[0]}): the CLI runs from dist/cli/\n`,
    );
    process.exit(0);
  }
  const bundle = await rolldown({ input: INPUT, platform: 'node', external: isOutside, logLevel: 'warn' });
  // Chunks beside the entries, one folder below dist/ as dist/cli/'s modules are: the paths they
  // build from `import.meta.url` (the grammars folder) stay right.
  await bundle.write({ dir: OUT, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
  await bundle.close();
}
