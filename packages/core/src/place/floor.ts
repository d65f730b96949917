import type { Range } from '../facts.js';

interface Placed {
  file?: string | undefined;
  entryId: string;
  range: Range;
}

/**
 * The grep floor's readings (`match/path-floor.ts`) added to the others: a text the floor found is
 * a finding only where no other reading of the same entry lies in the same expression (`root`);
 * there the evaluator's reading, which knows the request and the method, stands for it. Works on
 * raw matches (one file) and on findings (a scan, where another file's request may have placed its
 * reading here).
 */
export function withFloorReadings<T extends Placed>(
  readings: readonly T[],
  floor: readonly T[],
  rootOf: (reading: T) => Range | undefined,
): T[] {
  if (floor.length === 0) return [...readings];
  const byFileAndEntry = new Map<string, Range[]>();
  for (const reading of readings) {
    const key = `${reading.file ?? ''}\u0000${reading.entryId}`;
    byFileAndEntry.set(key, [...(byFileAndEntry.get(key) ?? []), reading.range]);
  }
  const added = floor.filter((reading) => {
    const root = rootOf(reading) ?? reading.range;
    const taken = byFileAndEntry.get(`${reading.file ?? ''}\u0000${reading.entryId}`) ?? [];
    return !taken.some((range) => range[0] < root[1] && root[0] < range[1]);
  });
  return [...readings, ...added];
}
