import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CatalogueEntry, Finding, FindingFix } from '@sunset-lint/core';
import type { ScanConfig } from '../config/resolve.js';
import type { FindingsOf, FixRun } from '../fix/run.js';
import { fixPaths } from '../fix/run.js';
import { discoverConfigured, findUsages } from '../library/scan.js';
import { readInputBytes } from '../scan/files/read-source.js';
import { MigrationCheck } from './check.js';
import type { JsPlaces } from './js-places.js';
import { ENTRIES_WITH_CODE } from './entries/with-code.js';
import { ScriptPlaces } from './script-places.js';
import { lineCommentOf } from './text.js';
import { planMigration, type MigrationLevel } from './plan.js';
import type { PlaceQueries } from './place-syntax.js';

export interface MigrateOptions {
  cwd: string;
  dryRun: boolean;
  level: MigrationLevel;
  /** `--entry`: only these catalogue entries (default every one). */
  entries?: ReadonlySet<string>;
  /** Called after each scan, before anything is written: a file edited meanwhile must be left alone (tests). */
  afterScan?: () => void;
  /** As each file of a scan is done (the CLI's collector policy). */
  onProgress?: (done: number, total: number) => void;
}

/** A place `migrate` did not change, and why (manual, assisted at the automatic level, nothing to derive). */
export interface LeftPlace {
  finding: Finding;
  reason: string;
}

export interface MigrateRun extends FixRun {
  left: LeftPlace[];
  /** The findings of the first scan (of the entries asked for), before anything was migrated. */
  found: Finding[];
  /** The migration planned at each place of `found` that has one, by fingerprint (the plan report). */
  planned: Map<string, FindingFix>;
}

/**
 * The scan's findings (every language the scanner reads, across files), each carrying the
 * migration of its entry at its place as its one fix; the places nothing is derived for are
 * collected in `left`. The fix machinery then applies them as it applies `fix`'s: text splices at
 * the findings' places, a file changed since the scan left alone, several passes where splices
 * overlap, a dry run as a diff.
 */
export async function migratePaths(
  paths: readonly string[],
  config: ScanConfig,
  options: MigrateOptions,
): Promise<MigrateRun> {
  const byId = config.settings.catalogue.byId;
  const left = new Map<string, LeftPlace>();
  // Each file's size and time before the scan that reports on it: a file written since is left alone.
  const before = new Map<string, string>();
  let found: Finding[] | undefined;
  const planned = new Map<string, FindingFix>();
  const commented = new Set<string>();
  const stamp = (path: string) => {
    try {
      const stat = statSync(path);
      return `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return 'missing';
    }
  };
  const findingsOf: FindingsOf = async (given) => {
    const discovered = await discoverConfigured(options.cwd, given, config);
    for (const path of [...discovered.files, ...discovered.scriptFiles, ...discovered.terraformFiles])
      before.set(resolve(options.cwd, path), stamp(resolve(options.cwd, path)));
    const result = await findUsages(
      { cwd: options.cwd, paths: given, ...(options.onProgress ? { onProgress: options.onProgress } : {}) },
      config,
    );
    options.afterScan?.();
    const wanted = result.findings.filter((finding) => !options.entries || options.entries.has(finding.entryId));
    const migrations = await withMigrations(wanted, byId, options, left, undefined, commented);
    if (!found) {
      found = wanted;
      for (const finding of migrations) planned.set(finding.fingerprint, finding.fixes[0]!);
    }
    return { findings: migrations, diagnostics: result.diagnostics };
  };
  const check = new MigrationCheck(config);
  try {
    const run = await fixPaths(paths, findingsOf, {
      cwd: options.cwd,
      dryRun: options.dryRun,
      suggestions: false,
      // A comment alone does not migrate its finding: the check does not expect it gone.
      check: (change) =>
        check.check({ ...change, applied: change.applied.filter((a) => !commented.has(a.finding.fingerprint)) }),
      changedSinceScan: (file) => {
        const path = resolve(options.cwd, file);
        return before.has(path) && before.get(path) !== stamp(path);
      },
    });
    // A place migrated in a later pass (held back by an overlapping one at first) is not left.
    const migrated = new Set(run.files.flatMap((file) => file.applied.map((applied) => applied.finding.fingerprint)));
    return {
      ...run,
      left: [...left.values()].filter(
        (place) => !migrated.has(place.finding.fingerprint) || commented.has(place.finding.fingerprint),
      ),
      found: found ?? [],
      planned,
    };
  } finally {
    check.dispose();
  }
}

/**
 * The findings that have a migration at their place, with it as their one fix. `placesOf`: what
 * answers the rewrites' questions about a JavaScript or TypeScript file's syntax (a JSON scan's
 * `PlaceSyntax`, place-class.ts); by default the file's TypeScript tree (`JsPlaces`), parsed here.
 */
export async function withMigrations(
  findings: readonly Finding[],
  byId: ReadonlyMap<string, CatalogueEntry>,
  options: MigrateOptions,
  left: Map<string, LeftPlace>,
  placesOf?: (file: string) => PlaceQueries | undefined,
  /** Collects the places whose fix only writes a comment (the finding stays: still left for a person). */
  commented?: Set<string>,
): Promise<Finding[]> {
  const out: Finding[] = [];
  const byFile = new Map<string, Finding[]>();
  for (const finding of findings) byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), finding]);
  for (const [file, fileFindings] of byFile) {
    const read = readInputBytes(resolve(options.cwd, file));
    if (!read.ok) continue;
    const text = read.bytes.toString('utf8').replace(/^\uFEFF/, '');
    const first = fileFindings[0]!;
    const language = isJavaScript(first) ? 'javascript' : (first.language ?? 'terraform');
    let js: JsPlaces | undefined | null = null;
    // A comment is written only at --level assisted (an assisted entry's rewrite, an automatic
    // entry's assisted place): the tree is read only then.
    const assisted =
      options.level === 'assisted' &&
      fileFindings.some((f) => ['assisted', 'automatic'].includes(byId.get(f.entryId)?.migration?.class ?? ''));
    const given = placesOf && language === 'javascript' ? placesOf(file) : undefined;
    const withCode = fileFindings.some((f) => ENTRIES_WITH_CODE.has(f.entryId));
    // TypeScript's tree (and TypeScript) only where something reads it: not for a JSON scan's classes.
    const TreeOf =
      language === 'javascript' && (!given || withCode || assisted)
        ? (await import('./js-places.js')).JsPlaces
        : undefined;
    const tree = () => {
      if (js === null) {
        if (language === 'javascript' && !TreeOf) throw new Error(`${file}: TypeScript's tree was not loaded`);
        js = TreeOf ? new TreeOf(file, text) : undefined;
      }
      return js;
    };
    const source = {
      text,
      js: given ? () => given : tree,
      tree,
      ...(withCode ? { entryCode: await import('./entries/index.js') } : {}),
      // Terraform's settings and the statements that only send a retired setting's request are
      // removed at every level; other languages need it only for comments.
      script:
        language !== 'javascript' && (assisted || language === 'terraform' || removesCalls(fileFindings, byId))
          ? await ScriptPlaces.of(file, first.language, text)
          : undefined,
      lineComment: lineCommentOf(language),
      language,
    };
    // One comment per statement: a second finding there leaves it to the first.
    const inserted = new Set<string>();
    for (const finding of [...fileFindings].sort((a, b) => a.range[0] - b.range[0])) {
      const entry = byId.get(finding.entryId);
      const planned = entry ? planMigration(finding, entry, options.level, source) : { leftFor: 'unknown entry' };
      if ('leftFor' in planned) {
        left.set(finding.fingerprint, { finding, reason: planned.leftFor });
        continue;
      }
      if (planned.commentOnly !== undefined) {
        left.set(finding.fingerprint, { finding, reason: planned.commentOnly });
        commented?.add(finding.fingerprint);
      }
      const edits = planned.fix.edits.filter((edit) => {
        if (edit.start !== edit.end) return true;
        const key = `${edit.start}\u0000${edit.text}`;
        if (inserted.has(key)) return false;
        inserted.add(key);
        return true;
      });
      out.push({ ...finding, fixes: [{ ...planned.fix, edits }] });
    }
  }
  return out;
}

/** Whether a finding of the file is of an entry whose migration removes calls. */
function removesCalls(findings: readonly Finding[], byId: ReadonlyMap<string, CatalogueEntry>): boolean {
  return findings.some((f) => byId.get(f.entryId)?.migration?.rewrites?.some((r) => r.kind === 'remove-call'));
}

/** JavaScript or TypeScript: what the scanner reads without a `language` (Terraform aside). */
function isJavaScript(finding: Finding): boolean {
  return finding.language === undefined && !/\.tf$/i.test(finding.file);
}
