import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Finding, SuppressedFinding } from '@sunset-lint/core';
import {
  byEndOfLife,
  compareText as compare,
  formatDay,
  GRADE_RANK,
  writtenEntry,
  type Grade,
  type ResolvedSettings,
} from '@sunset-lint/core/schedule';
import { compareFindings } from '../reports/order.js';
import type { BaselineSummary, Diagnostic, ScanReport } from '../reports/types.js';
import type { Shard } from '../shard/shard.js';

const TOOL_NAME = 'sunset-lint';
const INFORMATION_URI = 'https://github.com/sunset-lint/sunset-lint';

export interface ReportInput {
  findings: readonly Finding[];
  /** Silenced by suppression comments (SARIF reports them as suppressed results). */
  suppressed?: readonly SuppressedFinding[];
  diagnostics: readonly Diagnostic[];
  filesScanned: number;
  settings: ResolvedSettings;
  failOn: Grade | 'none';
  /** Documentation findings count against `failOn` (`--fail-on-docs`). */
  failOnDocs?: boolean;
  baseline?: BaselineSummary;
  /** See `ScanReport.repositoryPrefix`. */
  repositoryPrefix?: string;
  /** See `ScanReport.shard`. */
  shard?: Shard;
}

/** This tool, as the reports name it. */
export function toolInfo(): ScanReport['tool'] {
  const version = (createRequire(import.meta.url)('sunset-lint/package.json') as { version: string }).version;
  return { name: TOOL_NAME, version, informationUri: INFORMATION_URI };
}

/**
 * The report every renderer reads. Sorted by code point (never by locale) and free of absolute
 * paths and clocks, so two scans of the same tree render byte-identical reports.
 */
export function buildScanReport(input: ReportInput): ScanReport {
  return {
    tool: toolInfo(),
    asOf: formatDay(input.settings.asOf),
    imminentDays: input.settings.imminentDays,
    catalogue: [...input.settings.catalogue.entries].sort(byEndOfLife),
    findings: [...input.findings].sort(compareFindings),
    ...(input.suppressed?.length
      ? { suppressed: [...input.suppressed].sort((a, b) => compareFindings(a.finding, b.finding)) }
      : {}),
    diagnostics: [...input.diagnostics].sort(
      (a, b) =>
        compare(a.file ?? '', b.file ?? '') ||
        (a.line ?? 0) - (b.line ?? 0) ||
        (a.column ?? 0) - (b.column ?? 0) ||
        compare(a.code, b.code) ||
        compare(a.message, b.message),
    ),
    filesScanned: input.filesScanned,
    failOn: input.failOn,
    ...(input.failOnDocs ? { failOnDocs: true } : {}),
    severities: input.settings.severities,
    ...(input.baseline ? { baseline: input.baseline } : {}),
    ...(input.repositoryPrefix ? { repositoryPrefix: input.repositoryPrefix } : {}),
    ...(input.shard ? { shard: input.shard } : {}),
    settingsFingerprint: settingsFingerprint(input.settings),
  };
}

/** See `ScanReport.settingsFingerprint`; the date is not part of it (reports carry `asOf` apart). */
export function settingsFingerprint(settings: ResolvedSettings): string {
  const deciding = {
    imminentDays: settings.imminentDays,
    severities: settings.severities,
    minConfidence: settings.minConfidence,
    apiHosts: settings.apiHosts,
    catalogue: [...settings.catalogue.entries].sort((a, b) => compare(a.id, b.id)).map(writtenEntry),
  };
  return `sha256:${createHash('sha256').update(JSON.stringify(deciding)).digest('hex').slice(0, 32)}`;
}

/**
 * Whether a finding counts against `--fail-on` (expired < imminent < scheduled in urgency). A
 * finding in documentation counts only with `--fail-on-docs`: a runbook's example is reported, and a
 * CI gate on code stays a gate on code.
 */
export function failsOn(finding: Finding, failOn: Grade | 'none', failOnDocs = false): boolean {
  if (finding.language === 'docs' && !failOnDocs) return false;
  return failOn !== 'none' && GRADE_RANK[finding.grade] <= GRADE_RANK[failOn];
}
