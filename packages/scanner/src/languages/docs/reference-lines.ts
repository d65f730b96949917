import type { FactsBuilder, ObjectLiteral } from '../facts-builder.js';
import { writtenValue } from '../facts-builder.js';
import { objectsInJsonText } from '../json-text.js';
import { methodOf } from '../syntax.js';

/**
 * Endpoints a document names in the HTTP reference style, outside the code blocks a grammar reads:
 * `PATCH /zones/:zone_id/settings/minify` in a list, a table cell, inline code, an `http` block.
 * A path without its method is prose (a sentence that mentions it) and stays silent, as do notes
 * that say what was removed or replaced and whole changelogs. A JSON block right after such a line
 * is that request's body.
 */
const REFERENCE =
  /\b(GET|POST|PUT|PATCH|DELETE|HEAD)\b[*_`\s:|]{1,8}((?:https?:\/\/[^\s`|)>\]]+)|(?:\/?[A-Za-z{:<][^\s`|)>\]]*\/[^\s`|)>\]]*))/g;
/** Headings and file names of pages about the past (what changed), whose lines are silent. */
const HISTORY_PAGE = /(^|\/)(changelog|changes|history|news|release[-_ ]?notes|migrat\w*|upgrad\w*)[^/]*$/i;
const HISTORY_HEADING =
  /\b(changelog|release notes|history|migrat\w*|upgrad\w*|deprecat\w*|removed|replaced|what changed)\b/i;
/**
 * Words that make a section about the past (`## Legacy contract`, `## Before`), but not a page: a
 * runbook titled `# Offboarding from the legacy organization` is the steps to run against it.
 */
const PAST_SECTION_HEADING = /\b(before|legacy)\b/i;

/** Whether a heading (its text, and whether it is the page's title) opens a section about the past. */
function isPastHeading(heading: string, title: boolean): boolean {
  return HISTORY_HEADING.test(heading) || (!title && PAST_SECTION_HEADING.test(heading));
}
/** A line that maps an endpoint to what replaced it (`` `GET /zones/:id/firewall/waf/packages` → managed rulesets ``). */
const MAPS_TO = /\S\s*(→|⟶|=>)\s*\S/;
export const HISTORY =
  /\b(remov(ed|es|ing)|replac\w*|delet(ed|es)|no longer|instead of|formerly|used to|retired|dropped|obsolete|superseded)\b/i;

/** Words of a line that says something about an endpoint's retirement rather than calling it. */
const ABOUT_RETIREMENT = /\b(deprecat\w*|legacy|sunset\w*|end[- ]of[- ]life|EOL|old|retir\w*|remov\w*)\b/i;

/** The reference at `index` (`length` long) is the whole of an inline code span. */
function isInlineCode(line: string, index: number, length: number): boolean {
  const end = index + length;
  return line[index - 1] === '`' && (line[end] === '`' || /^[.,;:'"*_]+`/.test(line.slice(end)));
}

export function readReferenceLines(
  text: string,
  builder: FactsBuilder,
  parsed: ReadonlyArray<[number, number]>,
  json: ReadonlyArray<{ start: number; end: number }>,
  file: string,
  objects: readonly ObjectLiteral[] = [],
): void {
  if (HISTORY_PAGE.test(file)) return;
  const inParsed = (at: number) => parsed.some(([start, end]) => start <= at && at < end);
  let lastRequest: { end: number; index: number } | undefined;
  const prose: Array<{ url: ReturnType<typeof writtenValue>; method: string; range: [number, number] }> = [];
  let lineStart = 0;
  let past = false;
  let previous = '';
  /** The lines read (by their starts): not in a parsed block, a page's past or a note of what changed. */
  const readLines: number[] = [];
  const inMigrationTable = migrationTables();
  for (const line of text.split('\n')) {
    const start = lineStart;
    lineStart += line.length + 1;
    if (inMigrationTable(line, previous)) {
      previous = line;
      continue;
    }
    // A heading (Markdown `#`, or reStructuredText's underlined title) opens a section.
    const heading =
      /^\s{0,3}#{1,6}\s+(.*)$/.exec(line)?.[1] ??
      (/^([=\-~^"'`#*+]{3,})\s*$/.test(line) && previous.trim() ? previous : undefined);
    previous = line;
    if (heading !== undefined && !inParsed(start)) past = isPastHeading(heading, /^\s{0,3}#\s/.test(line));
    if (past || inParsed(start) || HISTORY.test(line) || MAPS_TO.test(line) || /^\s*<!--/.test(line)) continue;
    readLines.push(start);
    for (const found of line.matchAll(REFERENCE)) {
      // A reference starts its line, list item or table cell (or follows a label's colon); in the
      // middle of a sentence it is prose ("the legacy endpoint (`GET /zones/…`) is being retired").
      const before = line
        .slice(0, found.index)
        .replace(/^\s*(?:[-*+>]|\d+[.)])?\s*/, '')
        .replace(/[*_`\s]+$/, '');
      const path = found[2]!.replace(/[.,;:'"*_]+$/, '');
      const at = start + found.index + found[0].length - found[2]!.length;
      // Inline code in an instruction (``- [ ] Look at `GET /zones/:zone_id/rate_limits` first``) is
      // the endpoint to call; a sentence about the endpoint's retirement is prose.
      const instruction = isInlineCode(line, found.index, found[0].length) && !ABOUT_RETIREMENT.test(line);
      if (before !== '' && !before.endsWith('|') && !before.endsWith(':') && !instruction) {
        // Still what a JSON block right after it is sent to ("… with `POST /zones/{id}/dns_records` and this body:").
        prose.push({ url: writtenValue(path, at), method: found[1]!, range: [start + found.index, at + path.length] });
        continue;
      }
      builder.request({
        url: writtenValue(path, at),
        method: { kind: 'known', method: found[1] as never },
        range: [start + found.index, at + path.length],
        via: 'mention',
      });
      lastRequest = { end: at + path.length, index: builder.requests.length - 1 };
    }
  }
  // A list item or table cell that is only a path in code (``/zones/{zone_id}/firewall/waf/overrides``):
  // an endpoint the page lists, its method unknown.
  lineStart = 0;
  past = false;
  const inMigrationTable2 = migrationTables();
  let above = '';
  for (const line of text.split('\n')) {
    const start = lineStart;
    lineStart += line.length + 1;
    const skip = inMigrationTable2(line, above);
    above = line;
    if (skip) continue;
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading !== undefined) past = isPastHeading(heading, /^\s{0,3}#\s/.test(line));
    if (past || inParsed(start) || HISTORY.test(line) || MAPS_TO.test(line)) continue;
    const found =
      /^(\s*(?:[-*+]|\d+[.)]|\|)?\s*)(`{1,2})(\/(?:client\/v4\/)?(?:zones|accounts|user|organizations)\/[^`\s]*)\2\s*(\||$|[-–:]\s)/.exec(
        line,
      );
    if (!found || /\b(GET|POST|PUT|PATCH|DELETE|HEAD)\b/.test(line)) continue;
    const at = start + found[1]!.length + found[2]!.length;
    builder.request({
      url: writtenValue(found[3]!, at),
      method: { kind: 'unknown' },
      range: [at, at + found[3]!.length],
      via: 'mention',
    });
  }
  readRequestBlocks(text, builder, readLines);
  readOpenApiPaths(text, builder, readLines);
  readElementAttributes(text, builder, readLines);
  // A JSON block within a few lines after a reference line is its body.
  void lastRequest;
  const named = [
    ...builder.requests.map((request) => ({ url: request.url, method: request.method, range: request.range })),
    ...prose.map((request) => ({
      url: request.url,
      method: { kind: 'known' as const, method: request.method as never },
      range: request.range,
    })),
  ];
  // The objects a text file writes (a Hurl or Bruno body, in JSON, YAML or a hashtable) likewise.
  const bodies = [
    ...json.map((block) => ({
      start: block.start,
      objects: () => objectsInJsonText(writtenValue(text.slice(block.start, block.end), block.start)),
    })),
    // (Only an object that writes a watched key: a code block's braces, `@test "GET …" {`, send nothing.)
    ...objects
      .filter((object) => writesWatchedKey(object, builder))
      .map((object) => ({ start: object.range[0], objects: () => [object] })),
  ];
  for (const body of bodies) {
    const request = named
      .filter((candidate) => candidate.range[1] <= body.start && body.start - candidate.range[1] < 400)
      .sort((a, b) => b.range[1] - a.range[1])[0];
    if (!request) continue;
    const payload = body.objects();
    if (payload.length === 0) continue;
    builder.request({ url: request.url, method: request.method, range: request.range, via: 'mention', payload });
  }
}

/**
 * A reader of a page's lines that says which are rows of a migration table: a Markdown table whose
 * header names what was retired (`| Old (retired) | New |`, `| Deprecated | Replacement |`), whose
 * rows map each old endpoint to its successor (a page's past, as a changelog).
 */
const MIGRATION_COLUMN = /\b(old|retired|deprecat\w*|legacy|removed|replaced|previous|before)\b/i;

function migrationTables(): (line: string, previous: string) => boolean {
  let inTable = false;
  return (line, previous) => {
    if (!/^\s*\|/.test(line)) return (inTable = false);
    if (/^\s*\|?\s*:?-{3,}/.test(line) && MIGRATION_COLUMN.test(previous)) inTable = true;
    return inTable;
  };
}

/** Whether an object, or one inside it, writes a key the catalogue watches. */
function writesWatchedKey(object: ObjectLiteral, builder: FactsBuilder): boolean {
  return object.entries.some(
    (entry) =>
      builder.watchesKey(entry.key) ||
      (entry.object !== undefined && writesWatchedKey(entry.object, builder)) ||
      (entry.elements ?? []).some((element) => writesWatchedKey(element, builder)),
  );
}

/** A block named by its method (Bruno's `patch {`), and the `url:` inside it. */
const REQUEST_BLOCK = /^[ \t]*(get|post|put|patch|delete|head)[ \t]*\{[ \t]*$/gim;

/** A request file's blocks (`patch {` / `url: {{baseUrl}}/accounts/…` / `}`): each the request it names. */
function readRequestBlocks(text: string, builder: FactsBuilder, readLines: readonly number[]): void {
  for (const found of text.matchAll(REQUEST_BLOCK)) {
    const after = found.index + found[0].length;
    // The block ends at a line of its own closing brace (`{{accountId}}` in the URL is no end).
    const close = /^[ \t]*\}[ \t]*$/m.exec(text.slice(after));
    const body = text.slice(after, close ? after + close.index : text.length);
    const url = /^[ \t]*url:[ \t]*(\S+)[ \t]*$/m.exec(body);
    const lineStart = text.lastIndexOf('\n', found.index) + 1;
    if (!url || !readLines.includes(lineStart)) continue;
    const at = after + url.index + url[0].indexOf(url[1]!);
    builder.request({
      url: writtenValue(url[1]!, at),
      method: methodOf(found[1]),
      range: [at, at + url[1]!.length],
      via: 'mention',
    });
  }
}

/** A key of an OpenAPI document's `paths:` (`  /zones/{zone_id}/settings/minify:`) and the operations under it. */
const OPENAPI_PATH_KEY = /^(\s+)(['"]?)(\/[^\s'"]*\/[^\s'"]*)\2:\s*$/;
const OPENAPI_OPERATION = /^(\s+)(get|post|put|patch|delete|head):/i;

/**
 * Endpoints an OpenAPI fragment on the page describes (a YAML block of a contract, a mock's spec):
 * each key under `paths:`, with its method when one operation is under it (several: unknown, as a
 * path a page lists). Lines that are not read (a page's past, a note of what changed) stay silent.
 */
function readOpenApiPaths(text: string, builder: FactsBuilder, readLines: readonly number[]): void {
  const paths = /^(\s*)paths:\s*$/gm;
  for (const found of text.matchAll(paths)) {
    const indent = found[1]!.length;
    let lineStart = found.index + found[0].length + 1;
    let current: { path: string; at: number; indent: number; childIndent?: number; methods: string[] } | undefined;
    const flush = () => {
      if (!current) return;
      if (readLines.includes(text.lastIndexOf('\n', current.at - 1) + 1))
        builder.request({
          url: writtenValue(current.path, current.at),
          method:
            current.methods.length === 1
              ? { kind: 'known', method: current.methods[0]!.toUpperCase() as never }
              : { kind: 'unknown' },
          range: [current.at, current.at + current.path.length],
          via: 'mention',
        });
      current = undefined;
    };
    while (lineStart < text.length) {
      const lineEnd = text.indexOf('\n', lineStart) === -1 ? text.length : text.indexOf('\n', lineStart);
      const line = text.slice(lineStart, lineEnd);
      const start = lineStart;
      lineStart = lineEnd + 1;
      if (line.trim() === '' || /^\s*#/.test(line)) continue;
      const lineIndent = /^\s*/.exec(line)![0].length;
      // The first line back at the indentation of `paths:` (or a fence) ends the map.
      if (lineIndent <= indent || /^\s*(```|~~~)/.test(line)) break;
      const key = OPENAPI_PATH_KEY.exec(line);
      if (key && (!current || key[1]!.length <= current.indent)) {
        flush();
        current = { path: key[3]!, at: start + key[1]!.length + key[2]!.length, indent: key[1]!.length, methods: [] };
        continue;
      }
      if (!current || lineIndent <= current.indent) continue;
      // Operations are the path's own keys, not a deeper `get:` of a schema.
      current.childIndent ??= lineIndent;
      const operation = OPENAPI_OPERATION.exec(line);
      if (operation && lineIndent === current.childIndent) current.methods.push(operation[2]!);
    }
    flush();
  }
}

/** An element of MDX or HTML (`<ApiEndpoint method="GET" path="…" />`), over lines if need be. */
const ELEMENT = /<([A-Za-z][\w.:-]*)((?:\s+[\w:.-]+(?:\s*=\s*(?:"[^"\n]*"|'[^'\n]*'|\{[^{}\n]*\}))?)*)\s*\/?>/g;
/** A Hugo shortcode (`{{< api-call method="PATCH" path="…" >}}`, `{{% … %}}`): attributes as an element's. */
const SHORTCODE = /\{\{[<%]\s*([A-Za-z][\w.:-]*)((?:\s+[\w:.-]+(?:\s*=\s*(?:"[^"\n]*"|'[^'\n]*'))?)*)\s*\/?[>%]\}\}/g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)'|\{\s*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`$\n]*)`)\s*\})/g;
/** Comments of HTML and of MDX (`{/* … *\/}`), an unclosed one to the end: what they hold is not on the page. */
const COMMENTS = /<!--[\s\S]*?(?:-->|$)|\{\/\*[\s\S]*?(?:\*\/\}|$)/g;
/** Attributes whose value is a link or a page (as for JSX in code), or text a person reads. */
const LINK_ATTRIBUTES = new Set(['href', 'to', 'src', 'action', 'link']);
const TEXT_ATTRIBUTE =
  /^(aria-.*|alt|title|label|placeholder|content|caption|tooltip|description|.*(text|label|title|message|tooltip|description|caption|hint))$/i;
const HTTP_METHOD = /^(GET|POST|PUT|PATCH|DELETE|HEAD)$/i;
/** A path of the API (or its URL) as an attribute's whole value. */
const API_PATH = /^(?:https?:\/\/[^\s/]+)?\/?(?:client\/v4\/)?(?:zones|accounts|user|organizations)\/\S*$/;

/**
 * Endpoints a page names by a component, an element or a shortcode (`<ApiEndpoint method="GET" path="…" />`,
 * `{{< api-call method="PATCH" path="…" >}}`):
 * each attribute whose value is an API path, with the method an attribute gives (`method`, `verb`).
 * Links (`href`, `to`, `src`, `action`; `path` unless a method is beside it, as a route's) and text
 * for a person (`title`, `alt`, `aria-*`) are not requests, as in code; nor is an element in a
 * comment, a parsed block, a page's past or a note of what changed.
 */
function readElementAttributes(text: string, builder: FactsBuilder, readLines: readonly number[]): void {
  if (!text.includes('<')) return;
  const comments = [...text.matchAll(COMMENTS)].map((found) => [found.index, found.index + found[0].length]);
  const lineRead = (at: number) => {
    // The last line starting at or before `at` is its line: read when it is one of `readLines`.
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    let lo = 0;
    let hi = readLines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (readLines[mid]! < lineStart) lo = mid + 1;
      else hi = mid;
    }
    return readLines[lo] === lineStart;
  };
  for (const element of [...text.matchAll(ELEMENT), ...text.matchAll(SHORTCODE)]) {
    const at = element.index;
    if (comments.some(([start, end]) => start! <= at && at < end!)) continue;
    const attributesAt = at + element[0].indexOf(element[1]!) + element[1]!.length;
    const attributes = [...element[2]!.matchAll(ATTRIBUTE)].map((found) => {
      const value = found.slice(2).find((group) => group !== undefined) ?? '';
      const valueAt = attributesAt + found.index + found[0].indexOf(value, found[1]!.length);
      return { name: found[1]!, value, valueAt };
    });
    const method = attributes.find(
      (attribute) => /^(method|verb)$/i.test(attribute.name) && HTTP_METHOD.test(attribute.value),
    )?.value;
    for (const { name, value, valueAt } of attributes) {
      if (LINK_ATTRIBUTES.has(name.toLowerCase()) || TEXT_ATTRIBUTE.test(name)) continue;
      if (name.toLowerCase() === 'path' && method === undefined) continue;
      if (!API_PATH.test(value) || !lineRead(valueAt)) continue;
      builder.request({
        url: writtenValue(value, valueAt),
        method: method ? { kind: 'known', method: method.toUpperCase() as never } : { kind: 'unknown' },
        range: [valueAt, valueAt + value.length],
        via: 'mention',
      });
    }
  }
}
