import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeProgram, type Finding, resolveSettings } from '@sunset-lint/core';
import { buildFindings, extractFileFacts, matchFacts } from '@sunset-lint/core/internal';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { expectedFindings, findingKeys, REPO_ROOT } from '../../core/test/support/fixtures.js';
import { parseForTest } from '../../core/test/support/parse.js';
import { createTypeResolver, findTsconfig, resolveFactsWithTypes, type TypeResolver } from '../src/types-mode/index.js';
import { runMain } from './support/cli-in-process.js';
import { BIN, makeProject } from './scan-cli-support.js';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

const PROJECT = 'fixtures/types-mode';
const COUNT_PARSES = fileURLToPath(new URL('support/count-typescript-parses.cjs', import.meta.url));
const FILES = [
  'cloudflare-shim.d.ts',
  'sdk-settings.ts',
  'setting-ids.ts',
  'settings-client.ts',
  'typed-handles.ts',
  'zone-speed.ts',
].map((name) => `${PROJECT}/${name}`);
const settings = resolveSettings({ asOf: '2026-11-21' });

/** What the scan pipeline does per file with --types: extract, fill holes from the checker, match. */
function typedFindings(file: string, resolver: TypeResolver, root = REPO_ROOT): Finding[] {
  const source = readFileSync(join(root, file), 'utf8').replace(/^\uFEFF/, '');
  const facts = extractFileFacts(parseForTest(source, file), source, settings);
  const { facts: typed } = resolveFactsWithTypes(facts, join(root, file), resolver);
  return buildFindings(
    matchFacts(typed, { entries: settings.catalogue.entries, apiHosts: settings.apiHosts }),
    file,
    source,
    settings,
  );
}

describe('--types over fixtures/types-mode', () => {
  const resolver = createTypeResolver(join(REPO_ROOT, PROJECT, 'tsconfig.json'));
  const expected = expectedFindings().filter((e) => e.file.startsWith(`${PROJECT}/`));

  test('the fixture project type-checks, so its types say what the fixture claims', () => {
    const tsconfig = join(REPO_ROOT, PROJECT, 'tsconfig.json');
    const { config } = ts.readConfigFile(tsconfig, (file) => ts.sys.readFile(file));
    const { fileNames, options } = ts.parseJsonConfigFileContent(config, ts.sys, join(REPO_ROOT, PROJECT));
    const program = ts.createProgram(fileNames, options);
    const messages = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(messages).toEqual([]);
  });

  test('every finding is recorded as resolution "types"', () => {
    expect(expected.length).toBeGreaterThanOrEqual(9);
    expect(new Set(expected.map((e) => e.resolution as string))).toEqual(new Set(['types']));
  });

  test('the syntactic pass finds none of them', () => {
    const found = FILES.flatMap((file) => {
      const source = readFileSync(join(REPO_ROOT, file), 'utf8');
      return analyzeProgram(parseForTest(source, file), source, file, settings);
    });
    expect(findingKeys(found)).toEqual([]);
  });

  test('with the type checker: exactly the recorded findings (nothing missing, nothing extra)', () => {
    const found = FILES.flatMap((file) => typedFindings(file, resolver));
    expect(findingKeys(found)).toEqual(findingKeys(expected));
    expect(found.every((f) => f.confidence === 'high')).toBe(true);
  });

  test('what the resolver answers', () => {
    const file = join(REPO_ROOT, PROJECT, 'zone-speed.ts');
    const source = readFileSync(file, 'utf8');
    const at = (needle: string, from = 0) => {
      const start = source.indexOf(needle, from);
      return [start, start + needle.length] as const;
    };
    expect(resolver.stringValuesAt(file, at('request.toggle'))).toEqual(['brotli', 'minify']);
    // `settingId: string`: nothing to say.
    const settingId = source.indexOf('settingId}');
    expect(resolver.stringValuesAt(file, [settingId, settingId + 'settingId'.length])).toBeUndefined();
    // A range that is not exactly one expression is not guessed at.
    expect(resolver.stringValuesAt(file, at('request.toggle}'))).toBeUndefined();
  });
});

describe('type resolver details', () => {
  test('offsets from a file with a byte-order mark; a type parameter answers with its constraint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sunset-types-'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, lib: ['ES2022', 'DOM'], types: [] },
        include: ['*.ts'],
      }),
    );
    const source =
      "\uFEFFexport function get<K extends 'brotli' | 'ssl'>(zone: string, key: K) {\n  return fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/settings/${key}`);\n}\n";
    writeFileSync(join(dir, 'bom.ts'), source);
    const resolver = createTypeResolver(findTsconfig(dir)!);
    const start = source.lastIndexOf('key}') - 1; // offsets into the text without the mark
    expect(resolver.stringValuesAt(join(dir, 'bom.ts'), [start, start + 3])).toEqual(['brotli', 'ssl']);
    const found = typedFindings('bom.ts', resolver, dir).map((f) => `${f.line}:${f.entryId}`);
    expect(found).toEqual(['2:zone-setting-brotli']);
  });

  test('no tsconfig is a clear error', () => {
    expect(() => createTypeResolver(join(tmpdir(), 'no-such-dir', 'tsconfig.json'))).toThrow(/--types: no tsconfig/);
  });
});

describe('sunset-lint scan --types (in-process through main)', () => {
  const scan = async (...args: string[]) => {
    const run = await runMain(['scan', ...args, '--as-of', '2026-11-21', '--fail-on', 'none', '--format', 'json'], {
      cwd: REPO_ROOT,
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as {
      findings: Array<{ file: string; line: number; entryId: string; message: string }>;
      diagnostics: unknown[];
    };
  };

  test(
    'over all of fixtures/: every expectation of every resolution, nothing else, no diagnostics',
    async () => {
      const report = await scan('fixtures', '--types');
      expect(findingKeys(report.findings)).toEqual(findingKeys(expectedFindings()));
      expect(report.diagnostics).toEqual([]);
      const typed = report.findings.filter((f) => f.file.startsWith(`${PROJECT}/`));
      expect(typed.every((f) => f.message.endsWith('The value comes from its TypeScript type (--types).'))).toBe(true);
    },
    HEAVY_TEST_MS,
  );

  test(
    "a --types scan parses each file once: the scan converts the type checker's own parse",
    () => {
      // The real process, with TypeScript's createSourceFile counted (support/count-typescript-parses.cjs).
      const counts = join(mkdtempSync(join(tmpdir(), 'sunset-lint-parses-')), 'counts.json');
      const run = spawnSync(
        process.execPath,
        ['--require', COUNT_PARSES, BIN, 'scan', 'fixtures', '--types', '--format', 'json', '--fail-on', 'none'],
        {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          // The whole fixture tree's JSON report is more than spawnSync's default 1 MiB of output.
          maxBuffer: 64 * 1024 * 1024,
          env: { ...process.env, SUNSET_LINT_TEST_PARSE_COUNTS: counts },
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const parses = JSON.parse(readFileSync(counts, 'utf8')) as Record<string, number>;
      const scanned = Object.keys(parses).filter((file) => file.startsWith(join(REPO_ROOT, 'fixtures') + sep));
      // Every source file under fixtures/ is scanned: the type-checked project's and all the others.
      expect(scanned.length).toBeGreaterThan(200);
      expect(scanned.filter((file) => file.startsWith(join(REPO_ROOT, PROJECT)))).toHaveLength(FILES.length);
      // One exception, by design: a TypeScript module that a JavaScript file requires
      // (axios-import/cleanup.cjs requires ./http) is parsed by the TypeScript program and again by
      // the one that checks JavaScript (another target, so the parse is not shared).
      expect(
        Object.fromEntries(scanned.filter((file) => parses[file] !== 1).map((file) => [file, parses[file]])),
      ).toEqual({ [join(REPO_ROOT, 'fixtures', 'cross-file', 'axios-import', 'http.ts')]: 2 });
    },
    HEAVY_TEST_MS,
  );

  test('a broken tsconfig (not JSON, an extends not there) stops a --types scan: exit 2, the file named', async () => {
    const source = { 'src/a.ts': "fetch('https://api.cloudflare.com/client/v4/zones/z/firewall/rules');\n" };
    const notJson = makeProject({ ...source, 'tsconfig.json': '{ "compilerOptions": { "strict": true }\n' });
    const run = await runMain(['scan', '.', '--types', '--format', 'json'], { cwd: notJson });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--types: \S*tsconfig\.json: '}' expected/);
    expect(run.stdout).toBe('');
    const missingBase = makeProject({ ...source, 'tsconfig.json': '{ "extends": "./base.json" }\n' });
    const extended = await runMain(['scan', '.', '--types', '--format', 'json'], { cwd: missingBase });
    expect(extended.status).toBe(2);
    expect(extended.stderr).toMatch(/--types: \S*tsconfig\.json: Cannot read file '\S*base\.json'/);
    // An option this TypeScript does not know leaves the checker working: the scan runs.
    const unknownOption = makeProject({
      ...source,
      'tsconfig.json': '{ "compilerOptions": { "fromTheFuture": true } }\n',
    });
    const runs = await runMain(['scan', '.', '--types', '--format', 'json', '--fail-on', 'none'], {
      cwd: unknownOption,
    });
    expect(runs.status, runs.stderr).toBe(0);
    expect(JSON.parse(runs.stdout).findings).toHaveLength(1);
  });

  test('without --types the type-only findings stay out; a missing --tsconfig is a usage error', async () => {
    expect((await scan(PROJECT)).findings).toEqual([]);
    const run = await runMain(['scan', PROJECT, '--types', '--tsconfig', 'nope.json'], { cwd: REPO_ROOT });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--tsconfig: no such file: nope.json');
  });
});
