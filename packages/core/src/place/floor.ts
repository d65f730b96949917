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
    const ranges = byFileAndEntry.get(key);
    if (ranges) ranges.push(reading.range);
    else byFileAndEntry.set(key, [reading.range]);
  }
  // One sorted index per file and entry: thousands of readings of one entry in a file (4,000 SRV
  // records) are asked about in logarithmic time each, not by a walk over all of them.
  const indexes = new Map<string, RangeIndex>();
  for (const [key, ranges] of byFileAndEntry) indexes.set(key, new RangeIndex(ranges));
  const added = floor.filter((reading) => {
    const root = rootOf(reading) ?? reading.range;
    return !indexes.get(`${reading.file ?? ''}\u0000${reading.entryId}`)?.overlaps(root);
  });
  return [...readings, ...added];
}

/** Ranges sorted by start, with the furthest end among each prefix: does any overlap `[from, to)`? */
class RangeIndex {
  private readonly starts: number[];
  private readonly furthestEnd: number[];

  constructor(ranges: readonly Range[]) {
    const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
    this.starts = sorted.map((range) => range[0]);
    this.furthestEnd = [];
    let furthest = Number.NEGATIVE_INFINITY;
    for (const range of sorted) this.furthestEnd.push((furthest = Math.max(furthest, range[1])));
  }

  /** Whether some range starts before `to` and ends after `from`. */
  overlaps([from, to]: Range): boolean {
    // The ranges that start before `to` are a prefix; one of them overlaps when the furthest end reaches past `from`.
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid]! < to) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && this.furthestEnd[lo - 1]! > from;
  }
}
