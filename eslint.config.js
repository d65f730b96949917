// The repository's own lint (`pnpm lint` = `eslint .`). It imports the built plugin from the
// workspace package, so `tsc -b` has to have run first (`pnpm install` does it in `prepare`).
import sunsetLint from '@sunset-lint/eslint-plugin';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const typescriptSources = ['packages/*/src/**/*.ts', 'packages/*/test/**/*.ts', '*.ts'];

export default defineConfig(
  {
    // Fixtures import packages that are not installed and are linted by the plugin's own tests
    // (packages/eslint-plugin/test/fixtures.test.ts), with the findings they are meant to have.
    // The *.generated.ts validators are ajv's standalone code (packages/core/scripts/generate-validators.mjs).
    ignores: ['fixtures/**', '**/dist/**', '**/node_modules/**', 'coverage/**', 'packages/*/src/**/*.generated.ts'],
  },
  {
    name: 'typescript',
    files: typescriptSources,
    extends: [tseslint.configs.recommended],
    rules: {
      // The code base marks deliberately unused bindings with a leading underscore
      // (`const { range: _range, ...rest } = part`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `import ts = require('typescript')`: TypeScript's 9 MB CommonJS file imported from ESM is
      // lexed for named exports first (~1 s of start-up); required, it is only compiled.
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
    },
  },
  {
    // Dogfood: the repository's sources under its own recommended config. Tests are left out:
    // they hold deprecated calls on purpose, as cases for the rules.
    name: 'sunset-lint on our sources',
    files: [
      'packages/*/src/**/*.ts',
      'packages/*/bin/**/*.js',
      'packages/*/scripts/**/*.mjs',
      'packages/*/bench/**/*.mjs',
    ],
    extends: [sunsetLint.configs.recommended],
  },
  {
    // rootCauseErrors reads `error_chain` on purpose: it unwraps the old error form and passes the
    // new one through (spec section 7), which is what the rule asks callers to do.
    name: 'sunset-lint: the reference client reads both error forms',
    files: ['packages/core/src/client/errors.ts'],
    rules: { 'sunset-lint/no-dns-error-chain': 'off' },
  },
  {
    // The Go SDK's methods and the paths they request, from the SDK's sources: knowledge of what the
    // SDK sends (the catalogue decides what is deprecated), never a request of ours.
    name: 'sunset-lint: the Go SDK table names the paths its methods request',
    files: ['packages/scanner/src/languages/go/cloudflare-go.ts'],
    rules: { 'sunset-lint/no-deprecated-endpoint': 'off' },
  },
);
