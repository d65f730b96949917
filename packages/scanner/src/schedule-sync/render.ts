import { plural } from '../reports/summary.js';
import { PLACEHOLDER_YEAR } from './dates.js';
import type { ScheduleDiff } from './diff.js';
import { hasDifferences } from './diff.js';
import type { ScheduleImport } from './import.js';
import type { DocumentProblem } from './pointer.js';

/** What the import wrote and what it could not, for people (stderr: stdout carries the fragment). */
export function renderImportReport(file: string, result: ScheduleImport, written: string): string {
  const operations = result.entries.reduce(
    (sum, entry) => sum + entry.match.endpoints.reduce((n, endpoint) => n + endpoint.methods.length, 0),
    0,
  );
  const overrides = result.overrides.length;
  const lines = [
    `${file}: ${plural(result.entries.length, 'new entry', 'new entries')} (${plural(operations, 'operation', 'operations')})${overrides ? `, ${plural(overrides, 'end-of-life override', 'end-of-life overrides')}` : ''} written to ${written}`,
  ];
  if (overrides > 0) {
    lines.push(
      `dated otherwise than the catalogue (catalogue.eolOverrides, as 'sunset-lint schedule diff' reports them):`,
    );
    for (const o of result.overrides)
      lines.push(
        `  ${o.entryId}: ${o.catalogueEol} -> ${o.documentEol} (${o.source})${o.otherDates.length ? `; the document also gives ${o.otherDates.join(', ')}` : ''}`,
      );
  }
  if (result.covered.length > 0)
    lines.push(
      `already covered by the catalogue (not added again): ${plural(result.covered.length, 'operation', 'operations')} (${[...new Set(result.covered.flatMap((c) => c.entryIds))].join(', ')})`,
    );
  if (result.undated.length > 0) {
    lines.push(
      `undated (deprecated without a date, or only a placeholder of year ${PLACEHOLDER_YEAR} or later; not written, not graded): ${result.undated.length}`,
    );
    for (const operation of result.undated)
      lines.push(`  ${operation.method} ${operation.path}  [${operation.id}]  ${operation.pointer}`);
  }
  if (result.alreadyBuiltIn.length > 0) {
    lines.push(`an entry of the catalogue has the id (not written; see 'sunset-lint schedule diff'):`);
    for (const { id, file: source } of result.alreadyBuiltIn) lines.push(`  ${id}  (${source})`);
  }
  if (result.notImportable.length > 0) {
    lines.push(`not importable: ${result.notImportable.length}`);
    for (const item of result.notImportable)
      lines.push(`  ${item.what}${item.pointer ? `  ${item.pointer}` : ''}`, `    ${item.reason}`);
  }
  lines.push(...problemLines(file, result.problems));
  return `${lines.join('\n')}\n`;
}

/** Malformed values, named `file#pointer`, as the import and the diff both print them. */
export function problemLines(file: string, problems: readonly DocumentProblem[]): string[] {
  if (problems.length === 0) return [];
  return [
    `skipped values: ${problems.length}`,
    ...problems.map((problem) => `  ${file}#${problem.pointer}: ${problem.message}`),
  ];
}

export function renderDiffText(file: string, diff: ScheduleDiff, asOf: string): string {
  const lines = [`${file} against the catalogue as of ${asOf}`, ''];
  const section = (title: string, count: number, body: () => string[]) => {
    if (count === 0) return;
    lines.push(`${title} (${count})`, ...body(), '');
  };
  const operation = (o: { method: string; path: string; pointer?: string }) =>
    `    ${o.method} ${o.path}${o.pointer ? `  ${o.pointer}` : ''}`;
  section('Deprecated in the document, missing from the catalogue', diff.missing.length, () =>
    diff.missing.flatMap((item) => [
      `  ${item.id}  ${item.eol ? `eol ${item.eol} (${item.source})` : 'undated'}`,
      ...item.operations.map(operation),
    ]),
  );
  section('End-of-life dates that disagree', diff.dateMismatch.length, () =>
    diff.dateMismatch.flatMap((item) => [
      `  ${item.entryId}  catalogue ${item.catalogueEol}, document ${item.documentEol} (${item.source})`,
      ...item.operations.map(operation),
    ]),
  );
  section('In the catalogue, no longer marked deprecated in the document', diff.noLongerDeprecated.length, () =>
    diff.noLongerDeprecated.flatMap((item) => [`  ${item.entryId}`, ...item.operations.map(operation)]),
  );
  section('Suspicious dates in the document', diff.suspicious.length, () =>
    diff.suspicious.map((item) => `  ${item.pointer}${item.value ? `  ${item.value}` : ''}: ${item.reason}`),
  );
  section('Catalogue endpoints the document does not have (informational)', diff.absent.length, () =>
    diff.absent.map((item) =>
      item.operations.length === item.ofTotal
        ? `  ${item.entryId}: none of its ${plural(item.ofTotal, 'operation', 'operations')}`
        : `  ${item.entryId}: ${item.operations.map((o) => `${o.method} ${o.path}`).join(', ')}`,
    ),
  );
  lines.push(hasDifferences(diff) ? 'Differences found.' : 'No differences.');
  return `${lines.join('\n')}\n`;
}

export function renderDiffJson(
  file: string,
  diff: ScheduleDiff,
  asOf: string,
  problems: readonly DocumentProblem[],
): string {
  return `${JSON.stringify({ document: file, asOf, differences: hasDifferences(diff), ...diff, problems }, null, 2)}\n`;
}
