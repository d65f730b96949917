// The mini class: the full UTCDate builds three Intl.DateTimeFormat on import (20-60 ms of ICU at
// start-up) for toString() and toLocale*(), which days never use: they are written by formatDay.
import { UTCDateMini } from '@date-fns/utc/date/mini';

/**
 * Calendar days in UTC. End-of-life dates are days, not instants, so every comparison happens on
 * UTC midnights: the result must not depend on the machine's time zone. A UTCDateMini: its getters
 * (and so date-fns' arithmetic) are in UTC; its toString() is Date's, which is why days are
 * written by formatDay.
 */
export type Day = Date;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD`; undefined when the text is not a real calendar date. */
export function parseDay(text: string): Day | undefined {
  const match = DAY_PATTERN.exec(text);
  if (!match) return undefined;
  const [, y, m, d] = match as unknown as [string, string, string, string];
  const day = new UTCDateMini(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return formatDay(day) === text ? day : undefined;
}

/** Earlier days first, as `Array.prototype.sort` takes a comparison. */
export function compareDays(a: Day, b: Day): number {
  return a.getTime() - b.getTime();
}

export function formatDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** Today in UTC. The only place that reads the clock; everything else takes `asOf`. */
export function todayUtc(now: Date = new Date()): Day {
  return new UTCDateMini(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
