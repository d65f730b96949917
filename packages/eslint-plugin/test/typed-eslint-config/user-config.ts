// A user's typed `eslint.config.ts`, as the README suggests it (named otherwise here, or ESLint would take
// it for this folder's config): the plugin and its configs must be assignable to ESLint's own types
// (typed-config.test.ts type-checks this file with tsc --strict).
import sunsetLint from '@sunset-lint/eslint-plugin';
import type { ESLint, Linter } from 'eslint';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const plugin: ESLint.Plugin = sunsetLint;
const recommended: Linter.Config = sunsetLint.configs.recommended;
const byGrade: Linter.Config = sunsetLint.configs['recommended-by-grade'];

const configs: Linter.Config[] = [
  { files: ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'] },
  recommended,
  byGrade,
  {
    plugins: { 'sunset-lint': plugin },
    rules: { 'sunset-lint/no-deprecated-endpoint': ['error', { grades: ['expired'] }] },
  },
  { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tseslint.parser } },
  { settings: { 'sunset-lint': { imminentDays: 120, catalogue: { disable: ['zone-setting-brotli'] } } } },
];

export const withDefineConfig = defineConfig(
  sunsetLint.configs['recommended-by-grade'],
  { plugins: { 'sunset-lint': sunsetLint } },
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
);

export const withTypescriptEslint = tseslint.config(sunsetLint.configs.recommended, {
  plugins: { 'sunset-lint': sunsetLint },
});

// The import is typed (not `any`): a config the plugin does not have is an error.
// @ts-expect-error -- there is no `strict` config
export const missing: Linter.Config = sunsetLint.configs.strict;

export default configs;
