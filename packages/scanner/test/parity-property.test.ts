/**
 * Detection is written once: on any single file, the ESLint plugin and the scanner report the
 * same findings (position, entry, rule, message) and offer the same automatic fix. Checked on
 * programs generated from a grammar of client code (support/snippet-grammar.ts), not only on
 * fixtures/.
 *
 * The seed is fixed in CI and random locally; a failure prints the seed, the path and the
 * smallest failing program. Replay it with PARITY_SEED=<seed> PARITY_PATH=<path>; PARITY_RUNS
 * sets the number of programs.
 */
import type { Confidence } from '@sunset-lint/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ParityEngines } from './support/engines.js';
import { programArb, type GeneratedProgram } from './support/snippet-grammar.js';

const CI_SEED = 20_260_521;
const seed = process.env.PARITY_SEED
  ? Number(process.env.PARITY_SEED)
  : process.env.CI
    ? CI_SEED
    : Math.floor(Math.random() * 2 ** 31);
const replayPath = process.env.PARITY_PATH;
const runs = (fallback: number) => (process.env.PARITY_RUNS ? Number(process.env.PARITY_RUNS) : fallback);

/** The property: both engines read the program without a problem and report the same lines. */
function sameFindings(engines: ParityEngines) {
  return (program: GeneratedProgram) => {
    const file = engines.write(program);
    const plugin = engines.plugin(program, file);
    const scanner = engines.scanner(program, file);
    // A program either engine cannot read is a bug of the grammar, not a divergence.
    expect({ plugin: plugin.problems, scanner: scanner.problems }).toEqual({ plugin: [], scanner: [] });
    expect({
      onlyPlugin: plugin.findings.filter((line) => !scanner.findings.includes(line)),
      onlyScanner: scanner.findings.filter((line) => !plugin.findings.includes(line)),
    }).toEqual({ onlyPlugin: [], onlyScanner: [] });
  };
}

function checkParity(minConfidence: Confidence, numRuns: number): void {
  const engines = new ParityEngines(minConfidence);
  fc.assert(fc.property(programArb, sameFindings(engines)), {
    numRuns: runs(numRuns),
    seed,
    ...(replayPath ? { path: replayPath } : {}),
    verbose: fc.VerbosityLevel.Verbose,
  });
}

describe(`plugin and scanner agree on generated programs (seed ${seed})`, () => {
  test("minConfidence 'medium' (the default)", () => checkParity('medium', 1500), 120_000);
  test("minConfidence 'low'", () => checkParity('low', 500), 120_000);
});
