import { resolve } from 'node:path';
import type { Finding } from '@sunset-lint/core';
import { LineIndex } from '@sunset-lint/core/internal';
import { readInputBytes } from '../scan/files/read-source.js';
import type { PendingWrites } from './pending-writes.js';
import { applyEdits, selectFixes, type ChosenFix, type SelectOptions } from './select.js';

const BOM = '\uFEFF';

export interface FileChange {
  /** As in the findings: relative to the working directory, `/`-separated. */
  file: string;
  before: string;
  after: string;
  applied: ChosenFix[];
}

export interface ApplyResult {
  changes: FileChange[];
  /** Fixes held back by an overlapping fix in the same pass. */
  conflicting: ChosenFix[];
  /** Files whose text no longer matches the findings (edited since the scan): left alone. */
  stale: string[];
}

export interface ApplyOptions extends SelectOptions {
  cwd: string;
  /**
   * Whether a file changed on disk since the scan read it (`migrate` compares its size and time
   * with those taken before the scan); such a file is stale. By default only the findings' places
   * are compared with the text.
   */
  changedSinceScan?: (file: string) => boolean;
}

/**
 * Applies the findings' mechanical fixes to the files' texts (in memory: the caller saves the
 * pending writes, or does not for --dry-run). Offsets are into the file text as read from disk, the text the
 * scan analyzed.
 */
export function applyFindingFixes(
  pending: PendingWrites,
  findings: readonly Finding[],
  options: ApplyOptions,
): ApplyResult {
  const byFile = new Map<string, Finding[]>();
  for (const finding of findings) byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), finding]);
  const result: ApplyResult = { changes: [], conflicting: [], stale: [] };
  for (const [file, fileFindings] of [...byFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const { chosen, conflicting } = selectFixes(fileFindings, options);
    if (chosen.length === 0) continue;
    const path = resolve(options.cwd, file);
    // Read as the scan read it (a regular file, without blocking); one that is no longer such a file
    // is not the text the findings are about.
    const read = readInputBytes(path);
    if (!read.ok) {
      result.stale.push(file);
      continue;
    }
    // Findings' offsets are into the text without a byte-order mark (as ESLint and the scan read it).
    const raw = read.bytes.toString('utf8');
    const hasBom = raw.startsWith(BOM);
    const before = hasBom ? raw.slice(BOM.length) : raw;
    if (options.changedSinceScan?.(file) || !matchesFindings(before, fileFindings)) {
      result.stale.push(file);
      continue;
    }
    const after = applyEdits(
      before,
      chosen.flatMap((c) => c.fix.edits),
    );
    if (after === before) continue;
    pending.set(path, after, { bom: hasBom });
    result.changes.push({ file, before, after, applied: chosen });
    result.conflicting.push(...conflicting);
  }
  return result;
}

/** The findings still sit where the scan saw them: every reported range starts at its line:column. */
function matchesFindings(text: string, findings: readonly Finding[]): boolean {
  const lines = new LineIndex(text);
  return findings.every((f) => {
    if (f.range[1] > text.length) return false;
    const at = lines.position(f.range[0]);
    return at.line === f.line && at.column === f.column;
  });
}
