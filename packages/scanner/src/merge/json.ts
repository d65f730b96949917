import type { Finding } from '@sunset-lint/core';
import { compareText, GRADES, type Grade } from '@sunset-lint/core/schedule';
import { MergeError } from '../errors.js';
import { compareFindings, sortDiagnostics, sortStale } from '../reports/order.js';
import type { BaselineSummary, Diagnostic } from '../reports/types.js';
import { checkSame, checkShardSet, shardField } from './shards.js';

/** The parts of a JSON report (docs/report-format.md) that merging reads; the rest is carried as written. */
type JsonFinding = Pick<
  Finding,
  'entryId' | 'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'eol' | 'grade' | 'fingerprint'
> & {
  /** As written in the file: any string, not only a rule the core knows. */
  ruleId: string;
};
interface EntryRow {
  title: string;
  eol: string;
  grade: Grade;
  count: number;
  files: number;
  replacement: string;
}
interface JsonReport {
  version: number;
  tool: { name: string; version: string; informationUri: string };
  asOf: string;
  imminentDays: number;
  failOn: string;
  settingsFingerprint?: string;
  shard?: unknown;
  findings: JsonFinding[];
  summary: { byEntry: Record<string, EntryRow>; filesScanned: number };
  diagnostics: Diagnostic[];
  baseline?: BaselineSummary;
}

export function isJsonReport(value: unknown): value is JsonReport {
  return (
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    typeof value.version === 'number' &&
    'tool' in value &&
    'findings' in value &&
    Array.isArray(value.findings) &&
    'summary' in value &&
    'diagnostics' in value &&
    Array.isArray(value.diagnostics)
  );
}

/**
 * The JSON report of the whole scan from the reports of its shards: the same bytes as an unsharded
 * scan writes (findings in the report order, summary recounted, diagnostics and stale baseline
 * entries joined), after checking the reports come from one scan split into a complete set of shards.
 */
export function mergeJsonReports(inputs: ReadonlyArray<{ file: string; report: JsonReport }>): {
  text: string;
  grades: Grade[];
} {
  const first = inputs[0]!.report;
  for (const { file, report } of inputs)
    if (report.settingsFingerprint === undefined)
      throw new MergeError(`${file} has no settingsFingerprint: write the shards' reports with this version's scan`);
  const same = <T>(what: string, read: (report: JsonReport) => T) =>
    checkSame(
      inputs.map(({ file, report }) => ({ file, value: read(report) })),
      what,
    );
  same('report version', (r) => r.version);
  same('tool version', (r) => `${r.tool.name} ${r.tool.version}`);
  same('as-of date', (r) => r.asOf);
  same('settings fingerprint (catalogue, imminentDays, severities, minConfidence, apiHosts)', (r) => [
    r.settingsFingerprint,
    r.imminentDays,
  ]);
  same('--fail-on', (r) => r.failOn);
  same('baseline file', (r) => r.baseline?.file ?? null);
  checkShardSet(inputs.map(({ file, report }) => ({ file, shard: shardField(report.shard, file) })));

  const findings = inputs.flatMap(({ report }) => report.findings).sort(compareFindings);
  const rows = new Map<string, EntryRow>();
  for (const { report } of inputs)
    for (const [id, row] of Object.entries(report.summary.byEntry)) if (!rows.has(id)) rows.set(id, row);
  const byGrade = Object.fromEntries(GRADES.map((grade) => [grade, 0])) as Record<Grade, number>;
  const usage = new Map<string, { count: number; files: Set<string> }>();
  for (const finding of findings) {
    byGrade[finding.grade] += 1;
    const used = usage.get(finding.entryId) ?? { count: 0, files: new Set<string>() };
    used.count += 1;
    used.files.add(finding.file);
    usage.set(finding.entryId, used);
  }
  const byEntry = [...usage]
    .map(([id, used]) => {
      const row = rows.get(id)!;
      return [id, { ...row, count: used.count, files: used.files.size }] as const;
    })
    .sort(([a, rowA], [b, rowB]) => compareText(rowA.eol, rowB.eol) || compareText(a, b));
  const baselines = inputs.map(({ report }) => report.baseline).filter((b) => b !== undefined);
  const document = {
    version: first.version,
    tool: first.tool,
    asOf: first.asOf,
    imminentDays: first.imminentDays,
    failOn: first.failOn,
    settingsFingerprint: first.settingsFingerprint,
    findings,
    summary: {
      byGrade,
      byEntry: Object.fromEntries(byEntry),
      total: findings.length,
      filesWithFindings: new Set(findings.map((f) => f.file)).size,
      filesScanned: inputs.reduce((sum, { report }) => sum + report.summary.filesScanned, 0),
    },
    diagnostics: uniqueWholeScanDiagnostics(sortDiagnostics(inputs.flatMap(({ report }) => report.diagnostics))),
    ...(first.baseline
      ? {
          baseline: {
            file: first.baseline.file,
            suppressed: baselines.reduce((sum, b) => sum + b.suppressed, 0),
            stale: sortStale(baselines.flatMap((b) => b.stale)),
          },
        }
      : {}),
  };
  return { text: `${JSON.stringify(document, null, 2)}\n`, grades: findings.map((f) => f.grade) };
}

/** A diagnostic about the whole scan (no file) is written by every shard; the merge keeps it once. */
function uniqueWholeScanDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    if (d.file !== undefined) return true;
    const key = JSON.stringify(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
