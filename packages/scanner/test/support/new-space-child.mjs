// A child process for young-generation.test.ts: files' trees, each live while it is read and
// garbage after (a little of it kept, as an index is), with the CLI's young-generation cap looked
// at after each, as the scan does. Prints the largest size the new space reached.
import { getHeapSpaceStatistics } from 'node:v8';

const { youngGenerationCap } = await import(new URL('../../dist/cli/young-generation.js', import.meta.url).href);
const mode = process.argv[2];
const env = mode === 'tuned' ? { NODE_OPTIONS: '--max-semi-space-size=64' } : {};
const look = mode === 'uncapped' ? () => {} : youngGenerationCap(env, []);
const newSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
let largest = 0;
const kept = [];
for (let file = 0; file < 3000; file++) {
  const tree = [];
  for (let node = 0; node < 4000; node++) tree.push({ type: 'Node', start: node, end: node + 1, children: [node] });
  if (file % 10 === 0) kept.push(tree[0]);
  look();
  largest = Math.max(largest, newSpace());
}
process.stdout.write(JSON.stringify({ largest, kept: kept.length }));
