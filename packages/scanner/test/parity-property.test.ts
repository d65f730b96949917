/**
 * Detection is written once: on any single file, the ESLint plugin and the scanner report the
 * same findings (position, entry, rule, message) and offer the same automatic fix. Checked on
 * programs generated from a grammar of client code (support/snippet-grammar.ts), not only on
 * fixtures/. The property and how to replay a failure: support/parity-check.ts. The narrower
 * checks are in parity-property-narrow.test.ts, a file of their own so that the two halves of
 * this, the suite's longest work, run on both cores.
 */
import { describe, test } from 'vitest';
import { checkParity, seed } from './support/parity-check.js';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

describe(`plugin and scanner agree on generated programs (seed ${seed})`, () => {
  test(
    "the whole grammar with suppression comments between tokens, minConfidence 'medium' (the default)",
    () =>
      checkParity({
        grammar: { escapes: true },
        comments: true,
        userEntries: true,
        minConfidence: 'medium',
        numRuns: 1600,
      }),
    HEAVY_TEST_MS,
  );
});
