import { analyzeProgram, resolveSettings, type Finding, type SunsetSettings } from '../../src/index.js';
import { parseForTest } from './parse.js';

/** Single-file findings for a code snippet (as TypeScript unless the name says otherwise). */
export function analyzeSnippet(code: string, settings: SunsetSettings = {}, file = 'snippet.ts'): Finding[] {
  return analyzeProgram(parseForTest(code, file), code, file, resolveSettings({ asOf: '2026-11-21', ...settings }));
}
