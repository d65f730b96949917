import { CatalogueError, loadCatalogue, type CatalogueEntry } from '@sunset-lint/core/schedule';
import { collectDeprecations, type CollectedDeprecations } from './collect.js';
import { claimsOperation, diffSchedule } from './diff.js';
import type { OpenApiDocument } from './document.js';
import { emitEntries, type ImportResult } from './emit.js';
import { groupDeprecations, type DeprecationGroup } from './group.js';
import { isScheduleMethod } from './paths.js';
import type { DocumentProblem } from './pointer.js';

/** A date the document gives an operation that an entry of the catalogue already claims, when it is not the entry's. */
export interface ProposedOverride {
  entryId: string;
  catalogueEol: string;
  documentEol: string;
  /** The document field the date came from. */
  source: string;
  /** Other dates the document gives the entry's operations (the override takes the earliest). */
  otherDates: string[];
}

export interface ScheduleImport extends ImportResult {
  collected: CollectedDeprecations;
  groups: DeprecationGroup[];
  /** Malformed values and dates that disagree within a group. */
  problems: DocumentProblem[];
  /** Entries left out because an entry of the catalogue has the id (loading both would be an error). */
  alreadyBuiltIn: Array<{ id: string; file: string }>;
  /** `catalogue.eolOverrides` for entries that claim the document's operations with another date, by entry id. */
  overrides: ProposedOverride[];
  /** Deprecated operations an entry already claims, with the document's date or without one: nothing to write. */
  covered: Array<{ method: string; path: string; entryIds: string[] }>;
}

/**
 * The document's deprecations reconciled with the catalogue (built-in entries and the project's
 * configuration) as `schedule diff` compares them, operation by operation: an operation an entry
 * already claims is not added again, and when the document dates it otherwise the entry gets an
 * end-of-life override; only the operations no entry claims become `catalogue.add` entries. Each
 * entry goes through the catalogue loader, as a config's additions do, so what is written loads;
 * one that does not is reported. `source` is what entries name as their origin (`docs`, the
 * replacement text): the document as given on the command line, or a URL.
 */
export function importSchedule(
  document: OpenApiDocument,
  catalogue: readonly CatalogueEntry[] = loadCatalogue().entries,
  source: string = document.file,
  sourceOf: (id: string) => string = () => 'the built-in catalogue',
): ScheduleImport {
  const collected = collectDeprecations(document);
  const { groups, warnings } = groupDeprecations(collected.operations);
  const problems = [...collected.problems, ...warnings];
  const claimants = (method: string, path: string) =>
    isScheduleMethod(method) ? catalogue.filter((entry) => claimsOperation(entry, method, path)) : [];
  const covered: ScheduleImport['covered'] = [];
  const unclaimed: DeprecationGroup[] = [];
  for (const group of groups) {
    const left = group.operations.filter((operation) => {
      const ids = claimants(operation.method, operation.path).map((entry) => entry.id);
      if (ids.length > 0) covered.push({ method: operation.method, path: operation.path, entryIds: ids });
      return ids.length === 0;
    });
    if (left.length > 0) unclaimed.push({ ...group, operations: left });
  }
  // The dates: what `schedule diff` reports as "End-of-life dates that disagree", one override per entry.
  const { dateMismatch } = diffSchedule(collected, groups, problems, catalogue, {
    asOf: new Date(0),
    maxYears: 10_000,
  });
  const overrides = new Map<string, ProposedOverride>();
  for (const mismatch of dateMismatch) {
    const known = overrides.get(mismatch.entryId);
    if (!known || mismatch.documentEol < known.documentEol) {
      const others = known ? [known.documentEol, ...known.otherDates] : [];
      overrides.set(mismatch.entryId, {
        entryId: mismatch.entryId,
        catalogueEol: mismatch.catalogueEol,
        documentEol: mismatch.documentEol,
        source: mismatch.source,
        otherDates: others,
      });
    } else known.otherDates.push(mismatch.documentEol);
  }
  const emitted = emitEntries(source, unclaimed, collected);
  const ids = new Set(catalogue.map((entry) => entry.id));
  const alreadyBuiltIn: ScheduleImport['alreadyBuiltIn'] = [];
  const entries = emitted.entries.filter((entry) => {
    if (!ids.has(entry.id)) return true;
    alreadyBuiltIn.push({ id: entry.id, file: sourceOf(entry.id) });
    return false;
  });
  const loadable = entries.filter((entry) => {
    try {
      loadCatalogue({ changes: { add: [entry] }, changesSource: source });
      return true;
    } catch (error) {
      if (!(error instanceof CatalogueError)) throw error;
      emitted.notImportable.push({ pointer: '', what: `entry '${entry.id}'`, reason: error.message });
      return false;
    }
  });
  return {
    ...emitted,
    entries: loadable,
    collected,
    groups,
    problems,
    alreadyBuiltIn,
    overrides: [...overrides.values()],
    covered,
  };
}
