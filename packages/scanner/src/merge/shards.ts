import { MergeError } from '../errors.js';
import type { Shard } from '../shard/shard.js';

/** One input of `sunset-lint merge`: the file as given and the shard its report says it covers. */
export interface ShardInput {
  file: string;
  /** Absent: an unsharded report, i.e. shard 1 of 1. */
  shard: Shard | undefined;
}

/** The shards given must be exactly 1..n of one n, each once; the message names files and missing shards. */
export function checkShardSet(inputs: readonly ShardInput[]): void {
  const first = inputs[0]!;
  const total = first.shard?.total ?? 1;
  const seen = new Map<number, string>();
  for (const input of inputs) {
    const shard = input.shard ?? { index: 1, total: 1 };
    if (shard.total !== total)
      throw new MergeError(
        `${input.file} is shard ${shard.index}/${shard.total}, but ${first.file} is one of ${total} shards`,
      );
    const other = seen.get(shard.index);
    if (other !== undefined)
      throw new MergeError(`${input.file} and ${other} are both shard ${shard.index}/${total} (overlapping shards)`);
    seen.set(shard.index, input.file);
  }
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((index) => !seen.has(index));
  if (missing.length)
    throw new MergeError(
      `incomplete set of shards: missing ${missing.map((index) => `${index}/${total}`).join(', ')} (given: ${[
        ...seen.keys(),
      ]
        .sort((a, b) => a - b)
        .map((index) => `${index}/${total}`)
        .join(', ')})`,
    );
}

/** Every input agrees with the first on `what`; otherwise a usage error naming both files and values. */
export function checkSame<T>(inputs: ReadonlyArray<{ file: string; value: T }>, what: string): void {
  const [first, ...rest] = inputs;
  for (const input of rest)
    if (JSON.stringify(input.value) !== JSON.stringify(first!.value))
      throw new MergeError(
        `${input.file} has ${what} ${JSON.stringify(input.value)}, but ${first!.file} has ${JSON.stringify(first!.value)}: reports of different scans cannot be merged`,
      );
}

/** A shard field read from a report: `{ index, total }` of positive integers, or absent. */
export function shardField(value: unknown, file: string): ShardInput['shard'] {
  if (value === undefined) return undefined;
  if (
    typeof value === 'object' &&
    value !== null &&
    'index' in value &&
    'total' in value &&
    Number.isInteger(value.index) &&
    Number.isInteger(value.total)
  )
    return { index: Number(value.index), total: Number(value.total) };
  throw new MergeError(`${file}: 'shard' must be { "index": i, "total": n }`);
}
