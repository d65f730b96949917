import {
  MIGRATION_CLASSES,
  type CatalogueEntry,
  type Finding,
  type Grade,
  type MigrationClass,
} from '@sunset-lint/core';
import { byEndOfLife, formatDay, GRADES } from '@sunset-lint/core/schedule';
import { MergeError } from '../errors.js';
import { compareFindings } from '../reports/order.js';
import type { Diagnostic, RepositorySummary, ScanReport } from '../reports/types.js';

/** A repository's name as `--repository NAME=FILE` takes it: it prefixes the repository's paths (`NAME/src/x.ts`). */
export const REPOSITORY_NAME = /^[A-Za-z0-9_.-]+$/;

/** The fields of a JSON scan report's finding that the audit of several repositories reads. */
interface ReportFinding {
  ruleId: string;
  entryId: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  eol: string;
  grade: Grade;
  severity: Finding['severity'];
  confidence: Finding['confidence'];
  message: string;
  replacement: string;
  fingerprint: string;
  language?: Finding['language'];
  related?: Finding['related'];
  migration?: unknown;
}

export interface RepositoryInput {
  name: string;
  /** The report file as given on the command line. */
  file: string;
  /** The parsed `scan --format json` report. */
  report: { asOf: string; imminentDays?: unknown; findings: unknown[]; diagnostics?: unknown; summary?: unknown };
}

/**
 * One report of several repositories' JSON scan reports: every path prefixed by its repository's
 * name, the findings in report order, per repository its counts by grade. The reports must share
 * their as-of date and imminent window (a grade means the same in each), and each entry's end of
 * life must be the catalogue's in effect; otherwise a MergeError names the file.
 */
export function repositoriesReport(
  inputs: readonly RepositoryInput[],
  catalogue: readonly CatalogueEntry[],
  tool: ScanReport['tool'],
  failOn: Grade | 'none',
): ScanReport {
  const first = inputs[0]!;
  const eolOf = new Map(catalogue.map((entry) => [entry.id, formatDay(entry.eol)]));
  const findings: Finding[] = [];
  const diagnostics: Diagnostic[] = [];
  const repositories: RepositorySummary[] = [];
  const migrationClasses = new Map<string, MigrationClass>();
  let filesScanned = 0;
  for (const { name, file, report } of inputs) {
    if (report.asOf !== first.report.asOf)
      throw new MergeError(
        `${file} is a report as of ${report.asOf}, ${first.file} as of ${first.report.asOf}: scan every repository with the same --as-of`,
      );
    if (report.imminentDays !== first.report.imminentDays)
      throw new MergeError(
        `${file} grades with an imminent window of ${String(report.imminentDays)} days, ${first.file} of ${String(first.report.imminentDays)}: scan every repository with the same --imminent-days`,
      );
    const byGrade = Object.fromEntries(GRADES.map((grade) => [grade, 0])) as Record<Grade, number>;
    report.findings.forEach((value, index) => {
      const finding = readFinding(value, `${file}: findings[${index}]`);
      const eol = eolOf.get(finding.entryId);
      if (eol !== undefined && eol !== finding.eol)
        throw new MergeError(
          `${file}: entry '${finding.entryId}' ends ${finding.eol} there, ${eol} in the catalogue in effect here: give --config the configuration the scans used`,
        );
      byGrade[finding.grade] += 1;
      const { migration, ...rest } = finding;
      if (MIGRATION_CLASSES.includes(migration as MigrationClass))
        migrationClasses.set(`${name}/${finding.fingerprint}`, migration as MigrationClass);
      findings.push({
        ...rest,
        file: `${name}/${finding.file}`,
        ...(finding.related ? { related: finding.related.map((r) => ({ ...r, file: `${name}/${r.file}` })) } : {}),
        // A report carries no code: nothing to splice, no range in a file of this checkout.
        range: [0, 0],
        fixes: [],
        subject: finding.message,
        // The rule as the report names it; the renderers only print it.
      } as Finding);
    });
    for (const d of Array.isArray(report.diagnostics) ? (report.diagnostics as Diagnostic[]) : [])
      diagnostics.push(d.file !== undefined ? { ...d, file: `${name}/${d.file}` } : d);
    const scanned = (report.summary as { filesScanned?: unknown } | undefined)?.filesScanned;
    const files = typeof scanned === 'number' ? scanned : 0;
    filesScanned += files;
    repositories.push({
      name,
      report: file,
      filesScanned: files,
      byGrade,
      total: GRADES.reduce((sum, grade) => sum + byGrade[grade], 0),
    });
  }
  return {
    tool,
    asOf: first.report.asOf,
    imminentDays: typeof first.report.imminentDays === 'number' ? first.report.imminentDays : 0,
    catalogue: [...catalogue].sort(byEndOfLife),
    findings: findings.sort(compareFindings),
    diagnostics,
    filesScanned,
    failOn,
    ...(migrationClasses.size > 0 ? { migrationClasses } : {}),
    repositories,
  };
}

/** The repository a path of the combined report is in: its first segment. */
export function repositoryOfPath(file: string): string {
  return file.slice(0, file.indexOf('/'));
}

function readFinding(value: unknown, where: string): ReportFinding {
  const finding = value as Partial<Record<keyof ReportFinding, unknown>> | null;
  if (typeof finding !== 'object' || finding === null) throw new MergeError(`${where} is not an object`);
  for (const key of ['ruleId', 'entryId', 'file', 'eol', 'message', 'replacement', 'fingerprint'] as const)
    if (typeof finding[key] !== 'string') throw new MergeError(`${where}.${key} is not a string`);
  for (const key of ['line', 'column', 'endLine', 'endColumn'] as const)
    if (typeof finding[key] !== 'number') throw new MergeError(`${where}.${key} is not a number`);
  if (!GRADES.includes(finding.grade as Grade))
    throw new MergeError(`${where}.grade is not one of ${GRADES.join(', ')}`);
  if (finding.related !== undefined && !Array.isArray(finding.related))
    throw new MergeError(`${where}.related is not a list`);
  // Checked above: the fields the renderers read are there with their types.
  return finding as ReportFinding;
}
