import { parse } from '@typescript-eslint/typescript-estree';
import type { TSESTree } from '@typescript-eslint/types';

/** Parses a fixture the way ESLint's TypeScript parser would (JSX on for .tsx/.jsx/.js family). */
export function parseForTest(source: string, file: string): TSESTree.Program {
  const jsx = /\.(tsx|jsx|js|mjs|cjs)$/.test(file);
  return parse(source, { range: true, loc: true, jsx, comment: false, filePath: file }) as unknown as TSESTree.Program;
}
