import { posix, resolve } from 'node:path';
import { repositoryPrefix } from '../repository-root.js';
import { shardOf, type Shard } from './shard.js';
import { slashedRelative } from '../scan/files/relative-path.js';

/** Whether a file is in this shard, asked by absolute path (the scan) or by report path (findings, baselines). */
export interface ShardMembership {
  file: (absolute: string) => boolean;
  /** A path relative to the working directory, `/`-separated, as reports and baselines write it. */
  path: (reported: string) => boolean;
}

/**
 * Membership by the path from the repository root, so that running from the root or from a
 * sub-folder of it, on any system, puts a file in the same shard.
 */
export function shardMembership(cwd: string, shard: Shard): ShardMembership {
  const prefix = repositoryPrefix(cwd);
  const inShard = (fromCwd: string) => {
    // Normalized: a file outside the working directory (`../x.ts`) hashes as from the root does.
    const path = prefix ? posix.normalize(`${prefix}/${fromCwd}`) : fromCwd;
    return shardOf(path, shard.total) === shard.index;
  };
  return {
    file: (absolute) => inShard(slashedRelative(cwd, absolute)),
    path: (reported) => inShard(slashedRelative(cwd, resolve(cwd, reported))),
  };
}
