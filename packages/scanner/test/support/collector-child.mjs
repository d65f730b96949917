// A child process for collector-policy.test.ts: files' trees made one after another, with the
// CLI's collector policy applied after each, as the scan does (argv: workload, mode). `young`: each
// tree is garbage once the next is made (a little of it kept, as an index is); prints the largest
// size the new space reached. `old`: the last few trees stay alive a while (so they are promoted)
// and then die, as large files' trees do; prints the largest size the old space reached.
import { getHeapSpaceStatistics } from 'node:v8';

const { collectorPolicy } = await import(new URL('../../dist/cli/collector-policy.js', import.meta.url).href);
const [workload, mode] = process.argv.slice(2);
const env = mode === 'tuned' ? { NODE_OPTIONS: '--max-semi-space-size=64 --heap-growing-percent=0' } : {};
const apply = mode === 'none' ? () => {} : collectorPolicy(env, []);
const space = workload === 'young' ? 'new_space' : 'old_space';
const sizeOf = () => getHeapSpaceStatistics().find((one) => one.space_name === space).space_size;
const live = workload === 'young' ? 1 : 120;
let largest = 0;
const kept = [];
const recent = [];
for (let file = 0; file < 3000; file++) {
  const tree = [];
  for (let node = 0; node < 4000; node++) tree.push({ type: 'Node', start: node, end: node + 1, children: [node] });
  if (file % 10 === 0) kept.push(tree[0]);
  recent.push(tree);
  if (recent.length > live) recent.shift();
  apply();
  largest = Math.max(largest, sizeOf());
}
process.stdout.write(JSON.stringify({ largest, kept: kept.length }));
