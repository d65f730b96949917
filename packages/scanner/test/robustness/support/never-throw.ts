/**
 * The never-throw property of both engines on one case: the ESLint plugin through the real `Linter`
 * (every rule on, typescript-eslint for TypeScript, espree with JSX for JavaScript) and the
 * scanner's per-file and cross-file steps (`runScan`, the function `sunset-lint scan` calls) on the
 * case's file and its neighbours. Either may report findings or a file-level problem (a parse
 * error, a too-deep file); neither may throw, and the scanner may not turn an exception into an
 * `internal-error` diagnostic.
 *
 * The seed is fixed in CI and random locally; fast-check prints the seed and the path of a failure
 * (replay: ROBUST_SEED=<seed> ROBUST_PATH=<path>; ROBUST_RUNS sets the number of cases).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { resolveSettings } from '@sunset-lint/core';
import plugin from '@sunset-lint/eslint-plugin';
import { Linter } from 'eslint';
import fc from 'fast-check';
import tseslint from 'typescript-eslint';
import { runScan } from '../../../src/scan/index.js';
import { propertyRuns } from '../../support/property-runs.js';

const property = propertyRuns('ROBUST', 20_261_123);
export const seed = property.seed;

const AS_OF = '2026-11-21';

/** What the engines made of the cases: how many each engine could read without a file-level problem. */
export interface Tally {
  cases: number;
  pluginParsed: number;
  scannerClean: number;
  withFindings: number;
}

export class NeverThrowEngines {
  private readonly linter: Linter;
  private readonly config: Linter.Config[];
  private readonly settings = resolveSettings({ asOf: AS_OF });
  readonly tally: Tally = { cases: 0, pluginParsed: 0, scannerClean: 0, withFindings: 0 };

  constructor(private readonly dir: string) {
    this.linter = new Linter({ cwd: dir });
    this.config = [
      { files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'] },
      plugin.configs.recommended as Linter.Config,
      { files: ['**/*.{js,jsx,mjs}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
      { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
      { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tseslint.parser as Linter.Parser } },
      { settings: { 'sunset-lint': { asOf: AS_OF } } },
    ];
  }

  /**
   * Both engines on `file` (absolute, already written with `code`); the scanner reads `neighbours`
   * too (the files of its folder), so that the cross-file pass runs over the damaged module.
   */
  async check(file: string, code: string, neighbours: readonly string[] = []): Promise<void> {
    this.tally.cases += 1;
    let messages: Linter.LintMessage[];
    try {
      messages = this.linter.verify(code, this.config, { filename: file });
    } catch (error) {
      throw new Error(`the ESLint plugin threw on ${basename(file)}: ${describe(error)}`, { cause: error });
    }
    if (!messages.some((message) => message.fatal)) this.tally.pluginParsed += 1;
    if (messages.some((message) => message.ruleId?.startsWith('sunset-lint/'))) this.tally.withFindings += 1;
    let result;
    try {
      result = await runScan({
        cwd: this.dir,
        files: [...new Set([file, ...neighbours])].sort(),
        settings: this.settings,
      });
    } catch (error) {
      throw new Error(`the scanner threw on ${basename(file)}: ${describe(error)}`, { cause: error });
    }
    const internal = result.diagnostics.filter((d) => d.code === 'internal-error');
    if (internal.length > 0)
      throw new Error(`the scanner failed inside: ${internal.map((d) => `${d.file}: ${d.message}`).join('; ')}`);
    if (!result.diagnostics.some((d) => d.file === basename(file) || d.file?.endsWith(`/${basename(file)}`)))
      this.tally.scannerClean += 1;
  }

  /** Writes a case as a new file (not a truncated old one: see support/engines.ts). */
  write(file: string, code: string): void {
    rmSync(file, { force: true });
    writeFileSync(file, code);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** fast-check's options for this suite: the seed, a replayed path, and the counterexample printed. */
export function assertOptions(numRuns: number): fc.Parameters<unknown> {
  return property.options(numRuns);
}
