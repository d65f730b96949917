/**
 * A JSON scan's migration classes (the report's `migration`) come from the syntax the scan's own
 * parse kept (migrate/place-syntax.ts), on either parser; they are what `sunset-lint migrate` does
 * at each place, and no file is parsed a second time to find them.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { MigrationClass } from '@sunset-lint/core';
import { scan } from '../src/index.js';
import { scanConfigFor } from '../src/library/config.js';
import { migratePaths } from '../src/migrate/run.js';
import { loadOxc } from '../src/scan/reader/parse-oxc.js';
import type { ParserChoice } from '../src/scan/reader/parsers.js';
import { makeProject, runCli } from './scan-cli-support.js';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures', import.meta.url));
const AS_OF = '2026-11-21';
const oxcRuns = 'oxc' in (await loadOxc());
const AUTOMATIC = [
  'dns-record-locked-field',
  'legacy-chacha20-draft-ciphers',
  'page-shield-script-monitor-segment',
  'transfer-encoding-with-content-length',
  'zone-setting-brotli',
  'zone-setting-minify',
  'zone-setting-privacy-pass',
  'zone-setting-server-side-exclude',
];
const PARSERS: ParserChoice[] = oxcRuns ? ['typescript', 'oxc'] : ['typescript'];

/** What `migrate` does at each place of the fixtures (its dry run): the automatic entries' places it rewrites. */
async function migrateRewrites(): Promise<{ rewritten: Set<string>; left: Set<string> }> {
  const config = await scanConfigFor({ cwd: FIXTURES, overrides: { asOf: AS_OF } });
  const run = await migratePaths([], config, { cwd: FIXTURES, dryRun: true, level: 'automatic' });
  const rewritten = new Set([...run.planned].filter(([, fix]) => fix.edits.length > 0).map(([print]) => print));
  return { rewritten, left: new Set(run.left.map((place) => place.finding.fingerprint)) };
}

describe("a JSON scan's migration classes are migrate's", () => {
  test(
    `every fixture, ${PARSERS.join(' and ')}: automatic exactly where migrate rewrites an automatic entry's place`,
    async () => {
      const migrate = await migrateRewrites();
      for (const parser of PARSERS) {
        const report = await scan({
          cwd: FIXTURES,
          paths: ['.'],
          parser,
          overrides: { asOf: AS_OF },
          failOn: 'none',
          migrationClasses: true,
        });
        const classes = report.migrationClasses!;
        const byId = new Map(report.catalogue.map((entry) => [entry.id, entry]));
        const counts: Record<string, number> = {};
        for (const finding of report.findings) {
          const entryClass = byId.get(finding.entryId)?.migration?.class;
          const got = classes.get(finding.fingerprint);
          if (!entryClass) {
            expect(got, finding.fingerprint).toBeUndefined();
            continue;
          }
          const expected: MigrationClass =
            entryClass === 'automatic'
              ? migrate.rewritten.has(finding.fingerprint)
                ? 'automatic'
                : 'assisted'
              : entryClass;
          expect({ parser, place: `${finding.file}:${finding.line} ${finding.entryId}`, got }).toEqual({
            parser,
            place: `${finding.file}:${finding.line} ${finding.entryId}`,
            got: expected,
          });
          if (entryClass === 'automatic') {
            const key = `${parser}:${got}`;
            counts[key] = (counts[key] ?? 0) + 1;
            // An automatic entry's place migrate does not rewrite is one it lists as left.
            if (got === 'assisted') expect(migrate.left.has(finding.fingerprint), finding.fingerprint).toBe(true);
          }
        }
        // Both outcomes occur among the automatic entries' places, on JavaScript and TypeScript files too.
        expect(counts[`${parser}:automatic`]).toBeGreaterThan(20);
        expect(counts[`${parser}:assisted`]).toBeGreaterThan(5);
      }
    },
    HEAVY_TEST_MS,
  );
});

describe.skipIf(!oxcRuns)('oxc-parser: a JSON scan never loads TypeScript', () => {
  test("the scan of the automatic entries' migrate fixtures, JSON report with classes", () => {
    // The automatic entries' folders of fixtures/migrate (no comment there names sunset-lint or
    // ESLint: reading suppression comments is a parse of its own).
    const root = makeProject({});
    for (const id of AUTOMATIC) cpSync(join(FIXTURES, 'migrate', id), join(root, id), { recursive: true });
    // Reported at exit: whether any module of the process is TypeScript's compiler.
    const hook = join(root, 'typescript-loaded.cjs');
    writeFileSync(
      hook,
      `process.on('exit', () => {
        const loaded = Object.keys(require('node:module')._cache).some((file) => /[\\\\/]typescript[\\\\/]lib[\\\\/]typescript\\.js$/.test(file));
        process.stderr.write('typescript loaded: ' + loaded + '\\n');
      });\n`,
    );
    const run = runCli(['scan', '.', '--format', 'json', '--no-progress', '--as-of', AS_OF, '--fail-on', 'none'], {
      cwd: root,
      env: { NODE_OPTIONS: `--require ${hook}` },
    });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { findings: Array<{ migration?: string }> };
    expect(report.findings.filter((f) => f.migration === 'automatic').length).toBeGreaterThan(10);
    expect(report.findings.filter((f) => f.migration === 'assisted').length).toBeGreaterThan(0);
    expect(run.stderr).toContain('typescript loaded: false');
  });
});
