import ts = require('typescript');
import type { RawComment } from '@sunset-lint/core';
import { scriptKindOf } from '../reader/parse.js';

/**
 * A file's comments from TypeScript's comment ranges: the trivia before and after every node
 * (leading and trailing ranges at each node's start and end cover every gap between tokens that
 * has a node on either side). Only read for a file that has findings or names sunset-lint, and
 * holds a directive word (the text test of core's suppress module), so most files never get here.
 */
export function commentsOf(file: string, text: string, parsed?: ts.SourceFile): RawComment[] {
  // A tree the scan already has (with parent pointers) serves as well as a new parse.
  const sourceFile =
    parsed ??
    ts.createSourceFile(
      file,
      text,
      { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
      true,
      scriptKindOf(file),
    );
  const found = new Map<number, RawComment>();
  const add = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (found.has(range.pos)) continue;
      const line = range.kind === ts.SyntaxKind.SingleLineCommentTrivia;
      const value = text.slice(range.pos + 2, line ? range.end : range.end - 2);
      found.set(range.pos, { kind: line ? 'line' : 'block', value, start: range.pos, end: range.end });
    }
  };
  const around = (pos: number) => {
    add(ts.getLeadingCommentRanges(text, pos));
    add(ts.getTrailingCommentRanges(text, pos));
  };
  const visit = (node: ts.Node): void => {
    // JSX text is not trivia: `// x` there is text, not a comment.
    const inJsxText = node.kind === ts.SyntaxKind.JsxText || (node.parent !== undefined && isJsxParent(node.parent));
    if (!inJsxText) {
      around(node.pos);
      around(node.end);
    }
    // `{/* eslint-disable-next-line … */}`: a comment alone in a JSX expression has no node around it.
    if (ts.isJsxExpression(node) && !node.expression) around(node.getStart(sourceFile) + 1);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return [...found.values()];
}

function isJsxParent(node: ts.Node): boolean {
  return node.kind === ts.SyntaxKind.JsxElement || node.kind === ts.SyntaxKind.JsxFragment;
}
