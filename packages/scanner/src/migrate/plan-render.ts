import { escapeHtml, escapeMarkdown, htmlInline, markdownCode } from '../reports/escape.js';
import { htmlPage } from '../reports/html-assets.js';
import type { MigrationPlan, PlanCounts, PlanPlace, PlanRequest } from './plan-report.js';
import { GENERATED_MARK } from '../reports/generated-mark.js';

/** The formats `migrate --plan` writes; each renders `buildMigrationPlan`'s data, the JSON as it is. */
export const PLAN_FORMATS = ['markdown', 'json', 'html'] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

export function renderPlan(plan: MigrationPlan, format: PlanFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(plan, null, 2)}\n`;
    case 'markdown':
      return renderPlanMarkdown(plan);
    case 'html':
      return renderPlanHtml(plan);
  }
}

/** "12 of 40 places migrated since 2026-10-01", or nothing without an earlier report. */
function progress(counts: PlanCounts, since: string | undefined): string | undefined {
  if (counts.earlier === undefined) return undefined;
  return `${counts.migrated ?? 0} of ${plural(counts.earlier, 'place')} migrated${since ? ` since ${since}` : ''}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function countsLine(counts: PlanCounts): string {
  return `${plural(counts.places, 'place')}: ${counts.automatic} automatic, ${counts.person} for a person`;
}

function where(place: PlanPlace): string {
  return `${place.repository ? `${place.repository}: ` : ''}${place.file}:${place.line}:${place.column}`;
}

function requestText(request: PlanRequest): string {
  const keys = Object.entries(request.bodyKeys ?? {})
    .map(([from, to]) => `${to} (was ${from})`)
    .join(', ');
  return `${request.method ? `${request.method} ` : ''}${request.path}${keys ? ` with body ${keys}` : ''}`;
}

/** The Markdown table of counts per repository, with a progress column where one has an earlier report. */
function repositoryTable(rows: ReadonlyArray<[string, PlanCounts, string | undefined]>): string[] {
  const withProgress = rows.some(([, counts]) => counts.earlier !== undefined);
  const out = [
    `| Repository | Places | Automatic | For a person |${withProgress ? ' Progress |' : ''}`,
    `| --- | ---: | ---: | ---: |${withProgress ? ' --- |' : ''}`,
  ];
  for (const [name, counts, since] of rows)
    out.push(
      `| ${escapeMarkdown(name, true)} | ${counts.places} | ${counts.automatic} | ${counts.person} |${withProgress ? ` ${progress(counts, since) ?? ''} |` : ''}`,
    );
  return [...out, ''];
}

function renderPlanMarkdown(plan: MigrationPlan): string {
  const out: string[] = [GENERATED_MARK, '', `# Migration plan — ${plan.asOf}`, ''];
  const total = progress(plan.total, plan.since);
  out.push(`**Total:** ${countsLine(plan.total)}${total ? `; ${total}` : ''}.`, '');
  if (plan.automaticBy === 'entry-class')
    out.push(
      "Made from scan reports, which carry no code: a place counts as automatic when its entry's migration class is.",
      '',
    );
  if (plan.repositories)
    out.push(
      ...repositoryTable(plan.repositories.map((repository) => [repository.name, repository.counts, repository.since])),
    );
  if (plan.entries.length === 0) out.push('Nothing to migrate.', '');
  for (const entry of plan.entries) {
    out.push(`## ${escapeMarkdown(entry.title)} (${markdownCode(entry.id)})`, '');
    const moved = progress(entry.counts, plan.since);
    out.push(
      `End of life ${entry.eol}${entry.grade ? ` (${entry.grade})` : ''} · migration: **${entry.class}** · ${countsLine(entry.counts)}${moved ? ` · ${moved}` : ''}`,
      '',
    );
    if (entry.description) out.push(escapeMarkdown(entry.description), '');
    if (entry.person) out.push(`Needs a person: ${escapeMarkdown(entry.person)}`, '');
    if (entry.byRepository)
      out.push(
        ...repositoryTable(
          Object.entries(entry.byRepository).map(([name, counts]) => [
            name,
            counts,
            plan.repositories?.find((repository) => repository.name === name)?.since,
          ]),
        ),
      );
    const automatic = entry.places.filter((place) => place.migrate === 'automatic');
    const person = entry.places.filter((place) => place.migrate === 'person');
    if (automatic.length > 0) {
      out.push(`Migrates automatically (${automatic.length}):`, '');
      for (const place of automatic)
        out.push(`- ${markdownCode(where(place))}${place.change ? `: ${escapeMarkdown(place.change)}` : ''}`);
      out.push('');
    }
    if (person.length > 0) {
      out.push(`Needs a person (${person.length}):`, '');
      for (const place of person) {
        out.push(`- ${markdownCode(where(place))}${place.reason ? `: ${escapeMarkdown(place.reason)}` : ''}`);
        if (place.request)
          out.push(
            `  - replacement request: ${markdownCode(requestText(place.request))}${place.request.note ? ` (${escapeMarkdown(place.request.note)})` : ''}`,
          );
      }
      out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** Counts carry `data-count` attributes: what the browser test reads back and compares to the JSON. */
function countCells(counts: PlanCounts, since: string | undefined, scope: string): string {
  const cell = (name: keyof PlanCounts) =>
    `<td class="num" data-count="${escapeHtml(`${scope}:${name}`)}">${counts[name] ?? ''}</td>`;
  const moved = progress(counts, since);
  return `${cell('places')}${cell('automatic')}${cell('person')}${counts.earlier === undefined ? '' : `<td data-progress="${escapeHtml(scope)}" data-migrated="${counts.migrated ?? 0}" data-earlier="${counts.earlier}">${escapeHtml(moved ?? '')}</td>`}`;
}

/** The counts' header row; the progress column only when the plan has progress. */
function head(plan: MigrationPlan): string {
  const progress = plan.total.earlier === undefined ? '' : '<th>Progress</th>';
  return `<tr><th>Scope</th><th class="num">Places</th><th class="num">Automatic</th><th class="num">For a person</th>${progress}</tr>`;
}

function renderPlanHtml(plan: MigrationPlan): string {
  const body: string[] = [
    `<header><h1>Migration plan</h1><p class="meta">As of <strong>${escapeHtml(plan.asOf)}</strong>${plan.since ? ` · progress since <strong>${escapeHtml(plan.since)}</strong>` : ''} · ${escapeHtml(plan.tool.name)} ${escapeHtml(plan.tool.version)}</p></header>`,
  ];
  if (plan.automaticBy === 'entry-class')
    body.push(
      '<p class="hint">Made from scan reports, which carry no code: a place counts as automatic when its entry\'s migration class is.</p>',
    );
  body.push(
    '<section><h2>Total</h2><div class="scroll"><table class="plan-total"><thead>',
    head(plan),
    '</thead><tbody>',
  );
  body.push(`<tr><th>All</th>${countCells(plan.total, plan.since, 'total')}</tr>`);
  for (const repository of plan.repositories ?? [])
    body.push(
      `<tr><th>${escapeHtml(repository.name)}</th>${countCells(repository.counts, repository.since, `repository:${repository.name}`)}</tr>`,
    );
  body.push('</tbody></table></div></section>');
  if (plan.entries.length === 0) body.push('<p class="clean">Nothing to migrate.</p>');
  for (const entry of plan.entries) {
    body.push(
      `<section class="plan-entry" id="entry-${escapeHtml(entry.id)}"><h2>${escapeHtml(entry.title)} <code>${escapeHtml(entry.id)}</code></h2>`,
      `<p class="meta">End of life ${escapeHtml(entry.eol)}${entry.grade ? ` (${escapeHtml(entry.grade)})` : ''} · migration: <strong>${escapeHtml(entry.class)}</strong></p>`,
    );
    if (entry.description) body.push(`<p>${htmlInline(entry.description)}</p>`);
    if (entry.person) body.push(`<p>Needs a person: ${htmlInline(entry.person)}</p>`);
    body.push('<div class="scroll"><table class="plan-counts"><thead>', head(plan), '</thead><tbody>');
    body.push(`<tr><th>All</th>${countCells(entry.counts, plan.since, `entry:${entry.id}`)}</tr>`);
    for (const [name, counts] of Object.entries(entry.byRepository ?? {}))
      body.push(
        `<tr><th>${escapeHtml(name)}</th>${countCells(counts, plan.repositories?.find((r) => r.name === name)?.since, `entry:${entry.id}:${name}`)}</tr>`,
      );
    body.push('</tbody></table></div>');
    if (entry.places.length > 0) {
      body.push('<ul class="plan-places">');
      for (const place of entry.places) {
        const what = htmlInline(place.migrate === 'automatic' ? (place.change ?? '') : (place.reason ?? ''));
        const request = place.request
          ? `<br>replacement request: <code>${escapeHtml(requestText(place.request))}</code>${place.request.note ? ` (${escapeHtml(place.request.note)})` : ''}`
          : '';
        body.push(
          `<li data-migrate="${place.migrate}"><code>${escapeHtml(where(place))}</code> <strong>${place.migrate === 'automatic' ? 'automatic' : 'for a person'}</strong>: ${what}${request}</li>`,
        );
      }
      body.push('</ul>');
    }
    body.push('</section>');
  }
  return htmlPage(`Migration plan — ${plan.asOf}`, body.join('\n'));
}
