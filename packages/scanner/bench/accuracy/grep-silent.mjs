/**
 * Why the engines leave out the lines grep hits that are no usage: each of grep's false hits on a
 * path term is explained by the written path on that line (`read/written-paths.ts`) and the silent
 * context the reader gave it, or as a comment, or as no path text at all (a word of a path in
 * another shape: a variable named `filters`, a setting id outside a settings call). A path hit with
 * no such explanation is what the grep floor should have reported: `unexplained` (acceptance: none).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveSettings } from '@sunset-lint/core';
import { extractFileFacts, LineIndex } from '@sunset-lint/core/internal';
import tseslint from 'typescript-eslint';

/** @returns {Map<string, string>} the reason for each of grep's false hits on a path, by `file:line:entryId` */
export function explainGrepHits(root, falsePositives, asOf) {
  const settings = resolveSettings({ asOf });
  const reasons = new Map();
  const byFile = new Map();
  for (const hit of falsePositives)
    if (hit.kinds?.includes('path') && /\.[cm]?[jt]sx?$/.test(hit.file))
      byFile.set(hit.file, [...(byFile.get(hit.file) ?? []), hit]);
  for (const [file, hits] of byFile) {
    const source = readFileSync(join(root, file), 'utf8');
    let paths = [];
    try {
      const jsx = /x$/.test(file);
      const { ast } = tseslint.parser.parseForESLint(source, {
        range: true,
        loc: true,
        sourceType: 'module',
        ecmaFeatures: { jsx },
      });
      paths = extractFileFacts(ast, source, settings).inFile.writtenPaths;
    } catch {
      paths = [];
    }
    const lines = new LineIndex(source);
    // A file with suppression comments: what the engines leave out there, they were told to.
    const suppressing = /sunset-lint-ignore|eslint-disable/.test(source);
    const text = source.split(/\r?\n/);
    for (const hit of hits) {
      const onLine = paths.filter(
        (path) => lines.position(path.root[0]).line <= hit.line && hit.line <= lines.position(path.root[1]).line,
      );
      const silent = onLine.find((path) => path.silent)?.silent;
      const line = text[hit.line - 1]?.trim() ?? '';
      const comment = /^(\/\/|\/\*|\*)/.test(line);
      reasons.set(
        `${hit.file}:${hit.line}:${hit.entryId}`,
        silent ??
          (comment
            ? 'comment'
            : onLine.length
              ? suppressing
                ? 'suppressed by a comment'
                : 'a path of another entry or shape'
              : 'no path text'),
      );
    }
  }
  return reasons;
}
