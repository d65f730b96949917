import type { Finding } from '@sunset-lint/core';

/** A finding's related location as the reports show it: always with its file. */
export interface ReportedRelated {
  /** Relative, `/`-separated: the finding's own file unless the place is elsewhere. */
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  /** Whether the place is in the finding's own file (reports grouped by file then omit the path). */
  sameFile: boolean;
}

/** The finding's related locations in core's order (empty for most findings). */
export function relatedOf(finding: Finding): ReportedRelated[] {
  return (finding.related ?? []).map((related) => {
    const file = related.file ?? finding.file;
    return {
      file,
      line: related.line,
      column: related.column,
      endLine: related.endLine,
      endColumn: related.endColumn,
      message: related.message,
      sameFile: file === finding.file,
    };
  });
}

/** `line:column` in the finding's file, `file:line:column` elsewhere: for reports grouped by file. */
export function relatedPosition(related: ReportedRelated): string {
  const position = `${related.line}:${related.column}`;
  return related.sameFile ? position : `${related.file}:${position}`;
}
