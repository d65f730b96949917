import {
  byEndOfLife,
  formatDay,
  GRADES,
  gradeEol,
  parseDay,
  type CatalogueEntry,
  type Day,
  type Grade,
} from '@sunset-lint/core/schedule';
import { escapeHtml } from './escape.js';
import { plural, type ReportSummary } from './summary.js';
import type { ScanReport } from './types.js';

/** One catalogue entry on the time axis. */
export interface TimelineEntry {
  entry: CatalogueEntry;
  grade: Grade;
  count: number;
  files: number;
  /** `scan --since`: the entry's places in the earlier report, and those no longer found. */
  progress?: { earlier: number; migrated: number };
}

const WIDTH = 1000;
const MARGIN_X = 40;
const AXIS_GAP = 28;
const MIN_RADIUS = 4;
const MAX_RADIUS = 30;
const DAY_MS = 86_400_000;

/**
 * Every entry of the catalogue in effect (and any entry a finding names that the catalogue lacks),
 * with its findings; entries with none are graded from their date as the scan would grade them.
 */
export function timelineEntries(report: ScanReport, summary: ReportSummary): TimelineEntry[] {
  const used = new Map(summary.entries.map((usage) => [usage.entry.id, usage]));
  const asOf = parseDay(report.asOf)!;
  const progressOf = (id: string) => {
    if (!report.progress) return {};
    return { progress: report.progress.byEntry[id] ?? { earlier: 0, migrated: 0 } };
  };
  const entries: TimelineEntry[] = report.catalogue.map((entry) => {
    const usage = used.get(entry.id);
    if (usage)
      return { entry, grade: usage.grade, count: usage.count, files: usage.files.length, ...progressOf(entry.id) };
    const grade = gradeEol(entry.eol, { asOf, imminentDays: report.imminentDays }).grade;
    return { entry, grade, count: 0, files: 0, ...progressOf(entry.id) };
  });
  const listed = new Set(report.catalogue.map((entry) => entry.id));
  for (const usage of summary.entries)
    if (!listed.has(usage.entry.id))
      entries.push({
        entry: usage.entry,
        grade: usage.grade,
        count: usage.count,
        files: usage.files.length,
        ...progressOf(usage.entry.id),
      });
  return entries.sort((a, b) => byEndOfLife(a.entry, b.entry));
}

interface Placed extends TimelineEntry {
  /** The entry's number in the key under the chart (1 = earliest end of life), written at its circle. */
  n: number;
  x: number;
  y: number;
  r: number;
}

/**
 * The schedule as an inline SVG beeswarm: x is the end-of-life date, each circle's area grows
 * linearly with its findings (entries without findings are small and faint), colour is the grade,
 * and circles are pushed up or down from the axis until they do not overlap. The as-of date is a
 * vertical line with the imminent window shaded after it. Each circle is labelled with its number
 * in the key under the chart (the entry, its date, grade and findings), so the chart reads on paper
 * and without hovering. When no entry's end of life is ahead, the axis still runs past the as-of
 * date and says that nothing is scheduled there. Each mark also carries a `<title>` (the tooltip)
 * and `data-*` attributes the filters and the browser test read.
 */
export function renderTimeline(report: ScanReport, entries: readonly TimelineEntry[]): string {
  const asOf = dayNumber(report.asOf);
  const days = entries.map((e) => dayNumber(e.entry.eol));
  const first = Math.min(asOf, ...days);
  // Nothing ahead: the axis still runs a fifth of the chart (at least the imminent window) past the
  // as-of date, where the chart says so, instead of ending at the line.
  const ahead = entries.some((e) => dayNumber(e.entry.eol) > asOf);
  const last = Math.max(asOf + report.imminentDays, ...days, ahead ? -Infinity : asOf + (asOf - first) / 4);
  const pad = Math.max(30, (last - first) * 0.03);
  const start = first - pad;
  const span = last + pad - start;
  const x = (day: number): number => MARGIN_X + ((day - start) / span) * (WIDTH - 2 * MARGIN_X);

  const maxCount = Math.max(1, ...entries.map((e) => e.count));
  // Area = π·(MIN² + k·count): linear in the count; k keeps the largest circle within MAX_RADIUS.
  const k = Math.min(12, (MAX_RADIUS ** 2 - MIN_RADIUS ** 2) / maxCount);
  const placed = beeswarm(
    entries.map((e, i) => ({
      ...e,
      n: i + 1,
      x: x(dayNumber(e.entry.eol)),
      y: 0,
      r: Math.sqrt(MIN_RADIUS ** 2 + k * e.count),
    })),
  );
  // Room above for the label of a small circle at the top (written over it).
  const top = Math.min(-MAX_RADIUS, ...placed.map((p) => p.y - p.r - (p.r < LABEL_INSIDE ? 14 : 0))) - 24;
  const bottom = Math.max(MAX_RADIUS, ...placed.map((p) => p.y + p.r)) + AXIS_GAP;
  const height = bottom - top;

  const parts: string[] = [];
  const windowEnd = x(asOf + report.imminentDays);
  parts.push(
    `<rect class="window" x="${fmt(x(asOf))}" y="${fmt(top)}" width="${fmt(windowEnd - x(asOf))}" height="${fmt(bottom - AXIS_GAP - top)}"><title>imminent window: ${escapeHtml(plural(report.imminentDays, 'day'))} after ${escapeHtml(report.asOf)}</title></rect>`,
  );
  parts.push(`<line class="axis" x1="${MARGIN_X}" x2="${WIDTH - MARGIN_X}" y1="0" y2="0"/>`);
  for (const tick of yearTicks(start, start + span)) {
    const tx = fmt(x(tick.day));
    parts.push(
      `<line class="tick" x1="${tx}" x2="${tx}" y1="${fmt(top + 16)}" y2="${fmt(bottom - AXIS_GAP + 4)}"/><text class="year" x="${tx}" y="${fmt(bottom - 10)}">${tick.year}</text>`,
    );
  }
  for (const mark of placed) parts.push(markOf(mark));
  const ax = fmt(x(asOf));
  // Near an edge the label ends (or starts) at the line rather than running off the chart.
  const anchor = x(asOf) > WIDTH - 90 ? ' end' : x(asOf) < 90 ? ' start' : '';
  parts.push(
    `<line class="as-of" x1="${ax}" x2="${ax}" y1="${fmt(top + 14)}" y2="${fmt(bottom - AXIS_GAP + 4)}"/><text class="as-of-label${anchor}" x="${ax}" y="${fmt(top + 10)}">as of ${escapeHtml(report.asOf)}</text>`,
  );
  if (!ahead) {
    const mid = fmt((x(asOf) + WIDTH - MARGIN_X) / 2);
    parts.push(
      `<text class="ahead-note" x="${mid}" y="${fmt(top / 2 + 4)}">nothing scheduled ahead</text><text class="ahead-note small" x="${mid}" y="${fmt(top / 2 + 20)}">every end of life is past</text>`,
    );
  }
  const withFindings = entries.filter((e) => e.count > 0).length;
  const label = `Timeline of ${plural(entries.length, 'catalogue entry', 'catalogue entries')} by end of life; ${withFindings} with findings`;
  const nothingAhead = ahead
    ? ''
    : ` Nothing is scheduled after ${escapeHtml(report.asOf)}: every entry has reached its end of life.`;
  const progress = report.progress ? ` ${escapeHtml(progressText(report.progress.total, report.progress.since))}.` : '';
  return `<figure class="timeline"><div class="chart"><svg viewBox="0 ${fmt(top)} ${WIDTH} ${fmt(height)}" role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg></div><figcaption>Each circle is a catalogue entry at its end-of-life date, numbered as in the key below; its area grows with its findings, faint circles have none.<br>${legend()}. The line is the as-of date, ${escapeHtml(report.asOf)}; the shaded band after it is the imminent window. ${escapeHtml(plural(entries.length, 'entry', 'entries'))}, ${withFindings} with findings.${nothingAhead}${progress}</figcaption>${timelineKey(placed, report.progress?.since)}</figure>`;
}

/** The key: each circle's number, its entry, end of life, grade and findings, in end-of-life order. */
function timelineKey(placed: readonly Placed[], since: string | undefined): string {
  const items = [...placed]
    .sort((a, b) => a.n - b.n)
    .map(({ n, entry, grade, count, files, progress }) => {
      const counts = count === 0 ? 'no findings' : `${plural(count, 'finding')} in ${plural(files, 'file')}`;
      const target =
        count === 0
          ? `<code>${escapeHtml(entry.id)}</code>`
          : `<a href="#${escapeHtml(entryAnchor(entry.id))}"><code>${escapeHtml(entry.id)}</code></a>`;
      // With --since: the progress of an entry the earlier report had places of.
      const moved =
        progress && progress.earlier > 0 && since !== undefined
          ? ` · <span class="progress" data-migrated="${progress.migrated}" data-earlier="${progress.earlier}">${escapeHtml(progressText(progress, since))}</span>`
          : '';
      return `<li class="key-item${count === 0 ? ' none' : ''}" data-entry="${escapeHtml(entry.id)}" data-n="${n}"><span class="key-n ${grade}">${n}</span> ${target} <span class="dim">${formatDay(entry.eol)} · ${grade} · ${escapeHtml(counts)}${moved}</span></li>`;
    });
  return `<ol class="timeline-key">${items.join('')}</ol>`;
}

/** Circles at least this large hold their number; smaller ones have it written just above them. */
const LABEL_INSIDE = 7.5;

function markOf(mark: Placed): string {
  const { entry, grade, count, files } = mark;
  const counts = count === 0 ? 'no findings' : `${plural(count, 'finding')} in ${plural(files, 'file')}`;
  const moved = mark.progress?.earlier ? `; ${mark.progress.migrated} of ${mark.progress.earlier} migrated` : '';
  const title = `${entry.title} (${entry.id}) — end of life ${formatDay(entry.eol)}, ${grade}: ${counts}${moved}`;
  // Its number in the key, visible on screen and on paper: inside a circle that holds it, else just above.
  const label =
    mark.r >= LABEL_INSIDE
      ? `<text class="mark-label" x="${fmt(mark.x)}" y="${fmt(mark.y + 4)}">${mark.n}</text>`
      : `<text class="mark-label outside" x="${fmt(mark.x)}" y="${fmt(mark.y - mark.r - 3)}">${mark.n}</text>`;
  const circle = `<circle cx="${fmt(mark.x)}" cy="${fmt(mark.y)}" r="${fmt(mark.r)}"/>${label}`;
  const attributes = `class="mark ${grade}${count === 0 ? ' none' : ''}" data-entry="${escapeHtml(entry.id)}" data-grade="${grade}" data-count="${count}"`;
  // An entry with findings links to its row in the entries table.
  return count === 0
    ? `<g ${attributes}><title>${escapeHtml(title)}</title>${circle}</g>`
    : `<a href="#${escapeHtml(entryAnchor(entry.id))}" ${attributes}><title>${escapeHtml(title)}</title>${circle}</a>`;
}

/** "12 of 40 places migrated since 2026-10-01", as the migration plan says it. */
function progressText(progress: { earlier: number; migrated: number }, since: string): string {
  return `${progress.migrated} of ${plural(progress.earlier, 'place')} migrated since ${since}`;
}

function legend(): string {
  return GRADES.map((grade) => `<span class="swatch ${grade}"></span>${grade}`).join(' ');
}

/** The id of an entry's row in the entries table. */
export function entryAnchor(id: string): string {
  return `entry-${id.replace(/\s/g, '_')}`;
}

/** Largest first, each at the y nearest the axis where it overlaps nothing placed before it. */
function beeswarm(marks: Placed[]): Placed[] {
  const order = [...marks].sort((a, b) => b.r - a.r || a.x - b.x);
  const placed: Placed[] = [];
  for (const mark of order) {
    const candidates = [0];
    for (const other of placed) {
      const dx = mark.x - other.x;
      const reach = mark.r + other.r + 1.5;
      if (Math.abs(dx) >= reach) continue;
      const dy = Math.sqrt(reach * reach - dx * dx);
      candidates.push(other.y + dy, other.y - dy);
    }
    candidates.sort((a, b) => Math.abs(a) - Math.abs(b) || b - a);
    mark.y =
      candidates.find((y) =>
        placed.every((other) => Math.hypot(mark.x - other.x, y - other.y) >= mark.r + other.r + 1.4),
      ) ?? 0;
    placed.push(mark);
  }
  return marks;
}

function yearTicks(from: number, to: number): Array<{ day: number; year: number }> {
  const ticks: Array<{ day: number; year: number }> = [];
  const firstYear = new Date(from * DAY_MS).getUTCFullYear() + 1;
  const lastYear = new Date(to * DAY_MS).getUTCFullYear();
  const step = Math.max(1, Math.ceil((lastYear - firstYear + 1) / 12));
  for (let year = firstYear; year <= lastYear; year += step) ticks.push({ day: Date.UTC(year, 0, 1) / DAY_MS, year });
  return ticks;
}

/** Days since 1970-01-01 of a day, or of a `YYYY-MM-DD` text (NaN for any other text). */
function dayNumber(day: Day | string): number {
  const parsed = typeof day === 'string' ? parseDay(day) : day;
  return parsed ? parsed.getTime() / DAY_MS : Number.NaN;
}

function fmt(value: number): string {
  return String(Math.round(value * 10) / 10);
}
