/**
 * Configuration files as the scan command reads them: discovery, validation, precedence. In-process
 * through `main` (support/cli-in-process.ts), but for the CommonJS config, which Node's own module
 * loader must read (in-process it would be vitest's).
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { jsonSyntaxErrorOffset } from '../../core/src/json-syntax.js';
import {
  SCANNER_SETTINGS_SCHEMA,
  scannerConfigJsonSchema,
  type ScannerSettings,
} from '../src/config/settings-schema.js';
import { scannerSettingsValidator } from '../src/config/settings-validator.generated.js';
import { FIREWALL_RULES_CALL, makeProject, parseJsonReport, runCli, writeFiles } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const SOURCE = { 'src/sync.js': `export async function sync(zoneId) {\n  ${FIREWALL_RULES_CALL}\n}\n` };
const scanJson = (cwd: string, args: string[] = []) => runMain(['scan', '--format', 'json', ...args], { cwd });

describe('where the configuration comes from', () => {
  test('sunset-lint.config.json', async () => {
    const project = makeProject({ ...SOURCE, 'sunset-lint.config.json': JSON.stringify({ asOf: '2024-12-01' }) });
    const run = await scanJson(project);
    expect(run.status).toBe(0);
    expect(parseJsonReport(run.stdout).findings[0]).toMatchObject({ grade: 'imminent' });
  });

  test('sunset-lint.config.mjs (default export)', async () => {
    const project = makeProject({
      ...SOURCE,
      'sunset-lint.config.mjs': "export default { asOf: '2024-01-01', imminentDays: 30 };\n",
    });
    expect(parseJsonReport((await scanJson(project)).stdout).findings[0]).toMatchObject({ grade: 'scheduled' });
  });

  test('sunset-lint.config.js in a CommonJS package (module.exports), read by the real process', () => {
    const project = makeProject({
      ...SOURCE,
      'package.json': '{ "type": "commonjs" }',
      'sunset-lint.config.js': "module.exports = { asOf: '2024-12-01' };\n",
    });
    const run = runCli(['scan', '--format', 'json'], { cwd: project });
    expect(parseJsonReport(run.stdout).findings[0]).toMatchObject({ grade: 'imminent' });
  });

  test('the "sunset-lint" key of package.json', async () => {
    const project = makeProject({
      ...SOURCE,
      'package.json': JSON.stringify({ name: 'x', 'sunset-lint': { catalogue: { disable: ['firewall-rules-api'] } } }),
    });
    const run = await scanJson(project, ['--as-of', '2026-01-01']);
    expect(run.status).toBe(0);
    expect(parseJsonReport(run.stdout).findings).toEqual([]);
  });

  test('looked for upwards to the repository root: `cd src && sunset-lint scan` uses the repository’s', async () => {
    const project = makeProject({
      ...SOURCE,
      '.git/HEAD': 'ref: refs/heads/main\n',
      'sunset-lint.config.json': JSON.stringify({ asOf: '2024-12-01' }),
      // A package.json without the key on the way does not stop the search.
      'src/package.json': JSON.stringify({ name: 'src' }),
    });
    const run = await scanJson(`${project}/src`);
    expect(run.status, run.stderr).toBe(0);
    expect(parseJsonReport(run.stdout).findings[0]).toMatchObject({ file: 'sync.js', grade: 'imminent' });
    // A broken one is named by its path from the current directory.
    const broken = makeProject({ ...SOURCE, '.git/HEAD': 'x\n', 'sunset-lint.config.json': '{ "asOf": ' });
    const failed = await scanJson(`${broken}/src`);
    expect(failed.status).toBe(2);
    expect(failed.stderr).toContain('../sunset-lint.config.json');
  });

  test('--verbose names the configuration that applies, or where it looked when there is none', async () => {
    const project = makeProject({ ...SOURCE, '.git/HEAD': 'x\n' });
    const none = await runMain(['scan', '--verbose', '--no-progress', 'src'], { cwd: `${project}/src` });
    expect(none.stderr).toContain(
      `no sunset-lint configuration found: looked for sunset-lint.config.json, sunset-lint.config.mjs, sunset-lint.config.js and a "sunset-lint" key in package.json in ${project}/src, ${project} (the repository root)`,
    );
    writeFiles(project, { 'sunset-lint.config.json': '{ "asOf": "2024-12-01" }' });
    const found = await runMain(['scan', '--verbose', '--no-progress'], { cwd: `${project}/src` });
    expect(found.stderr).toContain('sunset-lint: configuration: ../sunset-lint.config.json');
    // Without --verbose: not a word about it.
    expect((await runMain(['scan', '--no-progress'], { cwd: `${project}/src` })).stderr).not.toContain('configuration');
  });

  test('not above the repository root', async () => {
    const outer = makeProject({
      'sunset-lint.config.json': JSON.stringify({ catalogue: { disable: ['firewall-rules-api'] } }),
    });
    const inner = `${outer}/repo`;
    const project = makeProject({ ...SOURCE, '.git/HEAD': 'x\n' });
    // The repository sits below a folder with a configuration of its own: not the repository's.
    const { cpSync } = await import('node:fs');
    cpSync(project, inner, { recursive: true });
    const run = await scanJson(inner, ['--as-of', '2026-01-01']);
    // Read from the outer folder, its disable would have left nothing.
    expect(parseJsonReport(run.stdout).findings[0]).toMatchObject({ entryId: 'firewall-rules-api' });
    // Without the repository root in between, the search goes on to it.
    const loose = `${outer}/loose`;
    cpSync(project, loose, { recursive: true, filter: (path) => !path.includes('.git') });
    expect(parseJsonReport((await scanJson(loose, ['--as-of', '2026-01-01'])).stdout).findings).toEqual([]);
  });

  test('--config FILE wins over the files in the directory', async () => {
    const project = makeProject({
      ...SOURCE,
      'sunset-lint.config.json': '{ "asOf": "2026-01-01" }',
      'ci/strict.json': '{ "asOf": "2024-01-01" }',
    });
    const run = await scanJson(project, ['--config', 'ci/strict.json']);
    expect(parseJsonReport(run.stdout).findings[0]).toMatchObject({ grade: 'scheduled' });
  });

  test('command-line flags override the configuration', async () => {
    const project = makeProject({
      ...SOURCE,
      'sunset-lint.config.json': '{ "asOf": "2024-01-01", "minConfidence": "high" }',
    });
    const run = await scanJson(project, ['--as-of', '2026-01-01']);
    expect(run.status).toBe(1);
    expect(parseJsonReport(run.stdout).findings[0]).toMatchObject({ grade: 'expired' });
  });

  test('catalogue eolOverrides and severities apply', async () => {
    const project = makeProject({
      ...SOURCE,
      'sunset-lint.config.json': JSON.stringify({
        asOf: '2026-01-01',
        catalogue: { eolOverrides: { 'firewall-rules-api': '2030-01-01' } },
      }),
    });
    expect(parseJsonReport((await scanJson(project)).stdout).findings[0]).toMatchObject({ grade: 'scheduled' });
  });

  test('include and exclude', async () => {
    const project = makeProject({
      ...SOURCE,
      'legacy/old.js': SOURCE['src/sync.js'],
      'build/tool.js': SOURCE['src/sync.js'],
      'scripts/run.es6': SOURCE['src/sync.js'],
      'sunset-lint.config.json': JSON.stringify({
        include: ['**/*.js', '**/*.es6'],
        exclude: ['legacy/**', '!**/build/**'],
      }),
    });
    const run = await scanJson(project, ['--as-of', '2026-01-01']);
    const files = parseJsonReport(run.stdout).findings.map((f) => f.file);
    // include replaces the default (here also .es6); exclude adds legacy/ and takes build/ back out of the defaults.
    expect(files).toEqual(['build/tool.js', 'scripts/run.es6', 'src/sync.js']);
  });
});

describe('config.schema.json, shipped for editors and named by "$schema"', () => {
  const packageFile = (name: string) => new URL(`../${name}`, import.meta.url);
  const shipped: unknown = JSON.parse(readFileSync(packageFile('config.schema.json'), 'utf8'));

  test('is written from the definition that validates the configuration (`pnpm docs`)', () => {
    expect(shipped).toEqual(scannerConfigJsonSchema());
  });

  test('is a JSON Schema that accepts a full configuration and refuses a wrong one', () => {
    // errorMessage is the messages' keyword in the code that validates; editors ignore it.
    const validate = new Ajv().addKeyword('errorMessage').compile(scannerConfigJsonSchema());
    const full: ScannerSettings = {
      $schema: './node_modules/sunset-lint/config.schema.json',
      asOf: '2026-11-21',
      minConfidence: 'low',
      catalogue: { disable: ['zone-setting-brotli'] },
      include: ['src/**/*.ts'],
      exclude: ['legacy/**'],
    };
    expect(validate(full)).toBe(true);
    expect(validate({ ...full, includes: ['src/**'] })).toBe(false);
    expect(validate({ ...full, exclude: 'legacy/**' })).toBe(false);
  });

  test('is in the package, exported', () => {
    const manifest: { files: string[]; exports: Record<string, unknown> } = JSON.parse(
      readFileSync(packageFile('package.json'), 'utf8'),
    );
    expect(manifest.files).toContain('config.schema.json');
    expect(manifest.exports['./config.schema.json']).toBe('./config.schema.json');
  });

  test('a config file that names it through "$schema" scans as without it', async () => {
    const project = makeProject({
      ...SOURCE,
      'sunset-lint.config.json': JSON.stringify({
        $schema: './node_modules/sunset-lint/config.schema.json',
        asOf: '2024-12-01',
      }),
    });
    const run = await scanJson(project);
    expect(run.stderr).not.toContain('$schema');
    expect(run.status).toBe(0);
    expect(parseJsonReport(run.stdout).findings[0]).toMatchObject({ grade: 'imminent' });
  });
});

test('the place of a JSON syntax error is found exactly when JSON.parse refuses the text', () => {
  const parses = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  // Valid JSON, and JSON with one character inserted or deleted (mostly broken, sometimes still valid).
  const edited = fc
    .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', '\\', 'x', '1', '.', '-', 'e', ' '))
    .map(([json, at, char]) => {
      const cut = at % (json.length + 1);
      return char === '' ? json.slice(0, cut) + json.slice(cut + 1) : json.slice(0, cut) + char + json.slice(cut);
    });
  fc.assert(
    fc.property(fc.oneof(fc.json(), edited), (text) => {
      const offset = jsonSyntaxErrorOffset(text);
      expect(offset === undefined).toBe(parses(text));
      if (offset !== undefined) expect(offset).toBeLessThanOrEqual(text.length);
    }),
    { numRuns: 2000 },
  );
});

test('the configuration is checked by the validator generated from its schema, not by ajv at start-up', () => {
  // Otherwise core's settingsValidator compiles the schema with ajv, correct but ~100 ms slower.
  expect(scannerSettingsValidator.schema).toBe(JSON.stringify(SCANNER_SETTINGS_SCHEMA));
});

describe('configuration errors exit 2 and name the file and the key', () => {
  test.each([
    [
      'an unknown key',
      { 'sunset-lint.config.json': '{ "asof": "2024-01-01" }' },
      ['sunset-lint.config.json', "'asof'"],
    ],
    [
      'an unknown entry id',
      { 'sunset-lint.config.json': '{ "catalogue": { "disable": ["no-such-entry"] } }' },
      ['sunset-lint.config.json', 'no-such-entry'],
    ],
    [
      'an unknown entry id in eolOverrides',
      { 'sunset-lint.config.json': '{ "catalogue": { "eolOverrides": { "nope": "2030-01-01" } } }' },
      ['sunset-lint.config.json', 'nope'],
    ],
    [
      'a bad value',
      { 'sunset-lint.config.json': '{ "imminentDays": -3 }' },
      ['sunset-lint.config.json', 'imminentDays'],
    ],
    [
      'include that is not a list',
      { 'sunset-lint.config.json': '{ "include": "src/**" }' },
      ['sunset-lint.config.json', "'include'"],
    ],
    [
      'an unknown key in package.json',
      { 'package.json': '{ "sunset-lint": { "hosts": ["x"] } }' },
      ['package.json#sunset-lint', "'hosts'"],
    ],
    [
      'a config module that throws',
      { 'sunset-lint.config.mjs': "throw new Error('boom');\n" },
      ['sunset-lint.config.mjs', 'boom'],
    ],
    ['a config that is not an object', { 'sunset-lint.config.json': '[]' }, ['sunset-lint.config.json', 'object']],
  ])('%s', async (_what, files, named) => {
    const run = await scanJson(makeProject({ ...SOURCE, ...files }));
    expect(run.status).toBe(2);
    for (const part of named) expect(run.stderr).toContain(part);
    expect(run.stderr).not.toContain('internal error');
  });

  test.each([
    [
      'include of the wrong type',
      '{ "include": "src/**" }',
      'sunset-lint.config.json: \'include\' must be a list of glob patterns (non-empty strings), got "src/**"',
    ],
    [
      'a blank exclude pattern',
      '{ "exclude": ["legacy/**", " "] }',
      'sunset-lint.config.json: \'exclude\' must be a list of glob patterns (non-empty strings), got ["legacy/**"," "]',
    ],
    [
      "an unknown key, listed with the scanner's own",
      '{ "includes": ["src/**"] }',
      "sunset-lint.config.json: 'includes' is not a known setting (known: asOf, imminentDays, apiHosts, severities, minConfidence, catalogue, include, exclude, reportUnusedSuppressions, maxFileSize, languages, failOnDocs, $schema)",
    ],
    [
      'an unknown nested key',
      '{ "catalogue": { "enable": ["firewall-rules-api"] } }',
      "sunset-lint.config.json: 'catalogue.enable' is not a known key (known: add, eolOverrides, disable)",
    ],
    [
      'a nested value of the wrong type',
      '{ "catalogue": { "eolOverrides": { "firewall-rules-api": 2030 } } }',
      "sunset-lint.config.json: 'catalogue.eolOverrides.firewall-rules-api' must be a date written YYYY-MM-DD, got 2030",
    ],
    [
      'a bad severity',
      '{ "severities": { "scheduled": "info" } }',
      'sunset-lint.config.json: \'severities.scheduled\' must be "error", "warn" or "off", got "info"',
    ],
  ])('%s: the whole message', async (_what, config, message) => {
    const run = await scanJson(makeProject({ ...SOURCE, 'sunset-lint.config.json': config }));
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`sunset-lint scan: ${message}\n`);
  });

  test.each([
    [
      'a trailing comma',
      '{\n  "asOf": "2024-01-01",\n}\n',
      '3:1: not valid JSON: Expected double-quoted property name',
    ],
    [
      'a missing value',
      '{\n  "exclude": [\n    "legacy/**",\n  ],\n  "asOf": }',
      "4:3: not valid JSON: Unexpected token ']'",
    ],
    ['a comment', '// settings\n{}', "1:1: not valid JSON: Unexpected token '/'"],
    ['a single-quoted key', "{ 'asOf': '2024-01-01' }", "1:3: not valid JSON: Expected property name or '}'"],
    ['an unclosed object', '{ "asOf": "2024-01-01"\n', "2:1: not valid JSON: Expected ',' or '}' after property value"],
  ])('a JSON syntax error (%s) names the file, line and column', async (_what, config, message) => {
    const run = await scanJson(makeProject({ ...SOURCE, 'sunset-lint.config.json': config }));
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`sunset-lint scan: sunset-lint.config.json:${message}\n`);
  });

  test('a JSON syntax error in package.json names it, with line and column', async () => {
    const run = await scanJson(makeProject({ ...SOURCE, 'package.json': '{\n  "name": "x"\n  "sunset-lint": {}\n}' }));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^sunset-lint scan: package\.json:3:3: not valid JSON: /);
  });

  test('--config naming a missing file', async () => {
    const run = await scanJson(makeProject(SOURCE), ['--config', 'nope.json']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('nope.json');
  });
});
