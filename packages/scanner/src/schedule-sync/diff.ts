import { compareText, formatDay, parseDay, type CatalogueEntry } from '@sunset-lint/core/schedule';
import type { CollectedDeprecations, DeprecatedParameter, OperationRecord } from './collect.js';
import { isPlaceholder, PLACEHOLDER_YEAR, preferredDate, type DateClaim } from './dates.js';
import type { DeprecationGroup } from './group.js';
import { isScheduleMethod, pathKey } from './paths.js';
import type { DocumentProblem } from './pointer.js';

/*
 * The document against the effective catalogue, operation by operation (method + path with
 * parameter names erased). Only `match.endpoints` are compared: segments, fields and the other
 * matchers have no counterpart in an OpenAPI document.
 */

export interface OperationRef {
  method: string;
  path: string;
  pointer: string;
}

export interface ScheduleDiff {
  /** Deprecated in the document, no catalogue entry claims the operation. */
  missing: Array<{ id: string; eol?: string; source?: string; operations: OperationRef[] }>;
  /** Claimed by an entry whose end of life is not the document's date. */
  dateMismatch: Array<{
    entryId: string;
    catalogueEol: string;
    documentEol: string;
    source: string;
    operations: OperationRef[];
  }>;
  /** A catalogue entry's operation that the document has but no longer marks deprecated. */
  noLongerDeprecated: Array<{ entryId: string; operations: OperationRef[] }>;
  /** A catalogue entry's operations the document does not have (informational). */
  absent: Array<{ entryId: string; operations: Array<{ method: string; path: string }>; ofTotal: number }>;
  /** Placeholder-looking, inverted or invalid dates in the document. */
  suspicious: Array<{ pointer: string; value: string; reason: string }>;
}

export interface DiffOptions {
  asOf: Date;
  /** A date more than this many years after the as-of date is suspicious. */
  maxYears: number;
}

export function diffSchedule(
  { operations, parameters }: Pick<CollectedDeprecations, 'operations' | 'parameters'>,
  groups: readonly DeprecationGroup[],
  problems: readonly DocumentProblem[],
  catalogue: readonly CatalogueEntry[],
  options: DiffOptions,
): ScheduleDiff {
  const diff: ScheduleDiff = { missing: [], dateMismatch: [], noLongerDeprecated: [], absent: [], suspicious: [] };
  const byKey = new Map<string, OperationRecord>();
  for (const operation of operations) byKey.set(`${operation.method} ${pathKey(operation.path)}`, operation);

  for (const group of groups) {
    const unclaimed: OperationRef[] = [];
    const mismatches = new Map<string, ScheduleDiff['dateMismatch'][number]>();
    for (const operation of group.operations) {
      if (!isScheduleMethod(operation.method)) continue;
      const claimants = catalogue.filter((entry) => claims(entry, operation.method, pathKey(operation.path)));
      if (claimants.length === 0) unclaimed.push(ref(operation));
      const documentDate = preferredDate(operation.dates) ?? group.date;
      if (!documentDate) continue;
      for (const entry of claimants) {
        const catalogueEol = formatDay(entry.eol);
        if (catalogueEol === documentDate.day) continue;
        const key = `${entry.id} ${documentDate.day}`;
        const mismatch = mismatches.get(key) ?? {
          entryId: entry.id,
          catalogueEol,
          documentEol: documentDate.day,
          source: documentDate.source,
          operations: [],
        };
        mismatch.operations.push(ref(operation));
        mismatches.set(key, mismatch);
      }
    }
    if (unclaimed.length > 0)
      diff.missing.push({
        id: group.id,
        ...(group.date ? { eol: group.date.day, source: group.date.source } : {}),
        operations: unclaimed,
      });
    diff.dateMismatch.push(...mismatches.values());
  }

  for (const entry of catalogue) {
    const stillLive: OperationRef[] = [];
    const absent: Array<{ method: string; path: string }> = [];
    let total = 0;
    for (const endpoint of entry.match.endpoints ?? []) {
      // An area retired as a whole (`subtree`) is no operation of its own: its listed endpoints are.
      if (endpoint.subtree) continue;
      for (const method of endpoint.methods) {
        total++;
        const operation = byKey.get(`${method} ${pathKey(endpoint.path)}`);
        if (!operation) absent.push({ method, path: endpoint.path });
        else if (!operation.deprecated) stillLive.push(ref(operation));
      }
    }
    if (stillLive.length > 0) diff.noLongerDeprecated.push({ entryId: entry.id, operations: stillLive });
    if (absent.length > 0) diff.absent.push({ entryId: entry.id, operations: absent, ofTotal: total });
  }

  diff.suspicious = suspiciousDates(operations, parameters, problems, options);
  diff.dateMismatch.sort((a, b) => compareText(a.entryId, b.entryId) || compareText(a.documentEol, b.documentEol));
  return diff;
}

/** Whether a catalogue entry reports this method on this document path: what import and diff both match by. */
export function claimsOperation(entry: CatalogueEntry, method: string, path: string): boolean {
  return claims(entry, method, pathKey(path));
}

/** Whether a catalogue entry reports this method on this path (a path retired as a whole: any method). */
function claims(entry: CatalogueEntry, method: string, key: string): boolean {
  return (entry.match.endpoints ?? []).some(
    (endpoint) =>
      (pathKey(endpoint.path) === key || (endpoint.subtree === true && key.startsWith(`${pathKey(endpoint.path)}/`))) &&
      (endpoint.liveMethods === undefined || endpoint.methods.some((listed) => listed === method)),
  );
}

function suspiciousDates(
  operations: readonly OperationRecord[],
  parameters: readonly DeprecatedParameter[],
  problems: readonly DocumentProblem[],
  { asOf, maxYears }: DiffOptions,
): ScheduleDiff['suspicious'] {
  const suspicious: ScheduleDiff['suspicious'] = [];
  const limit = new Date(asOf.getTime());
  limit.setUTCFullYear(limit.getUTCFullYear() + maxYears);
  const seen = new Set<string>();
  const check = (claim: DateClaim) => {
    if (seen.has(claim.pointer)) return;
    seen.add(claim.pointer);
    const day = parseDay(claim.day)!;
    if (isPlaceholder(claim.day))
      suspicious.push({
        pointer: claim.pointer,
        value: claim.day,
        reason: `a placeholder: year ${PLACEHOLDER_YEAR} or later`,
      });
    else if (day > limit)
      suspicious.push({
        pointer: claim.pointer,
        value: claim.day,
        reason: `more than ${maxYears} years after the as-of date`,
      });
  };
  for (const operation of operations) {
    operation.dates.forEach(check);
    const eol = operation.dates.find((claim) => claim.source === 'x-cfDeprecation.eol');
    for (const sunset of operation.dates.filter((claim) => claim.source !== 'x-cfDeprecation.eol')) {
      if (eol && sunset.day < eol.day)
        suspicious.push({
          pointer: sunset.pointer,
          value: sunset.day,
          reason: `the sunset comes before the end of life ${eol.day} (${eol.pointer})`,
        });
    }
  }
  for (const parameter of parameters) parameter.dates.forEach(check);
  for (const problem of problems)
    if (problem.invalidDate)
      suspicious.push({ pointer: problem.pointer, value: '', reason: `invalid date: ${problem.message}` });
  return suspicious.sort((a, b) => compareText(a.pointer, b.pointer) || compareText(a.reason, b.reason));
}

function ref(operation: OperationRecord): OperationRef {
  return { method: operation.method, path: operation.path, pointer: operation.pointer };
}

export function hasDifferences(diff: ScheduleDiff): boolean {
  return diff.missing.length + diff.dateMismatch.length + diff.noLongerDeprecated.length + diff.suspicious.length > 0;
}
