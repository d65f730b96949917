import type { RawMatch } from '../facts.js';

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
      const { related, fixes: _editsElsewhere, migration: _migrationElsewhere, ...atRequest } = rest;
      put(home, { ...atRequest, range: related?.[0]?.range ?? rest.range, identity: { file, range: rest.range } });
    }
  }
  return byFile;
}
