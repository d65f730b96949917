import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { jsonSyntaxErrorPlace } from '../json-syntax.js';
import { SettingsError } from './validate.js';

/*
 * The configuration file both engines read: `sunset-lint.config.{json,mjs,js}` or the
 * `"sunset-lint"` key of package.json, in a folder or the nearest one above it, up to the
 * repository's root. The scanner looks from the working directory, the ESLint plugin from the
 * linted file's folder; both through `findConfigFile`, so they find the same file.
 */

/** Config files looked for in each folder, in this order; then package.json's key. */
export const CONFIG_FILES = ['sunset-lint.config.json', 'sunset-lint.config.mjs', 'sunset-lint.config.js'] as const;
export const PACKAGE_JSON_KEY = 'sunset-lint';

/**
 * The keys only the scanner reads (which files and languages to scan, how to report): the ESLint
 * plugin, which ESLint hands the files, accepts and ignores them in the shared file. The scanner's
 * schema declares exactly these beside the shared settings (its settings-schema.ts checks so).
 */
export const SCANNER_ONLY_KEYS = [
  'include',
  'exclude',
  'reportUnusedSuppressions',
  'maxFileSize',
  'languages',
  'failOnDocs',
  '$schema',
] as const;

/** The most a configuration file (or the package.json holding one) may hold: far above any real one. */
export const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

/** Reads a file's text or throws a SettingsError naming `shown`. */
export type ConfigTextReader = (path: string, shown: string) => string;

export interface ConfigSearch {
  /** The file found: an absolute path; `settings` is set when it is package.json's key. */
  found?: { path: string; packageJsonSettings?: unknown };
  /** The folders looked in, nearest first (absolute): what a run without a configuration reports. */
  searched: string[];
}

/**
 * The nearest configuration from `start` upwards: in each folder the first of CONFIG_FILES, else a
 * package.json with a `"sunset-lint"` key; the search stops after the folder holding `.git` (the
 * repository's root, a folder in a clone, a file in a worktree) or the file system's root.
 * A package.json that is not valid JSON is an error, as it would be when it held the settings.
 *
 * The ESLint plugin searches from the folder of every file it lints, so what each folder holds is
 * remembered (`FOLDERS`) while the folder and its package.json are unchanged: a folder whose
 * entries are added, removed or renamed gets a new modification time, and a package.json edited in
 * place a new stamp of its own. A remembered folder then costs one or two `stat`s instead of five
 * and a package.json read and parsed again. A package.json that fails is never remembered.
 */
export function findConfigFile(
  start: string,
  {
    readText = readConfigTextSync,
    show = (path) => path,
  }: { readText?: ConfigTextReader; show?: (path: string) => string } = {},
): ConfigSearch {
  const searched: string[] = [];
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    searched.push(dir);
    const folder = folderContents(dir, readText, show);
    if (folder.configFile !== undefined) return { found: { path: folder.configFile }, searched };
    if (folder.packageJson?.hasKey)
      return {
        found: { path: join(dir, 'package.json'), packageJsonSettings: structuredClone(folder.packageJson.settings) },
        searched,
      };
    if (folder.isRoot || dirname(dir) === dir) return { searched };
  }
}

/** What one folder holds for the search, and the stamps that say it is still so. */
interface FolderContents {
  /** The folder's own stamp: changes when an entry is added, removed or renamed. */
  stamp: string;
  /** The first of CONFIG_FILES there. */
  configFile?: string;
  /** Its package.json (when there is one and no config file): the file's stamp and its key. */
  packageJson?: { stamp: string; hasKey: boolean; settings: unknown };
  /** It holds `.git`: the search stops here. */
  isRoot: boolean;
}

/** Remembered folders, by absolute path; emptied when it grows past MAX_FOLDERS. */
const FOLDERS = new Map<string, FolderContents>();
const MAX_FOLDERS = 4096;

function folderContents(
  dir: string,
  readText: ConfigTextReader,
  show: (path: string) => string,
): Pick<FolderContents, 'configFile' | 'packageJson' | 'isRoot'> {
  const stamp = stampOf(dir);
  const known = FOLDERS.get(dir);
  if (
    stamp !== undefined &&
    known?.stamp === stamp &&
    (known.packageJson === undefined || known.packageJson.stamp === stampOf(join(dir, 'package.json')))
  )
    return known;
  const contents = readFolder(dir, readText, show);
  if (stamp === undefined) FOLDERS.delete(dir);
  else {
    if (FOLDERS.size >= MAX_FOLDERS) FOLDERS.clear();
    FOLDERS.set(dir, { ...contents, stamp });
  }
  return contents;
}

function readFolder(
  dir: string,
  readText: ConfigTextReader,
  show: (path: string) => string,
): Omit<FolderContents, 'stamp'> {
  const isRoot = () => exists(join(dir, '.git'));
  for (const name of CONFIG_FILES) {
    const path = join(dir, name);
    if (exists(path)) return { configFile: path, isRoot: isRoot() };
  }
  const path = join(dir, 'package.json');
  const stamp = stampOf(path);
  if (stamp === undefined) return { isRoot: isRoot() };
  const shown = show(path);
  const data = parseConfigJson(readText(path, shown), shown);
  const hasKey = isObject(data) && PACKAGE_JSON_KEY in data;
  return { packageJson: { stamp, hasKey, settings: hasKey ? data[PACKAGE_JSON_KEY] : undefined }, isRoot: isRoot() };
}

/** A file's or folder's identity and modification time and size, or undefined when it is not there. */
function stampOf(path: string): string | undefined {
  try {
    const stats = statSync(path, { throwIfNoEntry: false });
    return stats && `${stats.ino} ${stats.mtimeMs} ${stats.ctimeMs} ${stats.size}`;
  } catch {
    return undefined;
  }
}

/** Where a search without a result looked, for a person: `looked for … in /a/b/src, /a/b (repository root)`. */
export function describeSearch(search: ConfigSearch): string {
  const dirs = search.searched;
  const last = dirs[dirs.length - 1];
  const end =
    last === undefined ? '' : exists(join(last, '.git')) ? ' (the repository root)' : ' (the file system root)';
  return `no sunset-lint configuration found: looked for ${CONFIG_FILES.join(', ')} and a "${PACKAGE_JSON_KEY}" key in package.json in ${dirs.join(', ')}${end}`;
}

/** JSON text as a configuration value; a syntax error names the line and column. */
export function parseConfigJson(text: string, shown: string): unknown {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(json) as unknown;
  } catch (error) {
    throw new SettingsError(`${shown}${jsonSyntaxErrorPlace(json)}: not valid JSON: ${parseProblem(error)}`, shown);
  }
}

/** JSON.parse's message without the offset and the quoted text, which the place replaces. */
function parseProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, [\s\S]* is not valid JSON$/, '').replace(/ in JSON at position \d+.*$/s, '');
}

/** A configuration must be an object (not an array, not null). */
export function configObject(value: unknown, shown: string): Record<string, unknown> {
  if (!isObject(value)) throw new SettingsError(`${shown}: the configuration must be an object`, shown);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Without an exception for a missing file: the plugin looks in every folder up from each file it lints. */
function exists(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/**
 * A regular file's text, at most MAX_CONFIG_BYTES: a FIFO or a device under the name is refused
 * before it is opened (a read would wait, or fill memory).
 */
export function readConfigTextSync(path: string, shown: string): string {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new SettingsError(`${shown}: cannot read: not a regular file`, shown);
    if (stats.size > MAX_CONFIG_BYTES)
      throw new SettingsError(`${shown}: cannot read: larger than ${MAX_CONFIG_BYTES} bytes`, shown);
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof SettingsError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new SettingsError(`${shown}: cannot read: ${code}`, shown);
  }
}

/**
 * The settings a found file holds, read synchronously (ESLint rules cannot wait): JSON parsed,
 * package.json's key taken, a JavaScript module loaded with `require`, which loads ES modules
 * synchronously on every Node version the packages support (20.19+, 22.12+); its default export (or
 * `module.exports`) is the configuration. A module with a top-level `await` cannot be loaded so.
 */
export function readConfigSync(found: NonNullable<ConfigSearch['found']>, shown: string): Record<string, unknown> {
  if ('packageJsonSettings' in found) return configObject(found.packageJsonSettings, `${shown}#${PACKAGE_JSON_KEY}`);
  if (/\.json$/i.test(found.path))
    return configObject(parseConfigJson(readConfigTextSync(found.path, shown), shown), shown);
  if (/\.(mjs|cjs|js)$/i.test(found.path)) {
    readConfigTextSync(found.path, shown);
    let module: unknown;
    try {
      module = createRequire(import.meta.url)(found.path);
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new SettingsError(`${shown}: cannot load the config module: ${message}`, shown);
    }
    // An ES module comes as its namespace (`__esModule`), CommonJS as `module.exports` itself.
    const value =
      typeof module === 'object' && module !== null && '__esModule' in module
        ? (module as { default?: unknown }).default
        : module;
    return configObject(value, shown);
  }
  throw new SettingsError(`${shown}: a config file must be .json, .js or .mjs`, shown);
}
