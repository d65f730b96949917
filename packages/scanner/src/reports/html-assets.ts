import { createHash } from 'node:crypto';
import { escapeHtml } from './escape.js';

/**
 * The HTML report's only style sheet and script. Both are constant text (the page's data is read
 * from the DOM, never written into the script), so the Content-Security-Policy can name them by
 * hash and forbid everything else: no other script, style, font, image or connection, even if some
 * escaping were ever missed.
 */
export const STYLE = `
:root { color-scheme: light; --fg: #1f2328; --dim: #656d76; --line: #d0d7de; --bg: #ffffff; --panel: #f6f8fa;
  --expired: #cf222e; --imminent: #9a6700; --scheduled: #0969da; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 1200px; margin: 0 auto; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
.meta, .hint, .dim { color: var(--dim); }
code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--panel); padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
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
/* Tables keep to the page: cells wrap, and what still cannot fit scrolls inside its own box. */
.scroll { max-width: 100%; overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
th { background: var(--panel); font-weight: 600; }
.num { text-align: right; }
.date, .pos { white-space: nowrap; font-variant-numeric: tabular-nums; overflow-wrap: normal; }
.pos { color: var(--dim); }
/* Below its minimum width the entries table scrolls inside its box instead of squeezing a column to one letter. */
table.entries { table-layout: fixed; min-width: 640px; }
.e-entry { width: 23%; } .e-date { width: 10%; } .e-grade { width: 10%; } .e-count { width: 8%; } .e-files { width: 28%; }
/* A tablet's width (768 px) or a printed page: the narrow columns take what their content needs, the text ones share the rest. */
@media (max-width: 1000px), print {
  .e-entry { width: 22%; } .e-date { width: 96px; } .e-grade { width: 92px; } .e-count { width: 80px; } .e-files { width: 24%; }
}
ul.files { list-style: none; margin: 0; padding: 0; }
details.more summary { padding: 0; background: none; color: var(--dim); font-size: 12px; border: 0; }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff; white-space: nowrap; }
.badge.expired { background: var(--expired); }
.badge.imminent { background: var(--imminent); }
.badge.scheduled { background: var(--scheduled); }
.controls { display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; margin: 12px 0; padding: 8px 12px; border: 1px solid var(--line); border-radius: 8px; background: var(--panel); }
.controls[hidden] { display: none; }
.controls fieldset { border: 0; margin: 0; padding: 0; display: flex; gap: 12px; align-items: center; }
.controls legend { float: left; margin-right: 8px; font-weight: 600; }
.controls select { max-width: 320px; }
.controls output { color: var(--dim); }
details.file { border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; }
summary { cursor: pointer; padding: 8px 12px; background: var(--panel); border-radius: 8px; overflow-wrap: anywhere; }
details[open] summary { border-bottom: 1px solid var(--line); border-radius: 8px 8px 0 0; }
details table td { border-bottom: 1px solid var(--panel); }
/* One column grid for every file's table, so the findings line up down the page. */
table.findings { table-layout: fixed; min-width: 640px; }
.c-pos { width: 72px; } .c-grade { width: 96px; } .c-entry { width: 28%; }
.count { color: var(--dim); margin-left: 4px; }
.related { color: var(--dim); margin-top: 4px; }
.excerpt { display: flex; gap: 8px; margin-top: 4px; padding: 4px 8px; background: var(--panel); border-radius: 4px; overflow-x: auto; }
.excerpt .ln { color: var(--dim); font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; flex: none; }
.excerpt code { padding: 0; background: none; white-space: pre; overflow-wrap: normal; tab-size: 2; }
.excerpt mark { background: #fff8c5; color: inherit; border-bottom: 2px solid var(--imminent); }
.ctl { color: var(--expired); font-size: 10px; border: 1px solid currentColor; border-radius: 3px; padding: 0 2px; }
.clean { font-size: 16px; color: #1a7f37; }
.sev-error { color: var(--expired); font-weight: 600; }
.sev-warning { color: var(--imminent); font-weight: 600; }
figure.timeline { margin: 16px 0; }
/* The chart scales with the page (a tablet's 768 px included), but not below a size where its labels stay legible: then it scrolls. */
.chart { overflow-x: auto; }
figure.timeline svg { display: block; width: 100%; min-width: 560px; height: auto; }
ol.timeline-key { list-style: none; margin: 8px 0 0; padding: 0; columns: 3 240px; column-gap: 24px; font-size: 12px; }
.timeline-key li { break-inside: avoid; margin: 0 0 3px; overflow-wrap: anywhere; }
.key-n { display: inline-block; min-width: 22px; padding: 0 5px; border-radius: 10px; color: #fff; font-weight: 600; text-align: center; font-variant-numeric: tabular-nums; }
.key-n.expired { background: var(--expired); } .key-n.imminent { background: var(--imminent); } .key-n.scheduled { background: var(--scheduled); }
.key-item.none .key-n { opacity: 0.45; }
figcaption { color: var(--dim); font-size: 12px; margin-top: 4px; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin: 0 3px 0 6px; vertical-align: baseline; }
.swatch.expired { background: var(--expired); } .swatch.imminent { background: var(--imminent); } .swatch.scheduled { background: var(--scheduled); }
svg .axis { stroke: var(--line); stroke-width: 1; }
svg .tick { stroke: var(--line); stroke-width: 0.5; stroke-dasharray: 2 3; }
svg .year { fill: var(--dim); font-size: 12px; text-anchor: middle; }
svg .window { fill: #fff8c5; opacity: 0.6; }
svg .as-of { stroke: var(--fg); stroke-width: 1.5; }
svg .as-of-label { fill: var(--fg); font-size: 12px; font-weight: 600; text-anchor: middle; }
svg .as-of-label.end { text-anchor: end; } svg .as-of-label.start { text-anchor: start; }
svg .ahead-note { fill: var(--dim); font-size: 15px; font-style: italic; text-anchor: middle; }
svg .ahead-note.small { font-size: 12px; }
svg .mark circle { stroke: #fff; stroke-width: 1; fill-opacity: 0.85; }
svg .mark.expired circle { fill: var(--expired); }
svg .mark.imminent circle { fill: var(--imminent); }
svg .mark.scheduled circle { fill: var(--scheduled); }
svg .mark.none circle { fill-opacity: 0.18; stroke: none; }
svg .mark-label { fill: #fff; font-size: 11px; font-weight: 600; text-anchor: middle; pointer-events: none; }
svg .mark-label.outside { fill: var(--fg); font-size: 10px; font-weight: 400; }
svg a.mark:hover circle { stroke: var(--fg); stroke-width: 2; }
@media screen {
  .filtered-out { display: none; }
  svg .mark.dimmed { opacity: 0.15; }
}
.print-note { display: none; }
@media print {
  @page { margin: 12mm; }
  body { font-size: 11px; }
  .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(110px, 1fr)); gap: 8px; }
  .card { min-width: 0; break-inside: avoid; padding: 8px 10px; }
  .card .value { font-size: 22px; }
  /* Summary only (the page's "print the summary only", or --html-print summary): the cards, the
     schedule and its key, the entries in use with their first files; not each file's findings. */
  body.print-summary .print-detail { display: none; }
  body.print-summary .print-note { display: block; color: var(--dim); }
  body.print-summary details.more::details-content { content-visibility: hidden; display: none; }
  body.print-summary details.more summary { display: block; }
  main { max-width: none; padding: 0; }
  .controls { display: none; }
  details::details-content { content-visibility: visible; display: block; }
  summary { list-style: none; }
  details.more summary { display: none; }
  .scroll, .excerpt, .chart { overflow: visible; }
  table.entries, table.findings, figure.timeline svg { min-width: 0; }
  .excerpt code { white-space: pre-wrap; overflow-wrap: anywhere; }
  tr, .excerpt, figure.timeline { break-inside: avoid; }
  .badge, .swatch, svg, .excerpt mark { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
`;

/**
 * Filters by grade, entry (and repository, in the audit of several), expand and collapse all, everything open for printing, and the
 * section of a followed `#file-…` link opened. Without it the page is complete: the controls stay
 * hidden and every section still opens by hand.
 */
export const SCRIPT = `
(() => {
  'use strict';
  const controls = document.getElementById('controls');
  if (!controls) return;
  const sections = Array.from(document.querySelectorAll('details.file'));
  const rows = Array.from(document.querySelectorAll('tr[data-entry]'));
  const marks = Array.from(document.querySelectorAll('svg .mark'));
  const status = document.getElementById('filter-status');
  const entrySelect = document.getElementById('filter-entry');
  // The audit of several repositories: a list of them; a finding row names its repository.
  const repositorySelect = document.getElementById('filter-repository');
  const headings = Array.from(document.querySelectorAll('h3.repository'));
  function apply() {
    const grades = new Set(Array.from(controls.querySelectorAll('input[name="grade"]:checked'), (input) => input.value));
    const entry = entrySelect.value;
    const repository = repositorySelect ? repositorySelect.value : '';
    const shown = (element) =>
      grades.has(element.dataset.grade) &&
      (entry === '' || element.dataset.entry === entry) &&
      (repository === '' || element.dataset.repository === undefined || element.dataset.repository === repository);
    let visible = 0;
    let total = 0;
    for (const row of rows) {
      const show = shown(row);
      row.classList.toggle('filtered-out', !show);
      if (row.classList.contains('finding')) {
        total += 1;
        if (show) visible += 1;
      }
    }
    for (const section of sections)
      section.classList.toggle('filtered-out', !section.querySelector('tr.finding:not(.filtered-out)'));
    for (const heading of headings)
      heading.classList.toggle(
        'filtered-out',
        !sections.some((section) => section.dataset.repository === heading.dataset.repository && !section.classList.contains('filtered-out')),
      );
    for (const mark of marks) mark.classList.toggle('dimmed', !shown(mark));
    status.textContent = visible === total ? 'all ' + total + ' findings shown' : visible + ' of ' + total + ' findings shown';
  }
  controls.addEventListener('change', apply);
  document.getElementById('expand-all').addEventListener('click', () => sections.forEach((section) => (section.open = true)));
  document.getElementById('collapse-all').addEventListener('click', () => sections.forEach((section) => (section.open = false)));
  function openTarget() {
    let id = location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A file name with a lone '%' stays as written.
    }
    const target = id ? document.getElementById(id) : null;
    if (target instanceof HTMLDetailsElement) target.open = true;
  }
  window.addEventListener('hashchange', openTarget);
  let closedBeforePrint = [];
  const printSummary = document.getElementById('print-summary');
  printSummary.checked = document.body.classList.contains('print-summary');
  printSummary.addEventListener('change', () => document.body.classList.toggle('print-summary', printSummary.checked));
  document.getElementById('print').addEventListener('click', () => window.print());
  window.addEventListener('beforeprint', () => {
    if (document.body.classList.contains('print-summary')) return;
    closedBeforePrint = sections.filter((section) => !section.open);
    closedBeforePrint.forEach((section) => (section.open = true));
  });
  window.addEventListener('afterprint', () => {
    closedBeforePrint.forEach((section) => (section.open = false));
    closedBeforePrint = [];
  });
  controls.hidden = false;
  openTarget();
  apply();
})();
`;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Nothing may load or run but the page's own style sheet and script. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${sha256(STYLE)}`,
  `script-src ${sha256(SCRIPT)}`,
  "img-src 'none'",
  "font-src 'none'",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * A self-contained page (the audit, the migration plan): the content security policy that allows
 * only the page's own style sheet and script, the style sheet, and `body` inside `main`.
 */
export function htmlPage(title: string, body: string, options: { bodyClass?: string; script?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(CONTENT_SECURITY_POLICY)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body${options.bodyClass ? ` class="${escapeHtml(options.bodyClass)}"` : ''}>
<main>
${body}
</main>
${options.script ? `<script>${SCRIPT}</script>\n` : ''}</body>
</html>
`;
}
