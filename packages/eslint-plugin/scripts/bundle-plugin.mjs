#!/usr/bin/env node
// The ESLint plugin as one file (`dist/bundle/index.js`), built from `tsc -b`'s output by
// `pnpm build`: loaded module by module, importing the plugin reads some 150 files of core, and on
// Node 20 (no compile cache) resolving, reading and compiling them is most of what the plugin adds
// to a short ESLint run (docs/eslint-plugin.md, "Start-up"). Core and its dependencies are inside,
// but for ajv's compiler (loaded only for a catalogue with another schema) and ESLint itself.
// dist/entry.js (the package's entry) loads the bundle when it is not older than the last `tsc -b`
// of the plugin and of core, else dist/index.js. `clean` removes the bundle
// (scripts/bundle-with-rolldown.mjs, which the CLI's bundle shares).
import { fileURLToPath } from 'node:url';
import { bundleWithRolldown } from '../../../scripts/bundle-with-rolldown.mjs';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

await bundleWithRolldown({
  name: 'bundle-plugin',
  dist: DIST,
  input: { index: `${DIST}index.js` },
  outside: ['eslint', 'ajv', 'typescript'],
  // The workspace's rolldown: a development dependency of the scanner, which bundles its CLI with it.
  rolldownFrom: new URL('../../scanner/package.json', import.meta.url),
  fallback: 'dist/index.js',
});
