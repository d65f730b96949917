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
