import { CatalogueError, loadCatalogue, type Catalogue } from '@sunset-lint/core/schedule';
import { collectDeprecations, type CollectedDeprecations } from './collect.js';
import type { OpenApiDocument } from './document.js';
import { emitEntries, type ImportResult } from './emit.js';
import { groupDeprecations, type DeprecationGroup } from './group.js';
import type { DocumentProblem } from './pointer.js';

export interface ScheduleImport extends ImportResult {
  collected: CollectedDeprecations;
  groups: DeprecationGroup[];
  /** Malformed values and dates that disagree within a group. */
  problems: DocumentProblem[];
  /** Entries left out because a built-in entry has the id (loading both would be an error). */
  alreadyBuiltIn: Array<{ id: string; file: string }>;
}

/**
 * The document's deprecations as `catalogue.add` entries. Each entry goes through the catalogue
 * loader, as a config's additions do, so what is written loads; one that does not is reported.
 */
export function importSchedule(document: OpenApiDocument, builtin: Catalogue = loadCatalogue()): ScheduleImport {
  const collected = collectDeprecations(document);
  const { groups, warnings } = groupDeprecations(collected.operations);
  const emitted = emitEntries(document.file, groups, collected);
  const alreadyBuiltIn: ScheduleImport['alreadyBuiltIn'] = [];
  const entries = emitted.entries.filter((entry) => {
    if (!builtin.byId.has(entry.id)) return true;
    alreadyBuiltIn.push({ id: entry.id, file: builtin.sources.get(entry.id)?.file ?? 'the built-in catalogue' });
    return false;
  });
  const loadable = entries.filter((entry) => {
    try {
      loadCatalogue({ changes: { add: [entry] }, changesSource: document.file });
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
    problems: [...collected.problems, ...warnings],
    alreadyBuiltIn,
  };
}
