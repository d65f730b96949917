import { CONFIDENCE_RANK, type Finding } from '@sunset-lint/core';
import { type RawMatch } from '@sunset-lint/core/internal';

/**
 * A file's matches by the file they point into: a path written in another module (a constant, a
 * helper's template) is reported there, with this file's request as its related location. Text in a
 * file the scan does not report on (a pre-commit run names only staged files) stays at the request.
 */
export function matchesByFile(
  matches: readonly RawMatch[],
  home: string,
  reportable: (file: string) => boolean,
): Map<string, RawMatch[]> {
  const byFile = new Map<string, RawMatch[]>();
  const put = (file: string, match: RawMatch) => byFile.set(file, [...(byFile.get(file) ?? []), match]);
  for (const match of matches) {
    const { file, ...rest } = match;
    if (file === undefined || file === home) put(home, rest);
    else if (reportable(file))
      put(file, { ...rest, related: rest.related?.map((place) => ({ ...place, file: place.file ?? home })) });
    else {
      const { related, fixes: _editsElsewhere, ...atRequest } = rest;
      put(home, { ...atRequest, range: related?.[0]?.range ?? rest.range });
    }
  }
  return byFile;
}

/**
 * One finding per entry and place across files: a path written once and sent by requests in
 * several files is one finding, the most confident, with every request as a related location.
 */
export function mergeFindingsAtSamePlace(findings: readonly Finding[]): Finding[] {
  const byPlace = new Map<string, Finding>();
  for (const finding of findings) {
    const key = `${finding.file}\u0000${finding.entryId}\u0000${finding.range[0]}:${finding.range[1]}`;
    const existing = byPlace.get(key);
    if (!existing || !(finding.related?.length || existing.related?.length)) {
      byPlace.set(existing ? `${key}\u0000${byPlace.size}` : key, finding);
      continue;
    }
    const best = CONFIDENCE_RANK[finding.confidence] < CONFIDENCE_RANK[existing.confidence] ? finding : existing;
    const related = [...(existing.related ?? []), ...(finding.related ?? [])].filter(
      (place, i, all) => all.findIndex((other) => other.file === place.file && other.range[0] === place.range[0]) === i,
    );
    byPlace.set(key, { ...best, ...(related.length ? { related } : {}) });
  }
  return [...byPlace.values()];
}
