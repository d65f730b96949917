import type { ParsePlan } from './parse-plan.js';

/**
 * The files a shard analyses: its own, and the other scanned files to parse whose cross-file
 * matches may land in one of its own. A match lands in another file only when the value was
 * written there and reached the request through imports, so those are the parsed files that
 * import one of the shard's files, directly or through others (barrels, re-exports). Without an
 * import graph (the prefilters off) every file may contribute.
 */
export function filesToAnalyse(plan: ParsePlan, files: readonly string[], own: (file: string) => boolean): Set<string> {
  if (plan.imports.size === 0) return new Set(files);
  const importers = new Map<string, string[]>();
  for (const [file, imports] of plan.imports)
    for (const target of imports) {
      const known = importers.get(target);
      if (known) known.push(file);
      else importers.set(target, [file]);
    }
  const reached = new Set(files.filter(own));
  const pending = [...reached];
  while (pending.length > 0) {
    const file = pending.pop()!;
    for (const importer of importers.get(file) ?? [])
      if (!reached.has(importer)) {
        reached.add(importer);
        pending.push(importer);
      }
  }
  return new Set(files.filter((file) => own(file) || (reached.has(file) && plan.parse.has(file))));
}
