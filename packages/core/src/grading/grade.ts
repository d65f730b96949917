import type { Day } from './day.js';

const MS_PER_DAY = 86_400_000;

/** Calendar days from `earlier` to `later` (negative when `later` is earlier), both read as UTC days. */
function daysBetween(later: Day, earlier: Day): number {
  const utcDay = (day: Day) => Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return Math.round((utcDay(later) - utcDay(earlier)) / MS_PER_DAY);
}

/**
 * A distance of 30 days or more in words, as date-fns' `formatDistanceStrict` with
 * `roundingMethod: 'floor'` words it in English between UTC days (a month is 30 days, a year 365,
 * twelve months "1 year"): the two functions grading used from date-fns, whose loading (23 modules,
 * 12–33 ms) every graded run paid at start. `core/test/grading.test.ts` holds this to date-fns
 * itself over every distance up to 40 years.
 */
function wholeMonthsOrYears(days: number): string {
  if (days < 365) {
    const months = Math.floor(days / 30);
    return months === 12 ? count(1, 'year') : count(months, 'month');
  }
  return count(Math.floor(days / 365), 'year');
}

/** `1 day`, `3 months`. */
function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

export type Grade = 'expired' | 'imminent' | 'scheduled';
export type Severity = 'error' | 'warn' | 'off';

export const GRADES: readonly Grade[] = ['expired', 'imminent', 'scheduled'];
/** Most urgent first; used for sorting and for `--fail-on` thresholds. */
export const GRADE_RANK: Readonly<Record<Grade, number>> = { expired: 0, imminent: 1, scheduled: 2 };

export const DEFAULT_IMMINENT_DAYS = 90;
export const DEFAULT_SEVERITIES: Readonly<Record<Grade, Severity>> = {
  expired: 'error',
  imminent: 'warn',
  scheduled: 'warn',
};

export interface GradingOptions {
  asOf: Day;
  /** A date within this many days after `asOf` is imminent. */
  imminentDays?: number;
}

export interface GradeResult {
  grade: Grade;
  /** Negative when the end of life is past. */
  daysUntil: number;
  /** "ended 2 years ago", "ends in 12 days", "ends today". */
  inWords: string;
}

/**
 * expired: end of life on or before asOf. imminent: within `imminentDays` days after asOf
 * (the window's last day included). scheduled: later.
 */
export function gradeEol(eol: Day, options: GradingOptions): GradeResult {
  const window = options.imminentDays ?? DEFAULT_IMMINENT_DAYS;
  const daysUntil = daysBetween(eol, options.asOf);
  const grade: Grade = daysUntil <= 0 ? 'expired' : daysUntil <= window ? 'imminent' : 'scheduled';
  return { grade, daysUntil, inWords: describeDistance(daysUntil) };
}

function describeDistance(daysUntil: number): string {
  if (daysUntil === 0) return 'ended today';
  // Whole days below a month read better than "1 month".
  const days = Math.abs(daysUntil);
  const distance = days < 30 ? count(days, 'day') : wholeMonthsOrYears(days);
  return daysUntil < 0 ? `ended ${distance} ago` : `ends in ${distance}`;
}

export function isAtLeast(grade: Grade, threshold: Grade): boolean {
  return GRADE_RANK[grade] <= GRADE_RANK[threshold];
}
