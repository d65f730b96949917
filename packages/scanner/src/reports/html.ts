import type { Finding, Grade } from '@sunset-lint/core';
import { escapeHtml, htmlInline } from './escape.js';
import { htmlPage } from './html-assets.js';
import { renderExcerpt } from './html-excerpt.js';
import { entryAnchor, renderTimeline, timelineEntries } from './html-timeline.js';
import { entryDocsUrl, replacementDocsUrl } from './links.js';
import { sortDiagnostics } from './order.js';
import { relatedOf, relatedPosition } from './related.js';
import { plural, summarize, type EntryUsage, type FileGroup, type ReportSummary } from './summary.js';
import type { RenderOptions, RepositorySummary, ScanReport, SourceLines } from './types.js';
import { repositoryOfPath } from '../merge/repositories.js';
import { formatDay } from '@sunset-lint/core/schedule';

/** File sections shown open when the page loads; the rest are collapsed (expand-all opens them). */
export const OPEN_FILE_SECTIONS = 5;
/** Files listed in an entry's row before the rest fold away. */
const LISTED_FILES = 3;

/**
 * The migration audit as one self-contained page: a timeline of the whole catalogue, the entries
 * in use, each file's findings with their line of code. Inline CSS and one constant inline script,
 * both pinned by a Content-Security-Policy hash; no external assets (it is attached to CI runs and
 * opened offline); every piece of data escaped. Without scripts the page is complete; the script
 * only adds the filters and expand-all.
 */
export function renderHtml(report: ScanReport, options: Pick<RenderOptions, 'htmlPrint'> = {}): string {
  const summary = summarize(report);
  const title = `Deprecated API migration audit — ${report.asOf}`;
  const body: string[] = [];
  body.push(
    `<header><h1>Deprecated API migration audit</h1><p class="meta">As of <strong>${escapeHtml(report.asOf)}</strong> · imminent window ${escapeHtml(plural(report.imminentDays, 'day'))} · ${escapeHtml(report.tool.name)} ${escapeHtml(report.tool.version)}${report.repositories ? ` · ${escapeHtml(plural(report.repositories.length, 'repository', 'repositories'))}` : ''}</p></header>`,
  );
  body.push('<section class="cards">');
  body.push(card('Findings', summary.total, 'total'));
  for (const grade of Object.keys(summary.byGrade) as Grade[]) body.push(card(grade, summary.byGrade[grade], grade));
  body.push(
    card('Files with findings', summary.byFile.length, 'files'),
    card('Files scanned', report.filesScanned, 'files'),
  );
  body.push('</section>');
  if (report.repositories) body.push(repositoriesTable(report.repositories, summary));
  if (report.failOn !== 'none' && summary.total > 0)
    body.push(
      `<p class="fail-on">${summary.failing} at or above <code>--fail-on ${escapeHtml(report.failOn)}</code>.</p>`,
    );
  body.push('<section><h2>Schedule</h2>', renderTimeline(report, timelineEntries(report, summary)), '</section>');
  if (summary.total === 0) {
    const baseline = report.baseline?.suppressed
      ? ` outside the baseline; ${escapeHtml(plural(report.baseline.suppressed, 'finding'))} suppressed by <code>${escapeHtml(report.baseline.file)}</code>`
      : '';
    body.push(`<p class="clean">No deprecated API usage found${baseline}.</p>`);
  } else {
    body.push(controls(summary, report.repositories));
    body.push(
      '<section><h2>Deprecated APIs in use</h2><p class="hint">Ordered by end of life: migrate from the top.</p>',
    );
    body.push(
      '<div class="scroll"><table class="entries"><colgroup><col class="e-entry"><col class="e-date"><col class="e-grade"><col class="e-count"><col class="e-files"><col></colgroup><thead><tr><th>Entry</th><th>End of life</th><th>Grade</th><th class="num">Findings</th><th>Files</th><th>Replacement</th></tr></thead><tbody>',
    );
    for (const usage of summary.entries) body.push(entryRow(usage, report));
    body.push('</tbody></table></div></section>');
    body.push(
      `<p class="print-note">Printed as a summary: the ${escapeHtml(plural(summary.total, 'finding'))} file by file are in the report on screen (or print it with "print the summary only" unchecked).</p>`,
    );
    body.push('<section class="print-detail"><h2>Findings</h2>');
    let repository: string | undefined;
    summary.byFile.forEach((group, index) => {
      // Several repositories: their files, in one group each under the repository's name.
      const name = report.repositories ? repositoryOfPath(group.file) : undefined;
      if (name !== undefined && name !== repository)
        body.push(
          `<h3 class="repository" id="${escapeHtml(repositoryAnchor(name))}" data-repository="${escapeHtml(name)}">${escapeHtml(name)}</h3>`,
        );
      repository = name;
      body.push(fileSection(group, index < OPEN_FILE_SECTIONS, report.sourceLines, name));
    });
    body.push('</section>');
  }
  if (report.diagnostics.length > 0) {
    body.push('<section class="print-detail"><h2>Diagnostics</h2><ul class="diagnostics">');
    for (const d of sortDiagnostics(report.diagnostics)) {
      const where = d.file ? `<code>${escapeHtml(`${d.file}${d.line !== undefined ? `:${d.line}` : ''}`)}</code> ` : '';
      body.push(
        `<li>${where}<span class="sev-${escapeHtml(d.severity)}">${escapeHtml(d.severity)}</span> <code>${escapeHtml(d.code)}</code>: ${escapeHtml(d.message)}</li>`,
      );
    }
    body.push('</ul></section>');
  }
  if (report.baseline) {
    const { file, suppressed, stale } = report.baseline;
    body.push(
      `<section><h2>Baseline</h2><p><code>${escapeHtml(file)}</code>: ${escapeHtml(plural(suppressed, 'finding'))} suppressed; ${escapeHtml(plural(stale.length, 'baseline entry', 'baseline entries'))} no longer found.</p>`,
    );
    if (stale.length)
      body.push(
        `<ul>${stale.map((s) => `<li><code>${escapeHtml(s.file)}</code> — <code>${escapeHtml(s.entryId)}</code> <span class="dim">${escapeHtml(s.fingerprint)}</span></li>`).join('')}</ul>`,
      );
    body.push('</section>');
  }
  return htmlPage(title, body.join('\n'), {
    script: true,
    ...(options.htmlPrint === 'summary' ? { bodyClass: 'print-summary' } : {}),
  });
}

/** `merge --repository`: per repository its findings by grade, and the total of all. */
function repositoriesTable(repositories: readonly RepositorySummary[], summary: ReportSummary): string {
  const grades = Object.keys(summary.byGrade) as Grade[];
  const cells = (scope: string, byGrade: Record<Grade, number>, total: number) =>
    [...grades.map((grade) => [grade, byGrade[grade]] as const), ['total', total] as const]
      .map(([what, count]) => `<td class="num" data-count="${escapeHtml(`${scope}:${what}`)}">${count}</td>`)
      .join('');
  const rows = repositories.map(
    (r) =>
      `<tr data-repository="${escapeHtml(r.name)}"><td>${r.total > 0 ? `<a href="#${escapeHtml(repositoryAnchor(r.name))}">${escapeHtml(r.name)}</a>` : escapeHtml(r.name)}<br><span class="dim">${escapeHtml(r.report)}</span></td>${cells(`repository:${r.name}`, r.byGrade, r.total)}<td class="num">${r.filesScanned}</td></tr>`,
  );
  return `<section><h2>Repositories</h2><div class="scroll"><table class="repositories"><thead><tr><th>Repository</th>${grades.map((grade) => `<th class="num">${grade}</th>`).join('')}<th class="num">Findings</th><th class="num">Files scanned</th></tr></thead><tbody>${rows.join('')}</tbody><tfoot><tr><th>Total (${escapeHtml(plural(repositories.length, 'repository', 'repositories'))})</th>${cells('total', summary.byGrade, summary.total)}<td class="num">${repositories.reduce((sum, r) => sum + r.filesScanned, 0)}</td></tr></tfoot></table></div></section>`;
}

function repositoryAnchor(name: string): string {
  return `repository-${name}`;
}

function card(label: string, value: number, kind: string): string {
  return `<div class="card ${escapeHtml(kind)}"><div class="value">${value}</div><div class="label">${escapeHtml(label)}</div></div>`;
}

/** Hidden until the script shows them: without a script they could do nothing. */
function controls(summary: ReportSummary, repositories: readonly RepositorySummary[] | undefined): string {
  const grades = (Object.keys(summary.byGrade) as Grade[])
    .map(
      (grade) =>
        `<label><input type="checkbox" name="grade" value="${grade}" checked> ${grade} (${summary.byGrade[grade]})</label>`,
    )
    .join('');
  const entries = summary.entries
    .map(
      (usage) =>
        `<option value="${escapeHtml(usage.entry.id)}">${escapeHtml(usage.entry.id)} (${usage.count})</option>`,
    )
    .join('');
  const byRepository = repositories
    ? `<label>Repository <select id="filter-repository" name="repository"><option value="">all repositories</option>${repositories
        .filter((r) => r.total > 0)
        .map((r) => `<option value="${escapeHtml(r.name)}">${escapeHtml(r.name)} (${r.total})</option>`)
        .join('')}</select></label>`
    : '';
  return `<form class="controls" id="controls" hidden><fieldset><legend>Grade</legend>${grades}</fieldset><label>Entry <select id="filter-entry" name="entry"><option value="">all entries</option>${entries}</select></label>${byRepository}<span><button type="button" id="expand-all">Expand all</button> <button type="button" id="collapse-all">Collapse all</button></span><output id="filter-status"></output><span id="print-choice"><label><input type="checkbox" id="print-summary"> print the summary only</label> <button type="button" id="print">Print…</button></span></form>`;
}

function gradeBadge(grade: Grade): string {
  return `<span class="badge ${grade}">${grade}</span>`;
}

function link(text: string, url: string | undefined): string {
  return url ? `<a href="${escapeHtml(url)}">${htmlInline(text)}</a>` : htmlInline(text);
}

function entryRow(usage: EntryUsage, report: ScanReport): string {
  const { entry } = usage;
  const docs = replacementDocsUrl(entry, report.tool);
  const items = usage.files.map(
    (file) => `<li><a href="#${escapeHtml(fileAnchor(file))}"><code>${escapeHtml(file)}</code></a></li>`,
  );
  // A long list of files would make the row the height of a page: the rest fold away.
  const files =
    items.length > LISTED_FILES + 1
      ? `<ul class="files">${items.slice(0, LISTED_FILES).join('')}</ul><details class="more"><summary>${items.length - LISTED_FILES} more files</summary><ul class="files">${items.slice(LISTED_FILES).join('')}</ul></details>`
      : `<ul class="files">${items.join('')}</ul>`;
  return `<tr class="entry" id="${escapeHtml(entryAnchor(entry.id))}" data-entry="${escapeHtml(entry.id)}" data-grade="${usage.grade}" data-count="${usage.count}"><td>${link(entry.title, entryDocsUrl(entry, report.tool))}<br><code>${escapeHtml(entry.id)}</code></td><td class="date">${formatDay(entry.eol)}</td><td>${gradeBadge(usage.grade)}</td><td class="num">${usage.count}</td><td>${files}</td><td>${htmlInline(entry.replacement)}${docs ? ` (${link('docs', docs)})` : ''}</td></tr>`;
}

function fileSection(
  group: FileGroup,
  open: boolean,
  sourceLines: SourceLines | undefined,
  repository?: string,
): string {
  const of = repository === undefined ? '' : ` data-repository="${escapeHtml(repository)}"`;
  const rows = group.findings.map((finding) => findingRow(finding, sourceLines, of)).join('');
  return `<details class="file"${open ? ' open' : ''} id="${escapeHtml(fileAnchor(group.file))}"${of}><summary><code>${escapeHtml(group.file)}</code> <span class="count">${group.findings.length}</span></summary><div class="scroll"><table class="findings"><colgroup><col class="c-pos"><col class="c-grade"><col class="c-entry"><col></colgroup><tbody>${rows}</tbody></table></div></details>`;
}

function findingRow(finding: Finding, sourceLines: SourceLines | undefined, repository: string): string {
  const confidence =
    (finding.confidence === 'high' ? '' : ` <span class="dim">(${escapeHtml(finding.confidence)} confidence)</span>`) +
    ` <span class="dim lang">${escapeHtml(LANGUAGE_NAMES[finding.language ?? ''] ?? languageByExtension(finding.file))}</span>`;
  const related = relatedOf(finding)
    .map(
      (r) =>
        `<div class="related">related: <code>${escapeHtml(relatedPosition(r))}</code> ${htmlInline(r.message)}${renderExcerpt(r, sourceLines)}</div>`,
    )
    .join('');
  return `<tr class="finding" data-entry="${escapeHtml(finding.entryId)}" data-grade="${finding.grade}"${repository}><td class="pos">${finding.line}:${finding.column}</td><td>${gradeBadge(finding.grade)}</td><td><code>${escapeHtml(finding.entryId)}</code></td><td>${htmlInline(finding.message)}${confidence}${renderExcerpt(finding, sourceLines)}${related}</td></tr>`;
}

/** An id attribute value for a file section; any character is allowed in HTML ids except whitespace. */
function fileAnchor(file: string): string {
  return `file-${file.replace(/\s/g, '_')}`;
}

/** The language each finding was read as, as the audit names it (docs/languages/). */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  shell: 'shell',
  python: 'Python',
  go: 'Go',
  docs: 'documentation',
};

function languageByExtension(file: string): string {
  if (/\.tf$/i.test(file)) return 'Terraform';
  return /\.(ts|tsx|mts|cts)$/i.test(file) ? 'TypeScript' : 'JavaScript';
}
