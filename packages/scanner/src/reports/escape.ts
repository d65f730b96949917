/**
 * Escaping for the human-readable formats. Messages, titles and replacements come from catalogue
 * data (and user-added entries) and file names from the scanned repository: none of it may break
 * out of a table cell, start a link or inject markup.
 */

import { terminalSafe } from './terminal.js';

const MARKDOWN_SPECIAL = /[\\`*_{}[\]<>|~&#!]/g;
/** Catalogue texts mark names as code (`page_shield`); such spans are kept, everything else escaped. */
const CODE_SPAN = /`[^`\r\n]+`/g;

/**
 * Inline Markdown text: special characters backslash-escaped, line breaks folded to spaces. Balanced
 * single-backtick code spans stay code (their content is literal in Markdown anyway). In a table,
 * `|` is escaped inside code spans too, because GFM splits cells before it sees code.
 */
export function escapeMarkdown(text: string, inTable = false): string {
  const flat = terminalSafe(text.replace(/\r?\n|\r/g, ' '));
  let out = '';
  let last = 0;
  for (const match of flat.matchAll(CODE_SPAN)) {
    out += escapePlain(flat.slice(last, match.index));
    out += inTable ? match[0].replaceAll('|', '\\|') : match[0];
    last = match.index + match[0].length;
  }
  return out + escapePlain(flat.slice(last));
}

function escapePlain(text: string): string {
  return text.replace(MARKDOWN_SPECIAL, (char, offset: number) => {
    // An underscore inside a word (`zone_id`) never starts emphasis in GFM; leaving it keeps the source readable.
    if (char === '_' && /[\p{L}\p{N}]/u.test(text[offset - 1] ?? '') && /[\p{L}\p{N}]/u.test(text[offset + 1] ?? ''))
      return char;
    return `\\${char}`;
  });
}

/**
 * A Markdown code span that holds any text: the fence is longer than any backtick run inside.
 * GFM splits table cells on `|` even inside code spans, so pipes are escaped there too
 * (GFM removes the backslash when it renders the cell).
 */
export function markdownCode(text: string, inTable = false): string {
  const flat = terminalSafe(text.replace(/\r?\n|\r/g, ' '));
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  const span = `${fence}${pad}${flat}${pad}${fence}`;
  return inTable ? span.replaceAll('|', '\\|') : span;
}

/** A Markdown link, or plain escaped text without a URL. What could end the destination or a table cell is percent-encoded. */
export function markdownLink(text: string, url: string | undefined, inTable = false): string {
  if (!url) return escapeMarkdown(text, inTable);
  const destination = url.replace(
    /[()<>| ]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return `[${escapeMarkdown(text, inTable)}](${destination})`;
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values in the HTML report. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}

/** Escaped HTML text in which the catalogue's single-backtick code spans become `<code>`. */
export function htmlInline(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CODE_SPAN)) {
    out += escapeHtml(text.slice(last, match.index));
    out += `<code>${escapeHtml(match[0].slice(1, -1))}</code>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}
