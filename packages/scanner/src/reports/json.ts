import type { Finding, MigrationClass } from '@sunset-lint/core';
import { repositoryOfPath } from '../merge/repositories.js';
import { sortDiagnostics, sortStale } from './order.js';
import { relatedOf } from './related.js';
import { summarize } from './summary.js';
import type { ScanReport } from './types.js';
import { formatDay } from '@sunset-lint/core/schedule';

/**
 * Version of the JSON report's shape (docs/report-format.md). Adding a field keeps it; renaming,
 * removing or changing the meaning of one bumps it.
 */
export const JSON_REPORT_VERSION = 1;

/** The finding's `migration` field: its place's class, where the report gives it. */
function migrationOf(report: ScanReport, finding: Finding): { migration?: MigrationClass } {
  // Several repositories: a fingerprint is one repository's (its path from that repository's root).
  const key = report.repositories ? `${repositoryOfPath(finding.file)}/${finding.fingerprint}` : finding.fingerprint;
  const migration = report.migrationClasses?.get(key);
  return migration ? { migration } : {};
}

/**
 * Objects are built field by field in the documented order and everything is sorted, so the same
 * scan prints the same bytes: no timestamps, no absolute paths, no machine-dependent ordering.
 */
export function renderJson(report: ScanReport): string {
  const summary = summarize(report);
  const document = {
    version: JSON_REPORT_VERSION,
    tool: { name: report.tool.name, version: report.tool.version, informationUri: report.tool.informationUri },
    asOf: report.asOf,
    imminentDays: report.imminentDays,
    failOn: report.failOn,
    // Additive (docs/report-format.md): what `sunset-lint merge` checks before joining shards.
    ...(report.settingsFingerprint !== undefined ? { settingsFingerprint: report.settingsFingerprint } : {}),
    ...(report.shard ? { shard: { index: report.shard.index, total: report.shard.total } } : {}),
    // Additive: `merge --repository`, the repositories joined, each with its counts.
    ...(report.repositories
      ? {
          repositories: report.repositories.map((r) => ({
            name: r.name,
            report: r.report,
            byGrade: r.byGrade,
            total: r.total,
            filesScanned: r.filesScanned,
          })),
        }
      : {}),
    findings: summary.findings.map((f) => ({
      // Additive: with `merge --repository`, the repository the finding is in (its path's first segment).
      ...(report.repositories ? { repository: repositoryOfPath(f.file) } : {}),
      ruleId: f.ruleId,
      entryId: f.entryId,
      file: f.file,
      line: f.line,
      column: f.column,
      endLine: f.endLine,
      endColumn: f.endColumn,
      eol: f.eol,
      grade: f.grade,
      severity: f.severity,
      confidence: f.confidence,
      message: f.message,
      replacement: f.replacement,
      fingerprint: f.fingerprint,
      // Additive: the migration class of the place (automatic only where `migrate` rewrites it).
      ...migrationOf(report, f),
      // Only outside JavaScript, TypeScript and Terraform (docs/languages/): shell, python, go, docs, text.
      ...(f.language ? { language: f.language } : {}),
      // Only when there are some: findings without related locations keep their exact bytes.
      ...(f.related?.length
        ? {
            related: relatedOf(f).map((r) => ({
              file: r.file,
              line: r.line,
              column: r.column,
              endLine: r.endLine,
              endColumn: r.endColumn,
              message: r.message,
            })),
          }
        : {}),
    })),
    summary: {
      byGrade: summary.byGrade,
      byEntry: Object.fromEntries(
        summary.entries.map((u) => [
          u.entry.id,
          {
            title: u.entry.title,
            eol: formatDay(u.entry.eol),
            grade: u.grade,
            count: u.count,
            files: u.files.length,
            replacement: u.entry.replacement,
          },
        ]),
      ),
      total: summary.total,
      filesWithFindings: summary.byFile.length,
      filesScanned: report.filesScanned,
    },
    diagnostics: sortDiagnostics(report.diagnostics).map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      ...(d.file !== undefined ? { file: d.file } : {}),
      ...(d.line !== undefined ? { line: d.line } : {}),
      ...(d.column !== undefined ? { column: d.column } : {}),
    })),
    ...(report.baseline
      ? {
          baseline: {
            file: report.baseline.file,
            suppressed: report.baseline.suppressed,
            stale: sortStale(report.baseline.stale).map((s) => ({
              fingerprint: s.fingerprint,
              file: s.file,
              entryId: s.entryId,
            })),
          },
        }
      : {}),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
