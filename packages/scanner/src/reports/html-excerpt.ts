import { escapeHtml } from './escape.js';
import type { SourceLines } from './types.js';

/** Characters kept around the marked text when a line is too long to show whole (minified code). */
const CONTEXT = 60;
const MAX_MARKED = 120;

/**
 * Characters that would hide or rearrange what the reader sees (control characters, the JavaScript
 * line separators, bidirectional overrides as in "Trojan Source"): shown as their code point.
 */
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

export interface ExcerptPlace {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * One line of code with the reported text marked (`<mark>`), from the finding's 1-based columns in
 * UTF-16 units; a range that runs onto later lines is marked to the end of its first line. Leading
 * indentation is dropped and a long line is cut to a window around the mark. Empty when the line is
 * not available.
 */
export function renderExcerpt(place: ExcerptPlace, sourceLines: SourceLines | undefined): string {
  const text = sourceLines?.get(place.file)?.get(place.line);
  if (text === undefined) return '';
  const markStart = Math.min(Math.max(place.column - 1, 0), text.length);
  let markEnd =
    place.endLine === place.line ? Math.min(Math.max(place.endColumn - 1, markStart), text.length) : text.length;
  let cutMark = false;
  if (markEnd - markStart > MAX_MARKED) {
    markEnd = markStart + MAX_MARKED;
    cutMark = true;
  }
  const indentation = /^\s*/.exec(text)![0].length;
  const from = Math.max(Math.min(indentation, markStart), markStart - CONTEXT);
  const to = cutMark ? markEnd : Math.min(text.length, markEnd + CONTEXT);
  const cut = from > Math.min(indentation, markStart);
  const before = cut ? `…${text.slice(from, markStart).trimStart()}` : text.slice(from, markStart);
  const after = text.slice(markEnd, to) + (to < text.length ? '…' : '');
  return `<div class="excerpt"><span class="ln">${place.line}</span><code>${visible(before)}<mark>${visible(text.slice(markStart, markEnd))}</mark>${visible(after)}</code></div>`;
}

function visible(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(INVISIBLE)) {
    out += escapeHtml(text.slice(last, match.index));
    const codePoint = match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    out += `<span class="ctl" title="invisible character U+${codePoint}">U+${codePoint}</span>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}
