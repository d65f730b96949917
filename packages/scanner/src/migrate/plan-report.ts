import type { CatalogueEntry, Finding, MigrationClass } from '@sunset-lint/core';
import { byEndOfLife, compareText, formatDay, type Grade } from '@sunset-lint/core/schedule';
import { applyBaseline } from '../baseline/baseline.js';
import type { MigrationProgress } from '../reports/types.js';
import type { MigrateRun } from './run.js';
import { escapeRegExp } from '@sunset-lint/core/internal';

/**
 * Version of the plan's JSON shape (docs/migrate.md#the-plans-json). Adding a field keeps it;
 * renaming, removing or changing the meaning of one bumps it.
 */
const PLAN_VERSION = 1;

/** One place of the plan: where, and whether `migrate` rewrites it at its default level or a person does. */
export interface PlanPlace {
  /** `--repository NAME=…`: the repository it is in. */
  repository?: string;
  file: string;
  line: number;
  column: number;
  fingerprint: string;
  /** `automatic`: `migrate` (default level) rewrites it; `person`: it is left for a person. */
  migrate: 'automatic' | 'person';
  /** What `migrate` writes there (automatic places), in its summary's words. */
  change?: string;
  /** Why a person does it (person places), in the words `migrate` lists it with. */
  reason?: string;
  /** The replacement request, from the code's own values where the finding gives them. */
  request?: PlanRequest;
}

/** The request that replaces the place's: what the finding and the entry's migration give of it. */
export interface PlanRequest {
  /** `GET`, `PATCH`, or the methods the endpoint takes (`GET|POST`) when the code does not say. */
  method?: string;
  /** The new path, as the code writes the old one where it does (`/zones/${zoneId}/dns_settings`). */
  path: string;
  /** Body keys the new endpoint takes under another name: old name to new. */
  bodyKeys?: Record<string, string>;
  /** What else the new request needs (the migration's comment for this method). */
  note?: string;
}

/** Places of one entry, or of all: now, and progress against an earlier report. */
export interface PlanCounts {
  places: number;
  automatic: number;
  person: number;
  /** With an earlier report: the places it had. */
  earlier?: number;
  /** With an earlier report: its places no longer found (by fingerprint). */
  migrated?: number;
}

export interface PlanEntry {
  id: string;
  title: string;
  eol: string;
  grade?: Grade;
  class: MigrationClass | 'none';
  description: string;
  person?: string;
  counts: PlanCounts;
  /** With `--repository`: the counts per repository that has places of the entry (now or earlier). */
  byRepository?: Record<string, PlanCounts>;
  places: PlanPlace[];
}

export interface MigrationPlan {
  version: number;
  tool: { name: string; version: string };
  asOf: string;
  /** The `migrate` level the automatic places are counted at. */
  level: 'automatic';
  /**
   * `place`: each place was looked at as `migrate` does (a scan of the code); `entry-class`: the
   * plan was made from reports, which carry no code, so a place counts as automatic when its
   * entry's migration class is.
   */
  automaticBy: 'place' | 'entry-class';
  /** `--since`: the earlier report's as-of date (per repository under `repositories`). */
  since?: string;
  /** `--repository`: each repository, in the order given, with its totals. */
  repositories?: Array<{ name: string; asOf: string; since?: string; counts: PlanCounts }>;
  entries: PlanEntry[];
  total: PlanCounts;
}

/** What the plan needs of an earlier JSON scan report (docs/report-format.md). */
export interface EarlierReport {
  asOf: string;
  findings: ReadonlyArray<{ fingerprint: string; file: string; entryId: string; ruleId: string }>;
}

/** One repository's places now, and its earlier report (`--since`). */
export interface PlanSource {
  name?: string;
  asOf: string;
  places: ReadonlyArray<PlanPlace & { entryId: string; grade?: Grade }>;
  earlier?: EarlierReport;
}

/**
 * The plan every format renders (one source of truth): per catalogue entry in end-of-life order,
 * its places now, which `migrate` rewrites and which need a person, and (with an earlier report)
 * how many of the earlier places are gone. An earlier place is migrated when its fingerprint is no
 * longer found, as a baseline entry goes stale.
 */
export function buildMigrationPlan(
  sources: readonly PlanSource[],
  catalogue: readonly CatalogueEntry[],
  meta: { version: string; asOf: string; automaticBy: MigrationPlan['automaticBy'] },
): MigrationPlan {
  const named = sources.some((source) => source.name !== undefined);
  const rows = new Map<
    string,
    { places: PlanPlace[]; grade?: Grade; counts: PlanCounts; by: Map<string, PlanCounts> }
  >();
  const row = (id: string) => {
    let found = rows.get(id);
    if (!found) rows.set(id, (found = { places: [], counts: zero(), by: new Map() }));
    return found;
  };
  const total = zero();
  const repositories: NonNullable<MigrationPlan['repositories']> = [];
  for (const source of sources) {
    const counts = zero(source.earlier !== undefined);
    const repoCounts = (id: string) => {
      const by = row(id).by;
      const key = source.name ?? '';
      if (!by.has(key)) by.set(key, zero(source.earlier !== undefined));
      return by.get(key)!;
    };
    for (const { entryId, grade, ...place } of source.places) {
      const entry = row(entryId);
      if (grade) entry.grade = grade;
      entry.places.push({ ...(source.name !== undefined ? { repository: source.name } : {}), ...place });
      for (const c of [entry.counts, repoCounts(entryId), counts, total]) add(c, place.migrate);
    }
    if (source.earlier) {
      const progress = progressSince(source.earlier, source.places);
      for (const [entryId, done] of Object.entries(progress.byEntry))
        for (const c of [row(entryId).counts, repoCounts(entryId)]) addProgress(c, done);
      for (const c of [counts, total]) addProgress(c, progress.total);
    }
    if (named)
      repositories.push({
        name: source.name ?? '',
        asOf: source.asOf,
        ...(source.earlier ? { since: source.earlier.asOf } : {}),
        counts,
      });
  }
  const byId = new Map(catalogue.map((entry) => [entry.id, entry]));
  const entries = [...rows]
    .map(([id, found]): PlanEntry => {
      const entry = byId.get(id);
      const migration = entry?.migration;
      return {
        id,
        title: entry?.title ?? id,
        eol: entry ? formatDay(entry.eol) : '',
        ...(found.grade ? { grade: found.grade } : {}),
        class: migration?.class ?? 'none',
        description: migration?.description ?? entry?.replacement ?? '',
        ...(migration?.person ? { person: migration.person } : {}),
        counts: found.counts,
        ...(named ? { byRepository: Object.fromEntries(found.by) } : {}),
        places: found.places.sort(
          (a, b) =>
            compareText(a.repository ?? '', b.repository ?? '') ||
            compareText(a.file, b.file) ||
            a.line - b.line ||
            a.column - b.column,
        ),
      };
    })
    .sort((a, b) => {
      const ea = byId.get(a.id);
      const eb = byId.get(b.id);
      return (ea && eb ? byEndOfLife(ea, eb) : compareText(a.eol, b.eol)) || compareText(a.id, b.id);
    });
  const sinceDates = [...new Set(sources.flatMap((source) => (source.earlier ? [source.earlier.asOf] : [])))];
  return {
    version: PLAN_VERSION,
    tool: { name: 'sunset-lint', version: meta.version },
    asOf: meta.asOf,
    level: 'automatic',
    automaticBy: meta.automaticBy,
    ...(sinceDates.length === 1 ? { since: sinceDates[0]! } : {}),
    ...(named ? { repositories } : {}),
    entries,
    total,
  };
}

function zero(withEarlier = false): PlanCounts {
  return { places: 0, automatic: 0, person: 0, ...(withEarlier ? { earlier: 0, migrated: 0 } : {}) };
}

function add(counts: PlanCounts, migrate: PlanPlace['migrate']): void {
  counts.places += 1;
  counts[migrate] += 1;
}

function addProgress(counts: PlanCounts, done: { earlier: number; migrated: number }): void {
  counts.earlier = (counts.earlier ?? 0) + done.earlier;
  counts.migrated = (counts.migrated ?? 0) + done.migrated;
}

/**
 * Per entry and in total, the earlier report's places and those of them no longer found now (the
 * plan's progress, and the HTML audit's with `scan --since`). A place is gone when its fingerprint
 * is: the earlier report applied as a baseline to the findings now, whose stale entries are exactly
 * those (every file counts as scanned: a place in a file deleted since is gone too).
 */
export function progressSince(
  earlier: EarlierReport,
  now: ReadonlyArray<{ fingerprint: string }>,
): Omit<MigrationProgress, 'since'> {
  const entries = earlier.findings.map((f) => ({ ...f, subject: '' }));
  // applyBaseline reads only the findings' fingerprints.
  const findings = now.map((place) => ({ fingerprint: place.fingerprint }) as Finding);
  const { summary } = applyBaseline(findings, entries, '', { prefix: '', scanned: () => true });
  const gone = new Set(summary.stale.map((stale) => stale.fingerprint));
  const byEntry: MigrationProgress['byEntry'] = {};
  const total = { earlier: 0, migrated: 0 };
  for (const place of earlier.findings) {
    const done = (byEntry[place.entryId] ??= { earlier: 0, migrated: 0 });
    const migrated = gone.has(place.fingerprint) ? 1 : 0;
    for (const c of [done, total]) {
      c.earlier += 1;
      c.migrated += migrated;
    }
  }
  return { byEntry, total };
}

/**
 * The request that replaces a finding's: its method and the new path (the entry's path rewrite
 * applied to the code's own text of the URL where it writes the old segments, else to the
 * catalogue's path), and the body keys the new endpoint renames. Undefined where the entry's
 * migration is not a path rewrite (firewall rules, rate limits, analytics: the description says).
 */
export function replacementRequest(finding: Finding, entry: CatalogueEntry, text: string): PlanRequest | undefined {
  const subject = /^([A-Z]+(?:\|[A-Z]+)*) (\/\S+?)(\/…)?$/.exec(finding.subject);
  const method = subject?.[1];
  const template = subject?.[2];
  const written = enclosingString(text, finding.range) ?? text.slice(finding.range[0], finding.range[1]);
  for (const rewrite of entry.migration?.rewrites ?? []) {
    if (rewrite.kind !== 'path') continue;
    const segments = new RegExp(`(^|[/'"\`])${escapeRegExp(rewrite.from)}(?=[/?#'"\`]|$)`);
    // The code's own text where it writes the whole path (every literal segment of the catalogue's
    // path), not a fragment of a concatenation.
    const literals = (template ?? '').split('/').filter((segment) => segment !== '' && !/^[:{]/.test(segment));
    const whole = literals.every((segment) => written.includes(segment));
    const inCode = whole && segments.test(written) && written.length <= 300 ? unquoted(written) : undefined;
    const base = inCode ?? (template && segments.test(template) ? template : undefined);
    if (base === undefined) continue;
    const path = base.replace(segments, (_match, before: string) => `${before}${rewrite.to}`);
    const note = (method && rewrite.methodComments?.[method]) ?? rewrite.comment;
    return {
      ...(method ? { method } : {}),
      path,
      // A read sends no body: the renamed key is for the writes.
      ...(rewrite.renameBodyKey && !/^(?:GET|DELETE|HEAD)$/.test(method ?? '')
        ? { bodyKeys: { [rewrite.renameBodyKey.from]: rewrite.renameBodyKey.to } }
        : {}),
      ...(note ? { note } : {}),
    };
  }
  return undefined;
}

/** A string literal's text without its quotes (a template literal keeps its `${…}`). */
function unquoted(written: string): string {
  const quoted = /^(['"`])([\s\S]*)\1$/.exec(written.trim());
  return quoted ? quoted[2]! : written.trim();
}

/**
 * The places of a `migrate` dry run at the default level: automatic where it rewrites them (also
 * those an overlapping rewrite holds back to a later pass), for a person where it lists them or
 * leaves their file alone; each person's place with its replacement request.
 */
export function placesOfRun(
  run: MigrateRun,
  byId: ReadonlyMap<string, CatalogueEntry>,
  textOf: (file: string) => string | undefined,
): PlanSource['places'] {
  const applied = new Map(
    run.files.flatMap((file) =>
      file.applied.map(({ finding, fix }) => [finding.fingerprint, fix.description] as const),
    ),
  );
  const left = new Map(run.left.map((place) => [place.finding.fingerprint, place.reason]));
  const refused = new Map(run.refused.map((refusal) => [refusal.file, `left alone: ${refusal.reason}`]));
  for (const file of run.stale) refused.set(file, 'changed since it was scanned: not migrated');
  return run.found.map((finding) => {
    const common = placeOf(finding);
    const change = applied.get(finding.fingerprint);
    if (change !== undefined) return { ...common, migrate: 'automatic' as const, change };
    const planned = run.planned.get(finding.fingerprint);
    if (planned && !refused.has(finding.file))
      return { ...common, migrate: 'automatic' as const, change: planned.description };
    const reason = refused.get(finding.file) ?? left.get(finding.fingerprint) ?? 'not migrated';
    const entry = byId.get(finding.entryId);
    const text = entry ? textOf(finding.file) : undefined;
    const request = entry && text !== undefined ? replacementRequest(finding, entry, text) : undefined;
    return { ...common, migrate: 'person' as const, reason, ...(request ? { request } : {}) };
  });
}

/** What the plan reads of a JSON scan report (docs/report-format.md). */
export interface ScanJson {
  asOf: string;
  findings: Array<{
    fingerprint: string;
    file: string;
    line: number;
    column: number;
    entryId: string;
    ruleId: string;
    grade: Grade;
    /** The place's migration class, in reports that carry it (place-class.ts). */
    migration?: string;
  }>;
}

/**
 * A JSON scan report's places, automatic by the class the report gives each place (`migration`), or
 * where a report does not give it, by their entry's migration class (a report has no code).
 */
export function placesOfReport(report: ScanJson, byId: ReadonlyMap<string, CatalogueEntry>): PlanSource['places'] {
  return report.findings.map((finding) => {
    const migration = byId.get(finding.entryId)?.migration;
    const placeClass = finding.migration ?? migration?.class;
    const automatic = placeClass === 'automatic';
    return {
      ...placeOf(finding),
      migrate: automatic ? ('automatic' as const) : ('person' as const),
      ...(automatic
        ? {}
        : migration?.class === 'automatic'
          ? {
              reason: `assisted place of an automatic migration: ${migration.assistedShapes ?? migration.person ?? ''}`,
            }
          : { reason: `${migration?.class ?? 'no'} migration${migration?.person ? `: ${migration.person}` : ''}` }),
    };
  });
}

/** Where a finding (of a scan, or of a JSON report) is: what every place of the plan carries. */
function placeOf(
  finding: Pick<Finding, 'entryId' | 'grade' | 'file' | 'line' | 'column' | 'fingerprint'>,
): Pick<PlanSource['places'][number], 'entryId' | 'grade' | 'file' | 'line' | 'column' | 'fingerprint'> {
  const { entryId, grade, file, line, column, fingerprint } = finding;
  return { entryId, grade, file, line, column, fingerprint };
}

/** The string literal on one line around the range (the URL the reported segments are part of). */
function enclosingString(text: string, [start, end]: readonly [number, number]): string | undefined {
  const lineBegin = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end);
  const before = text.slice(lineBegin, start);
  const open = Math.max(before.lastIndexOf("'"), before.lastIndexOf('"'), before.lastIndexOf('`'));
  if (open === -1) return undefined;
  const quote = before[open]!;
  const close = text.indexOf(quote, end);
  if (close === -1 || close >= lineEnd) return undefined;
  const literal = text.slice(lineBegin + open, close + 1);
  // Another string's closing quote is not this one's opening: an odd count of quotes before it.
  return before.slice(0, open).split(quote).length % 2 === 1 ? literal : undefined;
}
