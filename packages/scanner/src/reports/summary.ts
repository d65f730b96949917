import type { Finding } from '@sunset-lint/core';
import {
  byEndOfLife,
  compareText,
  GRADES,
  isAtLeast,
  parseDay,
  type CatalogueEntry,
  type Grade,
} from '@sunset-lint/core/schedule';
import { sortFindings } from './order.js';
import type { ScanReport } from './types.js';

/** One catalogue entry the scanned code uses, with what the summary tables show. */
export interface EntryUsage {
  entry: CatalogueEntry;
  /** All findings of one entry share its end of life, hence its grade. */
  grade: Grade;
  count: number;
  /** Distinct files, sorted. */
  files: string[];
}

export interface FileGroup {
  file: string;
  findings: Finding[];
}

/** What every human-readable format and the JSON summary are built from, computed once. */
export interface ReportSummary {
  findings: Finding[];
  total: number;
  byGrade: Record<Grade, number>;
  /** Entries in use, by end of life (then id): the order of the migration. */
  entries: EntryUsage[];
  byFile: FileGroup[];
  /** Findings at or above `failOn` (0 when it is `none`). */
  failing: number;
}

export function summarize(report: ScanReport): ReportSummary {
  const findings = sortFindings(report.findings);
  const byGrade = Object.fromEntries(GRADES.map((grade) => [grade, 0])) as Record<Grade, number>;
  const usage = new Map<string, { grade: Grade; count: number; files: Set<string> }>();
  const byFile: FileGroup[] = [];
  for (const finding of findings) {
    byGrade[finding.grade] += 1;
    const used = usage.get(finding.entryId) ?? { grade: finding.grade, count: 0, files: new Set<string>() };
    used.count += 1;
    used.files.add(finding.file);
    usage.set(finding.entryId, used);
    const group = byFile[byFile.length - 1];
    if (group?.file === finding.file) group.findings.push(finding);
    else byFile.push({ file: finding.file, findings: [finding] });
  }
  const entries: EntryUsage[] = [];
  for (const [id, used] of usage) {
    // A finding of an entry missing from the catalogue in effect still gets a row, from the finding.
    const entry =
      report.catalogue.find((candidate) => candidate.id === id) ??
      entryFromFinding(findings.find((f) => f.entryId === id)!);
    entries.push({ entry, grade: used.grade, count: used.count, files: [...used.files].sort(compareText) });
  }
  entries.sort((a, b) => byEndOfLife(a.entry, b.entry));
  const failing =
    report.failOn === 'none'
      ? 0
      : findings.filter(
          (f) => (f.language !== 'docs' || report.failOnDocs) && isAtLeast(f.grade, report.failOn as Grade),
        ).length;
  return { findings, total: findings.length, byGrade, entries, byFile, failing };
}

/** What a report says of an entry that only a finding names: its id, date, rule and replacement. */
export function entryFromFinding(finding: Finding): CatalogueEntry {
  return {
    id: finding.entryId,
    title: finding.entryId,
    area: '',
    // A finding's `eol` is its entry's, written by core's formatDay: it parses.
    eol: parseDay(finding.eol)!,
    rule: finding.ruleId,
    replacement: finding.replacement,
    docs: `docs/schedule.md#${finding.entryId}`,
    match: {},
  };
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
