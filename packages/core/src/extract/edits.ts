import type { TextEdit } from '../findings/finding.js';
import type { Range } from './facts.js';

/** Removes an object property together with one separating comma and the space after it. */
export function propertyRemoval(source: string, range: Range): TextEdit {
  let [start, end] = range;
  const after = /^[ \t]*,[ \t]*/.exec(source.slice(end));
  if (after) {
    end += after[0].length;
    // Taking a whole line: drop its indentation and line break too.
    const lineStart = source.lastIndexOf('\n', start - 1) + 1;
    if (/^[ \t]*$/.test(source.slice(lineStart, start)) && (source[end] === '\n' || source.startsWith('\r\n', end))) {
      start = lineStart;
      end += source[end] === '\n' ? 1 : 2;
    }
  } else {
    const before = /,[ \t\r\n]*$/.exec(source.slice(0, start));
    if (before) start -= before[0].length;
  }
  return { start, end, text: '' };
}

/**
 * Removes several properties of one object literal in a single edit set: each removal as above,
 * touching or overlapping ones merged (ESLint rejects overlapping edits), and a line left holding
 * only indentation taken away whole.
 */
export function propertiesRemoval(source: string, ranges: readonly Range[]): TextEdit[] {
  const removals = ranges.map((range) => propertyRemoval(source, range)).sort((a, b) => a.start - b.start);
  const merged: TextEdit[] = [];
  for (const removal of removals) {
    const last = merged[merged.length - 1];
    if (last && removal.start <= last.end) last.end = Math.max(last.end, removal.end);
    else merged.push({ ...removal });
  }
  for (const edit of merged) {
    const lineStart = source.lastIndexOf('\n', edit.start - 1) + 1;
    const rest = /^[ \t]*(\r?\n)/.exec(source.slice(edit.end));
    const endsLine = source[edit.end - 1] === '\n';
    if (rest && !endsLine && /^[ \t]*$/.test(source.slice(lineStart, edit.start))) {
      edit.start = lineStart;
      edit.end += rest[0].length;
    }
  }
  return merged;
}
