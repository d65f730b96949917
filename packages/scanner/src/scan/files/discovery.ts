import { readdir } from 'node:fs';
import { relative, resolve } from 'node:path';

import { forgetLastStat, statPath } from './file-stats.js';
import { readSource } from './read-source.js';
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
 * Directories are globbed (include minus exclude, `.gitignore` respected: globby reads the ignore
 * files of the directory, below it and up to the repository root). Files named explicitly are taken
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
    const walkFolder = (gitignore: boolean) => glob(include, { ...limits, cwd: absolute, gitignore });
    const walk = await walkFolder(true);
    if (walk.files.length === 0) await nothingFound(given, () => walkFolder(false));
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

/** What a walk found: regular files, and FIFOs, sockets and devices (absolute paths). */
interface Walked {
  files: string[];
  special: string[];
  /** Folders whose listing failed (absolute), with the error code. */
  unreadable: Map<string, string>;
  /** Ignore files found but not read (absolute), with the reason. */
  unreadIgnoreFiles: Map<string, string>;
}

interface GlobOptions {
  cwd: string;
  ignore: string[];
  /** Whether `.gitignore` files apply. */
  gitignore: boolean;
  maxFileSize: number | undefined;
}

/** The source files a glob pattern names, or undefined when `given` is no pattern. */
async function globPattern(given: string, options: GlobOptions): Promise<Walked | undefined> {
  const { isDynamicPattern } = await import('globby');
  if (!isDynamicPattern(given)) return undefined;
  const walk = await glob([given], options);
  return {
    files: walk.files.filter(isScannable),
    special: walk.special.filter(isScannable),
    unreadable: walk.unreadable,
    unreadIgnoreFiles: walk.unreadIgnoreFiles,
  };
}

async function glob(patterns: string[], { cwd, ignore, gitignore, maxFileSize }: GlobOptions): Promise<Walked> {
  // Loaded only here (~65 ms): a pre-commit run names its files and never walks a directory.
  const { globby } = await import('globby');
  const unreadable = new Map<string, string>();
  // A folder that cannot be listed is named and left out, not the end of the scan: the walk goes
  // on past it (suppressErrors) and the listing that failed is recorded here.
  const readdirRecording: typeof readdir = ((...args: Parameters<typeof readdir>) => {
    const callback = args[args.length - 1] as (error: NodeJS.ErrnoException | null, ...rest: unknown[]) => void;
    const recording = (error: NodeJS.ErrnoException | null, ...rest: unknown[]) => {
      if (error && error.code !== 'ENOENT') unreadable.set(resolve(String(args[0])), error.code ?? String(error));
      callback(error, ...rest);
    };
    return (readdir as (...all: unknown[]) => void)(...args.slice(0, -1), recording);
  }) as typeof readdir;
  const unreadIgnoreFiles = new Map<string, string>();
  const fileSystem = {
    readdir: readdirRecording,
    promises: { readFile: ignoreFileReader(unreadIgnoreFiles, maxFileSize) },
  };
  const found = await globby(patterns, {
    suppressErrors: true,
    fs: fileSystem,
    cwd,
    ignore,
    gitignore,
    absolute: true,
    // Entries of every type, so that FIFOs and devices can be named; only regular files are scanned.
    onlyFiles: false,
    objectMode: true,
    // Dot-folders are scanned as ESLint lints them; DEFAULT_EXCLUDE leaves out .git and the like.
    dot: true,
    followSymbolicLinks: false,
  });
  forgetLastStat();
  const walked: Walked = { files: [], special: [], unreadable, unreadIgnoreFiles };
  for (const entry of found) {
    if (entry.dirent.isFile()) walked.files.push(resolve(entry.path));
    else if (isSpecial(entry.dirent)) walked.special.push(resolve(entry.path));
  }
  return walked;
}

/**
 * globby reads the `.gitignore` files it finds (and those above the folder, up to the repository's
 * root) with `fs.promises.readFile`, which on a FIFO would wait for a writer forever. They are read
 * here as sources are: opened without blocking, regular files only, within the size limit. One that
 * cannot be read is recorded, to be named, and applies no pattern; a missing one is no news.
 */
function ignoreFileReader(unread: Map<string, string>, maxFileSize: number | undefined) {
  return async (path: string | URL): Promise<string> => {
    const file = resolve(String(path));
    const read = readSource(file, maxFileSize);
    if (read.ok) return read.source;
    if (read.errno !== 'ENOENT' && read.errno !== 'ENOTDIR') unread.set(file, read.message);
    throw Object.assign(new Error(`${file}: ${read.message}`), { code: read.errno ?? read.code });
  };
}

function isSpecial(entry: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}) {
  return entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice();
}
