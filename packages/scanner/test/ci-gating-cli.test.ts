/**
 * The scan command in CI: --max-findings next to --fail-on, the SARIF category, and paths from the
 * repository root when the scan starts inside a package. In-process through `main`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FIREWALL_RULES_CALL, makeProject } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';
import { elementsNamed, parseXml } from './support/xml.js';

const calls = (count: number) =>
  `export async function sync(zoneId) {\n${`  ${FIREWALL_RULES_CALL}\n`.repeat(count)}}\n`;

describe('--max-findings', () => {
  // Two calls, expired as of 2026 and scheduled as of 2024 (end of life 2025-01-15).
  const project = makeProject({ 'src/sync.ts': calls(2) });
  const cases: Array<[string, string[], number]> = [
    ['2024-01-01', ['--max-findings', '2'], 0],
    ['2024-01-01', ['--max-findings', '1'], 1],
    ['2024-01-01', ['--max-findings', '0'], 1],
    ['2026-01-01', ['--fail-on', 'none', '--max-findings', '2'], 0],
    ['2026-01-01', ['--fail-on', 'none', '--max-findings', '1'], 1],
    // --fail-on still applies: an expired finding fails however high the limit.
    ['2026-01-01', ['--max-findings', '5'], 1],
  ];
  test.each(cases)('as of %s, %j exits %i', async (asOf, args, code) => {
    const run = await runMain(['scan', '--as-of', asOf, '--format', 'json', ...args], { cwd: project });
    expect(run.status).toBe(code);
  });

  test('the stderr summary says the limit was passed; a bad number is a usage error', async () => {
    const over = await runMain(['scan', '--as-of', '2024-01-01', '--format', 'json', '--max-findings', '1'], {
      cwd: project,
    });
    expect(over.stderr).toContain(
      '2 findings in 1 file (1 file scanned; 0 at or above --fail-on expired); more than --max-findings 1',
    );
    const text = await runMain(['scan', '--as-of', '2024-01-01', '--max-findings', '1'], { cwd: project });
    expect(text.stderr).toContain('2 findings, more than --max-findings 1');
    const bad = await runMain(['scan', '--max-findings', 'ten'], { cwd: project });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--max-findings must be a whole number (0 or more), got 'ten'");
  });
});

describe('paths from the repository root', () => {
  const repo = makeProject({ 'packages/api/src/sync.ts': calls(1), 'packages/api/package.json': '{}' });
  mkdirSync(join(repo, '.git'));
  const inPackage = join(repo, 'packages/api');

  test('SARIF, GitHub and GitLab reports of a scan inside a package point at the files in the repository', async () => {
    const sarif = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'sarif'], { cwd: inPackage });
    expect(sarif.stdout).toContain('"uri": "packages/api/src/sync.ts"');
    const github = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'github'], { cwd: inPackage });
    expect(github.stdout).toMatch(/^::error file=packages\/api\/src\/sync\.ts,line=2,col=\d+,/);
    const gitlab = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'gitlab'], { cwd: inPackage });
    expect((JSON.parse(gitlab.stdout) as Array<{ location: { path: string } }>)[0]!.location.path).toBe(
      'packages/api/src/sync.ts',
    );
    // The human-readable formats keep paths from where the scan ran.
    const json = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'json'], { cwd: inPackage });
    expect(json.stdout).toContain('"file": "src/sync.ts"');
  });

  test('a worktree or submodule has a .git file; it marks the top level too', async () => {
    const worktree = makeProject({ '.git': 'gitdir: /elsewhere\n', 'app/sync.ts': calls(1) });
    const run = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'gitlab'], { cwd: join(worktree, 'app') });
    expect(run.stdout).toContain('"path": "app/sync.ts"');
  });

  test('--sarif-category sets the analysis category; a name with spaces is a usage error', async () => {
    const run = await runMain(['scan', '--as-of', '2026-01-01', '--format', 'sarif', '--sarif-category', 'api'], {
      cwd: inPackage,
    });
    expect(run.stdout).toContain('"automationDetails": {\n        "id": "api/"\n      }');
    const bad = await runMain(['scan', '--sarif-category', 'a b'], { cwd: inPackage });
    expect(bad.status).toBe(2);
  });
});

test('junit and checkstyle reports written by the CLI', async () => {
  const project = makeProject({ 'src/sync.ts': calls(2) });
  const run = await runMain(
    [
      'scan',
      '--as-of',
      '2026-01-01',
      '--format',
      'junit',
      '--output',
      'out/junit.xml',
      '--format',
      'checkstyle',
      '--output',
      'out/checkstyle.xml',
    ],
    { cwd: project },
  );
  expect(run.status).toBe(1);
  const junit = parseXml(readFileSync(join(project, 'out/junit.xml'), 'utf8'));
  expect(elementsNamed(junit, 'failure')).toHaveLength(2);
  const checkstyle = parseXml(readFileSync(join(project, 'out/checkstyle.xml'), 'utf8'));
  expect(elementsNamed(checkstyle, 'file').map((f) => f.attributes.name)).toEqual(['src/sync.ts']);
  expect(elementsNamed(checkstyle, 'error').map((e) => e.attributes.line)).toEqual(['2', '3']);
});
