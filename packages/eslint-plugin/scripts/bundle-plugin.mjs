#!/usr/bin/env node
// The ESLint plugin as one file (`dist/bundle/index.js`), built from `tsc -b`'s output by
// `pnpm build`: loaded module by module, importing the plugin reads some 150 files of core, and on
// Node 20 (no compile cache) resolving, reading and compiling them is most of what the plugin adds
// to a short ESLint run (docs/eslint-plugin.md, "Start-up"). Core and its dependencies are inside,
// but for ajv's compiler (loaded only for a catalogue with another schema) and ESLint itself.
// dist/entry.js (the package's entry) loads the bundle when it is not older than the last `tsc -b`
// of the plugin and of core, else dist/index.js. `clean` removes the bundle. When rolldown cannot
// load here, the bundle is removed and the plugin runs from its compiled modules: slower, not wrong.
import { createRequire, builtinModules } from 'node:module';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const OUT = `${DIST}bundle`;
const BUILTIN = new Set(builtinModules);
const OUTSIDE = ['eslint', 'ajv', 'typescript'];

function isOutside(id) {
  if (id.startsWith('node:') || BUILTIN.has(id)) return true;
  // ajv's runtime helpers (imported by the generated validators) are in; its compiler is not.
  if (id.startsWith('ajv/dist/runtime/')) return false;
  return OUTSIDE.some((name) => id === name || id.startsWith(`${name}/`));
}

rmSync(OUT, { recursive: true, force: true });
if (process.argv[2] !== 'clean') {
  if (!existsSync(`${DIST}index.js`)) {
    process.stderr.write('bundle-plugin: dist/index.js is missing: run tsc -b first\n');
    process.exit(1);
  }
  let rolldown;
  try {
    // The workspace's rolldown: a development dependency of the scanner, which bundles its CLI with it.
    const scanner = createRequire(new URL('../../scanner/package.json', import.meta.url));
    ({ rolldown } = await import(pathToFileURL(scanner.resolve('rolldown')).href));
  } catch (error) {
    process.stderr.write(
      `bundle-plugin: rolldown does not load here (${String(error).split('\n')[0]}): the plugin runs from dist/index.js\n`,
    );
    process.exit(0);
  }
  const bundle = await rolldown({
    input: { index: `${DIST}index.js` },
    platform: 'node',
    external: isOutside,
    logLevel: 'warn',
  });
  // One folder below dist/, as dist/'s modules are: `new URL('../package.json', import.meta.url)` stays right.
  await bundle.write({ dir: OUT, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
  await bundle.close();
}
