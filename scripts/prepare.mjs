#!/usr/bin/env node
/**
 * The root package's `prepare`: builds the packages (`tsc -b`). Uses nothing but Node's own modules,
 * because it also runs where no dependency is installed yet.
 *
 * In a development checkout `pnpm install` (or `npm install`) installs the development
 * dependencies before `prepare`, so this is `tsc -b` and nothing else.
 *
 * The pre-commit framework installs this repository as a `language: node` hook with
 * `npm install -g git+file://<its clone>` (pre_commit/languages/node.py). For a git dependency
 * with a `prepare` script npm is meant to install the dependency's development dependencies first,
 * in the cloned folder; but the `-g` of the outer command reaches that inner `npm install`
 * (through the environment, `npm_config_global=true`), which then installs the folder globally
 * instead, and `prepare` finds no TypeScript (`sh: 1: tsc: not found`). So when TypeScript is
 * missing and npm is the one running this, the script installs the development dependencies itself
 * (`--global=false`, into the folder; no install scripts, so no `prepare` again) and then builds.
 *
 * When npm packs the folder for an install (a git dependency, `npm install <folder>
 * --install-links`: pacote then sets `npm_package_resolved`), the catalogue is copied into
 * @sunset-lint/core as the root's `prepack` does for `npm pack` (npm runs only `prepare` there),
 * so that the bundled core carries it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const userAgent = process.env.npm_config_user_agent ?? '';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(TSC)) {
  if (!userAgent.startsWith('npm/') || !process.env.npm_execpath) {
    process.stderr.write(
      'prepare: TypeScript is not installed in node_modules: install the development dependencies first (pnpm install).\n',
    );
    process.exit(1);
  }
  process.stderr.write('prepare: installing the development dependencies to build the packages (npm install)\n');
  run(process.execPath, [
    process.env.npm_execpath,
    'install',
    '--global=false',
    '--install-links=false',
    '--include=dev',
    '--include=prod',
    '--include=optional',
    '--ignore-scripts',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--no-progress',
  ]);
}

run(process.execPath, [TSC, '-b']);

if (process.env.npm_package_resolved) {
  run(process.execPath, [fileURLToPath(new URL('../packages/core/scripts/pack-rules.mjs', import.meta.url))]);
}
