import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

import { statPath } from '../files/file-stats.js';
import { readInputFile } from '../files/read-source.js';

/**
 * `~/…` and `@/…`: aliases of a project's source folder by convention; no npm package has such a
 * name. `src/…` (RedwoodJS, babel's module-resolver `root`): the `src` folder of the side importing it.
 */
const CONVENTIONAL_ALIAS = /^(?:[~@]|src)\//;

/** A `package.json` or `tsconfig.json` larger than this is not read (it is no configuration a person wrote). */
const MAX_CONFIG_BYTES = 1 << 20;

/** A workspace package: its name and folder, and the file its `exports['.']`, `main` or `module` names. */
interface WorkspacePackage {
  name: string;
  dir: string;
  entries: string[];
  /** `exports` subpaths (`./client` → `./src/client.ts`). */
  subpaths: Record<string, string>;
}

export interface ProjectModulesData {
  packages: WorkspacePackage[];
  aliases: PathAliases[];
}

/** `compilerOptions.paths` of one tsconfig: patterns with at most one `*`, and where each maps. */
interface PathAliases {
  dir: string;
  base: string;
  paths: Array<{ pattern: string; targets: string[] }>;
}

/**
 * The modules of the project that bare specifiers name: workspace packages (a `package.json` with
 * a `name` in a folder of the scanned files, or above one) and tsconfig/jsconfig `paths` aliases
 * (`@/lib/cfapi`). Found once per scan from the folders of the scanned files, up to the repository
 * root (the folder holding `.git`) or the filesystem root. `extends` of a tsconfig and `paths`
 * patterns with several `*` are not followed (docs/cross-file.md).
 */
export class ProjectModules {
  private constructor(
    /** By name; several folders of one tree may hold packages of one name (two repositories side by side). */
    private readonly packages: ReadonlyMap<string, WorkspacePackage[]>,
    /** By folder: the aliases of the tsconfig in that folder. */
    private readonly aliases: ReadonlyMap<string, PathAliases>,
  ) {
    this.aliasPatterns = [...aliases.values()].flatMap((found) => found.paths.map(({ pattern }) => pattern));
  }

  /** Every alias pattern of every tsconfig, for `isProjectModule` (asked of every quoted word of every file). */
  private readonly aliasPatterns: readonly string[];

  static readonly none = new ProjectModules(new Map(), new Map());

  static find(files: readonly string[]): ProjectModules {
    const packages = new Map<string, WorkspacePackage[]>();
    const aliases = new Map<string, PathAliases>();
    const seen = new Set<string>();
    const add = (pkg: WorkspacePackage | undefined) => {
      if (pkg && !(packages.get(pkg.name) ?? []).some((known) => known.dir === pkg.dir))
        packages.set(pkg.name, [...(packages.get(pkg.name) ?? []), pkg]);
    };
    for (const file of files) {
      for (let dir = dirname(file); !seen.has(dir); dir = dirname(dir)) {
        seen.add(dir);
        add(readPackage(dir));
        // A workspace root names its packages: a package scanned from its own folder follows its
        // imports of the others (`@acme/config`) as a scan of the root does, as support modules.
        for (const member of workspaceMembers(dir)) add(readPackage(member));
        for (const name of ['tsconfig.json', 'jsconfig.json']) {
          const found = readAliases(dir, name);
          if (found && !aliases.has(dir)) aliases.set(dir, found);
        }
        if (statPath(join(dir, '.git'), false) || dirname(dir) === dir) break;
      }
    }
    return packages.size || aliases.size ? new ProjectModules(packages, aliases) : ProjectModules.none;
  }

  /** As plain data, for a worker thread (`fromData` rebuilds it there). */
  toData(): ProjectModulesData {
    return { packages: [...this.packages.values()].flat(), aliases: [...this.aliases.values()] };
  }

  static fromData(data: ProjectModulesData): ProjectModules {
    if (data.packages.length === 0 && data.aliases.length === 0) return ProjectModules.none;
    const packages = new Map<string, WorkspacePackage[]>();
    for (const pkg of data.packages) packages.set(pkg.name, [...(packages.get(pkg.name) ?? []), pkg]);
    return new ProjectModules(packages, new Map(data.aliases.map((found) => [found.dir, found])));
  }

  /** What the facts of a file depend on (the scan cache keys its entries by it). */
  get fingerprint(): string {
    const shape = {
      packages: [...this.packages.values()]
        .flat()
        .map(({ name, dir, entries, subpaths }) => [name, dir, entries, subpaths]),
      aliases: [...this.aliases.values()].map(({ dir, base, paths }) => [dir, base, paths]),
    };
    return createHash('sha1').update(JSON.stringify(shape)).digest('hex').slice(0, 16);
  }

  get empty(): boolean {
    return this.packages.size === 0 && this.aliases.size === 0;
  }

  /** Whether a bare specifier names a module of the project. */
  readonly isProjectModule = (specifier: string): boolean =>
    CONVENTIONAL_ALIAS.test(specifier) ||
    this.packages.has(packageName(specifier)) ||
    this.aliasPatterns.some((pattern) => matchPattern(pattern, specifier) !== undefined);

  /**
   * The candidate paths (without extension rules: the resolver tries its own) a bare specifier
   * names from `fromFile`: the nearest tsconfig's aliases first, then a workspace package.
   */
  candidates(fromFile: string, specifier: string): string[] {
    const out: string[] = [];
    for (let dir = dirname(fromFile); ; dir = dirname(dir)) {
      const found = this.aliases.get(dir);
      if (found) {
        for (const { pattern, targets } of found.paths) {
          const star = matchPattern(pattern, specifier);
          if (star === undefined) continue;
          for (const target of targets) out.push(resolve(found.base, target.replace('*', star)));
        }
        break;
      }
      if (dirname(dir) === dir) break;
    }
    // `~/lib/cf`, `@/lib/cf` that no configuration maps (no npm package is named so): the source
    // folder of the project, as Qwik, Nuxt, Remix and Vite templates map them (`src/`, `app/`,
    // the project's root), from the nearest folder above the importer that holds the module.
    if (out.length === 0 && CONVENTIONAL_ALIAS.test(specifier)) {
      const rest = specifier.startsWith('src/') ? specifier.slice(4) : specifier.slice(2);
      let dir = dirname(fromFile);
      for (let level = 0; level < 12; level++, dir = dirname(dir)) {
        out.push(join(dir, 'src', rest), join(dir, 'app', rest), join(dir, rest));
        if (dirname(dir) === dir) break;
      }
    }
    const pkg = this.packageOf(fromFile, specifier);
    if (pkg) {
      const rest = specifier.slice(pkg.name.length);
      if (rest === '') out.push(...pkg.entries, join(pkg.dir, 'src', 'index'), join(pkg.dir, 'index'));
      else {
        const subpath = pkg.subpaths[`.${rest}`];
        if (subpath) out.push(resolve(pkg.dir, subpath));
        out.push(join(pkg.dir, rest), join(pkg.dir, 'src', rest));
      }
    }
    return out;
  }

  /** The package of that name nearest the importing file: the longest folder path they share. */
  private packageOf(fromFile: string, specifier: string): WorkspacePackage | undefined {
    const found = this.packages.get(packageName(specifier)) ?? [];
    let best: WorkspacePackage | undefined;
    let bestShared = -1;
    for (const pkg of found) {
      const shared = sharedLength(pkg.dir, fromFile);
      if (shared > bestShared) [best, bestShared] = [pkg, shared];
    }
    return best;
  }
}

function packageName(specifier: string): string {
  // Up to the first `/` (the second for a scoped name), without splitting the whole specifier.
  const slash = specifier.indexOf('/');
  if (slash < 0) return specifier;
  if (!specifier.startsWith('@')) return specifier.slice(0, slash);
  const second = specifier.indexOf('/', slash + 1);
  return second < 0 ? specifier : specifier.slice(0, second);
}

/** How many leading path segments two paths share. */
function sharedLength(a: string, b: string): number {
  const left = a.split(sep);
  const right = b.split(sep);
  let n = 0;
  while (n < left.length && n < right.length && left[n] === right[n]) n++;
  return n;
}

/** The text `*` stands for when `specifier` matches `pattern` (`''` for a pattern without `*`). */
function matchPattern(pattern: string, specifier: string): string | undefined {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === specifier ? '' : undefined;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  if (suffix.includes('*')) return undefined;
  if (specifier.length < prefix.length + suffix.length) return undefined;
  return specifier.startsWith(prefix) && specifier.endsWith(suffix)
    ? specifier.slice(prefix.length, specifier.length - suffix.length)
    : undefined;
}

function readPackage(dir: string): WorkspacePackage | undefined {
  const json = readConfig(join(dir, 'package.json'));
  if (!isRecord(json) || typeof json.name !== 'string' || json.name === '') return undefined;
  const entries: string[] = [];
  const subpaths: Record<string, string> = {};
  const exported = json.exports;
  const target = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (!isRecord(value)) return undefined;
    // Conditions in the order a source reader wants them: the source itself, then what runs.
    for (const condition of ['source', 'types', 'import', 'default', 'require', 'node'])
      if (typeof value[condition] === 'string') return value[condition];
    return undefined;
  };
  if (typeof exported === 'string') entries.push(resolve(dir, exported));
  else if (isRecord(exported)) {
    const keys = Object.keys(exported);
    if (keys.length > 0 && keys.every((key) => key.startsWith('.'))) {
      for (const key of keys) {
        const path = target(exported[key]);
        if (!path) continue;
        if (key === '.') entries.push(resolve(dir, path));
        else subpaths[key] = path;
      }
    } else {
      const path = target(exported);
      if (path) entries.push(resolve(dir, path));
    }
  }
  for (const field of ['source', 'module', 'main', 'types'])
    if (typeof json[field] === 'string') entries.push(resolve(dir, json[field]));
  return { name: json.name, dir, entries, subpaths };
}

/**
 * The package folders a workspace root names: package.json's `workspaces` (npm, Yarn: a list, or
 * `{ "packages": [...] }`) and pnpm-workspace.yaml's `packages:` list. A pattern's segments are
 * literal names or `*` (any one folder; `**` is not expanded); `!pattern` excludes. These are the
 * folders npm and pnpm link into `node_modules`, so the links need not be read.
 */
function workspaceMembers(dir: string): string[] {
  const json = readConfig(join(dir, 'package.json'));
  const declared = isRecord(json) ? json.workspaces : undefined;
  const listed = Array.isArray(declared) ? declared : isRecord(declared) ? declared.packages : undefined;
  const patterns = [
    ...(Array.isArray(listed) ? listed.filter((p): p is string => typeof p === 'string') : []),
    ...pnpmWorkspacePatterns(dir),
  ];
  if (patterns.length === 0) return [];
  const excluded = new Set(patterns.filter((p) => p.startsWith('!')).flatMap((p) => expandFolders(dir, p.slice(1))));
  return patterns
    .filter((p) => !p.startsWith('!'))
    .flatMap((p) => expandFolders(dir, p))
    .filter((member) => !excluded.has(member));
}

/** The `packages:` list of pnpm-workspace.yaml (`- 'packages/*'` lines), read without a YAML parser. */
function pnpmWorkspacePatterns(dir: string): string[] {
  const read = readInputFile(join(dir, 'pnpm-workspace.yaml'), MAX_CONFIG_BYTES);
  if (!read.ok) return [];
  const out: string[] = [];
  let inPackages = false;
  for (const line of read.text.split(/\r?\n/)) {
    if (/^packages:\s*$/.test(line)) inPackages = true;
    else if (/^\S/.test(line)) inPackages = false;
    else if (inPackages) {
      const item = /^\s+-\s*(['"]?)([^'"#]+)\1\s*(#.*)?$/.exec(line);
      if (item) out.push(item[2]!.trim());
    }
  }
  return out;
}

/** The folders a workspace pattern names under `root`: `*` segments expanded, `**` not. */
function expandFolders(root: string, pattern: string): string[] {
  let dirs = [root];
  for (const segment of pattern.replace(/^\.\//, '').replace(/\/+$/, '').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '**' || segment === '..') return [];
    dirs =
      segment === '*'
        ? dirs.flatMap((dir) => subfolders(dir))
        : dirs.map((dir) => join(dir, segment)).filter((dir) => statPath(dir)?.isDirectory() === true);
  }
  return dirs;
}

function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
      .map((entry) => join(dir, entry.name))
      .sort();
  } catch {
    return [];
  }
}

function readAliases(dir: string, name: string): PathAliases | undefined {
  const json = readConfig(join(dir, name), true);
  const options = isRecord(json) && isRecord(json.compilerOptions) ? json.compilerOptions : undefined;
  if (!options || !isRecord(options.paths)) return undefined;
  const base = resolve(dir, typeof options.baseUrl === 'string' ? options.baseUrl : '.');
  const paths = Object.entries(options.paths).flatMap(([pattern, targets]) =>
    Array.isArray(targets) && targets.every((t) => typeof t === 'string')
      ? [{ pattern, targets: targets as string[] }]
      : [],
  );
  return paths.length ? { dir, base, paths } : undefined;
}

/**
 * A small configuration file's JSON (comments and trailing commas allowed with `jsonc`), or
 * undefined: missing, not a regular file (a FIFO or a link to a device is never opened for
 * reading), too large, or not JSON. A broken one is no module map; the scan goes on without it.
 */
function readConfig(file: string, jsonc = false): unknown {
  const read = readInputFile(file, MAX_CONFIG_BYTES);
  if (!read.ok) return undefined;
  try {
    return JSON.parse(jsonc ? withoutComments(read.text) : read.text);
  } catch {
    return undefined;
  }
}

/** JSON with comments (`//`, `/* … *\/`) and trailing commas, as tsconfig files are written, made plain JSON. */
function withoutComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end;
    } else if (char === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += char;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
