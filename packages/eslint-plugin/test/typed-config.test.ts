/**
 * A user's typed `eslint.config.ts` (typed-eslint-config/user-config.ts) type-checks with
 * `tsc --strict` against the plugin's published declarations (dist/*.d.ts): the plugin is an `ESLint.Plugin`, its configs are `Linter.Config`s,
 * with ESLint 10's types and with ESLint 9's (the peer range), through `defineConfig` and
 * typescript-eslint's `config` too.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const project = (name: string) => fileURLToPath(new URL(`typed-eslint-config/${name}`, import.meta.url));

test.each([
  ['ESLint 10', 'tsconfig.json'],
  ['ESLint 9', 'tsconfig.eslint9.json'],
])(
  'a typed eslint.config.ts using the plugin passes tsc --strict with %s types',
  (_eslint, tsconfig) => {
    const run = spawnSync(
      process.execPath,
      [tsc, '-p', project(tsconfig), '--strict', '--exactOptionalPropertyTypes'],
      {
        encoding: 'utf8',
      },
    );
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  },
  HEAVY_TEST_MS,
);
