/**
 * The parity property (parity-property*.test.ts): on a program generated from the grammar of
 * client code (support/snippet-grammar.ts), the ESLint plugin and the scanner report the same
 * findings (position, entry, rule, message) and offer the same automatic fix.
 *
 * The seed is fixed in CI and random locally; a failure prints the seed, the path and the
 * smallest failing program. Replay it with PARITY_SEED=<seed> PARITY_PATH=<path>; PARITY_RUNS
 * sets the number of programs.
 */
import type { Confidence } from '@sunset-lint/core';
import fc from 'fast-check';
import { expect } from 'vitest';
import { ParityEngines } from './engines.js';
import type { GrammarOptions } from './grammar/urls.js';
import { propertyRuns } from './property-runs.js';
import { programArb, type GeneratedProgram } from './snippet-grammar.js';

const property = propertyRuns('PARITY', 20_260_521);
export const seed = property.seed;

/** The property: both engines read the program without a problem and report the same lines. */
function sameFindings(engines: ParityEngines, seen: { programs: number; withFindings: number }) {
  return async (program: GeneratedProgram) => {
    const file = engines.write(program);
    const plugin = engines.plugin(program, file);
    const scanner = await engines.scanner(program, file);
    seen.programs += 1;
    if (plugin.findings.length > 0) seen.withFindings += 1;
    // A program either engine cannot read is a bug of the grammar, not a divergence.
    expect({ plugin: plugin.problems, scanner: scanner.problems }).toEqual({ plugin: [], scanner: [] });
    expect({
      onlyPlugin: plugin.findings.filter((line) => !scanner.findings.includes(line)),
      onlyScanner: scanner.findings.filter((line) => !plugin.findings.includes(line)),
    }).toEqual({ onlyPlugin: [], onlyScanner: [] });
    expect(scanner.comments).toEqual(plugin.comments);
  };
}

export interface Check {
  grammar: GrammarOptions;
  /** Suppression comments written between the program's tokens (grammar/comments.ts). */
  comments?: boolean;
  minConfidence: Confidence;
  /** Settings that add catalogue entries (support/engines.ts), as users do. */
  userEntries: boolean;
  numRuns: number;
}

export async function checkParity({ grammar, comments, minConfidence, userEntries, numRuns }: Check): Promise<void> {
  const engines = new ParityEngines({ minConfidence, userEntries });
  const seen = { programs: 0, withFindings: 0 };
  await fc.assert(
    fc.asyncProperty(programArb(grammar, { comments: comments ?? false }), sameFindings(engines, seen)),
    property.options(numRuns),
  );
  // Two engines that report nothing agree too: most generated programs must have findings.
  if (!property.replayPath) expect(seen.withFindings).toBeGreaterThan(seen.programs / 2);
}

/**
 * The scanner's two parsers (`--parser oxc` and `--parser typescript`) on the same generated
 * programs: the same findings, fixes and diagnostics (parser-parity.test.ts).
 */
export async function checkParserParity({
  grammar,
  comments,
  minConfidence,
  userEntries,
  numRuns,
}: Check): Promise<void> {
  const engines = new ParityEngines({ minConfidence, userEntries });
  let withFindings = 0;
  let programs = 0;
  const sameScan = async (program: GeneratedProgram) => {
    const file = engines.write(program);
    const typescript = await engines.scanner(program, file, 'typescript');
    const oxc = await engines.scanner(program, file, 'oxc');
    programs += 1;
    if (typescript.findings.length > 0) withFindings += 1;
    expect(oxc).toEqual(typescript);
  };
  await fc.assert(
    fc.asyncProperty(programArb(grammar, { comments: comments ?? false }), sameScan),
    property.options(numRuns),
  );
  if (!property.replayPath) expect(withFindings).toBeGreaterThan(programs / 2);
}
