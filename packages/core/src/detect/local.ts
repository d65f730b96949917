import type { Catalogue } from '../catalogue/types.js';
import type { RawMatch } from '../extract/facts.js';
import { cipherNames } from './cipher-names.js';
import type { FileContext, LocalDetector } from './detector.js';
import { errorShapes } from './error-shapes.js';
import { fields } from './fields/index.js';
import { headerPairs } from './header-pairs.js';

/** The detectors that need nothing beyond the file; endpoint-dependent checks are in requests.ts. */
export const LOCAL_DETECTORS: readonly LocalDetector[] = [fields, errorShapes, headerPairs, cipherNames];

/** Findings that need nothing beyond the file: fields, error shapes, header pairs, cipher names. */
export function detectLocalMatches(file: FileContext, catalogue: Catalogue): RawMatch[] {
  return catalogue.entries.flatMap((entry) => LOCAL_DETECTORS.flatMap((detector) => detector.detect(entry, file)));
}
