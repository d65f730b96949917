import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { userNamesV8Flag } from '../v8-flags.js';

/**
 * The size at which the main thread's new space stops growing (V8's `space_size` of `new_space`).
 * Measured on the 5,000-file dense corpus, Node 24, alternating runs: the scan's time the same as
 * with V8's own sizing and peak RSS 170–203 MB against 277–501 MB; lib-15k 410 MB against 556 MB
 * (docs/scanner.md, "Memory").
 */
export const NEW_SPACE_CAP_BYTES = 16 * 1024 * 1024;
/**
 * How much the old generation may grow past what the last full collection kept alive, in percent
 * (V8's `--heap-growing-percent`; V8 alone lets a heap of this size grow about fourfold). Measured
 * on lib-15k (15,000 library files), alternating runs: peak RSS 315–361 MB against 415–491 MB on
 * Node 24 and 291–294 MB against 448–475 MB on Node 20, for 2–9 % more wall time (medians);
 * 100 % gave 334–373 MB, 35 % 290–355 MB (docs/scanner.md, "Memory").
 */
export const OLD_GENERATION_GROWTH_PERCENT = 50;
/** Looked at every this many calls: a look lists the heap's spaces (a few microseconds). */
const LOOK_EVERY = 8;

/** V8's defaults of the flags set here, restored when the scan is over. */
const DEFAULT_SEMI_SPACE_GROWTH_FACTOR = 2;

/**
 * The CLI's garbage-collector policy: most of a scan's peak memory is garbage V8 has not collected
 * yet (the trees of parsed files), so the policy makes V8 collect sooner, through flags V8 reads
 * again each time it sizes a space (the bounds it reads only at start, `--max-semi-space-size` and
 * `--max-old-space-size`, a process cannot give itself). A flag the user sets (`NODE_OPTIONS` or the
 * process's own flags) is left alone. The process's policy, not the library's: only the CLI sets it.
 *
 * V8 takes back compiled code (Node's module compile cache, TypeScript's code cache) only under the
 * flags it was made with: the old generation's growth is set before the process compiles anything
 * (cli/process-setup.ts), in every process of the CLI, and the young generation's cap, which a scan
 * sets as it goes, is taken off when the scan is over, before the code caches are written at exit.
 */

/**
 * The old generation grows by OLD_GENERATION_GROWTH_PERCENT past what the last full collection
 * kept alive (every Node version), from the process's start.
 */
export function limitOldGenerationGrowth(env: NodeJS.ProcessEnv, execArgv: readonly string[]): void {
  if (userNamesV8Flag(/heap-growing-percent/, env, execArgv)) return;
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
}

/**
 * The young generation stops growing at NEW_SPACE_CAP_BYTES during a scan (Node 22 and later):
 * `fileDone` as each file is done, `restore` when the scan is over. V8 sizes the new space from the
 * machine's memory (on Node 24, semi-spaces up to 64 MB on a large machine) and grows it while many
 * objects survive a scavenge; in a scan where every file is parsed, one file's tree is live at each
 * scavenge, so the new space grows to its largest, and which runs get there depends on timing (the
 * bimodal peak in docs/scanner.md). While the new space is at the cap, the growth factor is 1, and
 * 2 again when V8 has shrunk it below. (Factor 1 from the start keeps it at 1 MB, which costs a third
 * more time: trees are then promoted.) The factor is the process's: a worker's new space is sized
 * from its start instead (scan/parallel/young-generation.ts). Not on Node 20: there the dense scan's
 * peak was no lower with the cap and its time no better. Not when the user's flags name a semi-space.
 */
export function youngGenerationCap(
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[],
  nodeVersion = process.versions.node,
): { fileDone: () => void; restore: () => void } {
  const leftAlone = userNamesV8Flag(/semi-space/, env, execArgv) || Number(nodeVersion.split('.')[0]) < 22;
  let capped = false;
  let calls = 0;
  return {
    fileDone: () => {
      if (leftAlone || ++calls % LOOK_EVERY !== 0) return;
      const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
      if (!newSpace) return;
      const atCap = newSpace.space_size >= NEW_SPACE_CAP_BYTES;
      // V8 shrinks the new space when the thread allocates slowly for a while (waiting on workers):
      // held at factor 1 it would then stay small, and every tree be promoted (4 times the
      // scavenges on 5,000 dense files with a worker), so the growth comes back below the cap.
      if (atCap !== capped) {
        setFlagsFromString(`--semi-space-growth-factor=${atCap ? 1 : DEFAULT_SEMI_SPACE_GROWTH_FACTOR}`);
        capped = atCap;
      }
    },
    restore: () => {
      if (!capped) return;
      setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_SEMI_SPACE_GROWTH_FACTOR}`);
      capped = false;
    },
  };
}

/**
 * `run` (a scan, given the callback for each file done) under the young generation's cap, taken
 * off when it is over, however it ends.
 */
export function withYoungGenerationCap<T>(
  env: NodeJS.ProcessEnv,
  run: (fileDone: () => void) => Promise<T>,
): Promise<T> {
  const cap = youngGenerationCap(env, process.execArgv);
  return run(cap.fileDone).finally(cap.restore);
}
