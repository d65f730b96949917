import { type Dirent, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

import picomatch from 'picomatch';

import { errorCode } from './error-code.js';
import { statPath } from './file-stats.js';
import { type IgnoreRules, lastMatch, parseIgnoreFile } from './gitignore.js';
import { readSource } from './read-source.js';
import { slashedRelative } from './relative-path.js';

/** What a walk found: regular files, and FIFOs, sockets and devices (absolute paths). */
export interface Walked {
  files: string[];
  special: string[];
  /** Folders whose listing failed (absolute), with the error code. */
  unreadable: Map<string, string>;
  /** Ignore files found but not read (absolute), with the reason. */
  unreadIgnoreFiles: Map<string, string>;
}

export interface WalkOptions {
  /** The folder the walk lists, absolute. */
  root: string;
  /**
   * How the patterns name `root`: '' when they are relative to it, else its path as the patterns
   * write it, with a trailing slash (`src/` for the pattern `src/*.ts` given in the folder above).
   */
  prefix: string;
  /** Globs an entry's path (prefix + its path below `root`) must match to be found. */
  include: readonly string[];
  /** Globs of entries left out; a folder they match is not listed. */
  ignore: readonly string[];
  /** Whether `.gitignore` files apply: those met in the walk, and those above `root` up to the repository root. */
  gitignore: boolean;
  /** `.gitignore` files larger than this are not read (named instead). */
  maxFileSize: number | undefined;
}

/**
 * The entries under `root` whose path matches `include` and no `ignore` glob nor `.gitignore`.
 * Symbolic links are not followed (nor found); dot-folders are listed as any other. One listing per
 * folder and no stat: the entry types come with the listing. `.gitignore` files apply as git
 * applies them: each to the paths below its folder, a deeper one's rule over a shallower one's, and
 * a folder they exclude is not listed (git cannot re-include a file inside it).
 */
export function walk(options: WalkOptions): Walked {
  const includes = picomatch([...options.include], { dot: true });
  const excludes = options.ignore.length ? picomatch([...options.ignore], { dot: true }) : () => false;
  // Excludes are written from the patterns' folder and cannot name what is above it: a pattern's
  // walk from `../lib` reads them on the path below `..` (`**/node_modules/**` still applies).
  const excludePrefix = options.prefix.replace(/^(?:\.\.\/)+/, '');
  const walked: Walked = { files: [], special: [], unreadable: new Map(), unreadIgnoreFiles: new Map() };
  const readIgnoreFile = (file: string): IgnoreRules | undefined => {
    const read = readSource(file, options.maxFileSize);
    if (read.ok) return parseIgnoreFile(read.source);
    if (read.errno !== 'ENOENT' && read.errno !== 'ENOTDIR') walked.unreadIgnoreFiles.set(file, read.message);
    return undefined;
  };
  const visit = (folder: string, below: string, layers: readonly IgnoreLayer[]) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      const code = errorCode(error);
      // Removed or replaced since its parent was listed: nothing there to scan.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') walked.unreadable.set(folder, code ?? String(error));
      return;
    }
    // A FIFO or socket of that name is passed over, as the search for ignore files always has (git
    // itself waits on a FIFO forever); a file or a link to one is read.
    const ignoreFile = options.gitignore && entries.find((entry) => entry.name === '.gitignore');
    if (ignoreFile && (ignoreFile.isFile() || ignoreFile.isSymbolicLink())) {
      const rules = readIgnoreFile(join(folder, '.gitignore'));
      if (rules) layers = [...layers, { above: '', below, rules }];
    }
    for (const entry of entries) {
      const path = below + entry.name;
      if (entry.isDirectory()) {
        if (!excludes(excludePrefix + path) && !ignoredByGit(layers, path, true))
          visit(join(folder, entry.name), `${path}/`, layers);
        continue;
      }
      if (entry.isSymbolicLink() || !includes(options.prefix + path) || excludes(excludePrefix + path)) continue;
      if (ignoredByGit(layers, path, false)) continue;
      if (entry.isFile()) walked.files.push(join(folder, entry.name));
      else walked.special.push(join(folder, entry.name));
    }
  };
  const above = options.gitignore ? ignoreFilesAbove(options.root, readIgnoreFile) : [];
  // A folder inside an ignored one (`scan generated` where the repository ignores `generated/`)
  // holds nothing git would see: named so by the caller, which walks it again without .gitignore.
  if (above !== 'ignored') visit(options.root, '', above);
  return walked;
}

/** The rules of one `.gitignore` file, and how a path below the walk's root is written for them. */
interface IgnoreLayer {
  /** For a file above the root: the root's path from the file's folder, with a trailing slash. */
  above: string;
  /** For a file at or below the root: its folder's path from the root, with a trailing slash ('' at the root). */
  below: string;
  rules: IgnoreRules;
}

/** Whether the `.gitignore` files in force leave out `path` (relative to the root). */
function ignoredByGit(layers: readonly IgnoreLayer[], path: string, isFolder: boolean): boolean {
  return deepestDecides(layers, (layer) => layer.above + path.slice(layer.below.length), isFolder);
}

/**
 * What the deepest ignore file with a pattern for a path says, each reading the path as written
 * from its own folder (`pathFor`); false (kept) when none has one.
 */
function deepestDecides<Layer extends { rules: IgnoreRules }>(
  layers: readonly Layer[],
  pathFor: (layer: Layer) => string,
  isFolder: boolean,
): boolean {
  for (let index = layers.length - 1; index >= 0; index--) {
    const layer = layers[index]!;
    const ignored = lastMatch(layer.rules, pathFor(layer), isFolder);
    if (ignored !== undefined) return ignored;
  }
  return false;
}

/**
 * The `.gitignore` files of the folders above `root` up to the repository's root (the nearest
 * folder above with a `.git` entry), shallowest first; none outside a repository. 'ignored' when
 * they leave out `root` itself or a folder between it and the repository's root.
 */
function ignoreFilesAbove(root: string, read: (file: string) => IgnoreRules | undefined): IgnoreLayer[] | 'ignored' {
  if (statPath(join(root, '.git'))) return [];
  const folders: string[] = [];
  for (let folder = dirname(root), child = root; folder !== child; child = folder, folder = dirname(folder)) {
    folders.push(folder);
    if (!statPath(join(folder, '.git'))) continue;
    const found: Array<{ folder: string; rules: IgnoreRules }> = [];
    folders.reverse();
    for (const [index, above] of folders.entries()) {
      const rules = read(join(above, '.gitignore'));
      if (rules) found.push({ folder: above, rules });
      // The next folder down, as each ignore file above it reads it.
      const next = folders[index + 1] ?? root;
      if (deepestDecides(found, (file) => slashedRelative(file.folder, next), true)) return 'ignored';
    }
    return found.map(({ folder, rules }) => ({ above: `${slashedRelative(folder, root)}/`, below: '', rules }));
  }
  return [];
}
