import { type Dirent, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';

import { errorCode } from './error-code.js';
import { statPath } from './file-stats.js';
import { readSource } from './read-source.js';

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
  /** Globs of entries left out; a folder they match is not listed (as fast-glob's `ignore`). */
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
  const walked: Walked = { files: [], special: [], unreadable: new Map(), unreadIgnoreFiles: new Map() };
  const readIgnoreFile = (file: string): IgnoreLayer['rules'] | undefined => {
    const read = readSource(file, options.maxFileSize);
    if (read.ok) return ignore().add(read.source);
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
      const named = options.prefix + path;
      if (entry.isDirectory()) {
        if (!excludes(named) && !ignoredByGit(layers, `${path}/`)) visit(join(folder, entry.name), `${path}/`, layers);
        continue;
      }
      if (entry.isSymbolicLink() || !includes(named) || excludes(named) || ignoredByGit(layers, path)) continue;
      if (entry.isFile()) walked.files.push(join(folder, entry.name));
      else walked.special.push(join(folder, entry.name));
    }
  };
  visit(options.root, '', options.gitignore ? ignoreFilesAbove(options.root, readIgnoreFile) : []);
  return walked;
}

/** The rules of one `.gitignore` file, and how a path below the walk's root is written for them. */
interface IgnoreLayer {
  /** For a file above the root: the root's path from the file's folder, with a trailing slash. */
  above: string;
  /** For a file at or below the root: its folder's path from the root, with a trailing slash ('' at the root). */
  below: string;
  rules: Ignore;
}

/**
 * Whether the `.gitignore` files in force ignore `path` (relative to the root; a folder with a
 * trailing slash). Each file tests the path as written from its own folder, shallowest first; the
 * last one with a rule for it decides (a deeper `!keep.log` re-includes what a shallower `*.log` left out).
 */
function ignoredByGit(layers: readonly IgnoreLayer[], path: string): boolean {
  let ignored = false;
  for (const layer of layers) {
    const result = layer.rules.test(layer.above + path.slice(layer.below.length));
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/**
 * The `.gitignore` files of the folders above `root` up to the repository's root (the nearest
 * folder above with a `.git` entry), shallowest first; none outside a repository.
 */
function ignoreFilesAbove(root: string, read: (file: string) => Ignore | undefined): IgnoreLayer[] {
  if (statPath(join(root, '.git'))) return [];
  const folders: string[] = [];
  for (let folder = dirname(root), child = root; folder !== child; child = folder, folder = dirname(folder)) {
    folders.push(folder);
    if (statPath(join(folder, '.git'))) {
      const layers: IgnoreLayer[] = [];
      for (const above of folders.reverse()) {
        const rules = read(join(above, '.gitignore'));
        if (rules) layers.push({ above: `${toPosix(relative(above, root))}/`, below: '', rules });
      }
      return layers;
    }
  }
  return [];
}

const toPosix = (path: string) => (sep === '/' ? path : path.split(sep).join('/'));
