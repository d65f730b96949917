import { compareText, type Severity } from '@sunset-lint/core/schedule';
import { sortDiagnostics } from './order.js';
import { summarize } from './summary.js';
import type { ScanReport } from './types.js';
import { XML_DECLARATION, xmlAttributes } from './xml.js';

const SEVERITY: Record<Severity, 'error' | 'warning' | 'info'> = { error: 'error', warn: 'warning', off: 'info' };

interface CheckstyleError {
  line: number;
  column?: number;
  severity: string;
  message: string;
  source: string;
}

/**
 * Checkstyle XML (the format Jenkins' Warnings plugin, reviewdog and many code-review bots read):
 * one `<file>` per file with findings, one `<error>` per finding; `source` is
 * `sunset-lint.<entry id>`. Diagnostics that name a file are errors of it with source
 * `sunset-lint.diagnostic.<code>`; paths are relative to the current directory.
 */
export function renderCheckstyle(report: ScanReport): string {
  const byFile = new Map<string, CheckstyleError[]>();
  const add = (file: string, error: CheckstyleError) => byFile.set(file, [...(byFile.get(file) ?? []), error]);
  for (const group of summarize(report).byFile)
    for (const f of group.findings)
      add(group.file, {
        line: f.line,
        column: f.column,
        severity: SEVERITY[f.severity],
        message: f.message,
        source: `sunset-lint.${f.entryId}`,
      });
  for (const d of sortDiagnostics(report.diagnostics)) {
    if (d.file === undefined) continue;
    add(d.file, {
      line: d.line ?? 1,
      ...(d.column !== undefined ? { column: d.column } : {}),
      severity: d.severity,
      message: d.message,
      source: `sunset-lint.diagnostic.${d.code}`,
    });
  }
  const lines = [XML_DECLARATION, '<checkstyle version="4.3">'];
  for (const file of [...byFile.keys()].sort(compareText)) {
    lines.push(`  <file${xmlAttributes({ name: file })}>`);
    for (const error of byFile.get(file)!) lines.push(`    <error${xmlAttributes({ ...error })}/>`);
    lines.push('  </file>');
  }
  lines.push('</checkstyle>');
  return `${lines.join('\n')}\n`;
}
