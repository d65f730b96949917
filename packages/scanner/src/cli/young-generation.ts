import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * The size at which the main thread's new space stops growing (V8's `space_size` of `new_space`).
 * Measured on the 5,000-file dense corpus, Node 24, alternating runs: the scan's time the same as
 * with V8's own sizing and peak RSS 170–203 MB against 277–501 MB; lib-15k 410 MB against 556 MB
 * (docs/scanner.md, "Memory").
 */
export const NEW_SPACE_CAP_BYTES = 16 * 1024 * 1024;
/** Looked at every this many calls: a look lists the heap's spaces (a few microseconds). */
const LOOK_EVERY = 8;

/**
 * Keeps the CLI's young generation small during a scan (Node 22 and later). V8 sizes the new space
 * from the machine's memory (on Node 24, semi-spaces up to 64 MB on a large machine) and grows it
 * while many objects survive a scavenge; in a scan where every file is parsed, one file's tree is
 * live at each scavenge, so the new space grows to its largest and most of the peak memory is young
 * generation holding garbage, and which runs get there depends on timing (the bimodal peak in
 * docs/scanner.md). V8 reads the new space's bound only at start (`--max-semi-space-size`, which a
 * process cannot give itself) but reads the growth factor each time it grows the new space: once
 * the new space has reached the cap, the factor is set to 1 and it grows no more. (Factor 1 from
 * the start keeps it at 1 MB, which costs a third more time: trees are then promoted.) Not on Node
 * 20: there the dense scan's peak was no lower with the cap (209–236 MB without, within the target)
 * and its time no better. Left alone when the user tunes the young generation (`NODE_OPTIONS` or flags naming a semi-space). The process's
 * own policy, not the library's: only the CLI calls it, as files are done.
 */
export function youngGenerationCap(
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[],
  nodeVersion = process.versions.node,
): () => void {
  const tuned = /semi-space/.test(`${env.NODE_OPTIONS ?? ''} ${execArgv.join(' ')}`);
  let capped = tuned || Number(nodeVersion.split('.')[0]) < 22;
  let calls = 0;
  return () => {
    if (capped || ++calls % LOOK_EVERY !== 0) return;
    const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    if (newSpace && newSpace.space_size >= NEW_SPACE_CAP_BYTES) {
      setFlagsFromString('--semi-space-growth-factor=1');
      capped = true;
    }
  };
}
