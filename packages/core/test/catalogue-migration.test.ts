import { mkdtempSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CatalogueError, defaultRulesDir, loadCatalogue, MIGRATION_CLASSES } from '../src/index.js';
import type { CatalogueEntry, MigrationRewrite } from '../src/index.js';

const { entries } = loadCatalogue();

function rewritesOf(entry: CatalogueEntry, kind: MigrationRewrite['kind']): MigrationRewrite[] {
  return (entry.migration?.rewrites ?? []).filter((rewrite) => rewrite.kind === kind);
}

describe('every catalogue entry has its migration (issue 25)', () => {
  test.each(entries.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    const migration = entry.migration;
    expect(migration).toBeDefined();
    expect(MIGRATION_CLASSES).toContain(migration!.class);
    expect(migration!.description.length).toBeGreaterThan(40);
    // What a person does is stated wherever a person has something to do.
    if (migration!.class !== 'automatic') expect(migration!.person).toBeDefined();
    // Automatic entries say how; manual ones have nothing a tool applies.
    if (migration!.class === 'automatic') expect(migration!.rewrites?.length).toBeGreaterThan(0);
    if (migration!.class === 'manual') expect(migration!.rewrites).toBeUndefined();
    // A comment is what an assisted rewrite leaves at the place; an automatic one needs none.
    if (migration!.class === 'automatic')
      for (const rewrite of migration!.rewrites ?? []) expect('comment' in rewrite).toBe(false);
  });

  test('the classes as the research counted them: 8 automatic, 11 assisted, 3 manual', () => {
    const count = (cls: string) => entries.filter((entry) => entry.migration?.class === cls).length;
    expect([count('automatic'), count('assisted'), count('manual')]).toEqual([8, 11, 3]);
  });
});

describe("the migrations agree with the catalogue's own replacement data", () => {
  test('a path segment the catalogue replaces is the path rewrite', () => {
    for (const entry of entries)
      for (const segment of entry.match.segments ?? [])
        expect(rewritesOf(entry, 'path')).toContainEqual(
          expect.objectContaining({ from: segment.segment, to: segment.replacement }),
        );
  });

  test("an endpoint's rewrite (and its body-key rename) is a path rewrite of the migration", () => {
    for (const entry of entries)
      for (const endpoint of entry.match.endpoints ?? []) {
        const rewrite = endpoint.rewrite;
        if (!rewrite) continue;
        const strip = (path: string) => path.replace(/^\//, '');
        expect(rewritesOf(entry, 'path')).toContainEqual(
          expect.objectContaining({
            from: strip(rewrite.from),
            to: strip(rewrite.to),
            ...(rewrite.renameBodyKey ? { renameBodyKey: rewrite.renameBodyKey } : {}),
          }),
        );
      }
  });

  test('the header the catalogue drops is the one the migration drops', () => {
    for (const entry of entries)
      for (const headers of entry.match.headers ?? [])
        expect(rewritesOf(entry, 'drop-header')).toEqual([
          { kind: 'drop-header', header: headers.drop ?? headers.allOf[0] },
        ]);
  });

  test('a field whose removal the catalogue fixes is dropped; a composed outer key is the fold', () => {
    for (const entry of entries)
      for (const field of entry.match.fields ?? []) {
        if (field.onWrite === 'fix-remove')
          expect(rewritesOf(entry, 'drop-key')).toEqual([
            expect.objectContaining({ kind: 'drop-key', key: field.path }),
          ]);
        if (field.composeOuter) {
          const [object, key] = field.path.split('.');
          expect(rewritesOf(entry, 'fold-keys')).toContainEqual(
            expect.objectContaining({ object, into: field.composeOuter.key, keys: field.composeOuter.from }),
          );
          expect(field.composeOuter.from).toContain(key);
        }
      }
  });

  test('a read of a dropped key is given a value only where the specification says what it reads as now', () => {
    const withValue = entries.flatMap((entry) =>
      rewritesOf(entry, 'drop-key').flatMap((rewrite) =>
        rewrite.kind === 'drop-key' && rewrite.readValue !== undefined ? [[entry.id, rewrite.readValue]] : [],
      ),
    );
    // The spec: `locked` was always false and is now omitted from responses.
    expect(withValue).toEqual([['dns-record-locked-field', 'false']]);
  });

  test('the shapes an automatic migration leaves to a person are named, and only automatic entries name them', () => {
    for (const entry of entries) {
      if (entry.migration?.class !== 'automatic') expect(entry.migration?.assistedShapes).toBeUndefined();
    }
    // Every automatic entry but the path-only one has places its rewrites cannot derive.
    expect(
      entries
        .filter((entry) => entry.migration?.class === 'automatic' && !entry.migration.assistedShapes)
        .map((e) => e.id),
    ).toEqual(['page-shield-script-monitor-segment']);
  });

  test('every draft cipher the catalogue matches has its RFC 7905 name, the draft suffix removed', () => {
    for (const entry of entries) {
      if (!entry.match.ciphers) continue;
      const [rewrite] = rewritesOf(entry, 'replace-values');
      expect(rewrite?.kind).toBe('replace-values');
      if (rewrite?.kind !== 'replace-values') continue;
      expect(Object.keys(rewrite.values).sort()).toEqual([...entry.match.ciphers].sort());
      for (const [draft, standard] of Object.entries(rewrite.values))
        expect(standard).toBe(draft.replace(/[-_]OLD$/, ''));
    }
  });

  test('a call the replacement says to remove is what the migration removes, and only those', () => {
    for (const entry of entries) {
      const removes = rewritesOf(entry, 'remove-call').length > 0;
      // "None: …; delete the call", "None named: remove the call", "None needed: …" (Brotli is on by default).
      const replacementIsNothing = /^None\b/.test(entry.replacement);
      // Billing has no replacement either, but its result is always used: a person removes it (manual).
      if (removes) expect(replacementIsNothing).toBe(true);
      if (replacementIsNothing && entry.id !== 'billing-profile-and-history') expect(removes).toBe(true);
    }
  });
});

describe('the schema checks a migration', () => {
  function loadWith(migration: unknown) {
    const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-migration-'));
    copyFileSync(join(defaultRulesDir(), 'schema.json'), join(dir, 'schema.json'));
    const entry = JSON.parse(
      readFileSync(join(defaultRulesDir(), 'page-shield-script-monitor-segment.json'), 'utf8'),
    ) as Record<string, unknown>;
    writeFileSync(join(dir, 'page-shield-script-monitor-segment.json'), JSON.stringify({ ...entry, migration }));
    return () => loadCatalogue({ rulesDir: dir });
  }

  test('an unknown class or rewrite kind is refused, naming the field', () => {
    expect(loadWith({ class: 'magic', description: 'x' })).toThrow(CatalogueError);
    expect(loadWith({ class: 'magic', description: 'x' })).toThrow(/migration\.class/);
    expect(loadWith({ class: 'automatic', description: 'x', rewrites: [{ kind: 'rename-everything' }] })).toThrow(
      /migration\.rewrites/,
    );
    expect(
      loadWith({ class: 'automatic', description: 'x', rewrites: [{ kind: 'path', from: 'a b', to: 'c' }] }),
    ).toThrow(CatalogueError);
  });

  test('a well-formed migration loads', () => {
    expect(() =>
      loadWith({
        class: 'automatic',
        description: 'x',
        rewrites: [{ kind: 'path', from: 'script_monitor', to: 'page_shield' }],
      })(),
    ).not.toThrow();
  });
});
