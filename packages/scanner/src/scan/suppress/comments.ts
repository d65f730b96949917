import ts = require('typescript');
import type { RawComment } from '@sunset-lint/core';
import { scriptKindOf } from '../reader/parse.js';
import { readerInput } from '../reader/reader-input.js';

/**
 * A file's comments, as ESLint finds them: the trivia before every token (TypeScript gives each
 * token the comments written before it, so every gap between two tokens is read, `f(/* … *\/)`,
 * `{ /* … *\/ }` and `return /* … *\/;` included), and before the end of the file. JSX text is
 * not trivia: `// x` there is text, not a comment. Only read for a file that has findings or names
 * sunset-lint, and holds a directive word (the text test of core's suppress module), so most files
 * never get here.
 */
export function commentsOf(file: string, source: string, parsed?: ts.SourceFile): RawComment[] {
  // What the parsers read of the file (a CommonJS file's `<!--` comments are line comments, a
  // component's comments are its scripts').
  const input = readerInput(file, source);
  const text = parsed ? source : input.text;
  // A tree the scan already has (with parent pointers) serves as well as a new parse.
  const sourceFile =
    parsed ??
    ts.createSourceFile(
      file,
      text,
      { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
      true,
      scriptKindOf(input.grammar),
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
  const visit = (node: ts.Node): void => {
    // JSDoc is a comment's inside (a program built with JSDoc parsing has such nodes).
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(sourceFile);
    if (children.length === 0) {
      if (node.kind !== ts.SyntaxKind.JsxText && node.kind !== ts.SyntaxKind.JsxTextAllWhiteSpaces) {
        // TypeScript splits a gap's comments at its first line break: those before it "trail" the
        // token before, those after it "lead" this one. Both are the gap's.
        add(ts.getTrailingCommentRanges(text, node.pos));
        add(ts.getLeadingCommentRanges(text, node.pos));
      }
      return;
    }
    for (const child of children) visit(child);
  };
  visit(sourceFile);
  add(ts.getTrailingCommentRanges(text, sourceFile.endOfFileToken.pos));
  add(ts.getLeadingCommentRanges(text, sourceFile.endOfFileToken.pos));
  return [...found.values()].sort((a, b) => a.start - b.start);
}
