/** The parity property (support/parity-check.ts) at the other confidence and on a narrower grammar. */
import { describe, test } from 'vitest';
import { checkParity, seed } from './support/parity-check.js';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

describe(`plugin and scanner agree on generated programs (seed ${seed})`, () => {
  test(
    "the whole grammar with suppression comments between tokens, minConfidence 'low'",
    () =>
      checkParity({
        grammar: { escapes: true },
        comments: true,
        userEntries: true,
        minConfidence: 'low',
        numRuns: 700,
      }),
    HEAVY_TEST_MS,
  );
  // Narrower: paths written without escape sequences, the built-in catalogue only. It holds while
  // the whole-grammar cases are open, so a new divergence elsewhere still shows on its own.
  test(
    "plain paths, built-in catalogue, minConfidence 'medium'",
    () => checkParity({ grammar: { escapes: false }, userEntries: false, minConfidence: 'medium', numRuns: 900 }),
    HEAVY_TEST_MS,
  );
});
