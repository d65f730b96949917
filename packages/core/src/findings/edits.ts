import type { TextEdit } from './finding.js';
import type { Range, SourceExcerpt } from '../facts.js';

/**
 * The text edits look at: a whole file, or an excerpt of it that starts at a line's start and holds
 * the lines of what is removed (`InnerObject.lines`), so that a matcher can build edits from facts.
 */
export type EditText = string | SourceExcerpt;

/**
 * Removes an object property together with one separating comma and the space after it, and with
 * the comments that are its own: one after it on its line (`locked: true, // the lock`) and, when
 * it has its line to itself, whole comment lines right above it. What is left reads as before,
 * without a comment about a property that is gone.
 */
export function propertyRemoval(source: EditText, range: Range): TextEdit {
  const { start: base, text } = excerptOf(source);
  let start = range[0] - base;
  let end = range[1] - base;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const ownsLine = /^[ \t]*$/.test(text.slice(lineStart, start));
  const after = /^[ \t]*,[ \t]*/.exec(text.slice(end));
  if (after) {
    end = pastTrailingComment(text, end + after[0].length);
    // Taking a whole line: drop its indentation and line break too, and the comment lines above it.
    const atLineEnd = text[end] === '\n' || text.startsWith('\r\n', end);
    if (ownsLine && atLineEnd) {
      start = commentLinesAbove(text, lineStart);
      end += text[end] === '\n' ? 1 : 2;
    } else if (atLineEnd) {
      // The last on a line of others: no blanks left at the line's end.
      while (start > lineStart && ' \t'.includes(text[start - 1]!)) start--;
    }
  } else {
    end = pastTrailingComment(text, end);
    const from = ownsLine ? commentLinesAbove(text, lineStart) : start;
    // The separating comma before it (`, key`), found by walking back over blanks (a regular
    // expression anchored at the end would read the whole text before it).
    let at = from;
    while (at > 0 && ' \t\r\n'.includes(text[at - 1]!)) at--;
    if (text[at - 1] === ',') start = at - 1;
    else if (ownsLine && (text[end] === '\n' || text.startsWith('\r\n', end))) {
      // Alone on its line after a comment (no comma to take before it): the whole line goes.
      start = from;
      end += text[end] === '\n' ? 1 : 2;
    }
  }
  return { start: start + base, end: end + base, text: '' };
}

/** Past a comment that ends the line after `at` (`// the lock`, `/* … *\/`), or `at` when none does. */
function pastTrailingComment(text: string, at: number): number {
  const comment = /^[ \t]*(?:\/\/[^\r\n]*|\/\*(?:(?!\*\/)[^\r\n])*\*\/[ \t]*(?=\r?\n|$))/.exec(text.slice(at));
  return comment ? at + comment[0].length : at;
}

/** The start of the whole comment lines right above the line starting at `lineStart` (itself when none). */
function commentLinesAbove(text: string, lineStart: number): number {
  let start = lineStart;
  while (start > 0) {
    const above = text.lastIndexOf('\n', start - 2) + 1;
    if (!/^[ \t]*(?:\/\/[^\r\n]*|\/\*(?:(?!\*\/)[^\r\n])*\*\/[ \t]*)\r?\n$/.test(text.slice(above, start))) break;
    start = above;
  }
  return start;
}

/**
 * Removes several properties of one object literal in a single edit set: each removal as above,
 * touching or overlapping ones merged (ESLint rejects overlapping edits), and a line left holding
 * only indentation taken away whole.
 */
export function propertiesRemoval(source: EditText, ranges: readonly Range[]): TextEdit[] {
  const { start: base, text } = excerptOf(source);
  const removals = ranges.map((range) => propertyRemoval(source, range)).sort((a, b) => a.start - b.start);
  const merged: TextEdit[] = [];
  for (const removal of removals) {
    const last = merged[merged.length - 1];
    if (last && removal.start <= last.end) last.end = Math.max(last.end, removal.end);
    else merged.push({ ...removal });
  }
  for (const edit of merged) {
    const start = edit.start - base;
    const end = edit.end - base;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const rest = /^[ \t]*(\r?\n)/.exec(text.slice(end));
    const endsLine = text[end - 1] === '\n';
    if (rest && !endsLine && /^[ \t]*$/.test(text.slice(lineStart, start))) {
      edit.start = lineStart + base;
      edit.end += rest[0].length;
    }
  }
  return merged;
}

/** The lines `range` is written on, with their line breaks: what edits inside it look at. */
export function linesOf(source: string, range: Range): SourceExcerpt {
  const start = source.lastIndexOf('\n', range[0] - 1) + 1;
  const lineEnd = source.indexOf('\n', range[1]);
  return { start, text: source.slice(start, lineEnd < 0 ? source.length : lineEnd + 1) };
}

function excerptOf(source: EditText): SourceExcerpt {
  return typeof source === 'string' ? { start: 0, text: source } : source;
}
