import type { CatalogueEntry } from '../catalogue/types.js';
import type { InFileFacts, RawMatch } from '../facts.js';
import { cipherNames } from './cipher-names.js';
import type { InFileDetector } from './detector.js';
import { errorShapes } from './error-shapes.js';
import { fields } from './fields/index.js';
import { headerPairs } from './header-pairs.js';

/** The detectors whose facts no other module changes; endpoint-dependent checks are in requests.ts. */
export const IN_FILE_DETECTORS: readonly InFileDetector[] = [fields, errorShapes, headerPairs, cipherNames];

/** Matches of a file's in-file facts: fields, error shapes, header pairs, cipher names, entry by entry. */
export function matchInFileFacts(facts: InFileFacts, entries: readonly CatalogueEntry[]): RawMatch[] {
  // Most files have none of these facts: no entry needs asking (written paths are the floor's).
  const { writtenPaths: _floors, ...read } = facts;
  if (Object.values(read).every((list: readonly unknown[]) => list.length === 0)) return [];
  return entries.flatMap((entry) => IN_FILE_DETECTORS.flatMap((detector) => detector.match(entry, facts)));
}
