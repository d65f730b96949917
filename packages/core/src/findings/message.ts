import type { CatalogueEntry } from '../catalogue/types.js';
import { formatDay } from '../grading/day.js';
import type { GradeResult } from '../grading/grade.js';

/**
 * "GET /zones/:zone_id/firewall/rules (Firewall Rules API and Filters API) reached end of life on
 * 2025-01-15 (ended 1 year ago). Use instead: WAF custom rules."
 */
export function formatFindingMessage(
  subject: string,
  entry: CatalogueEntry,
  graded: GradeResult,
  note?: string,
  replacement = entry.replacement,
): string {
  const eol = formatDay(entry.eol);
  const when = graded.daysUntil <= 0 ? `reached end of life on ${eol}` : `reaches end of life on ${eol}`;
  const tail = note ? ` ${note}` : '';
  return `${subject} (${entry.title}) ${when} (${graded.inWords}). Use instead: ${stripFinalStop(replacement)}.${tail}`;
}

function stripFinalStop(value: string): string {
  return value.replace(/[.\s]+$/, '');
}
