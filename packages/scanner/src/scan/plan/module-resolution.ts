import { readdirSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';

import { forgetLastStat, statPath } from '../files/file-stats.js';
import { ProjectModules } from './project-modules.js';

/** Linux's PATH_MAX: no longer path names a file. */
const MAX_PATH = 4096;

/** The order TypeScript tries extensions in, then plain JavaScript. */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** `./x.js` in TypeScript source names `x.ts` (NodeNext style imports). */
const TS_FOR_JS: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/**
 * Resolves relative module specifiers the way bundlers and TypeScript do for source files: the
 * file as written, its TypeScript twin (`./paths.js` -> `paths.ts`), extensionless (`./zone-http`),
 * and a directory's `index.*` (`../lib` -> `lib/index.ts`). A bare specifier is resolved when it
 * names a module of the project (`ProjectModules`: a workspace package, a tsconfig `paths` alias);
 * an installed package's code is not the user's client code and is never read.
 */
export class ModuleResolver {
  private readonly cache = new Map<string, string | null>();
  private readonly isFileCache = new Map<string, boolean>();
  private readonly isDirectoryCache = new Map<string, boolean>();
  /** Each folder's entries, by name (null: it could not be listed). */
  private readonly listings = new Map<string, Map<string, 'file' | 'folder' | 'other'> | null>();

  /** `known` answers for files already in the scan without touching the disk. */
  constructor(
    private readonly known: (file: string) => boolean,
    readonly project: ProjectModules = ProjectModules.none,
  ) {}

  resolve(fromFile: string, specifier: string): string | undefined {
    // Text longer than any path the system can open (`'/zones/' + 'x/'.repeat(50000)`) names no module.
    if (specifier.length > MAX_PATH) return undefined;
    const relative = specifier.startsWith('.') || specifier.startsWith('/');
    if (!relative && !this.project.isProjectModule(specifier)) return undefined;
    const key = `${dirname(fromFile)}\u0000${specifier}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const bases = relative ? [resolve(dirname(fromFile), specifier)] : this.project.candidates(fromFile, specifier);
    let found: string | undefined;
    for (const base of bases) if ((found = this.firstFile(base)) !== undefined) break;
    this.cache.set(key, found ?? null);
    return found;
  }

  /** The first file of a base's candidates, in the order above (asked one by one: the first usually is). */
  private firstFile(base: string): string | undefined {
    const extension = extname(base);
    if (EXTENSIONS.includes(extension)) {
      if (this.isFile(base)) return base;
      const stem = base.slice(0, -extension.length);
      for (const twin of TS_FOR_JS[extension] ?? []) if (this.isFile(stem + twin)) return stem + twin;
    } else {
      for (const ext of EXTENSIONS) if (this.isFile(base + ext)) return base + ext;
    }
    // `join` once: the folder's own name is normalized (`/` has no trailing separator to add).
    const folder = join(base, 'index');
    for (const ext of EXTENSIONS) if (this.isFile(folder + ext)) return folder + ext;
    return undefined;
  }

  private isFile(file: string): boolean {
    if (this.known(file)) return true;
    let answer = this.isFileCache.get(file);
    if (answer === undefined) {
      // Text that only looks like a path (`'/zones/x'`, read by the scan's plan) names no folder:
      // one look at the folder answers for all its candidates.
      const folder = dirname(file);
      if (!this.isDirectory(folder)) return false;
      answer = this.listedAsFile(folder, file) && !/\.d\.[cm]?ts$/.test(file);
      this.isFileCache.set(file, answer);
    }
    return answer;
  }

  /**
   * Whether the folder's listing holds the file as a regular file: one listing answers for every
   * candidate of the folder (`x.ts`, `x.tsx`, … most of them absent), where a stat each cost a
   * system call per candidate. A symbolic link (or an entry the listing does not type) is stat'ed,
   * as before; a folder that cannot be listed leaves every candidate to its stat.
   */
  private listedAsFile(folder: string, file: string): boolean {
    let listing = this.listings.get(folder);
    if (listing === undefined) {
      listing = listFolder(folder);
      this.listings.set(folder, listing);
    }
    if (listing === null) return statPath(file)?.isFile() ?? false;
    const entry = listing.get(basename(file));
    if (entry === undefined) return false;
    return entry === 'other' ? (statPath(file)?.isFile() ?? false) : entry === 'file';
  }

  private isDirectory(dir: string): boolean {
    // A folder whose parent is none is none: `/zones/z1`, `/zones/z2`, … (text that only looks
    // like a path) cost one look at `/zones`, not one each. The folders above the first one already
    // answered are asked from the top down, in a loop: text of fifty thousand `x/` segments would
    // overflow the stack of a recursion.
    const unanswered: string[] = [];
    let answer: boolean | undefined;
    for (let at = dir; ;) {
      answer = this.isDirectoryCache.get(at);
      if (answer !== undefined) break;
      unanswered.push(at);
      const parent = dirname(at);
      if (parent === at) break;
      at = parent;
    }
    answer ??= true;
    for (let i = unanswered.length - 1; i >= 0; i--) {
      const folder = unanswered[i]!;
      answer = answer && (statPath(folder)?.isDirectory() ?? false);
      this.isDirectoryCache.set(folder, answer);
    }
    return answer;
  }
}

/** A folder's entries by name and kind; null when it cannot be listed. */
function listFolder(folder: string): Map<string, 'file' | 'folder' | 'other'> | null {
  try {
    const entries = new Map<string, 'file' | 'folder' | 'other'>();
    for (const entry of readdirSync(folder, { withFileTypes: true }))
      entries.set(entry.name, entry.isFile() ? 'file' : entry.isDirectory() ? 'folder' : 'other');
    return entries;
  } catch {
    return null;
  } finally {
    // Where a file system does not type its entries, Node lstat's them through the array Node 20's
    // module loader reads (file-stats.ts): put a folder's stats back.
    forgetLastStat();
  }
}
