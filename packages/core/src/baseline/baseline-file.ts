import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/*
 * The baseline file (docs/scanner.md#baselines), read by both engines: the scanner's `--baseline`
 * and `baseline`, and the ESLint plugin, which honours the same file so that the lint-staged hook
 * accepts what `sunset-lint baseline` accepted. One reader, so the two cannot disagree on what a
 * baseline is or word its faults differently.
 */

/**
 * Version of the baseline file's shape. 2: `file` and the fingerprints are paths from the
 * repository root; 1 (still read at the repository root): paths from the folder it was written in.
 */
export const BASELINE_VERSION = 2;
export const DEFAULT_BASELINE_FILE = '.sunset-lint-baseline.json';

/** One accepted finding. Only `fingerprint` is compared; the rest is for people reading the file and for stale-entry reports. */
export interface BaselineEntry {
  fingerprint: string;
  /** From the repository root, `/`-separated. */
  file: string;
  entryId: string;
  ruleId: string;
  subject: string;
}

/** A baseline file that is not one; the message names the file as the caller showed it. */
export class BaselineFormatError extends Error {
  override readonly name = 'BaselineFormatError';
}

/**
 * The entries of a baseline file's text. `shown` names the file in messages; `folderFromRoot` is
 * the folder holding it, from the repository root (`''` at the root). A version 1 baseline keyed
 * paths and fingerprints by the folder it was written in: at the repository root (where `baseline`
 * wrote it by default) that is the same thing and it is read as it is; elsewhere its fingerprints
 * cannot be carried over, and the message says to write it again.
 */
export function parseBaseline(text: string, shown: string, folderFromRoot: string): BaselineEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BaselineFormatError(`${shown}: not valid JSON: ${(error as Error).message}`);
  }
  const document = data as { version?: unknown; findings?: unknown };
  if (
    typeof data !== 'object' ||
    data === null ||
    (document.version !== BASELINE_VERSION && document.version !== 1) ||
    !Array.isArray(document.findings)
  ) {
    throw new BaselineFormatError(
      `${shown}: not a sunset-lint baseline (version ${BASELINE_VERSION} with a "findings" list; write one with 'sunset-lint baseline')`,
    );
  }
  if (document.version === 1 && folderFromRoot !== '')
    throw new BaselineFormatError(
      `${shown}: a version 1 baseline, keyed by paths from the folder it was written in (${folderFromRoot}); baselines are now keyed by paths from the repository root, and its entries cannot be carried over: write it again with 'sunset-lint baseline --output ${shown}' (from any folder of the repository), or move it to the repository root if it was written there`,
    );
  return document.findings.map((entry: unknown, i: number) => {
    const e = entry as Partial<BaselineEntry> | null;
    if (typeof e?.fingerprint !== 'string')
      throw new BaselineFormatError(`${shown}: findings[${i}] has no "fingerprint"`);
    return {
      fingerprint: e.fingerprint,
      file: String(e.file ?? ''),
      entryId: String(e.entryId ?? ''),
      ruleId: String(e.ruleId ?? ''),
      subject: String(e.subject ?? ''),
    };
  });
}

/**
 * The repository's root folder at or above `start` (the nearest holding a `.git` entry: a folder
 * in a clone, a file in a worktree or submodule), or undefined outside a repository. Found without
 * spawning git. Both engines key fingerprints and find the default baseline from it.
 */
export function repositoryRootOf(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (hasEntry(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function hasEntry(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false; // unreadable (EACCES) or under a file (ENOTDIR): no repository marker here
  }
}
