import { LineIndex } from '../line-index.js';

/**
 * A comment as each engine's parser gives it: ESLint from `sourceCode.getAllComments()`, the
 * scanner from TypeScript's comment ranges. `value` is the text between the delimiters (`//`, or
 * `/*` and `*\/`), as ESLint's `comment.value`; `start`/`end` are offsets of the whole comment.
 */
export interface RawComment {
  kind: 'line' | 'block';
  value: string;
  start: number;
  end: number;
}

/** A comment placed in its file: what the directive rules need to know about where it sits. */
export interface PlacedComment extends RawComment {
  /** 1-based line and column of the comment's first character, and of its end. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Code precedes the comment on its first line (a trailing comment). */
  codeBefore: boolean;
}

/**
 * Cheap text test: a file without these words holds no suppression (`eslint-disable…`,
 * `sunset-lint-ignore`) and configures none of our rules (`/* eslint sunset-lint/<rule>: … *\/`),
 * so its comments need no parse.
 */
export function mayHoldSuppressions(text: string): boolean {
  return text.includes('eslint-') || text.includes('sunset-lint');
}

/** Only the comments that can be directives, placed with lines and columns. */
export function placeComments(text: string, comments: Iterable<RawComment>): PlacedComment[] {
  let lines: LineIndex | undefined;
  const placed: PlacedComment[] = [];
  for (const comment of comments) {
    if (!mayHoldSuppressions(comment.value)) continue;
    lines ??= new LineIndex(text);
    const from = lines.position(comment.start);
    const to = lines.position(comment.end);
    const lineStart = comment.start - (from.column - 1);
    placed.push({
      ...comment,
      line: from.line,
      column: from.column,
      endLine: to.line,
      endColumn: to.column,
      codeBefore: text.slice(lineStart, comment.start).trim() !== '',
    });
  }
  return placed.sort((a, b) => a.start - b.start);
}
