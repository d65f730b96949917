import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DEFAULT_BASELINE_FILE, parseBaseline, repositoryRootOf } from '@sunset-lint/core';

/**
 * The repository's baseline, honoured as the scanner honours it: `.sunset-lint-baseline.json` at
 * the repository root (the nearest folder above the linted file holding `.git`; ESLint's working
 * directory outside a repository), or the file ESLint's `settings['sunset-lint-baseline']` names
 * (relative to ESLint's working directory); `false` there: none. A finding whose fingerprint the
 * baseline holds is not reported. Fingerprints hash the file's path from the repository root, as
 * the scanner's do, so the lint-staged hook accepts what `sunset-lint baseline` accepted.
 */
export const BASELINE_SETTING = 'sunset-lint-baseline';

export interface BaselineFor {
  /** The path the file's fingerprints hash: from the repository root, `/`-separated. */
  fingerprintFile: string;
  /** The baseline's fingerprints, or undefined when there is none. */
  fingerprints?: ReadonlySet<string>;
}

interface ReadBaseline {
  stamp: string;
  fingerprints: ReadonlySet<string>;
}

const read = new Map<string, ReadBaseline>();
const roots = new Map<string, string | undefined>();

export function baselineFor(setting: unknown, file: { filename: string; cwd: string }): BaselineFor {
  if (setting !== undefined && setting !== false && typeof setting !== 'string')
    throw new Error(
      `ESLint settings['${BASELINE_SETTING}'] must be false (no baseline) or the path of a baseline file, got ${JSON.stringify(setting)}`,
    );
  const absolute = resolve(file.cwd, file.filename);
  const root = repositoryRoot(dirname(absolute)) ?? file.cwd;
  const fingerprintFile = relative(root, absolute).split(sep).join('/');
  if (setting === false) return { fingerprintFile };
  const named = typeof setting === 'string';
  const path = named ? resolve(file.cwd, setting) : join(root, DEFAULT_BASELINE_FILE);
  const fingerprints = readFingerprints(path, named, root);
  return fingerprints ? { fingerprintFile, fingerprints } : { fingerprintFile };
}

function readFingerprints(path: string, required: boolean, root: string): ReadonlySet<string> | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) {
    if (required) throw new Error(`${path}: baseline file not found (ESLint settings['${BASELINE_SETTING}'])`);
    return undefined;
  }
  const stamp = `${stats.mtimeMs} ${stats.size}`;
  const known = read.get(path);
  if (known?.stamp === stamp) return known.fingerprints;
  if (!stats.isFile()) throw new Error(`${path}: cannot read the baseline: not a regular file`);
  // Core's reader, the scanner's: the same files are baselines, with the same faults named.
  const folder = relative(root, dirname(path)).split(sep).join('/');
  const fingerprints = new Set(parseBaseline(readFileSync(path, 'utf8'), path, folder).map((e) => e.fingerprint));
  if (read.size >= 16) read.clear();
  read.set(path, { stamp, fingerprints });
  return fingerprints;
}

/** The repository root above `start`, remembered per folder (a lint asks once per file). */
function repositoryRoot(start: string): string | undefined {
  if (roots.has(start)) return roots.get(start);
  const found = repositoryRootOf(start);
  if (roots.size >= 256) roots.clear();
  roots.set(start, found);
  return found;
}
