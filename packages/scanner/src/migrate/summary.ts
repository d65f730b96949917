import type { CatalogueEntry } from '@sunset-lint/core';
import { appliedLines, count } from '../fix/summary.js';
import type { MigrateRun } from './run.js';

/** What was migrated (or would be), per file and per catalogue entry, and every place left for a person. */
export function renderMigrateSummary(
  run: MigrateRun,
  dryRun: boolean,
  byId: ReadonlyMap<string, CatalogueEntry>,
): string {
  const total = run.files.reduce((n, f) => n + f.applied.length, 0);
  const out: string[] = [];
  if (total === 0) out.push(dryRun ? 'Nothing to migrate (dry run).' : 'Nothing to migrate.');
  else {
    out.push(
      `${dryRun ? 'Would migrate' : 'Migrated'} ${count(total, 'place')} in ${count(run.files.length, 'file')}${dryRun ? ' (dry run: nothing written)' : ''}:`,
    );
    out.push(...appliedLines(run.files, ['place', 'places'], (id) => byId.get(id)?.migration?.class ?? ''));
  }
  if (run.left.length > 0) {
    out.push('', `Left for a person (${count(run.left.length, 'place')}):`);
    const places = run.left
      .map(({ finding, reason }) => ({ at: `${finding.file}:${finding.line}:${finding.column}`, finding, reason }))
      .sort((a, b) => compare(a.finding.file, b.finding.file) || a.finding.range[0] - b.finding.range[0]);
    for (const place of places) out.push(`  ${place.at}  ${place.finding.entryId}: ${place.reason}`);
  }
  const notes: string[] = [];
  for (const { file, reason } of run.refused) notes.push(`${file} left alone: ${reason}`);
  if (run.conflicting > 0)
    notes.push(
      `${count(run.conflicting, 'place')} overlapping another migration ${dryRun ? '(migrated by a further pass of a real run)' : 'left for another run'}`,
    );
  for (const file of run.stale) notes.push(`${file} changed since it was scanned: not migrated`);
  if (run.diagnostics.length > 0)
    notes.push(`${count(run.diagnostics.length, 'scan diagnostic')} (see \`sunset-lint scan\`)`);
  if (notes.length) out.push('', ...notes.map((note) => `Note: ${note}.`));
  return `${out.join('\n')}\n`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
