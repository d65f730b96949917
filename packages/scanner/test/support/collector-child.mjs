// A child process for collector-policy.test.ts: files' trees made one after another, with the
// CLI's collector policy applied as the CLI applies it (argv: workload, mode, file). `young`: each
// tree is garbage once the next is made (a little of it kept, as an index is), the cap looked at
// after each file; prints the largest size the new space reached. Then (modes `policy` and
// `restored`) it writes V8's cached code of a script into `file`, as a code cache is written at
// exit, after taking the cap off (`restored`) or not. `old`: the last trees stay alive a while (so
// they are promoted) and then die, as large files' trees do, the old generation's growth limited
// from the start; prints the largest size the old space reached. `take`: a new process, as the
// next run is, takes the cached code back from `file` and prints whether V8 rejected it.
import { readFileSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { Script } from 'node:vm';

const CACHED_SOURCE = 'const answer = (n) => n * 2; answer(21);';
if (process.argv[2] === 'take') {
  const script = new Script(CACHED_SOURCE, { cachedData: readFileSync(process.argv[4]) });
  process.stdout.write(JSON.stringify({ rejected: script.cachedDataRejected }));
  process.exit(0);
}
const policy = await import(new URL('../../dist/cli/collector-policy.js', import.meta.url).href);
const [workload, mode, cachedDataFile] = process.argv.slice(2);
const env = mode === 'tuned' ? { NODE_OPTIONS: '--max-semi-space-size=64 --heap-growing-percent=0' } : {};
const space = workload === 'young' ? 'new_space' : 'old_space';
const sizeOf = () => getHeapSpaceStatistics().find((one) => one.space_name === space).space_size;
const cap = workload === 'young' && mode !== 'none' ? policy.youngGenerationCap(env, []) : undefined;
if (workload === 'old' && mode !== 'none') policy.limitOldGenerationGrowth(env, []);
const live = workload === 'young' ? 1 : 120;
const kept = [];
const recent = [];
const files = (count) => {
  let largest = 0;
  for (let file = 0; file < count; file++) {
    const tree = [];
    for (let node = 0; node < 4000; node++) tree.push({ type: 'Node', start: node, end: node + 1, children: [node] });
    if (file % 10 === 0) kept.push(tree[0]);
    recent.push(tree);
    if (recent.length > live) recent.shift();
    cap?.fileDone();
    largest = Math.max(largest, sizeOf());
  }
  return largest;
};
const largest = files(3000);
if (mode === 'restored') cap?.restore();
if (cachedDataFile) writeFileSync(cachedDataFile, new Script(CACHED_SOURCE).createCachedData());
process.stdout.write(JSON.stringify({ largest, kept: kept.length }));
