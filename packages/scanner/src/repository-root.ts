import { dirname, join } from 'node:path';
import { statPath } from './scan/files/file-stats.js';
import { slashedRelative } from './scan/files/relative-path.js';

/**
 * The current directory relative to the git top level, `/`-separated (`''` at the top level or
 * outside any repository). Found by walking up to the nearest `.git` entry, a folder in a clone, a
 * file in a worktree or submodule, both mark the top level, without spawning git.
 */
export function repositoryPrefix(cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (hasGitEntry(dir)) return slashedRelative(dir, cwd);
    if (dirname(dir) === dir) return '';
  }
}

function hasGitEntry(dir: string): boolean {
  return statPath(join(dir, '.git')) !== undefined;
}
