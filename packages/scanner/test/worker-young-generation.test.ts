/**
 * The per-file step's workers (scan/parallel/young-generation.ts): each starts with its new space
 * at its full size, where V8 alone starts it at 1 MB and grows it only as objects survive (and not
 * at all while the CLI holds the growth factor at 1); the flag that sizes them is V8's default
 * again once they run, so a worker started otherwise is V8's own.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { SEMI_SPACE_MB, sizedWorker } from '../src/scan/parallel/young-generation.js';

const WORKER = new URL('./support/new-space-worker.mjs', import.meta.url);
const MB = 1024 * 1024;
const newSpaceAtStart = async (worker: Worker): Promise<number> => {
  const [size] = (await once(worker, 'message')) as [number];
  await worker.terminate();
  return size;
};

test("a worker's new space has its full size from the start; V8's own sizing is back once it runs", async (context) => {
  const plain = () => new Worker(WORKER, { resourceLimits: { maxYoungGenerationSizeMb: 3 * SEMI_SPACE_MB } });
  const alone = await newSpaceAtStart(plain());
  // A V8 that starts new spaces at this size already has nothing to size.
  if (alone >= SEMI_SPACE_MB * MB) context.skip();
  expect(await newSpaceAtStart(sizedWorker(WORKER, {}))).toBeGreaterThanOrEqual(SEMI_SPACE_MB * MB);
  // Two at once (the scan starts its workers together): both sized, then the flag is back.
  const both = await Promise.all([newSpaceAtStart(sizedWorker(WORKER, {})), newSpaceAtStart(sizedWorker(WORKER, {}))]);
  for (const size of both) expect(size).toBeGreaterThanOrEqual(SEMI_SPACE_MB * MB);
  expect(await newSpaceAtStart(plain())).toBe(alone);
});
