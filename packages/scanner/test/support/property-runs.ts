/**
 * The seed, replayed path and run count of a fast-check suite, read from `<PREFIX>_SEED`,
 * `<PREFIX>_PATH` and `<PREFIX>_RUNS`: the seed fixed when `CI` is set and random otherwise, so a
 * failure seen anywhere replays from the seed and path fast-check prints.
 */
import fc from 'fast-check';

export interface PropertyRuns {
  seed: number;
  /** A path to replay (`<PREFIX>_PATH`): only that case runs. */
  replayPath: string | undefined;
  /** fast-check's options: the seed, a replayed path, `numRuns` (or `<PREFIX>_RUNS`), the counterexample printed. */
  options(numRuns: number): fc.Parameters<unknown>;
}

export function propertyRuns(prefix: string, ciSeed: number): PropertyRuns {
  const env = (name: string) => process.env[`${prefix}_${name}`];
  const seed = env('SEED') ? Number(env('SEED')) : process.env.CI ? ciSeed : Math.floor(Math.random() * 2 ** 31);
  const replayPath = env('PATH');
  return {
    seed,
    replayPath,
    options: (numRuns) => ({
      numRuns: env('RUNS') ? Number(env('RUNS')) : numRuns,
      seed,
      ...(replayPath ? { path: replayPath } : {}),
      verbose: fc.VerbosityLevel.Verbose,
    }),
  };
}
