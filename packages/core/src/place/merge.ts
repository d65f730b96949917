import type { Range, RawMatch } from '../facts.js';
import {
  CONFIDENCE_RANK,
  type Confidence,
  type Finding,
  type FindingFix,
  type FindingMigration,
} from '../findings/finding.js';

/**
 * One finding per place: the rule every engine and every stage applies, written once. A place is
 * an entry at a source range of a file; matches of one path are one finding whichever requests
 * send it (`onePerPlace`), while other detectors may report several things at one place (two cipher
 * names in one string), told apart by their subject.
 */
export function placeKey(place: { file?: string | undefined; entryId: string; range: Range }, subject = ''): string {
  return `${place.file ?? ''}\u0000${place.entryId}\u0000${place.range[0]}:${place.range[1]}\u0000${subject}`;
}

/** What two readings of one place have in common, as far as merging them goes. */
interface PlaceReading {
  confidence: Confidence;
  fixes?: FindingFix[] | undefined;
  migration?: FindingMigration | 'blocked' | undefined;
  related?: ReadonlyArray<{ file?: string | undefined; range: Range }> | undefined;
}

/**
 * Two readings of one place as one: the most confident (the first on a tie), with every related
 * location either offered, its own first (where two name one range, its words stay); its fixes, or, when it has none, those of the others (the most
 * confident reading knows the most: a request knows its body).
 */
export function mergeReadings<T extends PlaceReading>(
  existing: T,
  incoming: T,
  options: { unionFixes: boolean; sameMigration?: boolean },
): T {
  const best = CONFIDENCE_RANK[incoming.confidence] < CONFIDENCE_RANK[existing.confidence] ? incoming : existing;
  const fixes =
    best.fixes?.length || !options.unionFixes
      ? best.fixes
      : unique([...(existing.fixes ?? []), ...(incoming.fixes ?? [])], (fix) => fix.description);
  const related = unique(
    [...(best.related ?? []), ...(existing.related ?? []), ...(incoming.related ?? [])],
    (place) => `${place.file ?? ''}\u0000${place.range[0]}:${place.range[1]}`,
  );
  const { migration: _bestMigration, ...rest } = best;
  const other = best === existing ? incoming : existing;
  const migration = options.sameMigration
    ? sameEdits(best.migration, other.migration)
      ? best.migration
      : undefined
    : mergedMigration(best, other);
  return {
    ...(rest as T),
    ...(fixes?.length ? { fixes } : {}),
    ...(migration !== undefined ? { migration } : {}),
    ...(related.length ? { related } : {}),
  };
}

/**
 * A migration rewrites the place for every reading of it: none where one reading forbids it or two
 * disagree; else the one a reading has (a request reading knows it, the text's reading does not).
 */
function mergedMigration(best: PlaceReading, other: PlaceReading): FindingMigration | 'blocked' | undefined {
  if (best.migration === 'blocked' || other.migration === 'blocked') return 'blocked';
  if (!best.migration || !other.migration) return best.migration ?? other.migration;
  // The same path edit with more (the request's body key renamed) or other words (a request that
  // knows its method has its own comment): the reading that holds the other's edits.
  if (holdsEdits(best.migration, other.migration)) return best.migration;
  if (holdsEdits(other.migration, best.migration)) return other.migration;
  return 'blocked';
}

function holdsEdits(outer: FindingMigration, inner: FindingMigration): boolean {
  const held = new Set(outer.edits.map((edit) => JSON.stringify(edit)));
  return inner.edits.every((edit) => held.has(JSON.stringify(edit)));
}

function sameEdits(a: PlaceReading['migration'], b: PlaceReading['migration']): boolean {
  if (a === undefined || b === undefined || a === 'blocked' || b === 'blocked') return a === b;
  return JSON.stringify(a.edits) === JSON.stringify(b.edits);
}

/** A file's matches, one per place (the match stage's output). */
export function mergeMatchesAtSamePlace(matches: readonly RawMatch[]): RawMatch[] {
  const byPlace = new Map<string, RawMatch>();
  for (const match of matches) {
    const key = placeKey(match, match.onePerPlace ? '' : match.subject);
    const existing = byPlace.get(key);
    byPlace.set(key, existing ? mergeReadings(existing, match, { unionFixes: true }) : match);
  }
  return [...byPlace.values()];
}

/**
 * A scan's findings, one per place across files: a path written once and sent by requests in
 * several files is one finding, the most confident, with every request as a related location.
 * Findings that carry no related location at the same place are distinct readings of it (each
 * file's own matches are already one per place), and stay.
 */
export function mergeFindingsAtSamePlace(findings: readonly Finding[]): Finding[] {
  const byPlace = new Map<string, Finding>();
  for (const finding of findings) {
    const key = placeKey(finding);
    const existing = byPlace.get(key);
    if (!existing || !(finding.related?.length || existing.related?.length)) {
      byPlace.set(existing ? `${key}\u0000${byPlace.size}` : key, finding);
      continue;
    }
    // Requests of other files that send this place: its migration only where they all derive the same.
    byPlace.set(key, mergeReadings(existing, finding, { unionFixes: false, sameMigration: true }));
  }
  return [...byPlace.values()];
}

/**
 * Findings only the type checker revealed (`--types`), added to those the code shows by itself:
 * a place is taken by a finding there or by a finding whose request is there (a path written in
 * another module is reported where it is written, with this request as a related location). A
 * finding from the types never replaces one from the code.
 */
export function withTypedFindings(findings: readonly Finding[], typed: readonly Finding[]): Finding[] {
  const taken = new Set(
    findings.flatMap((finding) => [
      placeKey(finding),
      ...(finding.related ?? []).map((place) =>
        placeKey({ ...finding, file: place.file ?? finding.file, range: place.range }),
      ),
    ]),
  );
  const added: Finding[] = [];
  for (const finding of typed) {
    if (taken.has(placeKey(finding))) continue;
    taken.add(placeKey(finding));
    added.push(finding);
  }
  return [...findings, ...added];
}

function unique<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
