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
    for (const name of CONFIG_FILES) {
      const path = join(dir, name);
      if (exists(path)) return { found: { path }, searched };
    }
    const packageJson = join(dir, 'package.json');
    if (exists(packageJson)) {
      const shown = show(packageJson);
      const data = parseConfigJson(readText(packageJson, shown), shown);
      if (isObject(data) && PACKAGE_JSON_KEY in data)
        return { found: { path: packageJson, packageJsonSettings: data[PACKAGE_JSON_KEY] }, searched };
    }
    if (exists(join(dir, '.git')) || dirname(dir) === dir) return { searched };
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
