import { existsSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../errors.js';
import { readInputFile } from '../scan/files/read-source.js';
import {
  configObject,
  describeSearch,
  findConfigFile,
  MAX_CONFIG_BYTES,
  PACKAGE_JSON_KEY,
  parseConfigJson,
  SettingsError,
} from '@sunset-lint/core/schedule';

/** A configuration problem: exit code 2 with a message naming the file (and the key). */
export class ConfigError extends InputError {
  override readonly name = 'ConfigError';
}

export interface LoadedConfig {
  /** The raw settings object, not yet validated (see `resolveScanConfig`). */
  settings: object;
  /** Where they came from, as shown in messages: `sunset-lint.config.json`, `package.json#sunset-lint`. */
  file?: string;
  /** No configuration was found: where the search looked, for a person (`scan --verbose` prints it). */
  notFound?: string;
}

/**
 * Finds and reads the configuration: `file` when given (`--config`), else core's `findConfigFile`
 * from `cwd` (the first of CONFIG_FILES, else the `"sunset-lint"` key of package.json, in `cwd`
 * or the nearest folder above it, up to the repository's root), as the ESLint plugin finds it
 * from a linted file's folder; else nothing.
 * JavaScript configs are imported and their default export used (CommonJS `module.exports` too).
 */
export async function loadConfig(cwd: string, file?: string): Promise<LoadedConfig> {
  if (file !== undefined) {
    const path = resolve(cwd, file);
    if (!existsSync(path)) throw new ConfigError(`config file not found: ${file}`);
    if (basename(path) === 'package.json') return fromPackageJson(path, file, true);
    return { settings: await readConfigFile(path, file), file };
  }
  const show = (path: string) => relative(cwd, path) || basename(path);
  const search = asConfigError(() => findConfigFile(cwd, { readText: readConfigText, show }));
  if (!search.found) return { settings: {}, notFound: describeSearch(search) };
  const shown = show(search.found.path);
  if ('packageJsonSettings' in search.found) {
    const where = `${shown}#${PACKAGE_JSON_KEY}`;
    return { settings: asObject(search.found.packageJsonSettings, where), file: where };
  }
  return { settings: await readConfigFile(search.found.path, shown), file: shown };
}

/** Core's SettingsError (a package.json that is not JSON) as the scanner's ConfigError: exit 2. */
function asConfigError<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof SettingsError) throw new ConfigError(error.message);
    throw error;
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
 * a CI gate passing with nothing checked. When nothing else is left to run (Node's `beforeExit`),
 * the module can never finish, and the run fails at once; the timer is for a module that keeps
 * the process busy without ever finishing (a timer of its own), and fails the run then.
 */
const CONFIG_LOAD_MS = 10_000;

function withinLimit<T>(promise: Promise<T>, ms: number, shown: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let stuck: (() => void) | undefined;
  const limit = new Promise<never>((_, reject) => {
    const fail = (why: string) =>
      reject(new ConfigError(`${shown}: the config module ${why} (a top-level await that never settles?)`));
    // Not holding the process itself: with nothing else to run, `beforeExit` answers at once.
    timer = setTimeout(() => fail(`did not finish loading within ${ms / 1000} s`), ms).unref();
    stuck = () => fail('cannot finish loading: nothing is left to run that could settle it');
    process.once('beforeExit', stuck);
  });
  return Promise.race([promise, limit]).finally(() => {
    clearTimeout(timer);
    process.off('beforeExit', stuck!);
  });
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

/** A configuration file's text through the guarded reader: a FIFO or a device under its name must not block the run. */
function readConfigText(path: string, shown: string): string {
  const read = readInputFile(path, MAX_CONFIG_BYTES);
  if (!read.ok) throw new ConfigError(`${shown}: ${read.message.replace(/^cannot read the file: /, 'cannot read: ')}`);
  return read.text;
}

function parseJson(path: string, shown: string): unknown {
  const json = readConfigText(path, shown);
  return asConfigError(() => parseConfigJson(json, shown));
}

function asObject(value: unknown, shown: string): object {
  return asConfigError(() => configObject(value, shown));
}
