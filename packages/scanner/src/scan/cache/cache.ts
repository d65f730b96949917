import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ResolvedSettings, ValuesCut } from '@sunset-lint/core';
import type { RawMatch, TermSet } from '@sunset-lint/core/internal';
import { fileStamp, type FileStamp } from '../files/file-stats.js';
import { readInputBytes } from '../files/read-source.js';
import type { FileIndex } from '../reader/index-file.js';
import { writtenEntry } from '@sunset-lint/core/schedule';

/** Bumped when what the cache holds changes shape. */
const CACHE_FORMAT = 10;

/** What the plan reads from a file's text (parse-plan.ts); import specifiers are resolved afresh each run. */
export interface TextFacts {
  ownMayMatch: boolean;
  /** The text names sunset-lint: its suppression comments are read even when it has no finding. */
  namesSunsetLint: boolean;
  terms: TermSet;
  specifiers: string[];
}

/**
 * What the scan made of one text, kept in the entry so that a re-scan need not read the index: the
 * diagnostic of a file that did not parse, the matches of a file that needs no other module, or,
 * for a file that does, the matches of the last cross-file pass with the fingerprint of the texts
 * they were resolved from (the file and every module it may import; see runScan).
 */
export type CachedOutcome =
  | { kind: 'diagnostic'; diagnostic: Extract<FileIndex, { kind: 'diagnostic' }>['diagnostic'] }
  | { kind: 'self'; matches: RawMatch[]; notes?: FileNotes }
  | { kind: 'deferred'; cross?: { fingerprint: string } & CrossOutcome; notes?: FileNotes };

/**
 * What the cross-file pass made of a file that waits for other modules: its matches; the text of
 * other modules its requests send to another host (not to be rewritten there); and the values the
 * pass's budget cut where the file needed them (its `value-budget` diagnostic).
 */
export interface CrossOutcome {
  matches: RawMatch[];
  sentToAnotherHost?: Array<{ file: string; range: [number, number] }>;
  valuesCut?: ValuesCut;
}

/** The notes of an indexed file (`value-budget`), kept with its outcome: a re-scan reports them without the index. */
export type FileNotes = NonNullable<Extract<FileIndex, { kind: 'indexed' }>['notes']>;

/** One file as the cache last saw it. */
interface FileEntry {
  /** SHA-1 of the extension and the text: the identity of what is cached. */
  hash: string;
  /** The file's size and modification time when it was hashed: unchanged, the text is not read again. */
  size: number;
  mtimeMs: number;
  text: TextFacts;
  /** An index of this text is stored (`<index folder>/<hash>.bin`). */
  indexed?: boolean;
  outcome?: CachedOutcome;
}

/**
 * `--cache`: the per-file step's results by content hash (`.sunset-lint-cache/`). Only what a file
 * gives on its own is kept (its text facts, its index: exports, facts, imported calls, and the
 * matches of facts that need no other module); the cross-file pass runs on every scan, so a file
 * whose imported constant changed is matched again with the new value although its own entry is
 * reused. A file whose size and modification time are those it had when hashed is not read again
 * (as git and ESLint do). The key holds the tool's and Node's versions, the catalogue and the
 * settings that shape the index; another key starts a new cache. The grading date is not part of
 * it: findings are graded after the cache.
 *
 * Layout: `scan-<key>.bin` maps each file to its entry (small: bits and specifiers); indexes live
 * one per text in `index-<key>/<hash>.bin`, read only for files the scan matches and written only
 * when new, so a re-scan after a few edits writes a few files.
 */
export class ScanCache {
  private readonly seen = new Map<string, FileEntry>();
  private readonly loaded = new Map<string, FileIndex>();
  private readonly added = new Map<string, FileIndex>();

  private constructor(
    private readonly entriesFile: string,
    private readonly indexFolder: string,
    private readonly stored: Map<string, FileEntry>,
    /** Why an existing cache could not be used, for a note. */
    readonly problem: string | undefined,
  ) {}

  /**
   * `modules`: the fingerprint of what bare imports name (`ProjectModules`), which facts depend on.
   * `settings`: those of every configuration the scan meets (its key covers each).
   */
  static open(directory: string, settings: ResolvedSettings | readonly ResolvedSettings[], modules = ''): ScanCache {
    const key = cacheKey(settings, modules);
    const entriesFile = join(directory, `scan-${key}.bin`);
    const indexFolder = join(directory, `index-${key}`);
    if (!existsSync(entriesFile)) return new ScanCache(entriesFile, indexFolder, new Map(), undefined);
    // The cache folder sits in the repository, where a pull request can put anything under its
    // names: read through the guarded reader like every input.
    const read = readInputBytes(entriesFile);
    if (!read.ok) return new ScanCache(entriesFile, indexFolder, new Map(), `${entriesFile}: ${read.message}; rebuilt`);
    try {
      const stored: unknown = deserialize(read.bytes);
      if (stored instanceof Map) return new ScanCache(entriesFile, indexFolder, stored, undefined);
      return new ScanCache(entriesFile, indexFolder, new Map(), `${entriesFile} is not a sunset-lint cache; rebuilt`);
    } catch (error) {
      return new ScanCache(entriesFile, indexFolder, new Map(), `${entriesFile} could not be read (${error}); rebuilt`);
    }
  }

  /**
   * The text facts of a file that did not change since it was hashed, without reading it; else the
   * file's size and modification time, taken before it is read (an edit while it is read then
   * shows as a change on the next scan).
   */
  lookup(file: string): { text: TextFacts } | { stats: FileStamp | undefined } {
    const stats = fileStamp(file);
    if (!stats) return { stats: undefined };
    const entry = this.stored.get(file);
    if (!entry || stats.size !== entry.size || stats.mtimeMs !== entry.mtimeMs) return { stats };
    this.seen.set(file, entry);
    return { text: entry.text };
  }

  /** The text facts of this text of the file: stored ones when the text is unchanged, else computed and kept. */
  textFacts(file: string, source: string, stats: FileStamp | undefined, compute: () => TextFacts): TextFacts {
    const hash = textHash(file, source);
    const stored = this.stored.get(file);
    const text = stored?.hash === hash ? stored.text : compute();
    this.seen.set(file, {
      hash,
      size: stats?.size ?? -1,
      mtimeMs: stats?.mtimeMs ?? -1,
      text,
      ...(stored?.hash === hash && stored.indexed ? { indexed: true } : {}),
      ...(stored?.hash === hash && stored.outcome ? { outcome: stored.outcome } : {}),
    });
    return text;
  }

  /** Whether this scan's text of the file has a stored index (without reading it). */
  hasIndex(file: string): boolean {
    return this.seen.get(file)?.indexed === true;
  }

  /** The content hash of this scan's text of the file (after the plan read or trusted it). */
  hashOf(file: string): string | undefined {
    return this.seen.get(file)?.hash;
  }

  outcome(file: string): CachedOutcome | undefined {
    return this.seen.get(file)?.outcome;
  }

  index(file: string): FileIndex | undefined {
    const entry = this.seen.get(file);
    if (!entry?.indexed) return undefined;
    let index = this.loaded.get(entry.hash) ?? this.added.get(entry.hash);
    if (!index) {
      try {
        const read = readInputBytes(join(this.indexFolder, `${entry.hash}.bin`));
        if (!read.ok) throw new Error(read.message);
        index = deserialize(read.bytes) as FileIndex;
      } catch {
        // Removed or damaged: the file is parsed again.
        this.seen.set(file, { ...entry, indexed: false });
        return undefined;
      }
      this.loaded.set(entry.hash, index);
    }
    return index;
  }

  /** Keeps a new index of this scan's text of the file, and what the scan made of it when known. */
  storeIndex(file: string, index: FileIndex, outcome?: CachedOutcome, source?: string): void {
    const entry = this.seen.get(file);
    // The text read for the index is not the one the plan hashed (edited in between): not kept.
    if (!entry || (source !== undefined && textHash(file, source) !== entry.hash)) return;
    if (!entry.indexed) this.added.set(entry.hash, index);
    this.loaded.set(entry.hash, index);
    this.seen.set(file, { ...entry, indexed: true, ...(outcome ? { outcome } : {}) });
  }

  storeOutcome(file: string, outcome: CachedOutcome): void {
    const entry = this.seen.get(file);
    if (entry) this.seen.set(file, { ...entry, outcome });
  }

  /**
   * Writes the entries of this scan, and those of files it did not look at that still exist (a
   * pre-commit run names a few files; the others stay cached), and the new indexes. Written to
   * temporary files and renamed, so an interrupted scan never leaves half an entry; caches of other
   * keys and indexes no entry names are removed.
   */
  save(): void {
    const entries = new Map(this.seen);
    for (const [file, entry] of this.stored) if (!entries.has(file) && existsSync(file)) entries.set(file, entry);
    mkdirSync(this.indexFolder, { recursive: true });
    for (const [hash, index] of this.added) writeAtomically(join(this.indexFolder, `${hash}.bin`), serialize(index));
    writeAtomically(this.entriesFile, serialize(entries));

    const referenced = new Set(
      [...entries.values()].filter((entry) => entry.indexed).map((entry) => `${entry.hash}.bin`),
    );
    for (const name of readdirSync(this.indexFolder))
      if (!referenced.has(name)) rmSync(join(this.indexFolder, name), { force: true });
    const directory = join(this.entriesFile, '..');
    const ours = new Set([this.entriesFile, this.indexFolder]);
    for (const name of readdirSync(directory))
      if (/^(scan-.*\.bin|index-[0-9a-f]+)$/.test(name) && !ours.has(join(directory, name)))
        rmSync(join(directory, name), { recursive: true, force: true });
  }
}

/** The identity of a text: the extension too, since the same text parses differently as `.ts` and `.js`. */
function textHash(file: string, source: string): string {
  return createHash('sha1').update(extname(file)).update('\u0000').update(source).digest('base64url');
}

function writeAtomically(file: string, data: Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

function cacheKey(settings: ResolvedSettings | readonly ResolvedSettings[], modules: string): string {
  const { version } = createRequire(import.meta.url)('sunset-lint/package.json') as { version: string };
  const shapingOf = (one: ResolvedSettings) => ({
    apiHosts: one.apiHosts,
    minConfidence: one.minConfidence,
    entries: one.catalogue.entries.map(writtenEntry),
  });
  const shaping = {
    format: CACHE_FORMAT,
    version,
    node: process.versions.node,
    ...('catalogue' in settings ? shapingOf(settings) : { configurations: settings.map(shapingOf) }),
    modules,
  };
  return createHash('sha1').update(JSON.stringify(shaping)).digest('hex').slice(0, 16);
}
