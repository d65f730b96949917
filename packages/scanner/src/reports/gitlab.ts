import type { Finding } from '@sunset-lint/core';
import { repositoryPath } from './paths.js';
import { summarize } from './summary.js';
import type { ScanReport } from './types.js';

/** The severities GitLab's Code Quality report accepts, least to most severe. */
export type CodeQualitySeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

/**
 * Severity from the finding's configured severity and its grade: an `error` that already ended is a
 * blocker (the API call fails today), an `error` still ahead critical; a `warn` is major when the
 * end is here or near (expired, imminent), minor when scheduled; `off` is info.
 */
export function codeQualitySeverity(finding: Pick<Finding, 'severity' | 'grade'>): CodeQualitySeverity {
  if (finding.severity === 'off') return 'info';
  if (finding.severity === 'error') return finding.grade === 'expired' ? 'blocker' : 'critical';
  return finding.grade === 'scheduled' ? 'minor' : 'major';
}

/**
 * GitLab Code Quality (a subset of the Code Climate issue format): a JSON array, one issue per
 * finding, paths from the repository root. `fingerprint` is ours, which survives code moving within
 * its file, so the merge request widget sees a moved call as the same issue. Diagnostics are not
 * code issues and are left out (they are on stderr and in the other formats).
 */
export function renderGitlab(report: ScanReport): string {
  const issues = summarize(report).findings.map((finding) => ({
    type: 'issue',
    check_name: `sunset-lint/${finding.entryId}`,
    description: finding.message,
    content: { body: `Replacement: ${finding.replacement}` },
    categories: ['Compatibility'],
    fingerprint: finding.fingerprint,
    severity: codeQualitySeverity(finding),
    location: {
      path: repositoryPath(report, finding.file),
      lines: { begin: finding.line, end: finding.endLine },
    },
  }));
  return `${JSON.stringify(issues, null, 2)}\n`;
}
