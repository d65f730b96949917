// The catalogue tests read the schedule from packages/core/test/data/spec-schedule.md, a copy of
// sections 9.2-9.4 of the specification, so that a clone passes its tests with nothing beside it.
// This check keeps the copy honest: where the specification is present (../shared beside the
// repository, as in CI), the copy must equal its sections from `### 9.2` on.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const spec = join(repoRoot, '..', 'shared', 'spec', 'edge-api-spec.md');
const copy = join(repoRoot, 'packages', 'core', 'test', 'data', 'spec-schedule.md');

if (!existsSync(spec)) {
  console.log(`No specification at ${relative(repoRoot, spec)}: the schedule copy is not compared.`);
} else {
  const text = readFileSync(spec, 'utf8');
  const sections = text.slice(text.indexOf('### 9.2'));
  const copied = readFileSync(copy, 'utf8').replace(/^<!--[\s\S]*?-->\n\n/, '');
  if (copied !== sections) {
    console.error(`${relative(repoRoot, copy)} differs from sections 9.2-9.4 of the specification: copy them again.`);
    process.exit(1);
  }
  console.log(`${relative(repoRoot, copy)} matches the specification.`);
}
