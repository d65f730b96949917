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
    const width = Math.max(...run.files.map((f) => f.file.length));
    for (const file of run.files)
      out.push(`  ${file.file.padEnd(width)}  ${count(file.applied.length, 'fix', 'fixes')}`);
    out.push('', 'By catalogue entry:');
    const byEntry = new Map<string, { count: number; descriptions: Set<string> }>();
    for (const { finding, fix } of run.files.flatMap((f) => f.applied)) {
      const entry = byEntry.get(finding.entryId) ?? { count: 0, descriptions: new Set<string>() };
      entry.count += 1;
      entry.descriptions.add(fix.description);
      byEntry.set(finding.entryId, entry);
    }
    const idWidth = Math.max(...[...byEntry.keys()].map((id) => id.length));
    for (const [id, entry] of [...byEntry].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      out.push(
        `  ${id.padEnd(idWidth)}  ${String(entry.count).padStart(3)}  ${[...entry.descriptions].sort().join('; ')}`,
      );
    }
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

/** `1 file`, `2 files`: what the summaries count. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
