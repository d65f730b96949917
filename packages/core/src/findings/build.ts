import type { CatalogueEntry } from '../catalogue/types.js';
import type { RawMatch } from '../facts.js';
import { compareText } from '../compare-text.js';
import { LineIndex } from '../line-index.js';
import { formatDay } from '../grading/day.js';
import { gradeEol } from '../grading/grade.js';
import type { ResolvedSettings } from '../options.js';
import { RULE_CAPABILITIES, type RuleCapabilities } from '../catalogue/rule-table.js';
import { CONFIDENCE_RANK, type Finding, type FindingFix, type RelatedLocation } from './finding.js';
import { fingerprintOf } from './fingerprint.js';
import { formatFindingMessage } from './message.js';

/** Where a range of another file is, for related locations there (the scanner knows the files). */
export type LocateInFile = (
  file: string,
  range: [number, number],
) => Omit<RelatedLocation, 'message' | 'range'> | undefined;

/**
 * Grades raw matches and turns them into findings, sorted by position. `fingerprintFile` is the
 * path the fingerprints hash (default `file`): the scanner gives the path from the repository root,
 * so that a finding has one fingerprint from whichever folder the scan runs (baselines, SARIF).
 */
export function buildFindings(
  matches: readonly RawMatch[],
  file: string,
  source: string,
  settings: ResolvedSettings,
  locate?: LocateInFile,
  lines = new LineIndex(source),
  fingerprintFile = file,
  /** For a match with an `identity`: the path its fingerprint hashes and the text at its range there. */
  identityOf?: IdentityOf,
): Finding[] {
  const occurrences = new Map<string, number>();
  const sorted = [...matches].sort(
    (a, b) => a.range[0] - b.range[0] || compareText(a.entryId, b.entryId) || compareText(a.subject, b.subject),
  );
  const findings: Finding[] = [];
  for (const match of sorted) {
    if (CONFIDENCE_RANK[match.confidence] > CONFIDENCE_RANK[settings.minConfidence]) continue;
    const entry = settings.catalogue.byId.get(match.entryId);
    if (!entry) continue;
    const identity = match.identity ? identityOf?.(match.identity.file, match.identity.range) : undefined;
    const finding = buildFinding(
      match,
      entry,
      { file, fingerprintFile },
      source,
      settings,
      lines,
      occurrences,
      locate,
      identity,
    );
    if (finding.severity !== 'off') findings.push(finding);
  }
  return findings;
}

/** The path a match's `identity` hashes (from the repository root) and the text at its range in that file. */
export type IdentityOf = (
  file: string,
  range: readonly [number, number],
) => { fingerprintFile: string; snippet: string } | undefined;

function buildFinding(
  match: RawMatch,
  entry: CatalogueEntry,
  { file, fingerprintFile }: { file: string; fingerprintFile: string },
  source: string,
  settings: ResolvedSettings,
  lines: LineIndex,
  occurrences: Map<string, number>,
  locate: LocateInFile | undefined,
  identity?: { fingerprintFile: string; snippet: string },
): Finding {
  const graded = gradeEol(entry.eol, { asOf: settings.asOf, imminentDays: settings.imminentDays });
  const start = lines.position(match.range[0]);
  const end = lines.position(match.range[1]);
  const snippet = identity?.snippet ?? source.slice(match.range[0], match.range[1]);
  // Counted over exactly what the fingerprint hashes: a finding of another subject on the same text
  // (a `locked` key sent, a `locked` field read) going away must not renumber the others. A match
  // placed at its request counts in the file it belongs to, once per place there (several requests
  // sending one written path are one finding where it is written).
  const occurrenceKey = identity
    ? `${entry.id}\u0000${match.ruleId}\u0000${match.subject}\u0000${snippet}\u0000${identity.fingerprintFile}`
    : `${entry.id}\u0000${match.ruleId}\u0000${match.subject}\u0000${snippet}`;
  const placeKey = identity ? `${occurrenceKey}\u0000${match.identity!.range.join(':')}` : undefined;
  const known = placeKey === undefined ? undefined : occurrences.get(placeKey);
  const occurrence = known ?? occurrences.get(occurrenceKey) ?? 0;
  if (known === undefined) {
    occurrences.set(occurrenceKey, occurrence + 1);
    if (placeKey !== undefined) occurrences.set(placeKey, occurrence);
  }
  return {
    ruleId: match.ruleId,
    entryId: entry.id,
    file,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    range: match.range,
    eol: formatDay(entry.eol),
    grade: graded.grade,
    severity: settings.severities[graded.grade],
    confidence: match.confidence,
    message: formatFindingMessage(match.said ?? match.subject, entry, graded, match.note, match.replacement),
    replacement: match.replacement ?? entry.replacement,
    fingerprint: fingerprintOf({
      file: identity?.fingerprintFile ?? fingerprintFile,
      entryId: entry.id,
      ruleId: match.ruleId,
      snippet: `${match.subject}\u0000${snippet}`,
      occurrence,
    }),
    fixes: offeredFixes(match.fixes ?? [], RULE_CAPABILITIES[match.ruleId]),
    ...(match.migration && match.migration !== 'blocked' ? { migration: match.migration } : {}),
    ...(match.noRewrite ? { noRewrite: match.noRewrite } : {}),
    subject: match.subject,
    ...relatedLocations(match, lines, locate),
  };
}

/**
 * The fixes a finding offers through its rule: at most one automatic fix on a fixable rule;
 * everything else as suggestions where the rule has them, else nothing.
 */
function offeredFixes(fixes: readonly FindingFix[], rule: RuleCapabilities): FindingFix[] {
  const automatic = rule.fixable ? fixes.find((fix) => fix.kind === 'fix') : undefined;
  const suggestions = rule.hasSuggestions
    ? fixes.filter((fix) => fix !== automatic).map((fix): FindingFix => ({ ...fix, kind: 'suggestion' }))
    : [];
  return automatic ? [automatic, ...suggestions] : suggestions;
}

function relatedLocations(
  match: RawMatch,
  lines: LineIndex,
  locate: LocateInFile | undefined,
): Pick<Finding, 'related'> {
  const related: RelatedLocation[] = [];
  for (const { range, message, file } of match.related ?? []) {
    if (file !== undefined) {
      const place = locate?.(file, range);
      if (place) related.push({ ...place, range, message });
      continue;
    }
    const from = lines.position(range[0]);
    const to = lines.position(range[1]);
    related.push({ line: from.line, column: from.column, endLine: to.line, endColumn: to.column, range, message });
  }
  return related.length ? { related } : {};
}
