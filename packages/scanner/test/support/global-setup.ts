/**
 * Runs once per test run, in vitest's main process before any worker starts (vitest `globalSetup`).
 * Every temporary folder of the run, the tests' own and those of the CLI processes they start, goes
 * into one folder that is removed at the end: tests that fail halfway, chmod a folder or create one
 * per case leave nothing behind in the machine's temporary folder. Workers and child processes
 * inherit TMPDIR, which `os.tmpdir()` reads on each call.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MARK = 'SUNSET_LINT_TESTS_TMPDIR';

export default function setup(): () => void {
  // Each vitest project runs its global setup: the first one's folder serves them all (folders
  // nested three deep made Chromium's socket path too long).
  if (process.env[MARK]) return () => {};
  const run = mkdtempSync(join(tmpdir(), 'sunset-lint-tests-'));
  // Like /tmp itself: the file-system tests run the CLI as `nobody`, which must reach their projects.
  chmodSync(run, 0o1777);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = run;
  process.env[MARK] = run;
  return () => {
    delete process.env[MARK];
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(run, { recursive: true, force: true });
  };
}
