import { escapeMarkdown, markdownCode, markdownLink } from './escape.js';
import { entryDocsUrl, replacementDocsUrl } from './links.js';
import { sortDiagnostics } from './order.js';
import { relatedOf } from './related.js';
import { plural, summarize, type EntryUsage } from './summary.js';
import type { ScanReport } from './types.js';
import { formatDay } from '@sunset-lint/core/schedule';
import { GENERATED_MARK } from './generated-mark.js';

/** How many files a table cell lists before "and N more": PR comments should stay readable. */
const FILES_PER_CELL = 5;

/**
 * A migration audit for people and PR comments: the schedule entries the code uses, by end of
 * life (the order to migrate in), then every finding grouped by file.
 */
export function renderMarkdown(report: ScanReport): string {
  const summary = summarize(report);
  const out: string[] = [GENERATED_MARK, '', '# Deprecated API migration audit', ''];
  out.push(
    `As of **${report.asOf}** (imminent window: ${plural(report.imminentDays, 'day')}) · ${escapeMarkdown(report.tool.name)} ${escapeMarkdown(report.tool.version)}`,
    '',
  );
  if (summary.total === 0) {
    const baseline = report.baseline?.suppressed
      ? ` outside the baseline; ${plural(report.baseline.suppressed, 'finding')} suppressed by ${markdownCode(report.baseline.file)}`
      : '';
    out.push(`No deprecated API usage found in ${plural(report.filesScanned, 'file')} scanned${baseline}.`, '');
  } else {
    const grades = `**${summary.byGrade.expired} expired**, ${summary.byGrade.imminent} imminent, ${summary.byGrade.scheduled} scheduled`;
    const failing = report.failOn === 'none' ? '' : ` ${summary.failing} at or above \`--fail-on ${report.failOn}\`.`;
    out.push(
      `**${plural(summary.total, 'finding')}** in ${plural(summary.byFile.length, 'file')} (${report.filesScanned} scanned): ${grades}.${failing}`,
      '',
    );
    out.push('## Deprecated APIs in use', '', 'Ordered by end of life: migrate from the top.', '');
    out.push(
      '| Entry | End of life | Grade | Findings | Files | Replacement |',
      '| --- | --- | --- | ---: | --- | --- |',
    );
    for (const usage of summary.entries) out.push(entryRow(usage, report));
    out.push('', '## Findings', '');
    for (const group of summary.byFile) {
      out.push(`### ${markdownCode(group.file)} (${group.findings.length})`, '');
      for (const f of group.findings) {
        const confidence = f.confidence === 'high' ? '' : ` *(${f.confidence} confidence)*`;
        const related = relatedOf(f)
          .map((r) => `${markdownCode(`${r.file}:${r.line}`)} ${escapeMarkdown(r.message)}`)
          .join('; ');
        out.push(
          `- ${markdownCode(`${f.file}:${f.line}`)} — **${f.grade}** ${markdownCode(f.entryId)}: ${escapeMarkdown(f.message)}${confidence}${related ? ` (related: ${related})` : ''}`,
        );
      }
      out.push('');
    }
  }
  if (report.diagnostics.length > 0) {
    out.push('## Diagnostics', '');
    for (const d of sortDiagnostics(report.diagnostics)) {
      const where = d.file ? `${markdownCode(`${d.file}${d.line !== undefined ? `:${d.line}` : ''}`)} — ` : '';
      out.push(`- ${where}${d.severity} ${markdownCode(d.code)}: ${escapeMarkdown(d.message)}`);
    }
    out.push('');
  }
  if (report.baseline) {
    const { file, suppressed, stale } = report.baseline;
    out.push(
      '## Baseline',
      '',
      `${markdownCode(file)}: ${plural(suppressed, 'finding')} suppressed; ${plural(stale.length, 'baseline entry', 'baseline entries')} no longer found.`,
      '',
    );
    for (const entry of stale)
      out.push(`- ${markdownCode(entry.file)} — ${markdownCode(entry.entryId)} (${markdownCode(entry.fingerprint)})`);
    if (stale.length) out.push('');
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

function entryRow(usage: EntryUsage, report: ScanReport): string {
  const { entry } = usage;
  // Every piece escapes `|` itself (escapeMarkdown, table code spans, links' URLs), so cells stay whole.
  const title = `${markdownLink(entry.title, entryDocsUrl(entry, report.tool), true)}<br>${markdownCode(entry.id, true)}`;
  const shown = usage.files.slice(0, FILES_PER_CELL).map((file) => markdownCode(file, true));
  if (usage.files.length > FILES_PER_CELL) shown.push(`and ${usage.files.length - FILES_PER_CELL} more`);
  const docs = replacementDocsUrl(entry, report.tool);
  const replacement = `${escapeMarkdown(entry.replacement, true)}${docs ? ` (${markdownLink('docs', docs, true)})` : ''}`;
  const grade = usage.grade === 'expired' ? '**expired**' : usage.grade;
  return `| ${title} | ${formatDay(entry.eol)} | ${grade} | ${usage.count} | ${shown.join('<br>')} | ${replacement} |`;
}
