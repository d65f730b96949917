import type { CatalogueEntry, Finding, MigrationClass } from '@sunset-lint/core';
import { loadTypeScriptWithCodeCache } from '../scan/reader/typescript-code-cache.js';
import type { LeftPlace } from './run.js';

/**
 * The migration class of each finding's place, by fingerprint: an automatic entry's place is
 * `automatic` only where `sunset-lint migrate` derives its rewrite (the same planning, at the
 * default level); its other places are the shapes its migration's `assistedShapes` names, classed
 * `assisted`. Assisted and manual entries' places keep their entry's class; a finding whose entry
 * has no migration has none. Files are read from `cwd` as `migrate` reads them.
 */
export async function migrationClasses(
  findings: readonly Finding[],
  catalogue: readonly CatalogueEntry[],
  cwd: string,
): Promise<Map<string, MigrationClass>> {
  const byId = new Map(catalogue.map((entry) => [entry.id, entry]));
  const automatic = findings.filter((finding) => byId.get(finding.entryId)?.migration?.class === 'automatic');
  const left = new Map<string, LeftPlace>();
  // The planning reads files with TypeScript's parser: loaded (from its cached code) only when an
  // automatic entry has a finding, so that a JSON report of other findings, or of none, never loads it.
  let rewritten: Finding[] = [];
  if (automatic.length) {
    loadTypeScriptWithCodeCache();
    const { withMigrations } = await import('./run.js');
    rewritten = await withMigrations(automatic, byId, { cwd, dryRun: true, level: 'automatic' }, left);
  }
  const derived = new Set(rewritten.filter((f) => f.fixes[0]?.edits.length).map((finding) => finding.fingerprint));
  const out = new Map<string, MigrationClass>();
  for (const finding of findings) {
    const entryClass = byId.get(finding.entryId)?.migration?.class;
    if (!entryClass) continue;
    out.set(
      finding.fingerprint,
      entryClass === 'automatic' && !derived.has(finding.fingerprint) ? 'assisted' : entryClass,
    );
  }
  return out;
}
