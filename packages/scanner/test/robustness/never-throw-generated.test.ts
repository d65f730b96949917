/**
 * Both engines never throw on client code generated from the grammar, widened with destructuring,
 * optional chaining, JSX and TypeScript-only syntax (support/constructs.ts). The property and how
 * to replay a failure: support/never-throw.ts. Mutated fixtures are in never-throw-mutated.test.ts,
 * a file of its own so that the two run on both cores.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { constructCaseArb } from './support/constructs.js';
import { assertOptions, NeverThrowEngines, seed } from './support/never-throw.js';
import { HEAVY_TEST_MS } from '../../../core/test/support/time-limits.js';

describe(`generated programs: neither engine throws (seed ${seed})`, () => {
  test(
    'grammar programs with destructuring, optional chaining, JSX and TypeScript syntax',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-never-throw-'));
      const engines = new NeverThrowEngines(dir);
      await fc.assert(
        fc.asyncProperty(constructCaseArb, async (generated) => {
          const file = join(dir, generated.fileName);
          engines.write(file, generated.code);
          await engines.check(file, generated.code);
        }),
        assertOptions(600),
      );
      const { cases, pluginParsed, scannerClean, withFindings } = engines.tally;
      // A generator whose programs do not parse would test only the parse-error path.
      expect(pluginParsed).toBeGreaterThan(cases * 0.9);
      expect(scannerClean).toBeGreaterThan(cases * 0.9);
      expect(withFindings).toBeGreaterThan(cases / 2);
    },
    HEAVY_TEST_MS,
  );
});
