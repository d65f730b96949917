import { setFlagsFromString } from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { userNamesV8Flag } from '../../v8-flags.js';

/**
 * A worker's young generation: V8 sizes it from the machine's memory (up to 3 × 64 MB on Node 24),
 * and the per-file step's garbage is one file's tree at a time. Smaller, the peak memory is lower
 * and the time the same (measured on 5,000 dense files, docs/scanner.md).
 */
const YOUNG_GENERATION_MB = 48;
/** Its semi-space: V8's young generation is two semi-spaces and a large-object space of their size. */
export const SEMI_SPACE_MB = YOUNG_GENERATION_MB / 3;

/** Workers created and not running yet, while `--min-semi-space-size` is set for them. */
let starting = 0;

/**
 * A worker whose new space has its full size from its start. V8 grows a new space from 1 MB only
 * as objects survive scavenges, and the CLI holds the process's growth factor at 1 while the main
 * thread's new space is at its cap (cli/collector-policy.ts): a worker started then stayed at a few
 * MB (5,000 dense files, one worker: 681 scavenges and 4 full collections, sized from its start 162
 * and 2).
 * V8 reads `--min-semi-space-size` when it sizes a new isolate's heap: the flag is set while
 * workers start, and V8's default (0) is back once each runs, as V8 takes cached code back only
 * under the flags it was made with. Not when the user's flags name a semi-space.
 */
export function sizedWorker(url: URL, options: WorkerOptions): Worker {
  const sized = !userNamesV8Flag(/semi-space/);
  if (sized && starting++ === 0) setFlagsFromString(`--min-semi-space-size=${SEMI_SPACE_MB}`);
  let running = !sized;
  const started = () => {
    if (running) return;
    running = true;
    if (--starting === 0) setFlagsFromString('--min-semi-space-size=0');
  };
  try {
    const worker = new Worker(url, {
      ...options,
      resourceLimits: { ...options.resourceLimits, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.once('online', started).once('error', started).once('exit', started);
    return worker;
  } catch (error) {
    started();
    throw error;
  }
}
