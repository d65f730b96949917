import type { Finding, FindingFix, TextEdit } from '@sunset-lint/core';

/** A fix chosen for one file, with the finding it belongs to. */
export interface ChosenFix {
  finding: Finding;
  fix: FindingFix;
}

export interface FileSelection {
  chosen: ChosenFix[];
  /** Fixes left out because they touch text another chosen fix edits; a later pass retries them. */
  conflicting: ChosenFix[];
}

export interface SelectOptions {
  /** Apply `suggestion` fixes too (`--suggestions`); by default only `fix`, as ESLint's --fix does. */
  suggestions: boolean;
}

/** The fixes a finding offers that the options allow, in the finding's order. */
export function applicableFixes(finding: Finding, options: SelectOptions): FindingFix[] {
  return finding.fixes.filter((fix) => fix.edits.length > 0 && (fix.kind === 'fix' || options.suggestions));
}

/**
 * Picks fixes for one file the way ESLint does: in source order, all edits of a fix or none, and no
 * two chosen fixes touching the same text. A finding offering several alternatives gets the first.
 * The same fix reported by two findings (two rules on one node) is applied once.
 */
export function selectFixes(findings: readonly Finding[], options: SelectOptions): FileSelection {
  const candidates: ChosenFix[] = [];
  for (const finding of findings) {
    const fix = applicableFixes(finding, options)[0];
    if (fix) candidates.push({ finding, fix: { ...fix, edits: [...fix.edits].sort(byPosition) } });
  }
  candidates.sort((a, b) => byPosition(a.fix.edits[0]!, b.fix.edits[0]!));
  const chosen: ChosenFix[] = [];
  const conflicting: ChosenFix[] = [];
  const taken: TextEdit[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const key = JSON.stringify(candidate.fix.edits);
    if (seen.has(key)) continue;
    if (candidate.fix.edits.some((edit) => taken.some((other) => overlaps(edit, other)))) {
      conflicting.push(candidate);
      continue;
    }
    seen.add(key);
    taken.push(...candidate.fix.edits);
    chosen.push(candidate);
  }
  return { chosen, conflicting };
}

function byPosition(a: TextEdit, b: TextEdit): number {
  return a.start - b.start || a.end - b.end;
}

/**
 * Ranges that share text overlap. Touching ranges do not (removing two adjacent properties is
 * fine), except two insertions at one point, whose order would be arbitrary.
 */
function overlaps(a: TextEdit, b: TextEdit): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  return a.start < b.end && b.start < a.end;
}

/** Applies non-overlapping edits to a text (right to left, so earlier offsets stay valid). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
