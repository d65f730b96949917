import { CONFIDENCE_RANK, type Finding } from '../findings/finding.js';
import type { RawMatch } from '../extract/facts.js';

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

/**
 * Findings only the type checker revealed (`--types`), added to those the code shows by itself:
 * one finding per entry and place, where a place is taken by a finding there or by a finding whose
 * request is there (a path written in another module is reported where it is written, with this
 * request as a related location). A finding from the types never replaces one from the code.
 */
export function withTypedFindings(findings: readonly Finding[], typed: readonly Finding[]): Finding[] {
  const keyOf = (place: Pick<Finding, 'file' | 'range' | 'entryId'>) =>
    `${place.file}\u0000${place.range[0]}:${place.range[1]}\u0000${place.entryId}`;
  const taken = new Set(
    findings.flatMap((finding) => [
      keyOf(finding),
      ...(finding.related ?? []).map((place) =>
        keyOf({ ...finding, file: place.file ?? finding.file, range: place.range }),
      ),
    ]),
  );
  const added: Finding[] = [];
  for (const finding of typed) {
    if (taken.has(keyOf(finding))) continue;
    taken.add(keyOf(finding));
    added.push(finding);
  }
  return [...findings, ...added];
}
