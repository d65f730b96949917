import { createHash } from 'node:crypto';

/**
 * The identity of everything a file's cross-file matches can depend on: the file and every module
 * it may import, directly or not (the plan's import lists: every path-like string, so never fewer
 * than the imports), each with the hash of its text. Equal fingerprints mean the cross-file pass
 * would see the same texts, so `--cache` reuses the matches it gave.
 */
export function dependencyFingerprint(
  file: string,
  imports: ReadonlyMap<string, readonly string[]>,
  hashOf: (file: string) => string | undefined,
): string {
  const reached = new Set([file]);
  const pending = [file];
  while (pending.length > 0)
    for (const target of imports.get(pending.pop()!) ?? [])
      if (!reached.has(target)) {
        reached.add(target);
        pending.push(target);
      }
  const hash = createHash('sha1');
  for (const one of [...reached].sort()) hash.update(`${one}\u0000${hashOf(one) ?? '(unread)'}\u0000`);
  return hash.digest('base64url');
}
