import { relative, sep } from 'node:path';

/** `to` relative to `from`, `/`-separated on every OS: how reports, baselines and shards name a file. */
export function slashedRelative(from: string, to: string): string {
  return relative(from, to).split(sep).join('/');
}
