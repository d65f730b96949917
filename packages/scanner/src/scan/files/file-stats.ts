import { fstatSync, lstatSync, statSync, type BigIntStats } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * Why the user's files are stat'ed only through here: Node 20's `fs.realpathSync`, which every
 * `import` and `require` runs, skips a folder it has resolved before but then checks the file type
 * left in a shared array by the most recent stat call, whatever file that was ("break if a pipe or
 * socket"). After a FIFO or socket in the user's tree had been stat'ed, a module loaded later was
 * therefore loaded from its unresolved path (pnpm's symbolic links), where its own dependencies
 * cannot be found: the scan ended with "Cannot find module". Stats taken with `bigint: true` go to
 * a separate array and leave the shared one alone.
 */

/** The stats of a path (following a final symbolic link unless `follow` is false), or undefined when it cannot be stat'ed. */
export function statPath(path: string, follow = true): BigIntStats | undefined {
  try {
    return follow ? statSync(path, { bigint: true }) : lstatSync(path, { bigint: true });
  } catch {
    return undefined;
  }
}

/** The stats of an open file (throws as `fstatSync` does). */
export function statDescriptor(fd: number): BigIntStats {
  return fstatSync(fd, { bigint: true });
}

/** Size and modification time: the cache's sign that a file changed. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

/** The file's stamp, or undefined when it cannot be stat'ed. */
export function fileStamp(path: string): FileStamp | undefined {
  const stats = statPath(path);
  return stats && { size: Number(stats.size), mtimeMs: Number(stats.mtimeNs) / 1e6 };
}

const OWN_FOLDER = fileURLToPath(new URL('.', import.meta.url));

/**
 * For code that stats through `node:fs` on its own (the folder walk's listings: Node's `readdir`
 * stats the entries whose type the file system does not give): puts a folder's stats back into the
 * shared array once it is done.
 */
export function forgetLastStat(): void {
  statSync(OWN_FOLDER);
}
