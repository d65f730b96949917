import type { TextEdit } from './finding.js';
import type { Range, SourceExcerpt } from '../facts.js';

/**
 * The text edits look at: a whole file, or an excerpt of it that starts at a line's start and holds
 * the lines of what is removed (`InnerObject.lines`), so that a matcher can build edits from facts.
 */
export type EditText = string | SourceExcerpt;

/** Removes an object property together with one separating comma and the space after it. */
export function propertyRemoval(source: EditText, range: Range): TextEdit {
  const { start: base, text } = excerptOf(source);
  let start = range[0] - base;
  let end = range[1] - base;
  const after = /^[ \t]*,[ \t]*/.exec(text.slice(end));
  if (after) {
    end += after[0].length;
    // Taking a whole line: drop its indentation and line break too.
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    if (/^[ \t]*$/.test(text.slice(lineStart, start)) && (text[end] === '\n' || text.startsWith('\r\n', end))) {
      start = lineStart;
      end += text[end] === '\n' ? 1 : 2;
    }
  } else {
    // The separating comma before it (`, key`), found by walking back over blanks (a regular
    // expression anchored at the end would read the whole text before it).
    let at = start;
    while (at > 0 && ' \t\r\n'.includes(text[at - 1]!)) at--;
    if (text[at - 1] === ',') start = at - 1;
  }
  return { start: start + base, end: end + base, text: '' };
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
