import type { Grade } from '@sunset-lint/core';
import { escapeHtml, htmlInline } from './escape.js';
import { entryDocsUrl, replacementDocsUrl } from './links.js';
import { sortDiagnostics } from './order.js';
import { relatedOf, relatedPosition } from './related.js';
import { plural, summarize, type EntryUsage, type FileGroup } from './summary.js';
import type { ScanReport } from './types.js';

/**
 * The Markdown audit as one self-contained page: inline CSS, no scripts, no external assets (it is
 * attached to CI runs and opened offline), every piece of data escaped.
 */
export function renderHtml(report: ScanReport): string {
  const summary = summarize(report);
  const title = `Deprecated API migration audit — ${report.asOf}`;
  const body: string[] = [];
  body.push(
    `<header><h1>Deprecated API migration audit</h1><p class="meta">As of <strong>${escapeHtml(report.asOf)}</strong> · imminent window ${escapeHtml(plural(report.imminentDays, 'day'))} · ${escapeHtml(report.tool.name)} ${escapeHtml(report.tool.version)}</p></header>`,
  );
  body.push('<section class="cards">');
  body.push(card('Findings', summary.total, 'total'));
  for (const grade of Object.keys(summary.byGrade) as Grade[]) body.push(card(grade, summary.byGrade[grade], grade));
  body.push(
    card('Files with findings', summary.byFile.length, 'files'),
    card('Files scanned', report.filesScanned, 'files'),
  );
  body.push('</section>');
  if (report.failOn !== 'none' && summary.total > 0)
    body.push(
      `<p class="fail-on">${summary.failing} at or above <code>--fail-on ${escapeHtml(report.failOn)}</code>.</p>`,
    );
  if (summary.total === 0) {
    body.push('<p class="clean">No deprecated API usage found.</p>');
  } else {
    body.push(
      '<section><h2>Deprecated APIs in use</h2><p class="hint">Ordered by end of life: migrate from the top.</p>',
    );
    body.push(
      '<table class="entries"><thead><tr><th>Entry</th><th>End of life</th><th>Grade</th><th class="num">Findings</th><th>Files</th><th>Replacement</th></tr></thead><tbody>',
    );
    for (const usage of summary.entries) body.push(entryRow(usage, report));
    body.push('</tbody></table></section>');
    body.push('<section><h2>Findings</h2>');
    for (const group of summary.byFile) body.push(fileSection(group));
    body.push('</section>');
  }
  if (report.diagnostics.length > 0) {
    body.push('<section><h2>Diagnostics</h2><ul class="diagnostics">');
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
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body.join('\n')}
</main>
</body>
</html>
`;
}

function card(label: string, value: number, kind: string): string {
  return `<div class="card ${escapeHtml(kind)}"><div class="value">${value}</div><div class="label">${escapeHtml(label)}</div></div>`;
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
  const files = usage.files
    .map((file) => `<li><a href="#${escapeHtml(anchorOf(file))}"><code>${escapeHtml(file)}</code></a></li>`)
    .join('');
  return `<tr><td>${link(entry.title, entryDocsUrl(entry, report.tool))}<br><code>${escapeHtml(entry.id)}</code></td><td class="date">${escapeHtml(entry.eol)}</td><td>${gradeBadge(usage.grade)}</td><td class="num">${usage.count}</td><td><ul class="files">${files}</ul></td><td>${htmlInline(entry.replacement)}${docs ? ` (${link('docs', docs)})` : ''}</td></tr>`;
}

function fileSection(group: FileGroup): string {
  const rows = group.findings
    .map((f) => {
      const confidence =
        f.confidence === 'high' ? '' : ` <span class="dim">(${escapeHtml(f.confidence)} confidence)</span>`;
      const related = relatedOf(f)
        .map(
          (r) =>
            `<div class="related">related: <code>${escapeHtml(relatedPosition(r))}</code> ${htmlInline(r.message)}</div>`,
        )
        .join('');
      return `<tr><td class="pos">${f.line}:${f.column}</td><td>${gradeBadge(f.grade)}</td><td><code>${escapeHtml(f.entryId)}</code></td><td>${htmlInline(f.message)}${confidence}${related}</td></tr>`;
    })
    .join('');
  return `<details open id="${escapeHtml(anchorOf(group.file))}"><summary><code>${escapeHtml(group.file)}</code> <span class="count">${group.findings.length}</span></summary><table class="findings"><colgroup><col class="c-pos"><col class="c-grade"><col class="c-entry"><col></colgroup><tbody>${rows}</tbody></table></details>`;
}

/** An id attribute value for a file section; any character is allowed in HTML ids except whitespace. */
function anchorOf(file: string): string {
  return `file-${file.replace(/\s/g, '_')}`;
}

const STYLE = `
:root { color-scheme: light; --fg: #1f2328; --dim: #656d76; --line: #d0d7de; --bg: #ffffff; --panel: #f6f8fa;
  --expired: #cf222e; --imminent: #9a6700; --scheduled: #0969da; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 1200px; margin: 0 auto; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
.meta, .hint, .dim { color: var(--dim); }
code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--panel); padding: 1px 4px; border-radius: 4px; }
a { color: var(--scheduled); text-decoration: none; }
a:hover { text-decoration: underline; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
.card { flex: 1 1 140px; border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; background: var(--panel); }
.card .value { font-size: 28px; font-weight: 600; }
.card .label { color: var(--dim); }
.card .label::first-letter { text-transform: uppercase; }
.card.expired .value { color: var(--expired); }
.card.imminent .value { color: var(--imminent); }
.card.scheduled .value { color: var(--scheduled); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { background: var(--panel); font-weight: 600; }
.num { text-align: right; }
.date, .pos { white-space: nowrap; font-variant-numeric: tabular-nums; }
.pos { color: var(--dim); width: 5em; }
ul.files { list-style: none; margin: 0; padding: 0; }
ul.files code, td > code { white-space: nowrap; }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff; }
.badge.expired { background: var(--expired); }
.badge.imminent { background: var(--imminent); }
.badge.scheduled { background: var(--scheduled); }
details { border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; }
summary { cursor: pointer; padding: 8px 12px; background: var(--panel); border-radius: 8px; }
details[open] summary { border-bottom: 1px solid var(--line); border-radius: 8px 8px 0 0; }
details table td { border-bottom: 1px solid var(--panel); }
/* One column grid for every file's table, so the findings line up down the page. */
table.findings { table-layout: fixed; }
.c-pos { width: 80px; } .c-grade { width: 96px; } .c-entry { width: 300px; }
table.findings td { overflow-wrap: anywhere; }
.count { color: var(--dim); margin-left: 4px; }
.related { color: var(--dim); margin-top: 2px; }
.clean { font-size: 16px; color: #1a7f37; }
.sev-error { color: var(--expired); font-weight: 600; }
.sev-warning { color: var(--imminent); font-weight: 600; }
`;
