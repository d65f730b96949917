/**
 * The CLI's young-generation cap (cli/young-generation.ts): once the new space has grown to the cap,
 * it grows no more, where V8 alone would grow it further; not where the user tunes the young
 * generation, and not on Node 20. Each case in its own process: the cap is V8's state.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { NEW_SPACE_CAP_BYTES } from '../src/cli/young-generation.js';

const CHILD = fileURLToPath(new URL('./support/new-space-child.mjs', import.meta.url));
const largestNewSpace = (mode: 'capped' | 'uncapped' | 'tuned'): number => {
  const run = spawnSync(process.execPath, [CHILD, mode], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const { largest, kept } = JSON.parse(run.stdout) as { largest: number; kept: number };
  expect(kept).toBe(300);
  return largest;
};
const onNode20 = Number(process.versions.node.split('.')[0]) < 22;

test('the new space stops growing at the cap (Node 22 and later), where V8 alone grows it further', (context) => {
  const uncapped = largestNewSpace('uncapped');
  // A machine whose V8 never grows the new space past the cap has nothing to cap.
  if (uncapped <= NEW_SPACE_CAP_BYTES) context.skip();
  const capped = largestNewSpace('capped');
  if (onNode20) expect(capped).toBe(uncapped);
  else expect(capped).toBeLessThanOrEqual(NEW_SPACE_CAP_BYTES);
  // The user's own tuning of the young generation is left alone.
  expect(largestNewSpace('tuned')).toBe(uncapped);
});
