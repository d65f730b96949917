import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { compareText } from '../compare-text.js';
import { corePackageRoot } from '../package-root.js';
import { CatalogueError } from './errors.js';
import { compareDays, formatDay } from '../grading/day.js';
import { resolveFieldContexts } from './field-contexts.js';
import { calendarDay, checkedEntry, validateEntry } from './validate.js';
import { BUILTIN_CHECKED } from './builtin-checked.generated.js';
import { textFingerprint } from '../text/text-fingerprint.js';
import type {
  Catalogue,
  CatalogueChanges,
  CatalogueEntry,
  CatalogueEntryData,
  EntrySource,
  ValidatedEntry,
} from './types.js';

/**
 * The built-in catalogue lives in the repository's `rules/` (a packed core carries a copy in
 * its own `rules/`); resolved from this module so it works from any working directory.
 */
export function defaultRulesDir(): string {
  const packaged = join(corePackageRoot(), 'rules');
  if (existsSync(join(packaged, 'schema.json'))) return `${packaged}/`;
  return `${join(corePackageRoot(), '..', '..', 'rules')}/`;
}

export function schemaPath(rulesDir = defaultRulesDir()): string {
  return join(rulesDir, 'schema.json');
}

function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel.split('\\').join('/');
}

/** The entry files of a rules folder (`*.json` but `schema.json`), by name, sorted. */
export function entryFileNames(rulesDir: string): string[] {
  return readdirSync(rulesDir)
    .filter((name) => name.endsWith('.json') && name !== 'schema.json')
    .sort();
}

/**
 * Fingerprints (`textFingerprint`) of rule texts a full validation passed: `schema.json`'s, and each
 * entry file's by its name.
 */
export interface CheckedTexts {
  schema: string;
  entries: Readonly<Record<string, string>>;
}

/** The built-in folder's fingerprints (written by `pnpm docs`), for that folder only. */
function checkedFor(rulesDir: string): CheckedTexts | undefined {
  return resolve(rulesDir) === resolve(defaultRulesDir()) ? BUILTIN_CHECKED : undefined;
}

/**
 * Reads and validates every `rules/*.json` entry (schema.json excluded). An entry whose text has the
 * fingerprint `checked` gives its file, beside a `schema.json` that has its own, passed a full
 * validation when `pnpm docs` wrote the fingerprints (`builtin-checked.generated.ts`, which
 * `pnpm docs:check` keeps current): it is taken as it is, without the generated validator, whose
 * first call compiles some 140 KB of code (13 ms of a start on Node 24, 21 ms on Node 20). Any other
 * text (an entry edited since, another folder's) is validated in full.
 */
export function loadBuiltinEntries(
  rulesDir = defaultRulesDir(),
  checked: CheckedTexts | undefined = checkedFor(rulesDir),
): Array<{ entry: ValidatedEntry; source: EntrySource }> {
  const files = entryFileNames(rulesDir);
  const schemaChecked =
    checked !== undefined && textFingerprint(readFileSync(schemaPath(rulesDir), 'utf8')) === checked.schema;
  return files.map((name) => {
    const file = join(rulesDir, name);
    const shown = displayPath(file);
    let text: string;
    let raw: unknown;
    try {
      text = readFileSync(file, 'utf8');
      raw = JSON.parse(text);
    } catch (error) {
      throw new CatalogueError(`${shown}: not valid JSON: ${(error as Error).message}`, shown);
    }
    const entry =
      schemaChecked && Object.hasOwn(checked.entries, name) && checked.entries[name] === textFingerprint(text)
        ? checkedEntry(raw as CatalogueEntryData, shown)
        : validateEntry(raw, shown, schemaPath(rulesDir));
    if (`${entry.id}.json` !== name) {
      throw new CatalogueError(
        `${shown}: entry '${entry.id}': field 'id' must match the file name (${name})`,
        shown,
        entry.id,
        'id',
      );
    }
    return { entry, source: { kind: 'builtin', file: shown } };
  });
}

export interface LoadCatalogueOptions {
  rulesDir?: string;
  changes?: CatalogueChanges;
  /** Named in error messages about `changes` (a config file, or "ESLint settings"). */
  changesSource?: string;
}

const builtinCache = new Map<string, Array<{ entry: ValidatedEntry; source: EntrySource }>>();

/**
 * Loads the built-in catalogue and applies user changes: additions (same schema), end-of-life
 * overrides and disables. An unknown or duplicate id is an error naming it.
 */
export function loadCatalogue(options: LoadCatalogueOptions = {}): Catalogue {
  const rulesDir = options.rulesDir ?? defaultRulesDir();
  let builtin = builtinCache.get(rulesDir);
  if (!builtin) {
    builtin = loadBuiltinEntries(rulesDir);
    builtinCache.set(rulesDir, builtin);
  }
  const changes = options.changes ?? {};
  const where = options.changesSource ?? 'configuration';
  const validated = new Map<string, ValidatedEntry>();
  const sources = new Map<string, EntrySource>();
  for (const { entry, source } of builtin) {
    validated.set(entry.id, entry);
    sources.set(entry.id, source);
  }

  (changes.add ?? []).forEach((raw, index) => {
    const label = `${where} (add[${index}])`;
    const entry = validateEntry(raw, label, schemaPath(rulesDir));
    if (validated.has(entry.id)) {
      throw new CatalogueError(
        `${label}: entry '${entry.id}': field 'id' is already used by ${sources.get(entry.id)?.file ?? 'another entry'}`,
        label,
        entry.id,
        'id',
      );
    }
    validated.set(entry.id, entry);
    sources.set(entry.id, { kind: 'user', file: where });
  });

  // Before any is disabled: a context one entry defines serves the others that name it.
  const byId = new Map<string, CatalogueEntry>(
    resolveFieldContexts([...validated.values()].map((entry) => ({ entry, file: sources.get(entry.id)!.file }))).map(
      (entry) => [entry.id, entry],
    ),
  );

  // Every unknown id at once: a configuration is mended in one go, not one run per id.
  const unknown = unknownIds(changes, byId);
  if (unknown.length === 1) throw unknownId(unknown[0]!.id, `${where} (${unknown[0]!.section})`, byId);
  if (unknown.length > 1)
    throw new CatalogueError(
      `${where}: ${unknown.length} problems:\n${unknown.map(({ key, problem }) => `  '${key}' ${problem}`).join('\n')}`,
      where,
      unknown[0]!.id,
    );

  for (const [id, eol] of Object.entries(changes.eolOverrides ?? {})) {
    const entry = byId.get(id);
    if (!entry) throw unknownId(id, `${where} (eolOverrides)`, byId);
    byId.set(id, { ...entry, eol: calendarDay(eol, `${where} (eolOverrides)`, id, 'eol') });
  }

  for (const id of changes.disable ?? []) {
    if (!byId.has(id)) throw unknownId(id, `${where} (disable)`, byId);
    byId.delete(id);
  }

  const entries = [...byId.values()].sort(byEndOfLife);
  return { entries, byId, sources };
}

/** Entries by end of life, then by id: the order of the catalogue and of every list of its entries. */
export function byEndOfLife(a: CatalogueEntry, b: CatalogueEntry): number {
  return compareDays(a.eol, b.eol) || compareText(a.id, b.id);
}

/**
 * The entry as the data writes it (`eol` as `YYYY-MM-DD` text, every field in its place): what a
 * hash or a copy of the catalogue in effect is made of, so it reads as the files do.
 */
export function writtenEntry(entry: CatalogueEntry): CatalogueEntryData {
  return { ...entry, eol: formatDay(entry.eol) };
}

function unknownId(id: string, where: string, known: ReadonlyMap<string, unknown>): CatalogueError {
  return new CatalogueError(`${where}: ${unknownIdProblem(id, known)}`, where, id);
}

function unknownIdProblem(id: string, known: ReadonlyMap<string, unknown>): string {
  const suggestion = closest(id, [...known.keys()]);
  return `unknown catalogue entry id '${id}'${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`;
}

/** A configuration's `catalogue.eolOverrides` key or `catalogue.disable` item that names no entry. */
export interface UnknownCatalogueId {
  /** The key path, as the settings' problems name keys: `catalogue.disable[0]`, `catalogue.eolOverrides.x`. */
  key: string;
  section: 'eolOverrides' | 'disable';
  id: string;
  /** `unknown catalogue entry id 'x' (did you mean 'y'?)`. */
  problem: string;
}

function unknownIds(changes: unknown, known: ReadonlyMap<string, unknown>): UnknownCatalogueId[] {
  if (!isRecord(changes)) return [];
  const found: UnknownCatalogueId[] = [];
  const { eolOverrides, disable } = changes;
  if (isRecord(eolOverrides))
    for (const id of Object.keys(eolOverrides))
      if (!known.has(id))
        found.push({
          key: `catalogue.eolOverrides.${id}`,
          section: 'eolOverrides',
          id,
          problem: unknownIdProblem(id, known),
        });
  if (Array.isArray(disable))
    disable.forEach((id: unknown, index) => {
      if (typeof id === 'string' && !known.has(id))
        found.push({
          key: `catalogue.disable[${index}]`,
          section: 'disable',
          id,
          problem: unknownIdProblem(id, known),
        });
    });
  return found;
}

/**
 * The unknown entry ids of raw, not yet validated settings (their `catalogue`): what the settings
 * check lists beside the schema's problems, so that a broken configuration shows every problem at
 * once. The ids known are the built-in entries and those the settings' own `catalogue.add` gives.
 */
export function unknownCatalogueIds(settings: unknown, rulesDir = defaultRulesDir()): UnknownCatalogueId[] {
  const changes = isRecord(settings) ? settings['catalogue'] : undefined;
  if (!isRecord(changes)) return [];
  let builtin = builtinCache.get(rulesDir);
  if (!builtin) {
    builtin = loadBuiltinEntries(rulesDir);
    builtinCache.set(rulesDir, builtin);
  }
  const known = new Map<string, unknown>(builtin.map(({ entry }) => [entry.id, entry]));
  if (Array.isArray(changes['add']))
    for (const added of changes['add'] as unknown[])
      if (isRecord(added) && typeof added['id'] === 'string') known.set(added['id'], added);
  return unknownIds(changes, known);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function closest(id: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const score = editDistance(id, candidate);
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return bestScore <= Math.max(3, id.length / 3) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
