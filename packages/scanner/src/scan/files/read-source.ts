import { closeSync, constants, openSync, readSync, type BigIntStats } from 'node:fs';

import { statDescriptor } from './file-stats.js';
import { errorCode } from './error-code.js';

/** `--max-file-size` when neither the flag nor the config sets it: hand-written sources are far smaller. */
export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;

export type ReadOutcome = { ok: true; source: string } | ReadProblem;

interface ReadProblem {
  ok: false;
  code: 'read-error' | 'file-too-large';
  message: string;
  /** The system's error code when the open or read failed (`ENOENT`, `EACCES`). */
  errno?: string;
}

/**
 * Text as ESLint sees it: without a byte-order mark, so columns on line 1 agree. Only regular files
 * are read, and at most `maxBytes` of them: the file is opened without blocking (a FIFO named
 * `pipe.ts` would otherwise wait for a writer forever) and its type checked on the open descriptor,
 * so a file swapped for a FIFO, a device (`x.js -> /dev/zero`) or a directory after discovery is
 * refused rather than read. A file that grows while it is read is read up to the limit and no further.
 */
export function readSource(file: string, maxBytes = DEFAULT_MAX_FILE_SIZE): ReadOutcome {
  const standIn = standIns.get(file);
  if (standIn !== undefined) {
    const size = Buffer.byteLength(standIn);
    return size > maxBytes ? tooLarge(size, maxBytes) : { ok: true, source: standIn };
  }
  const read = readRegularFile(file, maxBytes);
  if (!read.ok) return read;
  const source = read.bytes.toString('utf8');
  return { ok: true, source: source.charCodeAt(0) === 0xfeff ? source.slice(1) : source };
}

/**
 * Whether a file starts with `#!`: the two bytes that decide whether an extensionless file is a
 * script at all, read before the whole of it (a compiled program, a `LICENSE`: neither read nor
 * reported). Anything that cannot be read as a regular file answers no.
 */
export function startsWithShebang(file: string): boolean {
  const standIn = standIns.get(file);
  if (standIn !== undefined) return standIn.startsWith('#!');
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    if (!statDescriptor(fd).isFile()) return false;
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head.toString('latin1') === '#!';
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** Texts read in place of files, by absolute path: `scan --stdin` (see `withStandIns`). */
const standIns = new Map<string, string>();

/**
 * Runs `run` with these texts read in place of the files at these absolute paths (whether the
 * files exist or not): `scan --stdin --stdin-filename src/a.ts` scans the editor's text as
 * `src/a.ts`. The scan reads every source through `readSource`, so the stand-in is what it parses,
 * what its suppression comments and line index read, and what the HTML report quotes.
 */
export async function withStandIns<T>(texts: ReadonlyMap<string, string>, run: () => Promise<T>): Promise<T> {
  for (const [file, text] of texts) standIns.set(file, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  try {
    return await run();
  } finally {
    for (const file of texts.keys()) standIns.delete(file);
  }
}

/** The bytes of a regular file, at most `maxBytes` of them: the one guarded read (see `readSource`). */
function readRegularFile(file: string, maxBytes: number): { ok: true; bytes: Buffer } | ReadProblem {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return readError(error);
  }
  try {
    const stats = statDescriptor(fd);
    if (!stats.isFile()) return { ok: false, code: 'read-error', message: `not a regular file (${kindOf(stats)})` };
    const size = Number(stats.size);
    if (size > maxBytes) return tooLarge(size, maxBytes);
    const bytes = readAtMost(fd, size, maxBytes);
    if (bytes.length > maxBytes) return tooLarge(bytes.length, maxBytes, ' (it grew while it was read)');
    return { ok: true, bytes };
  } catch (error) {
    return readError(error);
  } finally {
    closeSync(fd);
  }
}

/**
 * The most a file the tool reads as input may hold (a baseline, a shard report, an OpenAPI
 * document, a tsconfig and what it extends, a TypeScript file of a `--types` program): far above
 * any real one, far below what a link to `/dev/zero` would feed.
 */
export const MAX_INPUT_FILE_SIZE = 256 * 1024 * 1024;

/**
 * Every file the tool opens that is not a source it scans goes through here (a configuration file,
 * a tsconfig and what it extends, a file of the `--types` program, a baseline, a shard report, an
 * OpenAPI document, a file `fix` rewrites, the `--cache` folder's files): the same guarded read
 * (regular files only, opened without blocking, at most `maxBytes`), with a message that names the
 * problem in words (`not a regular file (a FIFO)`, `the file is 300 MiB, more than 256 MiB`).
 */
export function readInputFile(
  file: string,
  maxBytes = MAX_INPUT_FILE_SIZE,
): { ok: true; text: string } | { ok: false; message: string; errno?: string } {
  const read = readSource(file, maxBytes);
  return read.ok ? { ok: true, text: read.source } : inputProblem(read);
}

/** `readInputFile` for a file of bytes (the `--cache` folder's files, written by `v8.serialize`). */
export function readInputBytes(
  file: string,
  maxBytes = MAX_INPUT_FILE_SIZE,
): { ok: true; bytes: Buffer } | { ok: false; message: string; errno?: string } {
  const read = readRegularFile(file, maxBytes);
  return read.ok ? read : inputProblem(read);
}

function inputProblem(read: ReadProblem): { ok: false; message: string; errno?: string } {
  const message =
    read.code === 'file-too-large'
      ? read.message.replace(/^skipped: /, '').replace('more than --max-file-size', 'more than the limit of')
      : read.message;
  return { ok: false, message, ...(read.errno ? { errno: read.errno } : {}) };
}

/**
 * Reads to the end of the file, but never more than one byte past `maxBytes` (enough to tell it is
 * over). One buffer of the size the file had when it was opened and one byte more: a read that
 * fills it means the file grew, and the rest comes in chunks. So the usual file costs one buffer of
 * its own size and two reads (the second finds the end); before, every file took two 64 KiB
 * buffers and a copy, a few hundred megabytes of garbage over a library's files.
 */
function readAtMost(fd: number, expected: number, maxBytes: number): Buffer {
  const first = Buffer.allocUnsafe(Math.min(expected, maxBytes) + 1);
  let total = 0;
  while (total < first.length) {
    const read = readSync(fd, first, total, first.length - total, total);
    if (read === 0) return first.subarray(0, total);
    total += read;
  }
  const chunks: Buffer[] = [first];
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, maxBytes + 1 - total));
    if (chunk.length === 0) break;
    const read = readSync(fd, chunk, 0, chunk.length, total);
    if (read === 0) break;
    chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    total += read;
  }
  return Buffer.concat(chunks, total);
}

function tooLarge(size: number, maxBytes: number, note = ''): ReadProblem {
  return {
    ok: false,
    code: 'file-too-large',
    message: `skipped: the file is ${formatBytes(size)}${note}, more than --max-file-size ${formatBytes(maxBytes)}`,
  };
}

function readError(error: unknown): ReadProblem {
  const code = errorCode(error);
  return {
    ok: false,
    code: 'read-error',
    message: `cannot read the file: ${code ?? String(error)}`,
    ...(code === undefined ? {} : { errno: code }),
  };
}

/** What a file that is not a regular one is, in words: `a FIFO`, `a character device`, … */
export function kindOf(stats: BigIntStats): string {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a directory';
  return 'not a file';
}

/** Bytes as people read them: `812 bytes`, `12.5 KiB`, `6.0 MiB`. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
