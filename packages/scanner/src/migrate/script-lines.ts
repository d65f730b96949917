import type { TextEdit } from '@sunset-lint/core';
import { lineEnd, lineStart } from './text.js';
import { escapeRegExp } from '@sunset-lint/core/internal';

/** A literal value a line entry may hold: Python's and Go's constants, numbers, a one-line string. */
const VALUE = String.raw`(?:True|False|None|true|false|nil|-?\d+(?:\.\d+)?|'[^'\\\r\n]*'|"[^"\\\r\n]*")`;

/**
 * The removal of the line that is, by itself, one entry of `name` in a shell script, a Python or a
 * Go file, where the name written at the range is that entry's key: a dict or map entry
 * (`"locked": False,`, `"Transfer-Encoding": {"chunked"},`), Go's `req.Header.Set("Transfer-Encoding",
 * "chunked")`, or a curl header option on a `\`-continued line of its command (`-H
 * "Transfer-Encoding: chunked" \`). The line goes with its line break; nothing else of the file
 * moves. Undefined for any other shape (an entry sharing its line, a value that is not a literal).
 * `headerName`: the name is a header's (matched without regard to case).
 */
export function lineEntryRemoval(
  text: string,
  range: readonly [number, number],
  language: string,
  name: string,
  headerName: boolean,
): TextEdit | undefined {
  const start = lineStart(text, range[0]);
  const end = lineEnd(text, range[0]);
  if (range[1] > end) return undefined;
  const line = text.slice(start, end).replace(/\r$/, '');
  const quoted = escapeRegExp(name);
  const flags = headerName ? 'i' : '';
  const shapes: RegExp[] =
    language === 'python'
      ? [new RegExp(String.raw`^\s*(['"])${quoted}\1\s*:\s*${VALUE}\s*,?\s*(?:#.*)?$`, flags)]
      : language === 'go'
        ? [
            new RegExp(
              String.raw`^\s*"${quoted}"\s*:\s*(?:${VALUE}|(?:\[\]string)?\{\s*${VALUE}\s*\})\s*,\s*(?://.*)?$`,
              flags,
            ),
            ...(headerName
              ? [
                  new RegExp(
                    String.raw`^\s*[A-Za-z_]\w*(?:\.\w+)*\.Header\.(?:Set|Add)\(\s*"${quoted}"\s*,\s*${VALUE}\s*\)\s*$`,
                    flags,
                  ),
                ]
              : []),
          ]
        : language === 'shell' && headerName
          ? [new RegExp(String.raw`^\s*(?:-H|--header)\s+(['"])${quoted}:[^'"\r\n$\`\\]*\1\s*\\$`, flags)]
          : [];
  if (!shapes.some((shape) => shape.test(line))) return undefined;
  // The key written at the range is the entry's own (not a word in another string of the line).
  const written = text.slice(range[0], range[1]).replace(/^['"]/, '').toLowerCase();
  if (!(written.startsWith(name.toLowerCase()) && /^(?:['"]|:.*)?$/.test(written.slice(name.length)))) return undefined;
  // A shell option line: the line above continues into it, so the command stays whole without it.
  if (language === 'shell' && (start === 0 || !/\\\r?\n$/.test(text.slice(lineStart(text, start - 1), start))))
    return undefined;
  return { start, end: end < text.length ? end + 1 : end, text: '' };
}
