import { resolve } from 'node:path';
import type { Finding } from '@sunset-lint/core';
import { withStandIns } from '../scan/files/read-source.js';
import type { Diagnostic } from '../reports/types.js';
import { applyFindingFixes, type FileChange } from './apply.js';
import { PendingWrites } from './pending-writes.js';
import { applicableFixes, type ChosenFix } from './select.js';

/** What the fix command needs from a scan: the findings (with their fixes) of these paths. */
export type FindingsOf = (paths: readonly string[]) => Promise<{ findings: Finding[]; diagnostics: Diagnostic[] }>;

export interface FixOptions {
  cwd: string;
  /** See ApplyOptions. */
  changedSinceScan?: (file: string) => boolean;
  dryRun: boolean;
  suggestions: boolean;
  /** ESLint stops after 10 passes; overlapping fixes rarely need more than two. */
  maxPasses?: number;
  /**
   * Checks a changed file before it is written (`migrate`: parsed and scanned again); a reason
   * refuses the change, and the file is left as it is.
   */
  check?: (change: FileChange) => Promise<string | undefined>;
}

export interface FixRun {
  /** Per changed file: its text before the first pass and after the last. */
  files: Array<{ file: string; before: string; after: string; applied: ChosenFix[] }>;
  /** Suggestions present but not applied (no --suggestions). */
  suggestionsNotApplied: number;
  /** Fixes still held back by an overlapping fix after the last pass (dry runs do one pass). */
  conflicting: number;
  /** Findings with no fix of any kind. */
  withoutFix: number;
  stale: string[];
  /** Changes the check refused, with its reason: those files were left alone. */
  refused: Array<{ file: string; reason: string }>;
  diagnostics: Diagnostic[];
  /**
   * The findings left once the fixes are in: the paths scanned again after the last pass (a dry
   * run's with the changed files' new text read in place of the files): `fix` fails while some are
   * at or above --fail-on, as `eslint --fix` fails while errors remain.
   */
  remaining: Finding[];
}

/**
 * Scans, applies the fixes, saves, and rescans the changed files while overlapping fixes remain
 * (each pass fixes what the previous one had to hold back), like ESLint's --fix. A dry run stops
 * after the first pass and writes nothing.
 */
export async function fixPaths(paths: readonly string[], findingsOf: FindingsOf, options: FixOptions): Promise<FixRun> {
  const pending = new PendingWrites();
  const changed = new Map<string, FileChange>();
  const first = await findingsOf(paths);
  let findings = first.findings;
  const run: FixRun = {
    files: [],
    suggestionsNotApplied: options.suggestions
      ? 0
      : first.findings.filter(
          (f) => f.fixes.some((fix) => fix.kind === 'suggestion') && applicableFixes(f, options).length === 0,
        ).length,
    conflicting: 0,
    withoutFix: first.findings.filter((f) => f.fixes.length === 0).length,
    stale: [],
    refused: [],
    diagnostics: first.diagnostics,
    remaining: first.findings,
  };
  const maxPasses = options.dryRun ? 1 : (options.maxPasses ?? 10);
  for (let pass = 1; pass <= maxPasses; pass++) {
    const result = applyFindingFixes(pending, findings, options);
    run.stale.push(...result.stale.filter((file) => !run.stale.includes(file)));
    if (options.check) {
      const accepted: FileChange[] = [];
      for (const change of result.changes) {
        const reason = await options.check(change);
        if (reason === undefined) accepted.push(change);
        else {
          pending.discard(resolve(options.cwd, change.file));
          run.refused.push({ file: change.file, reason });
        }
      }
      result.changes = accepted;
      // A refused file's held-back fixes are not retried: the file stays as it is.
      result.conflicting = result.conflicting.filter((c) => accepted.some((change) => change.file === c.finding.file));
    }
    for (const change of result.changes) {
      const previous = changed.get(change.file);
      changed.set(
        change.file,
        previous ? { ...change, before: previous.before, applied: [...previous.applied, ...change.applied] } : change,
      );
    }
    run.conflicting = result.conflicting.length;
    if (options.dryRun || result.changes.length === 0) break;
    await pending.save();
    if (result.conflicting.length === 0) break;
    // Only files that still have held-back fixes need another look.
    const again = [...new Set(result.conflicting.map((c) => c.finding.file))];
    findings = (await findingsOf(again)).findings;
  }
  if (changed.size > 0) {
    const after = new Map([...changed.values()].map((change) => [resolve(options.cwd, change.file), change.after]));
    const again = () => findingsOf(paths);
    run.remaining = (options.dryRun ? await withStandIns(after, again) : await again()).findings;
  }
  run.files = [...changed.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return run;
}
