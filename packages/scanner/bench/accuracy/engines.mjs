/**
 * The two engines as users run them, in this process: the ESLint plugin through the real `ESLint`
 * class with a flat config, and the scanner's discovery plus two-pass scan.
 */
import { relative, sep } from 'node:path';
import plugin from '@sunset-lint/eslint-plugin';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { scan } from '../../dist/index.js';
import { EXPECTATION_FILES } from './expectations.mjs';

/** What a project's eslint.config.js holds: the recommended config, typescript-eslint for TS. */
function flatConfig(asOf) {
  return [
    { files: ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'] },
    plugin.configs.recommended,
    { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tseslint.parser } },
    { files: ['**/*.{jsx,tsx}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
    { settings: { 'sunset-lint': { asOf } } },
  ];
}

/** Every message ends with the entry id in brackets (`… [firewall-rules-api]`). */
const ENTRY_ID = /\[([a-z0-9-]+)\]$/;

/**
 * @returns {Promise<{ found: import('./expectations.mjs').Located[], problems: string[] }>}
 *   `problems`: messages that are not findings (parse errors), which would otherwise pass unseen.
 */
export async function runPlugin(root, files, asOf) {
  // A corpus of other languages only: nothing for ESLint (which would lint '.' when given no file).
  if (files.length === 0) return { found: [], problems: [] };
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: flatConfig(asOf) });
  const results = await eslint.lintFiles(files);
  const found = [];
  const problems = [];
  for (const result of results) {
    const file = relative(root, result.filePath).split(sep).join('/');
    for (const message of result.messages) {
      const entryId = ENTRY_ID.exec(message.message)?.[1];
      if (message.ruleId?.startsWith('sunset-lint/') && entryId) found.push({ file, line: message.line, entryId });
      else problems.push(`${file}:${message.line}: ${message.message}`);
    }
  }
  return { found, problems };
}

/** @returns {Promise<{ found: import('./expectations.mjs').Located[], problems: string[] }>} */
export async function runScanner(root, directories, asOf) {
  // The library call, with the configuration given (a corpus's own config file must not apply).
  const result = await scan({
    cwd: root,
    paths: directories,
    config: { asOf, exclude: [...EXPECTATION_FILES] },
    failOn: 'none',
  });
  return {
    found: result.findings.map((f) => ({ file: f.file, line: f.line, entryId: f.entryId })),
    problems: result.diagnostics.map((d) => `${d.file ?? ''}${d.line ? `:${d.line}` : ''}: ${d.message} [${d.code}]`),
  };
}
