import { formatDay, parseDay } from '@sunset-lint/core/schedule';

/** Where an operation's end-of-life date came from, in the order the import prefers them. */
const DATE_SOURCES = ['x-cfDeprecation.eol', 'x-sunset', 'x-forge-sunset'] as const;
export type DateSource = (typeof DATE_SOURCES)[number];

/** One date the document gives for an operation or parameter, already a real YYYY-MM-DD day. */
export interface DateClaim {
  source: DateSource;
  day: string;
  pointer: string;
}

/** `YYYY-MM-DD`, a real calendar day; undefined otherwise. */
export function calendarDay(value: unknown): string | undefined {
  return typeof value === 'string' && parseDay(value) ? value : undefined;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** An RFC 3339 date-time (or a bare date): its day in UTC; undefined when it is not one. */
export function utcDayOfDateTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_TIME.exec(value);
  if (!match || !parseDay(match[1]!)) return undefined;
  const instant = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(instant.getTime()) ? undefined : formatDay(instant);
}

/** A date in this year or later is a placeholder ("no date yet"), not an end of life. */
export const PLACEHOLDER_YEAR = 2099;

export function isPlaceholder(day: string): boolean {
  return Number(day.slice(0, 4)) >= PLACEHOLDER_YEAR;
}

/**
 * The claim the import uses: `x-cfDeprecation.eol`, then `x-sunset`, then `x-forge-sunset` (often
 * a placeholder); placeholders are no date at all.
 */
export function preferredDate(claims: readonly DateClaim[]): DateClaim | undefined {
  for (const source of DATE_SOURCES) {
    const claim = claims.find((candidate) => candidate.source === source && !isPlaceholder(candidate.day));
    if (claim) return claim;
  }
  return undefined;
}
