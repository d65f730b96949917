import { relative, resolve } from 'node:path';

import { forgetLastStat, statPath } from './file-stats.js';
import type { Walked } from './walk.js';
import { kindOfPath, SCRIPT_INCLUDE } from '../../languages/kinds.js';

export const DEFAULT_INCLUDE: readonly string[] = [
  '**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}',
  '**/*.tf',
  // Shell, Python, Go and documentation (languages/kinds.ts).
  ...SCRIPT_INCLUDE,
];

/**
 * Dependencies, build output, minified bundles, declaration files, version control and package
 * manager stores: never hand-written client code. Other dot-folders (`.github/scripts/`) are
 * scanned, as ESLint lints them.
 */
export const DEFAULT_EXCLUDE: readonly string[] = [
  '**/node_modules/**',
  '**/.git/**',
  '**/.hg/**',
  '**/.svn/**',
  '**/.yarn/**',
  '**/.pnp.*',
  // npm's lockfiles: JSON no one writes by hand (and often larger than --max-file-size).
  '**/package-lock.json',
  '**/npm-shrinkwrap.json',
  '**/.sunset-lint-cache/**',
  '**/dist/**',
  '**/build/**',
  '**/out/**',
  '**/coverage/**',
  '**/.next/**',
  '**/.nuxt/**',
  '**/.output/**',
  '**/.svelte-kit/**',
  '**/.turbo/**',
  '**/.vercel/**',
  '**/.wrangler/**',
  // `terraform init` downloads providers and the modules a configuration calls here.
  '**/.terraform/**',
  '**/*.min.js',
  '**/*.d.ts',
  '**/*.d.mts',
  '**/*.d.cts',
];

/** Extensions the parser reads; an explicit file argument with another extension is skipped. */
export const SOURCE_FILE = /\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/i;

/** Terraform configuration files, read by the Terraform reader (not by TypeScript's parser). */
const TERRAFORM_FILE = /\.tf$/i;

export interface DiscoveryOptions {
  cwd: string;
  /** Files, directories and glob patterns (quoted for the shell) as given on the command line; default `.`. */
  paths: readonly string[];
  /** Replaces DEFAULT_INCLUDE when given. */
  include?: readonly string[];
  /** Added to DEFAULT_EXCLUDE; `!pattern` takes a default exclude back out. */
  exclude?: readonly string[];
  /** `.gitignore` files larger than this are not read (named instead); default DEFAULT_MAX_FILE_SIZE. */
  maxFileSize?: number;
}

export interface Discovered {
  /** JavaScript and TypeScript files: absolute paths, sorted, each once. */
  files: string[];
  /** Terraform files (`*.tf`): absolute paths, sorted, each once. */
  terraformFiles: string[];
  /**
   * Shell, Python, Go and documentation files (languages/kinds.ts), and executables without an
   * extension whose shebang decides: absolute paths, sorted, each once.
   */
  scriptFiles: string[];
  /** Explicit arguments that were skipped (neither a JS/TS nor a Terraform file). */
  skipped: string[];
  /** Arguments that do not exist (and are no glob pattern). */
  missing: string[];
  /** Directories and glob patterns that hold no file to scan. */
  empty: string[];
  /** Directories and glob patterns whose every file to scan is ignored by `.gitignore`, with their number. */
  gitignored: Array<{ path: string; files: number }>;
  /**
   * FIFOs, sockets and devices with a source file's name (`pipe.ts`, `x.js -> /dev/zero` given
   * explicitly), as given or relative to `cwd`: never opened (a FIFO would block the scan), named.
   */
  special: string[];
  /** Folders that could not be listed (EACCES), relative to `cwd`, with the error code: their files were not scanned. */
  unreadableFolders: Array<{ path: string; code: string }>;
  /** `.gitignore` files that were found but not read, relative to `cwd`, with the reason: their patterns were not applied. */
  unreadIgnoreFiles: Array<{ path: string; reason: string }>;
}

export function effectiveExcludes(exclude: readonly string[] = []): string[] {
  const removed = new Set(exclude.filter((p) => p.startsWith('!')).map((p) => p.slice(1)));
  return [...DEFAULT_EXCLUDE.filter((p) => !removed.has(p)), ...exclude.filter((p) => !p.startsWith('!'))];
}

/**
 * Directories are walked (include minus exclude, `.gitignore` respected: the ignore files of the
 * directory, below it and up to the repository root; walk.ts). Files named explicitly are taken
 * as given, even when an exclude or `.gitignore` would skip them: a pre-commit hook passes exactly
 * the staged files it wants checked. An argument that names no file but is a glob pattern (quoted,
 * so that the shell left it alone) is globbed from `cwd` as ESLint does, minus the excludes; its
 * JavaScript, TypeScript and Terraform files are scanned. Terraform files come back on their own
 * list: they go to the Terraform reader, never to TypeScript's parser.
 */
export async function discoverFiles(options: DiscoveryOptions): Promise<Discovered> {
  const include = options.include?.length ? [...options.include] : [...DEFAULT_INCLUDE];
  const ignore = effectiveExcludes(options.exclude);
  const files = new Set<string>();
  const skipped: string[] = [];
  const missing: string[] = [];
  const empty: string[] = [];
  const gitignored: Array<{ path: string; files: number }> = [];
  const special: string[] = [];
  const unreadableFolders = new Map<string, string>();
  const unreadIgnoreFiles = new Map<string, string>();
  const found = (walk: Walked) => {
    for (const file of walk.files) files.add(file);
    for (const file of walk.special) special.push(relative(options.cwd, file) || file);
    for (const [folder, code] of walk.unreadable) unreadableFolders.set(relative(options.cwd, folder) || '.', code);
    for (const [file, reason] of walk.unreadIgnoreFiles) unreadIgnoreFiles.set(relative(options.cwd, file), reason);
  };
  // Only when a walk found nothing: walked again without `.gitignore`, to tell "nothing here" from
  // "all of it ignored" (a generated or vendored folder named on purpose).
  const nothingFound = async (given: string, walkWithoutGitignore: () => Promise<Walked | undefined>) => {
    const files = (await walkWithoutGitignore())?.files.length ?? 0;
    if (files > 0) gitignored.push({ path: given, files });
    else empty.push(given);
  };
  const limits = { ignore, maxFileSize: options.maxFileSize };
  for (const given of options.paths.length ? options.paths : ['.']) {
    const absolute = resolve(options.cwd, given);
    const stats = statPath(absolute);
    if (!stats) {
      const walkPattern = (gitignore: boolean) => globPattern(given, { ...limits, cwd: options.cwd, gitignore });
      const walk = await walkPattern(true);
      if (walk === undefined) missing.push(given);
      else if (walk.files.length === 0) await nothingFound(given, () => walkPattern(false));
      if (walk) found(walk);
      continue;
    }
    if (stats.isFile()) {
      if (isScannable(absolute)) files.add(absolute);
      else skipped.push(given);
      continue;
    }
    if (!stats.isDirectory()) {
      if (isScannable(absolute)) special.push(given);
      else skipped.push(given);
      continue;
    }
    const walkHere = (gitignore: boolean) => walkFolder(absolute, include, { ...limits, gitignore });
    const walk = await walkHere(true);
    if (walk.files.length === 0) await nothingFound(given, () => walkHere(false));
    found(walk);
  }
  return {
    ...byReader([...files]),
    skipped,
    missing,
    empty,
    gitignored,
    special: [...new Set(special)].sort(),
    unreadableFolders: [...unreadableFolders]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([path, code]) => ({ path, code })),
    unreadIgnoreFiles: [...unreadIgnoreFiles]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([path, reason]) => ({ path, reason })),
  };
}

/** Files on the lists of the readers that read them, sorted: which reader goes by the file's name. */
export function byReader(files: readonly string[]): Pick<Discovered, 'files' | 'terraformFiles' | 'scriptFiles'> {
  const sorted = [...files].sort();
  return {
    // What an `include` pattern names goes to the parser, as before; only `.tf` files are set apart.
    files: sorted.filter((file) => !TERRAFORM_FILE.test(file) && !isScript(file)),
    terraformFiles: sorted.filter((file) => TERRAFORM_FILE.test(file)),
    scriptFiles: sorted.filter((file) => isScript(file)),
  };
}

/** Whether one of the readers reads a file of this name (by its extension, or a shebang for an extensionless one). */
export function isScannable(file: string): boolean {
  return SOURCE_FILE.test(file) || TERRAFORM_FILE.test(file) || kindOfPath(file) !== undefined;
}

/** A file one of the other languages' readers takes (JavaScript and TypeScript names never are). */
function isScript(file: string): boolean {
  return !SOURCE_FILE.test(file) && kindOfPath(file) !== undefined;
}

/** What a folder walk reads besides its folder and include globs. */
interface WalkLimits {
  ignore: string[];
  /** Whether `.gitignore` files apply. */
  gitignore: boolean;
  maxFileSize: number | undefined;
}

/** A pattern's walk: the limits, and the folder the pattern is written from. */
interface GlobOptions extends WalkLimits {
  cwd: string;
}

/** The source files a glob pattern names, or undefined when `given` is no pattern. */
async function globPattern(given: string, options: GlobOptions): Promise<Walked | undefined> {
  const { default: picomatch } = await import('picomatch');
  // `./src/*.ts` names what `src/*.ts` names; the walk's paths are written without `./`.
  const pattern = given.replace(/^(\.\/)+/, '');
  const { isGlob, base } = picomatch.scan(pattern);
  if (!isGlob) return undefined;
  // The walk starts at the pattern's folder part (`src` of `src/**/*.ts`): nothing outside can match,
  // and a folder part that names no folder lists nothing.
  const { cwd, ...limits } = options;
  const walk = await walkFolder(resolve(cwd, base), [pattern], limits, base ? `${base}/` : '');
  return { ...walk, files: walk.files.filter(isScannable), special: walk.special.filter(isScannable) };
}

/** The entries under `root` the patterns name; the walk is loaded only here: a pre-commit run names its files. */
async function walkFolder(root: string, include: string[], limits: WalkLimits, prefix = ''): Promise<Walked> {
  const { walk } = await import('./walk.js');
  const walked = walk({ root, prefix, include, ...limits });
  forgetLastStat();
  return walked;
}
