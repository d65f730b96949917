import type { TextEdit } from '@sunset-lint/core';

/** Text splices that keep the file's layout: whole lines go with their line break, items with their separator. */

/** The offset where the line holding `at` starts. */
export function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** The offset of the line break ending the line holding `at` (the text's length on the last line). */
export function lineEnd(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
}

/**
 * Removes item `index` of a list whose items span `spans` (in source order, separated by commas):
 * an item alone on its lines goes with those lines (and its comma); an item sharing its line goes
 * with the separator after it, or, the last one, the separator before it.
 */
export function removeListItem(
  text: string,
  spans: ReadonlyArray<{ start: number; end: number }>,
  index: number,
  options: { alone?: boolean } = {},
): TextEdit | undefined {
  const item = spans[index];
  // An empty list is a change of its own (a request sending no items), unless the list may be empty.
  if (!item || (spans.length < 2 && !options.alone)) return undefined;
  const line = lineStart(text, item.start);
  const trailing = /^[ \t]*,?[ \t]*(?=\r?\n|$)/.exec(text.slice(item.end));
  if (/^[ \t]*$/.test(text.slice(line, item.start)) && trailing) {
    const end = item.end + trailing[0].length;
    return { start: line, end: end < text.length ? lineEnd(text, end) + 1 : end, text: '' };
  }
  const next = spans[index + 1];
  if (next) return { start: item.start, end: next.start, text: '' };
  const previous = spans[index - 1];
  if (previous) return { start: previous.end, end: item.end, text: '' };
  // The only item on a shared line: it goes with a comma after it.
  const comma = /^[ \t]*,/.exec(text.slice(item.end));
  return { start: item.start, end: item.end + (comma?.[0].length ?? 0), text: '' };
}

/**
 * An edit that renames a quoted key (`"value"` in a Go map or a JSON body) keeps the quotes: core
 * gives the new name bare, as JavaScript writes a key.
 */
export function keepingQuotes(text: string, edit: TextEdit): TextEdit {
  const old = text.slice(edit.start, edit.end);
  const quote = old[0];
  if (edit.text !== '' && old.length >= 2 && (quote === '"' || quote === "'" || quote === '`') && old.endsWith(quote)) {
    if (!edit.text.startsWith(quote)) return { ...edit, text: `${quote}${edit.text}${quote}` };
  }
  return edit;
}

/** What starts a line comment in a language the scanner reads (undefined: no comment is written). */
export function lineCommentOf(language: string): string | undefined {
  switch (language) {
    case 'javascript':
    case 'go':
      return '//';
    case 'python':
    case 'shell':
    case 'terraform':
      return '#';
    default:
      return undefined;
  }
}

/** The words every comment `migrate` writes starts with, so that a person (or a second run) finds it. */
export const COMMENT_MARK = 'sunset-lint migrate';
