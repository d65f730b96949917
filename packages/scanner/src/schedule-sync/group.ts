import { compareText } from '@sunset-lint/core/schedule';
import type { OperationRecord } from './collect.js';
import { preferredDate, type DateClaim } from './dates.js';
import { idFromPath, kebabCase } from './paths.js';
import type { DocumentProblem } from './pointer.js';

/** Deprecated operations that become one catalogue entry: those sharing an `x-cfDeprecation` id, else those of one path's resource. */
export interface DeprecationGroup {
  id: string;
  /** Whether the id comes from `x-cfDeprecation` or was derived from the path. */
  idFrom: 'x-cfDeprecation' | 'path';
  operations: OperationRecord[];
  /** The earliest preferred date among the operations; undefined: the group is undated. */
  date?: DateClaim;
}

export interface Grouping {
  groups: DeprecationGroup[];
  /** Operations of one group whose dates disagree: the entry takes the earliest. */
  warnings: DocumentProblem[];
}

export function groupDeprecations(operations: readonly OperationRecord[]): Grouping {
  const byId = new Map<string, DeprecationGroup>();
  for (const operation of operations) {
    if (!operation.deprecated) continue;
    const fromCf = operation.deprecationId !== undefined ? kebabCase(operation.deprecationId) : '';
    const id = fromCf || idFromPath(operation.path) || 'root';
    let group = byId.get(id);
    if (!group) {
      group = { id, idFrom: fromCf ? 'x-cfDeprecation' : 'path', operations: [] };
      byId.set(id, group);
    }
    group.operations.push(operation);
  }
  const warnings: DocumentProblem[] = [];
  const groups = [...byId.values()].sort((a, b) => compareText(a.id, b.id));
  for (const group of groups) {
    group.operations.sort((a, b) => compareText(a.path, b.path) || compareText(a.method, b.method));
    const dated = group.operations
      .map((operation) => preferredDate(operation.dates))
      .filter((claim): claim is DateClaim => claim !== undefined)
      .sort((a, b) => compareText(a.day, b.day) || compareText(a.pointer, b.pointer));
    if (dated[0]) group.date = dated[0];
    const days = new Set(dated.map((claim) => claim.day));
    if (days.size > 1) {
      warnings.push({
        pointer: dated[0]!.pointer,
        message: `operations of '${group.id}' give different dates (${[...days].join(', ')}); the entry takes the earliest`,
      });
    }
  }
  return { groups, warnings };
}
