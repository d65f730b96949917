import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../errors.js';
import { readInputFile } from '../scan/files/read-source.js';
import { jsonSyntaxErrorPlace } from '@sunset-lint/core/schedule';

/** Config files looked for in the current directory, in this order; then package.json's key. */
export const CONFIG_FILES = ['sunset-lint.config.json', 'sunset-lint.config.mjs', 'sunset-lint.config.js'] as const;
export const PACKAGE_JSON_KEY = 'sunset-lint';

/** A configuration problem: exit code 2 with a message naming the file (and the key). */
export class ConfigError extends InputError {
  override readonly name = 'ConfigError';
}

export interface LoadedConfig {
  /** The raw settings object, not yet validated (see `resolveScanConfig`). */
  settings: object;
  /** Where they came from, as shown in messages: `sunset-lint.config.json`, `package.json#sunset-lint`. */
  file?: string;
}

/**
 * Finds and reads the configuration: `file` when given (`--config`), else the first of
 * CONFIG_FILES in `cwd`, else the `"sunset-lint"` key of `cwd/package.json`, else the same in each
 * folder above, up to the repository's root (the folder holding `.git`) or the file system's, else
 * nothing.
 * JavaScript configs are imported and their default export used (CommonJS `module.exports` too).
 */
export async function loadConfig(cwd: string, file?: string): Promise<LoadedConfig> {
  if (file !== undefined) {
    const path = resolve(cwd, file);
    if (!existsSync(path)) throw new ConfigError(`config file not found: ${file}`);
    if (basename(path) === 'package.json') return fromPackageJson(path, file, true);
    return { settings: await readConfigFile(path, file), file };
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const shown = (name: string) => relative(cwd, join(dir, name)) || name;
    for (const name of CONFIG_FILES) {
      const path = join(dir, name);
      if (existsSync(path)) return { settings: await readConfigFile(path, shown(name)), file: shown(name) };
    }
    const packageJson = join(dir, 'package.json');
    if (existsSync(packageJson)) {
      const found = fromPackageJson(packageJson, shown('package.json'), false);
      if (found.file !== undefined) return found;
    }
    // The repository's root is as far as a repository's configuration goes.
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return { settings: {} };
  }
}

async function readConfigFile(path: string, shown: string): Promise<object> {
  if (/\.json$/i.test(path)) return asObject(parseJson(path, shown), shown);
  if (/\.(mjs|cjs|js)$/i.test(path)) {
    // Node reads the module itself, with a read that would wait on a FIFO and fill memory from a
    // link to /dev/zero: the guarded reader looks at it first. (A file swapped for such a thing in
    // between is left to the time limit below.)
    readConfigText(path, shown);
    let module: unknown;
    try {
      module = await withinLimit(import(pathToFileURL(path).href), CONFIG_LOAD_MS, shown);
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      throw new ConfigError(
        `${shown}: cannot load the config module: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return asObject(
      typeof module === 'object' && module !== null && 'default' in module ? module.default : undefined,
      shown,
    );
  }
  throw new ConfigError(`${shown}: a config file must be .json, .js or .mjs`);
}

/**
 * How long a configuration module may take to load. A top-level `await` that never settles would
 * otherwise leave nothing for Node to wait on, and the process would end with exit 0 and no report:
 * a CI gate passing with nothing checked. The timer keeps the process alive and fails the run.
 */
const CONFIG_LOAD_MS = 10_000;

function withinLimit<T>(promise: Promise<T>, ms: number, shown: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ConfigError(
            `${shown}: the config module did not finish loading within ${ms / 1000} s (a top-level await that never settles?)`,
          ),
        ),
      ms,
    );
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

function fromPackageJson(path: string, shown: string, required: boolean): LoadedConfig {
  const data = asObject(parseJson(path, shown), shown);
  const where = `${shown}#${PACKAGE_JSON_KEY}`;
  if (!(PACKAGE_JSON_KEY in data)) {
    if (required) throw new ConfigError(`${shown} has no "${PACKAGE_JSON_KEY}" key`);
    return { settings: {} };
  }
  return { settings: asObject(data[PACKAGE_JSON_KEY], where), file: where };
}

/** The most a configuration file (or the package.json holding one) may hold: far above any real one. */
const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

/** A configuration file's text through the guarded reader: a FIFO or a device under its name must not block the run. */
function readConfigText(path: string, shown: string): string {
  const read = readInputFile(path, MAX_CONFIG_BYTES);
  if (!read.ok) throw new ConfigError(`${shown}: ${read.message.replace(/^cannot read the file: /, 'cannot read: ')}`);
  return read.text;
}

function parseJson(path: string, shown: string): unknown {
  const json = readConfigText(path, shown);
  try {
    const value: unknown = JSON.parse(json);
    return value;
  } catch (error) {
    throw new ConfigError(`${shown}${jsonSyntaxErrorPlace(json)}: not valid JSON: ${parseProblem(error)}`);
  }
}

/** JSON.parse's message without the offset and the quoted text, which the place replaces. */
function parseProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, [\s\S]* is not valid JSON$/, '').replace(/ in JSON at position \d+.*$/s, '');
}

function asObject(value: unknown, shown: string): object {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigError(`${shown}: the configuration must be an object`);
  return value;
}
