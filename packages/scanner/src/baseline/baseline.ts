import { readInputFile } from '../scan/files/read-source.js';
import type { Finding } from '@sunset-lint/core';
import { dirname } from 'node:path';
import { InputError } from '../errors.js';
import { fromRepositoryRoot, fromWorkingDirectory, repositoryPrefix } from '../repository-root.js';
import type { BaselineSummary } from '../reports/types.js';

/**
 * Version of the baseline file's shape (docs/scanner.md#baselines). 2: `file` and the fingerprints
 * are paths from the repository root; 1 (still read where it can be): paths from the folder the
 * baseline was written in.
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

export class BaselineError extends InputError {
  override readonly name = 'BaselineError';
}

/**
 * The baseline file's text. Entries are keyed by core's fingerprint, which hashes the file's path
 * from the repository root, the entry, the rule and the reported text with its occurrence index,
 * never a line number: code that moves within its file keeps its fingerprint, and a scan from any
 * folder of the repository finds the same. No dates or counts that change between runs, so
 * regenerating an unchanged baseline gives the same bytes. `prefix`: the scan's folder from the
 * repository root (findings' paths are relative to the scan's folder).
 */
export function renderBaseline(
  findings: readonly Finding[],
  prefix: string,
  /** Entries of an earlier baseline to keep as they are (those of files this run did not scan). */
  kept: readonly BaselineEntry[] = [],
): string {
  const entries: BaselineEntry[] = findings
    .map((f): BaselineEntry => ({
      fingerprint: f.fingerprint,
      file: fromRepositoryRoot(prefix, f.file),
      entryId: f.entryId,
      ruleId: f.ruleId,
      subject: f.subject,
    }))
    .concat(kept)
    .sort((a, b) => compare(a.file, b.file) || compare(a.entryId, b.entryId) || compare(a.fingerprint, b.fingerprint));
  return `${JSON.stringify({ version: BASELINE_VERSION, tool: 'sunset-lint', findings: entries }, null, 2)}\n`;
}

/**
 * The entries of a baseline file, their paths from the repository root. A version 1 baseline keyed
 * paths and fingerprints by the folder it was written in: at the repository root (where `baseline`
 * wrote it by default) that is the same thing and it is read as it is; elsewhere its fingerprints
 * cannot be carried over, and the message says to write it again.
 */
export function readBaseline(path: string, shown: string): BaselineEntry[] {
  const read = readInputFile(path);
  if (!read.ok)
    throw new BaselineError(
      read.errno === 'ENOENT'
        ? `baseline file not found: ${shown} (write one with 'sunset-lint baseline')`
        : `cannot read the baseline ${shown}: ${read.errno ?? read.message}`,
    );
  const text = read.text;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`${shown}: not valid JSON: ${(error as Error).message}`);
  }
  const document = data as { version?: unknown; findings?: unknown };
  if (
    typeof data !== 'object' ||
    data === null ||
    (document.version !== BASELINE_VERSION && document.version !== 1) ||
    !Array.isArray(document.findings)
  ) {
    throw new BaselineError(
      `${shown}: not a sunset-lint baseline (version ${BASELINE_VERSION} with a "findings" list)`,
    );
  }
  const folder = repositoryPrefix(dirname(path));
  if (document.version === 1 && folder !== '')
    throw new BaselineError(
      `${shown}: a version 1 baseline, keyed by paths from the folder it was written in (${folder}); baselines are now keyed by paths from the repository root, and its entries cannot be carried over: write it again with 'sunset-lint baseline --output ${shown}' (from any folder of the repository), or move it to the repository root if it was written there`,
    );
  return document.findings.map((entry: unknown, i: number) => {
    const e = entry as Partial<BaselineEntry>;
    if (typeof e?.fingerprint !== 'string') throw new BaselineError(`${shown}: findings[${i}] has no "fingerprint"`);
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
 * Findings the baseline does not have, and the baseline entries that no longer occur. An entry is
 * gone only when its file was scanned in this run (`scanned`, by path from the repository root):
 * a scan of one folder says nothing of another's entries. Stale entries are shown by their path
 * from the scan's folder, as findings are (`prefix`: that folder from the repository root).
 */
export function applyBaseline(
  findings: readonly Finding[],
  entries: readonly BaselineEntry[],
  shown: string,
  { prefix, scanned }: { prefix: string; scanned: (fromRoot: string) => boolean },
): { findings: Finding[]; summary: BaselineSummary } {
  const accepted = new Map<string, number>();
  for (const entry of entries) accepted.set(entry.fingerprint, (accepted.get(entry.fingerprint) ?? 0) + 1);
  const current = new Set(findings.map((f) => f.fingerprint));
  const fresh: Finding[] = [];
  let suppressed = 0;
  for (const finding of findings) {
    const left = accepted.get(finding.fingerprint) ?? 0;
    if (left > 0) {
      accepted.set(finding.fingerprint, left - 1);
      suppressed++;
    } else {
      fresh.push(finding);
    }
  }
  const stale = entries
    .filter((entry) => !current.has(entry.fingerprint) && scanned(entry.file))
    .map((entry) => ({
      fingerprint: entry.fingerprint,
      file: fromWorkingDirectory(prefix, entry.file),
      entryId: entry.entryId,
    }))
    .sort((a, b) => compare(a.file, b.file) || compare(a.entryId, b.entryId) || compare(a.fingerprint, b.fingerprint));
  return { findings: fresh, summary: { file: shown, entries: entries.length, suppressed, stale } };
}

/** Code-point order: the same on every machine, whatever its locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
