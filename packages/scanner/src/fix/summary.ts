import { unifiedDiff } from './diff.js';
import type { FixRun } from './run.js';

/** The unified diff of every changed file, in path order (`fix --dry-run` prints it on stdout). */
export function renderFixDiff(run: FixRun): string {
  return run.files.map((file) => unifiedDiff(file.file, file.before, file.after)).join('');
}

/** What changed (or would change): files, fixes per catalogue entry, and what was left alone. */
export function renderFixSummary(run: FixRun, dryRun: boolean): string {
  const total = run.files.reduce((n, f) => n + f.applied.length, 0);
  const out: string[] = [];
  if (total === 0) {
    out.push(dryRun ? 'Nothing to fix (dry run).' : 'Nothing to fix.');
  } else {
    out.push(
      `${dryRun ? 'Would apply' : 'Applied'} ${count(total, 'fix', 'fixes')} in ${count(run.files.length, 'file')}${dryRun ? ' (dry run: nothing written)' : ''}:`,
    );
    out.push(...appliedLines(run.files, ['fix', 'fixes']));
  }
  const notes: string[] = [];
  if (run.suggestionsNotApplied > 0)
    notes.push(
      `${count(run.suggestionsNotApplied, 'finding')} with a suggested fix not applied (review them, or run with --suggestions)`,
    );
  if (run.conflicting > 0)
    notes.push(
      `${count(run.conflicting, 'fix', 'fixes')} overlapping another fix ${dryRun ? '(applied by a further pass of a real run)' : 'left for another run'}`,
    );
  if (run.withoutFix > 0)
    notes.push(`${count(run.withoutFix, 'finding')} without an automatic fix (see \`sunset-lint scan\`)`);
  for (const file of run.stale) notes.push(`${file} changed since it was scanned: not fixed`);
  if (run.diagnostics.length > 0)
    notes.push(`${count(run.diagnostics.length, 'scan diagnostic')} (see \`sunset-lint scan\`)`);
  if (notes.length) out.push('', ...notes.map((note) => `Note: ${note}.`));
  return `${out.join('\n')}\n`;
}

/** A file's changes as `fix` and `migrate` list them. */
interface AppliedFile {
  file: string;
  applied: ReadonlyArray<{ finding: { entryId: string }; fix: { description: string } }>;
}

/**
 * The lines under a summary's first line, for `fix` and `migrate` alike: each file with its count,
 * then per catalogue entry the count and what was done (with the entry's migration class when given).
 */
export function appliedLines(
  files: readonly AppliedFile[],
  unit: readonly [one: string, many: string],
  classOf?: (entryId: string) => string,
): string[] {
  const out: string[] = [];
  const width = Math.max(...files.map((f) => f.file.length));
  for (const file of files) out.push(`  ${file.file.padEnd(width)}  ${count(file.applied.length, ...unit)}`);
  out.push('', 'By catalogue entry:');
  const byEntry = new Map<string, { count: number; descriptions: Set<string> }>();
  for (const { finding, fix } of files.flatMap((f) => f.applied)) {
    const entry = byEntry.get(finding.entryId) ?? { count: 0, descriptions: new Set<string>() };
    entry.count += 1;
    entry.descriptions.add(fix.description);
    byEntry.set(finding.entryId, entry);
  }
  const idWidth = Math.max(...[...byEntry.keys()].map((id) => id.length));
  for (const [id, entry] of [...byEntry].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const migrationClass = classOf ? `${classOf(id).padEnd(9)}  ` : '';
    out.push(
      `  ${id.padEnd(idWidth)}  ${migrationClass}${String(entry.count).padStart(3)}  ${[...entry.descriptions].sort().join('; ')}`,
    );
  }
  return out;
}

/** `1 file`, `2 files`: what the summaries count. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
