/**
 * STAND-IN until the scan pipeline (src/scan/) lands: the fix command needs findings with their
 * fixes, and every fix the catalogue offers edits the file its finding is in, so the single-file
 * pass (what the ESLint plugin sees) finds them all except those reported at a call site through a
 * helper imported from another module. Replace the body of `findingsForFix` with the scan
 * pipeline's entry point; nothing else in fix/ depends on how findings are produced.
 */
import { readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { analyzeProgram, type ResolvedSettings, type Finding } from '@sunset-lint/core';
import { globby } from 'globby';
import { parseSync } from 'oxc-parser';
import type { Diagnostic } from '../reports/types.js';
import type { FindingsOf } from './run.js';

const SOURCE = '**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}';
const IGNORE = ['**/node_modules/**', '**/dist/**', '**/build/**', '**/*.min.js', '**/*.d.ts', '**/*.d.mts', '**/*.d.cts'];

export function findingsForFix(cwd: string, settings: ResolvedSettings): FindingsOf {
  return async (paths) => {
    const files = await sourceFiles(cwd, paths.length ? paths : ['.']);
    const findings: Finding[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const file of files) {
      const source = readFileSync(resolve(cwd, file), 'utf8');
      const parsed = parseSync(file, source, { lang: /\.(ts|mts|cts)$/.test(file) ? 'ts' : /\.tsx$/.test(file) ? 'tsx' : 'jsx' });
      if (parsed.errors.length > 0) {
        diagnostics.push({ code: 'parse-error', severity: 'error', message: parsed.errors[0]!.message, file });
        continue;
      }
      findings.push(...analyzeProgram(parsed.program as unknown as Parameters<typeof analyzeProgram>[0], source, file, settings));
    }
    return { findings, diagnostics };
  };
}

async function sourceFiles(cwd: string, paths: readonly string[]): Promise<string[]> {
  const out = new Set<string>();
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const rel = relative(cwd, absolute).split(sep).join('/');
    if (statSync(absolute).isFile()) out.add(rel);
    else for (const file of await globby(rel ? `${rel}/${SOURCE}` : SOURCE, { cwd, gitignore: true, ignore: IGNORE, dot: false })) out.add(file);
  }
  return [...out].sort();
}
