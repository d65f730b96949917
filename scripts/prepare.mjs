#!/usr/bin/env node
/**
 * The root package's `prepare`. It uses nothing but Node's own modules, because it also runs where
 * no dependency is installed yet.
 *
 * In a development checkout `pnpm install` (or `npm install`) installs the development
 * dependencies before `prepare`, and this is `tsc -b`.
 *
 * When npm packs this folder to install it (pacote then sets `npm_package_resolved` to the folder),
 * it builds what the packed root carries (the bundled scanner and core) and copies the catalogue
 * into @sunset-lint/core and the tree-sitter grammars into the scanner, as the packages' `prepack`
 * scripts do for `npm pack` (npm runs only `prepare` there). That is how the pre-commit framework
 * installs the hook of .pre-commit-hooks.yaml: `npm install -g git+file://<its clone>`
 * (pre_commit/languages/node.py). For a git dependency with a `prepare` script npm means to
 * install the development dependencies in the cloned folder first, but the `-g` of the outer
 * command reaches that inner `npm install` through the environment
 * (`npm_config_global=true`), which then installs the folder globally instead, and TypeScript is
 * missing (`sh: 1: tsc: not found`). So when npm packs this folder and TypeScript is missing, this
 * script installs the development dependencies itself (`--global=false`, into the folder, without
 * install scripts, so no `prepare` again) and then builds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const PACK_RULES = fileURLToPath(new URL('../packages/core/scripts/pack-rules.mjs', import.meta.url));
const PACK_GRAMMARS = fileURLToPath(new URL('../packages/scanner/scripts/pack-grammars.mjs', import.meta.url));
const BUNDLE_CLI = fileURLToPath(new URL('../packages/scanner/scripts/bundle-cli.mjs', import.meta.url));
const BUNDLE_PLUGIN = fileURLToPath(new URL('../packages/eslint-plugin/scripts/bundle-plugin.mjs', import.meta.url));

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** npm is packing this very folder (a git dependency, `npm install --install-links <folder>`). */
function npmPacksThisFolder() {
  const resolved = process.env.npm_package_resolved;
  if (!resolved || !isAbsolute(resolved) || !existsSync(resolved)) return false;
  return realpathSync(resolved) === realpathSync(ROOT);
}

const packing = npmPacksThisFolder();

if (!existsSync(TSC)) {
  if (!packing || !process.env.npm_execpath) {
    process.stderr.write(
      'prepare: TypeScript is not installed in node_modules: install the development dependencies first (pnpm install).\n',
    );
    process.exit(1);
  }
  process.stderr.write('prepare: installing the development dependencies to build the hook (npm install)\n');
  run(process.execPath, [
    process.env.npm_execpath,
    'install',
    '--global=false',
    '--install-links=false',
    '--include=dev',
    '--include=prod',
    '--include=optional',
    '--ignore-scripts',
    '--prefer-offline',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--no-progress',
  ]);
}

if (packing) {
  // The scanner and core (the packed root bundles the scanner); the ESLint plugin is not needed.
  run(process.execPath, [TSC, '-b', 'packages/scanner']);
  run(process.execPath, [BUNDLE_CLI]);
  run(process.execPath, [PACK_RULES]);
  run(process.execPath, [PACK_GRAMMARS]);
} else {
  run(process.execPath, [TSC, '-b']);
  // The CLI in a few files (docs/scanner.md, "Start-up"); bin/ starts it while it is newer than tsc's build.
  run(process.execPath, [BUNDLE_CLI]);
  // The ESLint plugin in one file (docs/eslint-plugin.md, "Start-up"); its entry loads it while it is newer than tsc's build.
  run(process.execPath, [BUNDLE_PLUGIN]);
  // Copies left by an install of this folder would hide the repository's rules/ from core.
  run(process.execPath, [PACK_RULES, 'clean']);
  run(process.execPath, [PACK_GRAMMARS, 'clean']);
}
