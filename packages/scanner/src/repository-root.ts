import { repositoryRootOf } from '@sunset-lint/core/schedule';
import { posix } from 'node:path';
import { slashedRelative } from './scan/files/relative-path.js';

/**
 * The current directory relative to the git top level, `/`-separated (`''` at the top level or
 * outside any repository). Found by walking up to the nearest `.git` entry, a folder in a clone, a
 * file in a worktree or submodule, both mark the top level, without spawning git.
 */
export function repositoryPrefix(cwd: string): string {
  const root = repositoryRootOf(cwd);
  return root === undefined ? '' : slashedRelative(root, cwd);
}

/**
 * A path relative to `cwd` (`/`-separated) as a path from the repository root, given
 * `repositoryPrefix(cwd)`. A path that leaves the repository (`../elsewhere.ts` from its root)
 * stays as it is: no checkout holds it.
 */
export function fromRepositoryRoot(prefix: string, relative: string): string {
  if (!prefix) return relative;
  const joined = posix.normalize(`${prefix}/${relative}`);
  return joined.startsWith('../') ? relative : joined;
}

/** `fromRepositoryRoot` for the scan run in `cwd`: what a finding's fingerprint hashes. */
export function repositoryPathFor(cwd: string): (relative: string) => string {
  const prefix = repositoryPrefix(cwd);
  return (relative) => fromRepositoryRoot(prefix, relative);
}

/** The other way: a path from the repository root as a path relative to `cwd` (whose prefix is given). */
export function fromWorkingDirectory(prefix: string, fromRoot: string): string {
  return prefix ? posix.relative(prefix, fromRoot) || '.' : fromRoot;
}
