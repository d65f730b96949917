import type { RuleName } from '../catalogue/types.js';
import type { Grade, Severity } from '../grading/grade.js';

/**
 * high: the call, method and target are all known. medium: the target is known but the method is
 * not (or the context is inferred from names). low: plausible but weak; not reported by default.
 */
export type Confidence = 'high' | 'medium' | 'low';
export const CONFIDENCE_RANK: Readonly<Record<Confidence, number>> = { high: 0, medium: 1, low: 2 };

/** A mechanical edit: replace the source range [start, end) with `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface FindingFix {
  /** `fix`: safe to apply automatically; `suggestion`: offered, applied only on request. */
  kind: 'fix' | 'suggestion';
  description: string;
  edits: TextEdit[];
}

/**
 * The rewrite of the entry's migration (`migration` in `rules/*.json`) that the finding's place
 * gives, for `sunset-lint migrate`: edits inside the finding's places only, and what still needs a
 * person there (written at the place as a comment).
 */
export interface FindingMigration {
  description: string;
  edits: TextEdit[];
  comment?: string;
}

/**
 * Another place that belongs to a finding: the request a deprecated path flows into, the other
 * header of a forbidden pair. In the same file as the finding unless `file` says otherwise.
 */
export interface RelatedLocation {
  /** Relative path, `/`-separated, when the place is in another file than the finding. */
  file?: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  range: [number, number];
  /** What the place is, e.g. "the request that sends it (PATCH)". */
  message: string;
}

/** One model for every engine (ESLint plugin, scanner, reports). Lines and columns are 1-based. */
export interface Finding {
  ruleId: RuleName;
  entryId: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Source offsets of the reported range, for editors and fixes. */
  range: [number, number];
  eol: string;
  grade: Grade;
  severity: Severity;
  confidence: Confidence;
  message: string;
  replacement: string;
  fingerprint: string;
  fixes: FindingFix[];
  /** The migration's path rewrite at this place, where the code gives it (`sunset-lint migrate`). */
  migration?: FindingMigration;
  /**
   * Why the text here must not be rewritten although the entry has a rewrite (a constant a request
   * to another host sends too): no fix is offered and `sunset-lint migrate` leaves it to a person.
   */
  noRewrite?: string;
  /** What was found, in the words of the message ("GET /zones/:zone_id/firewall/rules"). */
  subject: string;
  /** Other places of the same usage (the request call when it is not where the text is written). */
  related?: RelatedLocation[];
  /**
   * The language the file was read as, when it is not JavaScript, TypeScript or Terraform
   * (`shell`, `python`, `go`, `docs` for documentation, or `text` for files of other formats read
   * as text: a `Jenkinsfile`, a `justfile`, Nix): the scanner's readers of other languages set it.
   */
  language?: 'shell' | 'python' | 'go' | 'docs' | 'text';
}
