import { createHash } from 'node:crypto';
import { InputError } from '../errors.js';

/** One part of a sharded scan: the `index`-th (from 1) of `total`. */
export interface Shard {
  index: number;
  total: number;
}

/** `--shard i/n`: 1-based `i`, `1 ≤ i ≤ n`; anything else is a usage error naming the option. */
export function parseShard(option: string, value: string): Shard {
  const parts = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!parts) throw new InputError(`${option} must be i/n (shard i of n, counted from 1, e.g. 2/4), got '${value}'`);
  const index = Number(parts[1]);
  const total = Number(parts[2]);
  if (total < 1 || total > 10_000) throw new InputError(`${option}: n must be from 1 to 10000, got '${value}'`);
  if (index < 1 || index > total) throw new InputError(`${option}: i must be from 1 to n (${total}), got '${value}'`);
  return { index, total };
}

/** A shard given as an object (the library's `scan`), checked as `--shard` checks its text. */
export function checkShard(shard: Shard): Shard {
  return parseShard('shard', `${shard.index}/${shard.total}`);
}

/**
 * The shard (1-based) a file belongs to, from a hash of its path relative to the repository root,
 * `/`-separated: the same on every machine, operating system and working-directory spelling, and
 * unaffected by the order the file system lists files in. Adding a file never moves another.
 */
export function shardOf(repositoryPath: string, total: number): number {
  const digest = createHash('sha256').update(repositoryPath, 'utf8').digest();
  return (digest.readUInt32BE(0) % total) + 1;
}
