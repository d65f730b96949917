import { dirname, extname, join, resolve } from 'node:path';

import { statPath } from '../files/file-stats.js';
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
    const found = bases.flatMap((base) => this.candidates(base)).find((file) => this.isFile(file));
    this.cache.set(key, found ?? null);
    return found;
  }

  private candidates(base: string): string[] {
    const extension = extname(base);
    const out: string[] = [];
    if (EXTENSIONS.includes(extension)) {
      out.push(base);
      const stem = base.slice(0, -extension.length);
      for (const twin of TS_FOR_JS[extension] ?? []) out.push(stem + twin);
    } else {
      for (const ext of EXTENSIONS) out.push(base + ext);
    }
    for (const ext of EXTENSIONS) out.push(join(base, `index${ext}`));
    return out;
  }

  private isFile(file: string): boolean {
    if (this.known(file)) return true;
    let answer = this.isFileCache.get(file);
    if (answer === undefined) {
      // Text that only looks like a path (`'/zones/x'`, read by the scan's plan) names no folder:
      // one look at the folder answers for all its candidates.
      if (!this.isDirectory(dirname(file))) return false;
      answer = (statPath(file)?.isFile() ?? false) && !/\.d\.[cm]?ts$/.test(file);
      this.isFileCache.set(file, answer);
    }
    return answer;
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
