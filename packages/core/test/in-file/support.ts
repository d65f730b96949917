import { resolveSettings } from '../../src/index.js';
import { extractFileFacts, type InFileFacts, type RawMatch } from '../../src/internal.js';
import type { CatalogueEntry } from '../../src/catalogue/types.js';
import type { InFileDetector } from '../../src/match/detector.js';
import { parseForTest } from '../support/parse.js';

export const settings = resolveSettings({ asOf: '2026-11-21' });

/** The in-file facts the reader extracts from a snippet under the built-in catalogue. */
export function inFileFactsOf(code: string, file = 'snippet.ts'): InFileFacts {
  return extractFileFacts(parseForTest(code, file), code, settings).inFile;
}

export function entry(id: string): CatalogueEntry {
  const found = settings.catalogue.byId.get(id);
  if (!found) throw new Error(`no catalogue entry ${id}`);
  return found;
}

/** In-file facts with only the lists given. */
export function facts(some: Partial<InFileFacts>): InFileFacts {
  return {
    objects: [],
    reads: [],
    codeChecks: [],
    literals: [],
    namesInStrings: [],
    headerGroups: [],
    writtenPaths: [],
    ...some,
  };
}

/** A detector's matches as `confidence subject @start` lines. */
export function matched(detector: InFileDetector, id: string, input: InFileFacts): string[] {
  return detector.match(entry(id), input).map(brief);
}

export function brief(match: RawMatch): string {
  return `${match.confidence} ${match.subject} @${match.range[0]}`;
}

/** The offset of the `n`th occurrence (from 0) of `text` in `code`. */
export function at(code: string, text: string, n = 0): number {
  let offset = -1;
  for (let i = 0; i <= n; i++) offset = code.indexOf(text, offset + 1);
  if (offset < 0) throw new Error(`'${text}' not in the snippet`);
  return offset;
}
