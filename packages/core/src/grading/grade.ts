import type { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import type { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import type { Day } from './day.js';
import { coreRequire } from '../package-root.js';

interface DateFns {
  differenceInCalendarDays: typeof differenceInCalendarDays;
  formatDistanceStrict: typeof formatDistanceStrict;
}

let dateFns: DateFns | undefined;

/**
 * date-fns, required on the first grade rather than imported: with its English locale it is some
 * twenty modules, which a scan that finds nothing never needs. Per-function entry points, since
 * the root entry resolves ~860 modules.
 */
function loadDateFns(): DateFns {
  if (!dateFns) {
    const require = coreRequire();
    dateFns = {
      ...(require('date-fns/differenceInCalendarDays') as Pick<DateFns, 'differenceInCalendarDays'>),
      ...(require('date-fns/formatDistanceStrict') as Pick<DateFns, 'formatDistanceStrict'>),
    };
  }
  return dateFns;
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
  const daysUntil = loadDateFns().differenceInCalendarDays(eol, options.asOf);
  const grade: Grade = daysUntil <= 0 ? 'expired' : daysUntil <= window ? 'imminent' : 'scheduled';
  return { grade, daysUntil, inWords: describeDistance(eol, options.asOf, daysUntil) };
}

function describeDistance(eol: Day, asOf: Day, daysUntil: number): string {
  if (daysUntil === 0) return 'ended today';
  // Whole days below a month read better than date-fns' rounding to "1 month".
  const distance =
    Math.abs(daysUntil) < 30
      ? `${Math.abs(daysUntil)} day${Math.abs(daysUntil) === 1 ? '' : 's'}`
      : loadDateFns().formatDistanceStrict(eol, asOf, { roundingMethod: 'floor' });
  return daysUntil < 0 ? `ended ${distance} ago` : `ends in ${distance}`;
}

export function isAtLeast(grade: Grade, threshold: Grade): boolean {
  return GRADE_RANK[grade] <= GRADE_RANK[threshold];
}
