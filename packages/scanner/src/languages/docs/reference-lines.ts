import type { FactsBuilder } from '../facts-builder.js';
import { writtenValue } from '../facts-builder.js';
import { objectsInJsonText } from '../json-text.js';

/**
 * Endpoints a document names in the HTTP reference style, outside the code blocks a grammar reads:
 * `PATCH /zones/:zone_id/settings/minify` in a list, a table cell, inline code, an `http` block.
 * A path without its method is prose (a sentence that mentions it) and stays silent, as do notes
 * that say what was removed or replaced and whole changelogs. A JSON block right after such a line
 * is that request's body.
 */
const REFERENCE = /\b(GET|POST|PUT|PATCH|DELETE|HEAD)\b[*_`\s:]{1,6}((?:https?:\/\/[^\s`|)>\]]+)|(?:\/?[A-Za-z{:<][^\s`|)>\]]*\/[^\s`|)>\]]*))/g;
const HISTORY = /\b(remov\w*|replac\w*|migrat\w*|deprecat\w*|no longer|instead of|formerly|used to|retir\w*|sunset\w*|dropp\w*|obsolete|superseded|legacy)\b/i;

export function readReferenceLines(
  text: string,
  builder: FactsBuilder,
  parsed: ReadonlyArray<[number, number]>,
  json: ReadonlyArray<{ start: number; end: number }>,
  file: string,
): void {
  if (/(^|\/)(changelog|changes|history|news|release[-_ ]?notes)[^/]*$/i.test(file)) return;
  const inParsed = (at: number) => parsed.some(([start, end]) => start <= at && at < end);
  let lastRequest: { end: number; index: number } | undefined;
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const start = lineStart;
    lineStart += line.length + 1;
    if (inParsed(start) || HISTORY.test(line) || /^\s*<!--/.test(line)) continue;
    for (const found of line.matchAll(REFERENCE)) {
      const path = found[2]!.replace(/[.,;:'"*_]+$/, '');
      const at = start + found.index + found[0].length - found[2]!.length;
      builder.request({
        url: writtenValue(path, at),
        method: { kind: 'known', method: found[1] as never },
        range: [start + found.index, at + path.length],
        via: 'mention',
      });
      lastRequest = { end: at + path.length, index: builder.requests.length - 1 };
    }
  }
  // A JSON block within a few lines after a reference line is its body.
  for (const block of json) {
    if (!lastRequest) break;
    const request = [...builder.requests].reverse().find((candidate) => candidate.range[1] <= block.start && block.start - candidate.range[1] < 400);
    if (!request) continue;
    const objects = objectsInJsonText(writtenValue(text.slice(block.start, block.end), block.start));
    if (objects.length === 0) continue;
    builder.request({ url: request.url, method: request.method, range: request.range, via: 'mention', payload: objects });
  }
}
