import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareText } from '../compare-text.js';
import { CatalogueError } from './errors.js';
import { resolveFieldContexts } from './field-contexts.js';
import { assertCalendarDate, validateEntry } from './validate.js';
import type { Catalogue, CatalogueChanges, CatalogueEntry, CatalogueEntryData, EntrySource } from './types.js';

/**
 * The built-in catalogue lives in the repository's `rules/` (a packed core carries a copy in
 * its own `rules/`); resolved from this module so it works from any working directory.
 */
export function defaultRulesDir(): string {
  const packaged = fileURLToPath(new URL('../../rules/', import.meta.url));
  if (existsSync(join(packaged, 'schema.json'))) return packaged;
  return fileURLToPath(new URL('../../../../rules/', import.meta.url));
}

export function schemaPath(rulesDir = defaultRulesDir()): string {
  return join(rulesDir, 'schema.json');
}

function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel.split('\\').join('/');
}

/** Reads and validates every `rules/*.json` entry (schema.json excluded), as written (field contexts may be names). */
export function loadBuiltinEntries(
  rulesDir = defaultRulesDir(),
): Array<{ entry: CatalogueEntryData; source: EntrySource }> {
  const files = readdirSync(rulesDir)
    .filter((name) => name.endsWith('.json') && name !== 'schema.json')
    .sort();
  return files.map((name) => {
    const file = join(rulesDir, name);
    const shown = displayPath(file);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new CatalogueError(`${shown}: not valid JSON: ${(error as Error).message}`, shown);
    }
    const entry = validateEntry(raw, shown, schemaPath(rulesDir));
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

const builtinCache = new Map<string, Array<{ entry: CatalogueEntryData; source: EntrySource }>>();

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
  const written = new Map<string, CatalogueEntryData>();
  const sources = new Map<string, EntrySource>();
  for (const { entry, source } of builtin) {
    written.set(entry.id, entry);
    sources.set(entry.id, source);
  }

  (changes.add ?? []).forEach((raw, index) => {
    const label = `${where} (add[${index}])`;
    const entry = validateEntry(raw, label, schemaPath(rulesDir));
    if (written.has(entry.id)) {
      throw new CatalogueError(
        `${label}: entry '${entry.id}': field 'id' is already used by ${sources.get(entry.id)?.file ?? 'another entry'}`,
        label,
        entry.id,
        'id',
      );
    }
    written.set(entry.id, entry);
    sources.set(entry.id, { kind: 'user', file: where });
  });

  // Before any is disabled: a context one entry defines serves the others that name it.
  const byId = new Map<string, CatalogueEntry>(
    resolveFieldContexts([...written.values()].map((entry) => ({ entry, file: sources.get(entry.id)!.file }))).map(
      (entry) => [entry.id, entry],
    ),
  );

  for (const [id, eol] of Object.entries(changes.eolOverrides ?? {})) {
    const entry = byId.get(id);
    if (!entry) throw unknownId(id, `${where} (eolOverrides)`, byId);
    assertCalendarDate(eol, `${where} (eolOverrides)`, id, 'eol');
    byId.set(id, { ...entry, eol });
  }

  for (const id of changes.disable ?? []) {
    if (!byId.has(id)) throw unknownId(id, `${where} (disable)`, byId);
    byId.delete(id);
  }

  const entries = [...byId.values()].sort((a, b) => compareText(a.eol, b.eol) || compareText(a.id, b.id));
  return { entries, byId, sources };
}

function unknownId(id: string, where: string, known: ReadonlyMap<string, unknown>): CatalogueError {
  const suggestion = closest(id, [...known.keys()]);
  return new CatalogueError(
    `${where}: unknown catalogue entry id '${id}'${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`,
    where,
    id,
  );
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
