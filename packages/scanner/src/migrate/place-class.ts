import type { CatalogueEntry, Finding, MigrationClass } from '@sunset-lint/core';
import { withMigrations, type LeftPlace } from './run.js';
import { SyntaxPlaces, type PlaceSyntax } from './place-syntax.js';

/**
 * The migration class of each finding's place, by fingerprint: an automatic entry's place is
 * `automatic` only where `sunset-lint migrate` derives its rewrite (the same planning, at the
 * default level); its other places are the shapes its migration's `assistedShapes` names, classed
 * `assisted`. Assisted and manual entries' places keep their entry's class; a finding whose entry
 * has no migration has none. Files are read from `cwd` as `migrate` reads them; a JavaScript or
 * TypeScript file's syntax is the scan's (`placesOf`, by the finding's path: what the scan's
 * per-file step kept of its parse, place-syntax.ts), so that no file is parsed again. A file the
 * scan kept nothing of is parsed as `migrate` parses it.
 */
export async function migrationClasses(
  findings: readonly Finding[],
  catalogue: readonly CatalogueEntry[],
  cwd: string,
  placesOf?: (file: string) => PlaceSyntax | undefined,
): Promise<Map<string, MigrationClass>> {
  const byId = new Map(catalogue.map((entry) => [entry.id, entry]));
  const automatic = findings.filter((finding) => byId.get(finding.entryId)?.migration?.class === 'automatic');
  const left = new Map<string, LeftPlace>();
  const rewritten = automatic.length
    ? await withMigrations(automatic, byId, { cwd, dryRun: true, level: 'automatic' }, left, (file) => {
        const syntax = placesOf?.(file);
        return syntax && new SyntaxPlaces(syntax);
      })
    : [];
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
