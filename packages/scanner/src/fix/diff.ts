import { structuredPatch } from 'diff';

/**
 * A git-style unified diff of one file (`a/` and `b/` prefixes), so that the output of
 * `fix --dry-run` can be reviewed as is or applied with `git apply` / `patch -p1`.
 */
export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  const patch = structuredPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context });
  if (patch.hunks.length === 0) return '';
  const out = [`diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`];
  for (const hunk of patch.hunks) {
    out.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    out.push(...hunk.lines);
  }
  return `${out.join('\n')}\n`;
}
