/**
 * Issue 27, low items of `fix` and `migrate`, through the real CLI (the ESLint plugin's half is in
 * packages/eslint-plugin/test/fix-low-items.test.ts, with the same files): a constant that a
 * request to another host also sends is not rewritten; a JSX tooltip that mentions a path is not
 * code that calls the API (silent, so neither reported nor rewritten); removing a property takes
 * its own comments with it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { makeProject, parseJsonReport, removeProjects, runCli } from './scan-cli-support.js';
import {
  COMMENTED,
  COMMENTED_FIXED,
  OWN_CONSTANT,
  SHARED_ACROSS_MODULES,
  SHARED_BY_TWO_IMPORTERS,
  SHARED_CONSTANT,
  TOOLTIPS,
} from './support/fix-low-items-files.js';

afterAll(removeProjects);

const AS_OF = '2026-11-21';

function project(file: string, code: string) {
  const root = makeProject({ [`src/${file}`]: code });
  const run = (...args: string[]) => runCli([...args, '--as-of', AS_OF], { cwd: root });
  const text = () => readFileSync(join(root, 'src', file), 'utf8');
  return { run, text };
}

describe('fix and migrate leave a constant that a request to another host also sends', () => {
  test('reported, but neither fixed nor migrated (left for a person, with the reason)', () => {
    const { run, text } = project('x.js', SHARED_CONSTANT);
    const report = parseJsonReport(run('scan', 'src', '--format', 'json', '--fail-on', 'none').stdout);
    expect(report.findings.map((f) => `${f.line} ${f.entryId}`)).toEqual(['1 page-shield-script-monitor-segment']);
    run('fix', 'src');
    expect(text()).toBe(SHARED_CONSTANT);
    const migrate = run('migrate', 'src');
    expect(text()).toBe(SHARED_CONSTANT);
    expect(migrate.stdout + migrate.stderr).toMatch(/also sent to another host/);
  });

  test('a constant only our requests use is still fixed and migrated', () => {
    const fixed = project('x.js', OWN_CONSTANT);
    fixed.run('fix', 'src');
    expect(fixed.text()).toContain("const SEG = 'page_shield';");
    const migrated = project('x.js', OWN_CONSTANT);
    migrated.run('migrate', 'src');
    expect(migrated.text()).toContain("const SEG = 'page_shield';");
  });
});

describe('fix and migrate leave a constant that a request of another module sends to another host', () => {
  test.each([
    ['two modules: the constant and our request in one, their request in the other', SHARED_ACROSS_MODULES],
    ['three modules: the constant alone, our request and theirs each in a module of its own', SHARED_BY_TWO_IMPORTERS],
  ])('%s: reported, neither fixed nor migrated, the other module named', (_shape, files) => {
    const root = makeProject(files);
    const run = (...args: string[]) => runCli([...args, '--as-of', AS_OF], { cwd: root });
    const texts = () => Object.keys(files).map((file) => readFileSync(join(root, file), 'utf8'));
    const report = parseJsonReport(run('scan', 'src', '--format', 'json', '--fail-on', 'none').stdout);
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.entryId}`)).toEqual([
      'src/seg.js:1 page-shield-script-monitor-segment',
    ]);
    run('fix', 'src');
    expect(texts()).toEqual(Object.values(files));
    const migrate = run('migrate', 'src');
    expect(texts()).toEqual(Object.values(files));
    expect(migrate.stdout + migrate.stderr).toContain(
      'not rewritten: the text is also sent to another host by a request of src/theirs.js',
    );
  });

  test('without the other host’s module the constant is fixed as before', () => {
    const { 'src/theirs.js': _theirs, ...ours } = SHARED_BY_TWO_IMPORTERS;
    const root = makeProject(ours);
    runCli(['fix', 'src', '--as-of', AS_OF], { cwd: root });
    expect(readFileSync(join(root, 'src/seg.js'), 'utf8')).toBe("export const SEG = 'page_shield';\n");
  });
});

describe('a JSX tooltip mentioning a path is no call of the API', () => {
  test('title, aria-label, content, data-tip: not reported, not rewritten; a component prop still is', () => {
    const { run, text } = project('x.jsx', TOOLTIPS);
    const report = parseJsonReport(run('scan', 'src', '--format', 'json', '--fail-on', 'none').stdout);
    expect(report.findings.map((f) => `${f.line}:${f.column} ${f.entryId}`)).toEqual([
      '5:24 page-shield-script-monitor-segment',
    ]);
    run('fix', 'src');
    expect(text().split('\n').slice(0, 4)).toEqual(TOOLTIPS.split('\n').slice(0, 4));
  });
});

describe('removing a property takes its own comments', () => {
  test('a comment line above it, a comment after it on its line; the others stay', () => {
    const fixed = project('x.js', COMMENTED);
    fixed.run('fix', 'src');
    expect(fixed.text()).toBe(COMMENTED_FIXED);
    const migrated = project('x.js', COMMENTED);
    migrated.run('migrate', 'src');
    expect(migrated.text()).toBe(COMMENTED_FIXED);
  });

  test("migrate drops a declared resource's setting with the comment line above it (migrate only: no ESLint counterpart)", () => {
    const code = [
      "import * as cloudflare from '@pulumi/cloudflare';",
      "export const settings = new cloudflare.ZoneSettingsOverride('site', {",
      "  zoneId: 'z',",
      '  settings: {',
      "    alwaysUseHttps: 'on',",
      '    // minify the assets',
      "    minify: { css: 'on', js: 'on', html: 'off' },",
      "    minTlsVersion: '1.2',",
      '  },',
      '});',
      '',
    ];
    const { run, text } = project('site.ts', code.join('\n'));
    run('migrate', 'src');
    expect(text()).toBe([...code.slice(0, 5), ...code.slice(7)].join('\n'));
  });
});
