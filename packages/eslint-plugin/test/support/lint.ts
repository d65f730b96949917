/** Runs the real ESLint class with the plugin's recommended config, as a user's flat config would. */
import tsParser from '@typescript-eslint/parser';
import type { ESLint as ESLintClass, Linter } from 'eslint';
import plugin from '../../src/index.js';
import { REPO_ROOT } from '../../../core/test/support/fixtures.js';
import { AS_OF } from './rule-tester.js';

export { REPO_ROOT };

/** The constructor of ESLint 9 or 10: both are tested. */
export type ESLintConstructor = new (options: ESLintClass.Options) => ESLintClass;

/** What a project lints with: JS through espree (the default), TS and TSX through typescript-eslint. */
export function userConfig(
  settings: Record<string, unknown> = { asOf: AS_OF },
  config: 'recommended' | 'recommended-by-grade' = 'recommended',
): Linter.Config[] {
  return [
    { files: ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'] },
    plugin.configs[config] as Linter.Config,
    { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tsParser as Linter.Parser } },
    { files: ['**/*.{jsx,tsx}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
    { settings: { 'sunset-lint': settings } },
  ];
}

export interface Reported {
  /** Repository-relative, `/`-separated. */
  file: string;
  line: number;
  column: number;
  ruleId: string;
  severity: number;
  entryId: string;
  message: string;
}

/** Lints paths (relative to the repository) and returns every message, entry id parsed from its end. */
export async function lint(ESLint: ESLintConstructor, patterns: string[], config = userConfig()): Promise<Reported[]> {
  const eslint = new ESLint({ cwd: REPO_ROOT, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(patterns);
  return results.flatMap((result) =>
    result.messages.map((message) => ({
      file: result.filePath.slice(REPO_ROOT.length).split('\\').join('/'),
      line: message.line,
      column: message.column,
      ruleId: message.ruleId ?? '(none)',
      severity: message.severity,
      entryId: /\[([a-z0-9-]+)\]$/.exec(message.message)?.[1] ?? `(no entry id: ${message.message})`,
      message: message.message,
    })),
  );
}
