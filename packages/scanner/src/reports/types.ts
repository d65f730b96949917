import type { CatalogueEntry, Finding, Grade, MigrationClass, Severity, SuppressedFinding } from '@sunset-lint/core';
import type { Shard } from '../shard/shard.js';

/** Report formats the scanner writes (`--format`). */
export type ReportFormat =
  'text' | 'json' | 'sarif' | 'markdown' | 'html' | 'github' | 'gitlab' | 'junit' | 'checkstyle';
export const REPORT_FORMATS: readonly ReportFormat[] = [
  'text',
  'json',
  'sarif',
  'markdown',
  'html',
  'github',
  'gitlab',
  'junit',
  'checkstyle',
];

/** A problem with the scan itself (an unparsable file, an unresolved import), never a finding. */
export interface Diagnostic {
  /** Stable machine-readable code, e.g. `parse-error`, `unresolved-import`, `read-error`. */
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** Relative to the current directory, `/`-separated. */
  file?: string;
  line?: number;
  column?: number;
}

export interface BaselineSummary {
  /** The baseline file as given on the command line (or found: `.sunset-lint-baseline.json` at the repository root), from the current directory. */
  file: string;
  /** Entries the baseline holds (in this shard's files, for a shard). */
  entries?: number;
  /** Findings hidden because the baseline has them. */
  suppressed: number;
  /** Baseline entries that no longer occur (fixed or moved beyond recognition). */
  stale: Array<{ fingerprint: string; file: string; entryId: string }>;
}

/** Everything a report renders. Findings are sorted (file, line, column, entryId) with relative `/` paths. */
export interface ScanReport {
  tool: {
    name: string;
    version: string;
    informationUri: string;
    /**
     * Where the catalogue's relative `docs` paths (`docs/schedule.md#<id>`) resolve, with a
     * trailing slash. Default: the repository browser at `informationUri` (`<informationUri>/blob/main/`
     * for a GitHub repository, else `informationUri` itself).
     */
    docsBaseUri?: string;
  };
  /** `YYYY-MM-DD`. */
  asOf: string;
  imminentDays: number;
  /** The catalogue in effect (after the user's additions, overrides and disables), by end of life. */
  catalogue: readonly CatalogueEntry[];
  findings: readonly Finding[];
  /**
   * The migration class of each finding's place, by fingerprint (`migrate/place-class.ts`): the JSON
   * report's `migration`. Absent: the report does not say it. With `repositories`, keyed by
   * `NAME/fingerprint` (a fingerprint is of a path from its own repository's root).
   */
  migrationClasses?: ReadonlyMap<string, MigrationClass>;
  /**
   * Findings that suppression comments silenced: not findings of the report (no format counts or
   * lists them); SARIF carries them as results with an in-source suppression.
   */
  suppressed?: readonly SuppressedFinding[];
  diagnostics: readonly Diagnostic[];
  filesScanned: number;
  failOn: Grade | 'none';
  /** Documentation findings count against `failOn` (`--fail-on-docs`); absent: they never fail the scan. */
  failOnDocs?: boolean;
  /** Severity per grade in effect (for SARIF rules' default level); default: core's DEFAULT_SEVERITIES. */
  severities?: Readonly<Record<Grade, Severity>>;
  baseline?: BaselineSummary;
  /**
   * `scan --quiet`: how many findings of each grade the report leaves out (the warnings), so that
   * the text report says what it hid instead of "No deprecated API usage found". Absent without
   * `--quiet` or when nothing was hidden.
   */
  hiddenByQuiet?: Partial<Record<Grade, number>>;
  /**
   * The current directory relative to the repository root (the git top level), `/`-separated, no
   * trailing slash; absent or `''` at the root. The formats that CI services resolve against the
   * checkout (SARIF, GitHub annotations, GitLab Code Quality) prefix it to every path.
   */
  repositoryPrefix?: string;
  /** `--shard`: this report covers the files of shard `index` of `total` only (`sunset-lint merge` joins them). */
  shard?: Shard;
  /**
   * A hash of what decides the findings besides the code and the date: the catalogue in effect,
   * `imminentDays`, severities, `minConfidence`, `apiHosts`. Shards are merged only when it agrees.
   */
  settingsFingerprint?: string;
  /**
   * The source lines the findings and their related locations point at: file (as in the findings)
   * to 1-based line number to the line's text. Read by the scan command only when a report that
   * shows code (HTML) is written; a file or line missing here is shown without its excerpt.
   */
  sourceLines?: SourceLines;
  /**
   * `scan --since FILE`: per entry, the places of an earlier JSON report of the same repository and
   * how many of them are no longer found (by fingerprint); the HTML report's schedule shows it.
   */
  progress?: MigrationProgress;
  /**
   * `merge --repository NAME=FILE…`: the report joins these repositories' reports, every path
   * prefixed by the repository's name (`NAME/src/x.ts`); their counts, in the order given.
   */
  repositories?: readonly RepositorySummary[];
}

/** One repository of a report of several (`merge --repository`). */
export interface RepositorySummary {
  name: string;
  /** Its JSON scan report, as given on the command line. */
  report: string;
  filesScanned: number;
  byGrade: Record<Grade, number>;
  total: number;
}

/** Places of an earlier report (`earlier`) and those of them no longer found (`migrated`). */
export interface MigrationProgress {
  /** The earlier report's `asOf`. */
  since: string;
  byEntry: Record<string, { earlier: number; migrated: number }>;
  total: { earlier: number; migrated: number };
}

/** File to 1-based line number to text (without its line break). */
export type SourceLines = ReadonlyMap<string, ReadonlyMap<number, string>>;

export interface RenderOptions {
  /** ANSI colors (text format only): on when writing to a TTY and NO_COLOR is unset. */
  color: boolean;
  /** SARIF `runAutomationDetails.id` category (`--sarif-category`); default `sunset-lint`. */
  sarifCategory?: string;
  /** Columns to wrap long lines to (text format only; a TTY's width, see reports/wrap.ts); unset: no wrapping. */
  width?: number;
  /** What the HTML report prints (`--html-print`): everything (default), or the summary only (its page control starts checked). */
  htmlPrint?: 'full' | 'summary';
}
