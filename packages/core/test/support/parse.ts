import { parse } from '@typescript-eslint/typescript-estree';
import type { TSESTree } from '@typescript-eslint/types';
import type { RawComment } from '../../src/suppress/comments.js';

/** Parses a fixture the way ESLint's TypeScript parser would (JSX on for .tsx/.jsx/.js family). */
export function parseForTest(source: string, file: string): TSESTree.Program {
  const jsx = /\.(tsx|jsx|js|mjs|cjs)$/.test(file);
  return parse(source, { range: true, loc: true, jsx, comment: false, filePath: file }) as unknown as TSESTree.Program;
}

/** The comments ESLint's parser gives (`sourceCode.getAllComments()`), in core's neutral shape. */
export function commentsForTest(source: string, file: string): RawComment[] {
  const jsx = /\.(tsx|jsx|js|mjs|cjs)$/.test(file);
  const program = parse(source, { range: true, jsx, comment: true, filePath: file });
  return (program.comments ?? []).map((comment) => ({
    kind: comment.type === 'Line' ? 'line' : 'block',
    value: comment.value,
    start: comment.range[0],
    end: comment.range[1],
  }));
}
