import { readInputFile } from '../scan/files/read-source.js';
import type { Finding } from '@sunset-lint/core';
import { BASELINE_VERSION, BaselineFormatError, parseBaseline, type BaselineEntry } from '@sunset-lint/core/schedule';
import { dirname } from 'node:path';
import { InputError } from '../errors.js';
import { fromRepositoryRoot, fromWorkingDirectory, repositoryPrefix } from '../repository-root.js';
import type { BaselineSummary } from '../reports/types.js';

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
 * The entries of a baseline file, their paths from the repository root (core's reader, which the
 * ESLint plugin shares; a version 1 baseline is read only at the repository root).
 */
export function readBaseline(path: string, shown: string): BaselineEntry[] {
  const read = readInputFile(path);
  if (!read.ok)
    throw new BaselineError(
      read.errno === 'ENOENT'
        ? `baseline file not found: ${shown} (write one with 'sunset-lint baseline')`
        : `cannot read the baseline ${shown}: ${read.errno ?? read.message}`,
    );
  try {
    return parseBaseline(read.text, shown, repositoryPrefix(dirname(path)));
  } catch (error) {
    if (error instanceof BaselineFormatError) throw new BaselineError(error.message);
    throw error;
  }
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
