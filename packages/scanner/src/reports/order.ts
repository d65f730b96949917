import type { Finding } from '@sunset-lint/core';
import { compareText } from '@sunset-lint/core/schedule';
import type { BaselineSummary, Diagnostic } from './types.js';

/** What the report order reads of a finding (merging sorts JSON reports' findings the same way). */
type SortedFields = Pick<Finding, 'file' | 'line' | 'column' | 'entryId' | 'endLine' | 'endColumn' | 'fingerprint'> & {
  ruleId: string;
};

/** file, line, column, entry; then the rest of the identity so that ties cannot reorder between runs. */
export function compareFindings(a: SortedFields, b: SortedFields): number {
  return (
    compareText(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    compareText(a.entryId, b.entryId) ||
    compareText(a.ruleId, b.ruleId) ||
    a.endLine - b.endLine ||
    a.endColumn - b.endColumn ||
    compareText(a.fingerprint, b.fingerprint)
  );
}

export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(compareFindings);
}

/** What the diagnostic order reads (merging sorts SARIF notifications the same way). */
type DiagnosticPlace = Pick<Diagnostic, 'file' | 'line' | 'column' | 'code' | 'message'>;

/** Diagnostics without a file first (they concern the whole scan), then by position. */
export function compareDiagnostics(a: DiagnosticPlace, b: DiagnosticPlace): number {
  return (
    compareText(a.file ?? '', b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    compareText(a.code, b.code) ||
    compareText(a.message, b.message)
  );
}

export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(compareDiagnostics);
}

/** Stale baseline entries by file, entry and fingerprint. */
export function sortStale<T extends BaselineSummary['stale'][number]>(stale: readonly T[]): T[] {
  return [...stale].sort(
    (a, b) =>
      compareText(a.file, b.file) || compareText(a.entryId, b.entryId) || compareText(a.fingerprint, b.fingerprint),
  );
}
