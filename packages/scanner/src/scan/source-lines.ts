import { resolve } from 'node:path';
import type { Finding } from '@sunset-lint/core';
import { LINE_BREAK } from '@sunset-lint/core/internal';
import type { SourceLines } from '../reports/types.js';
import { readSource } from './files/read-source.js';

/**
 * The lines the findings and their related locations point at, read again from the scanned files
 * (only files with findings, only the lines needed): cheaper than carrying every file's text
 * through the scan and its cache for the one report that shows code. Lines break where core's
 * `LineIndex` breaks them (`LINE_BREAK`: as ESLint does), so line numbers agree with the findings.
 * Files are read as the scan read them (`readSource`: regular files only, within `maxFileSize`, without
 * a byte-order mark, so columns on line 1 agree). A file that cannot be read any more is left out;
 * its findings are shown without excerpts.
 */
export function readSourceLines(findings: readonly Finding[], cwd: string, maxFileSize?: number): SourceLines {
  const wanted = new Map<string, Set<number>>();
  const want = (file: string, line: number): void => {
    const lines = wanted.get(file) ?? new Set<number>();
    lines.add(line);
    wanted.set(file, lines);
  };
  for (const finding of findings) {
    want(finding.file, finding.line);
    for (const related of finding.related ?? []) want(related.file ?? finding.file, related.line);
  }
  const result = new Map<string, Map<number, string>>();
  for (const [file, lineNumbers] of wanted) {
    const read = readSource(resolve(cwd, file), maxFileSize);
    if (!read.ok) continue;
    const lines = read.source.split(LINE_BREAK);
    const picked = new Map<number, string>();
    for (const line of lineNumbers) {
      const content = lines[line - 1];
      if (content !== undefined) picked.set(line, content);
    }
    result.set(file, picked);
  }
  return result;
}
