import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire, Module } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/**
 * TypeScript's compiler is one 9 MB CommonJS file: every process that parses compiles it first, and
 * then compiles each parser function on its first call (~0.2 s of a pre-commit run). V8 can hand
 * out that compiled code as "cached data" and take it back in the next process, as Node 22's
 * `module.enableCompileCache()` does (Node 20 has no such switch). This loads TypeScript through
 * `vm.Script` with the cached data of an earlier run, kept per user in the temporary folder, and
 * registers it in `require`'s cache, so every later `require('typescript')` gets this instance.
 * The data is written once, at the exit of a run that had none (then it holds the functions the
 * scan used), and again only when V8 rejects it (another Node or TypeScript version).
 * The folder must be a directory of the user's own that no one else can write or read (else the
 * data is neither read nor written). `SUNSET_LINT_NO_CODE_CACHE=1` turns it off; any failure falls
 * back to a plain `require`.
 */
export function loadTypeScriptWithCodeCache(): void {
  const off = process.env.SUNSET_LINT_NO_CODE_CACHE;
  if (off && off !== '0' && off !== 'false') return;
  const require = createRequire(import.meta.url);
  try {
    const file = require.resolve('typescript');
    if (require.cache[file]) return;
    const stats = statSync(file);
    const identity = [file, stats.size, stats.mtimeMs, process.version, process.arch].join('\u0000');
    const folder = privateCacheFolder();
    if (folder === undefined) return;
    const dataFile = join(folder, `typescript-${createHash('sha1').update(identity).digest('hex').slice(0, 16)}.bin`);
    const cachedData = readIfThere(dataFile);
    if (cachedData) markUsed(dataFile);
    const script = new Script(Module.wrap(readFileSync(file, 'utf8')), {
      filename: file,
      ...(cachedData ? { cachedData } : {}),
    });
    const loaded = new Module(file);
    loaded.filename = file;
    loaded.paths = createRequire(file).resolve.paths('typescript') ?? [];
    const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
    wrapper.call(loaded.exports, loaded.exports, createRequire(file), loaded, file, dirname(file));
    loaded.loaded = true;
    require.cache[file] = loaded;
    if (!cachedData || script.cachedDataRejected)
      process.once('exit', () => writeQuietly(folder, dataFile, () => script.createCachedData()));
  } catch {
    // A plain require then: slower, never wrong.
  }
}

/**
 * The user's own folder for compiled code, in the temporary folder: code run from data another
 * local user could have planted must come only from a directory no one else can write or read.
 * Undefined when it cannot be such a folder (then no cached code is read or written).
 */
export function privateCacheFolder(): string | undefined {
  try {
    const folder = join(tmpdir(), `sunset-lint-${userInfo().uid}`);
    return isOwnPrivateFolder(folder) ? folder : undefined;
  } catch {
    return undefined;
  }
}

function isOwnPrivateFolder(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stats = lstatSync(folder);
    const uid = userInfo().uid;
    return stats.isDirectory() && (uid === -1 || (stats.uid === uid && (stats.mode & 0o077) === 0));
  } catch {
    return false;
  }
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeQuietly(folder: string, file: string, data: () => Buffer): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, data());
    renameSync(temporary, file);
    pruneOthers(folder, file);
  } catch {
    // Only the next run's start-up depends on it.
  }
}

/*
 * Each TypeScript file (each checkout, each version) and each Node version has data of its own,
 * some 2.5 MB: without a limit the folder grows with every clone a user ever scanned. The data
 * read is marked used (its time, at most once a day), and a write keeps the few used last.
 */
const KEEP = 4;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATA_FILE = /^typescript-[0-9a-f]{16}\.bin(?:\.\d+\.tmp)?$/;

function markUsed(file: string): void {
  try {
    const now = Date.now();
    if (now - statSync(file).mtimeMs > DAY_MS) utimesSync(file, now / 1000, now / 1000);
  } catch {
    // Then it may be pruned before the others: rewritten on its next use.
  }
}

/** Removes all but the `KEEP` data files used last (`kept` among them), and unfinished writes of other runs. */
function pruneOthers(folder: string, kept: string): void {
  const now = Date.now();
  const others = readdirSync(folder)
    .filter((name) => DATA_FILE.test(name) && join(folder, name) !== kept)
    .map((name) => {
      const path = join(folder, name);
      return { path, name, mtimeMs: statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0 };
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  let left = KEEP - 1;
  for (const other of others) {
    // Another process may be writing its data right now: its temporary file is left an hour.
    if (other.name.endsWith('.tmp') ? now - other.mtimeMs > 60 * 60 * 1000 : left-- <= 0)
      rmSync(other.path, { force: true });
  }
}
