import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ResolvedSettings, TermSet } from '@sunset-lint/core';
import type { FileIndex } from './index-file.js';

/** Bumped when what a slot holds changes shape. */
const CACHE_FORMAT = 1;

/** What the plan reads from a file's text (parse-plan.ts); import specifiers are resolved afresh each run. */
export interface TextFacts {
  ownMayMatch: boolean;
  terms: TermSet;
  specifiers: string[];
}

/** What one version of one file's text gave: its text facts, and its index once it was parsed. */
export interface CacheSlot {
  hash: string;
  text?: TextFacts;
  index?: FileIndex;
}

/**
 * `--cache`: the per-file step's results by content hash (`.sunset-lint-cache/`). Only what a file
 * gives on its own is kept (its text facts and its index: exports, facts, imported calls); the
 * cross-file pass runs on every scan, so a file whose imported constant changed is matched again
 * with the new value although its own entry is reused. The key holds the tool's version, the
 * catalogue and the settings that shape the index; any change starts a new cache file. The grading
 * date is not part of it: findings are graded after the cache.
 */
export class ScanCache {
  private readonly slots: Map<string, CacheSlot>;
  private readonly touched = new Map<string, CacheSlot>();

  private constructor(
    private readonly file: string,
    slots: Map<string, CacheSlot>,
    /** Why an existing cache file could not be used, for a note. */
    readonly problem: string | undefined,
  ) {
    this.slots = slots;
  }

  static open(directory: string, settings: ResolvedSettings): ScanCache {
    const file = join(directory, `scan-${cacheKey(settings)}.bin`);
    if (!existsSync(file)) return new ScanCache(file, new Map(), undefined);
    try {
      const stored: unknown = deserialize(readFileSync(file));
      if (stored instanceof Map) return new ScanCache(file, stored as Map<string, CacheSlot>, undefined);
      return new ScanCache(file, new Map(), `${file} is not a sunset-lint cache; rebuilt`);
    } catch (error) {
      return new ScanCache(file, new Map(), `${file} could not be read (${String(error)}); rebuilt`);
    }
  }

  /** The slot for this text of the file: the stored one when the text is unchanged, else a new one. */
  slotFor(file: string, source: string): CacheSlot {
    const hash = createHash('sha1').update(source).digest('base64url');
    const stored = this.slots.get(file);
    const slot = stored?.hash === hash ? stored : { hash };
    this.touched.set(file, slot);
    return slot;
  }

  /** The slot this scan took for the file (after slotFor), to fill or to read. */
  current(file: string): CacheSlot | undefined {
    return this.touched.get(file);
  }

  /**
   * Writes the slots of this scan, and those of files it did not look at that still exist (a
   * pre-commit run names a few files; the others stay cached). Written to a temporary file and
   * renamed, so an interrupted scan never leaves half a cache; caches of other keys are removed.
   */
  save(): void {
    const slots = new Map(this.touched);
    for (const [file, slot] of this.slots) if (!slots.has(file) && existsSync(file)) slots.set(file, slot);
    const directory = join(this.file, '..');
    mkdirSync(directory, { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, serialize(slots));
    renameSync(temporary, this.file);
    for (const name of readdirSync(directory))
      if (/^scan-.*\.bin$/.test(name) && join(directory, name) !== this.file)
        rmSync(join(directory, name), { force: true });
  }
}

function cacheKey(settings: ResolvedSettings): string {
  const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };
  const shaping = {
    format: CACHE_FORMAT,
    version,
    node: process.versions.node,
    apiHosts: settings.apiHosts,
    minConfidence: settings.minConfidence,
    entries: settings.catalogue.entries,
  };
  return createHash('sha1').update(JSON.stringify(shaping)).digest('hex').slice(0, 16);
}
