/**
 * Both engines never throw on damaged real code: fixtures/ files with tokens deleted, duplicated
 * or swapped, brackets exchanged, hostile fragments inserted, or cut short (support/mutations.ts).
 * The scanner reads the damaged file with the modules it imports and a neighbour of its folder, so
 * the cross-file pass meets the damage too. The property and how to replay a failure: support/never-throw.ts.
 */
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FIXTURES, fixtureFiles, mutatedFixtureArb } from './support/mutations.js';
import { assertOptions, NeverThrowEngines, seed } from './support/never-throw.js';
import { HEAVY_TEST_MS } from '../../../core/test/support/time-limits.js';

const SOURCE = /\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/;

describe(`mutated fixtures: neither engine throws (seed ${seed})`, () => {
  test(
    'deleted, duplicated and swapped tokens, exchanged brackets, inserted fragments, truncation',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-never-throw-'));
      cpSync(FIXTURES, dir, { recursive: true });
      const engines = new NeverThrowEngines(dir);
      const files = fixtureFiles();
      await fc.assert(
        fc.asyncProperty(mutatedFixtureArb(files), fc.nat(), async ({ file, code }, pick) => {
          const path = join(dir, ...file.path.split('/'));
          // The modules the damaged file imports are read on demand; one neighbour of its folder may
          // import the damaged one (the whole folder each time would triple the suite's time).
          const folder = dirname(path);
          const others = readdirSync(folder).filter((name) => SOURCE.test(name));
          const neighbours = others.length ? [join(folder, others[pick % others.length]!)] : [];
          engines.write(path, code);
          try {
            await engines.check(path, code, neighbours);
          } finally {
            engines.write(path, file.text);
          }
        }),
        assertOptions(600),
      );
      // Some damage leaves a file that still parses: the rules run on those too.
      expect(engines.tally.pluginParsed).toBeGreaterThan(engines.tally.cases / 10);
    },
    HEAVY_TEST_MS,
  );
});
