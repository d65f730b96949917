import type { Grade } from '@sunset-lint/core';
import { sortDiagnostics } from './order.js';
import { relatedOf, relatedPosition } from './related.js';
import { terminalSafeDeep } from './terminal.js';
import { plural, summarize, type ReportSummary } from './summary.js';
import type { RenderOptions, ScanReport } from './types.js';
import { wrapAfter } from './wrap.js';
import { formatDay } from '@sunset-lint/core/schedule';

/** The few ANSI styles the text report uses; identity functions when color is off. */
interface Styles {
  bold(text: string): string;
  dim(text: string): string;
  underline(text: string): string;
  grade(grade: Grade, text: string): string;
  severity(severity: 'error' | 'warning', text: string): string;
}

const sgr = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const GRADE_COLOR: Record<Grade, (text: string) => string> = {
  expired: sgr(31, 39),
  imminent: sgr(33, 39),
  scheduled: sgr(36, 39),
};

function styles(color: boolean): Styles {
  if (!color) {
    const plain = (text: string) => text;
    return { bold: plain, dim: plain, underline: plain, grade: (_, text) => text, severity: (_, text) => text };
  }
  return {
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    underline: sgr(4, 24),
    grade: (grade, text) => GRADE_COLOR[grade](text),
    severity: (severity, text) => (severity === 'error' ? sgr(31, 39) : sgr(33, 39))(text),
  };
}

/**
 * For a terminal or a CI log: findings grouped by file (`line:column  grade  entry  message`),
 * then totals by grade and by catalogue entry, diagnostics and the baseline's effect.
 */
export function renderText(raw: ScanReport, options: RenderOptions): string {
  // Before any styling: the report's own escape sequences are the only ones that reach the terminal.
  const report = terminalSafeDeep(raw);
  const s = styles(options.color);
  const summary = summarize(report);
  const out: string[] = [];
  for (const group of summary.byFile) {
    out.push(s.underline(group.file));
    const positions = group.findings.map((f) => `${f.line}:${f.column}`);
    const positionWidth = Math.max(...positions.map((p) => p.length));
    const idWidth = Math.max(...group.findings.map((f) => f.entryId.length));
    // Related locations start under the grade column, so the eye reads them as part of the finding above.
    const relatedIndent = ' '.repeat(2 + positionWidth + 2);
    group.findings.forEach((finding, i) => {
      const confidence = finding.confidence === 'high' ? '' : s.dim(` [${finding.confidence} confidence]`);
      out.push(
        ...wrapAfter(
          `  ${s.dim(positions[i]!.padEnd(positionWidth))}  ${s.grade(finding.grade, finding.grade.padEnd(9))}  ${s.bold(finding.entryId.padEnd(idWidth))}  `,
          `${finding.message}${confidence}`,
          options.width,
        ),
      );
      for (const related of relatedOf(finding))
        out.push(
          ...wrapAfter(`${relatedIndent}${s.dim(`↳ ${relatedPosition(related)}`)}  `, related.message, options.width),
        );
    });
    out.push('');
  }
  out.push(...summaryLines(report, summary, s, options.width));
  if (report.diagnostics.length > 0) {
    out.push('', s.bold(`Diagnostics (${report.diagnostics.length}):`));
    for (const d of sortDiagnostics(report.diagnostics)) {
      const where = d.file
        ? `${d.file}${d.line !== undefined ? `:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : ''}  `
        : '';
      out.push(...wrapAfter(`  ${where}${s.severity(d.severity, d.severity)}  ${d.code}  `, d.message, options.width));
    }
  }
  if (report.baseline) {
    const { file, entries, suppressed, stale } = report.baseline;
    const holds = entries === undefined ? '' : ` (${plural(entries, 'entry', 'entries')})`;
    out.push(
      '',
      ...wrapAfter(
        '',
        s.bold(
          `Baseline ${file}${holds}: ${plural(suppressed, 'finding')} suppressed, ${plural(stale.length, 'entry', 'entries')} no longer found${stale.length ? ':' : '.'}`,
        ),
        options.width,
        2,
      ),
    );
    for (const entry of stale) out.push(`  ${entry.file}  ${entry.entryId}  ${s.dim(entry.fingerprint)}`);
  }
  return `${out.join('\n')}\n`;
}

/** `2 imminent and 3 scheduled findings not shown (-q)`: what `--quiet` left out, or undefined. */
function hiddenByQuiet(report: ScanReport): string | undefined {
  const hidden = report.hiddenByQuiet;
  if (hidden === undefined) return undefined;
  const parts = (['expired', 'imminent', 'scheduled'] as const)
    .filter((grade) => (hidden[grade] ?? 0) > 0)
    .map((grade) => `${hidden[grade]} ${grade}`);
  if (parts.length === 0) return undefined;
  const total = Object.values(hidden).reduce((sum, count) => sum + (count ?? 0), 0);
  const last = parts.pop()!;
  const list = parts.length ? `${parts.join(', ')} and ${last}` : last;
  return `${list} ${total === 1 ? 'finding' : 'findings'} not shown (-q)`;
}

function summaryLines(report: ScanReport, summary: ReportSummary, s: Styles, width: number | undefined): string[] {
  const scanned = plural(report.filesScanned, 'file');
  const hidden = hiddenByQuiet(report);
  if (summary.total === 0 && hidden !== undefined)
    return wrapAfter(
      '',
      s.bold(`No error-level findings in ${scanned} scanned (as of ${report.asOf}); ${hidden}.`),
      width,
      2,
    );
  if (summary.total === 0)
    return wrapAfter(
      '',
      s.bold(
        report.baseline && report.baseline.suppressed > 0
          ? `No deprecated API usage found outside the baseline in ${scanned} scanned (as of ${report.asOf}): ${plural(report.baseline.suppressed, 'finding')} suppressed by ${report.baseline.file}.`
          : `No deprecated API usage found in ${scanned} scanned (as of ${report.asOf}).`,
      ),
      width,
      2,
    );
  const failing = report.failOn === 'none' ? '' : `; ${summary.failing} at or above --fail-on ${report.failOn}`;
  const lines = wrapAfter(
    '',
    s.bold(
      `${plural(summary.total, 'finding')} in ${plural(summary.byFile.length, 'file')} (${scanned} scanned) as of ${report.asOf}${failing}`,
    ),
    width,
    2,
  );
  lines.push(
    `  ${(Object.keys(summary.byGrade) as Grade[]).map((grade) => `${s.grade(grade, grade)} ${summary.byGrade[grade]}`).join('   ')}`,
  );
  if (hidden !== undefined) lines.push(`  ${hidden}`);
  lines.push('', s.bold('By catalogue entry (by end of life):'));
  const countWidth = Math.max(5, ...summary.entries.map((u) => String(u.count).length));
  const idWidth = Math.max(5, ...summary.entries.map((u) => u.entry.id.length));
  lines.push(
    ...wrapAfter(
      s.dim(`  ${'count'.padStart(countWidth)}  end of life  grade      ${'entry'.padEnd(idWidth)}  `),
      s.dim('replacement'),
      width,
    ),
  );
  for (const usage of summary.entries) {
    lines.push(
      ...wrapAfter(
        `  ${String(usage.count).padStart(countWidth)}  ${formatDay(usage.entry.eol)}   ${s.grade(usage.grade, usage.grade.padEnd(9))}  ${usage.entry.id.padEnd(idWidth)}  `,
        usage.entry.replacement,
        width,
      ),
    );
  }
  return lines;
}
