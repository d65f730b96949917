/**
 * An npm-workspaces monorepo (issue 26's trial): a package scanned from its own folder reads its
 * imports of another workspace package as a scan of the root reads them. Through the real CLI.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, test } from 'vitest';
import plugin from '../../eslint-plugin/src/index.js';
import { parseJsonReport, runCli } from './scan-cli-support.js';
import { makeMonorepo } from './support/npm-monorepo.js';

const SCAN = ['--format', 'json', '--as-of', '2026-11-21', '--fail-on', 'none'];

/** Each finding as `entry message fingerprint`: what must not change with the folder scanned from. */
const readings = (stdout: string) =>
  parseJsonReport(stdout)
    .findings.map((f) => `${f.entryId} ${f.message} ${f.fingerprint}`)
    .sort();

describe('a workspace package scanned from its own folder', () => {
  test.each([
    ['package.json workspaces', (root: string) => root],
    [
      'pnpm-workspace.yaml',
      (root: string) => {
        writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'acme', private: true }));
        writeFileSync(join(root, 'pnpm-workspace.yaml'), "packages:\n  - 'packages/*'\n");
        rmSync(join(root, 'node_modules'), { recursive: true });
        return root;
      },
    ],
  ])(
    'follows its import of another workspace package (%s): the finding and fingerprint of a root scan',
    (_, prepare) => {
      const root = prepare(makeMonorepo());
      const whole = runCli(['scan', ...SCAN], { cwd: root });
      const fromPackage = runCli(['scan', '.', ...SCAN], { cwd: join(root, 'packages', 'app') });
      expect(whole.status, whole.stderr).toBe(0);
      expect(fromPackage.status, fromPackage.stderr).toBe(0);
      const rules = readings(whole.stdout).filter((line) => line.startsWith('firewall-rules-api'));
      expect(rules).toHaveLength(1);
      expect(rules[0]).toMatch(/^firewall-rules-api GET \/zones\/:zone_id\/firewall\/rules /);
      expect(readings(fromPackage.stdout)).toEqual(readings(whole.stdout));
      // From the package, the finding is placed at the request, the written path being outside the scan.
      expect(parseJsonReport(fromPackage.stdout).findings.map((f) => `${f.file}:${f.line}`)).toEqual([
        'src/rules.js:2',
        'src/rules.js:3',
      ]);
    },
  );
});

describe('a root and a package configuration (nearest wins, per file)', () => {
  const DIRECT = [
    'export const limits = (zone) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/rate_limits`);',
    'export const rules = (zone) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/firewall/rules`);',
    '',
  ].join('\n');
  const files = {
    // The root disables the rate-limit entry; the app's own file replaces it: a later date, no disable.
    'sunset-lint.config.json': JSON.stringify({ asOf: '2026-11-21', catalogue: { disable: ['rate-limiting-legacy'] } }),
    'packages/app/sunset-lint.config.json': JSON.stringify({
      asOf: '2026-11-21',
      imminentDays: 10,
      catalogue: { eolOverrides: { 'firewall-rules-api': '2030-01-01' } },
    }),
    'packages/app/src/direct.js': DIRECT,
    'packages/config/src/direct.js': DIRECT,
  };

  test('ESLint and the scanner report the same findings, grades and messages in both places', async () => {
    const root = makeMonorepo(files);
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.js'] }, plugin.configs['recommended-by-grade'] as Linter.Config],
    });
    const linted = (await eslint.lintFiles(['packages/*/src/direct.js'])).flatMap((result) =>
      result.messages.map(
        (m) =>
          `${relative(root, result.filePath)}:${m.line}:${m.column} ${m.severity === 2 ? 'error' : 'warn'} ${m.message}`,
      ),
    );
    for (const cwd of [root, join(root, 'packages', 'app'), join(root, 'packages', 'config')]) {
      const run = runCli(['scan', relative(cwd, join(root, 'packages')), '--format', 'json', '--fail-on', 'none'], {
        cwd,
      });
      expect(run.status, run.stderr).toBe(0);
      const scanned = parseJsonReport(run.stdout)
        .findings.filter((f) => f.file.endsWith('direct.js'))
        .map((f) => {
          const finding = f as typeof f & { severity: string };
          return `${relative(root, join(cwd, f.file))}:${f.line}:${f.column} ${finding.severity} ${f.message} [${f.entryId}]`;
        });
      expect(scanned.sort()).toEqual([...linted].sort());
    }
    // The app's configuration applies in the app, the root's in the other package.
    expect(linted.map((line) => line.replace(/ (error|warn) .* \[/, ' $1 ['))).toEqual([
      'packages/app/src/direct.js:1:90 error [rate-limiting-legacy]',
      'packages/app/src/direct.js:2:89 warn [firewall-rules-api]',
      'packages/config/src/direct.js:2:89 error [firewall-rules-api]',
    ]);
    expect(linted[1]).toContain('reaches end of life on 2030-01-01');
  });

  test('--cache with several configurations: said on stderr, and the findings of a scan without it', () => {
    const root = makeMonorepo(files);
    const plain = runCli(['scan', 'packages', '--format', 'json', '--fail-on', 'none'], { cwd: root });
    const cached = runCli(['scan', 'packages', '--format', 'json', '--fail-on', 'none', '--cache'], { cwd: root });
    expect(cached.status, cached.stderr).toBe(0);
    expect(cached.stderr).toContain('--cache is not used: 2 configurations grade the scanned files');
    expect(parseJsonReport(cached.stdout).findings).toEqual(parseJsonReport(plain.stdout).findings);
  });
});

describe('configurations that differ only in grading: one pass over the files', () => {
  const DIRECT = [
    'export const limits = (zone) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/rate_limits`);',
    'export const rules = (zone) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/firewall/rules`);',
    '',
  ].join('\n');
  // The app's configuration grades differently (its own date, window, end of life, severities) but
  // detects alike: the same catalogue entries, apiHosts and minConfidence.
  const files = {
    'sunset-lint.config.json': JSON.stringify({ asOf: '2026-11-21' }),
    'packages/app/sunset-lint.config.json': JSON.stringify({
      asOf: '2026-10-01',
      imminentDays: 400,
      severities: { imminent: 'error' },
      catalogue: { eolOverrides: { 'firewall-rules-api': '2027-06-01' } },
    }),
    'packages/app/src/direct.js': DIRECT,
    'packages/config/src/direct.js': DIRECT,
  };
  const SCAN_PACKAGES = ['scan', 'packages', '--format', 'json', '--fail-on', 'none', '--no-progress'];
  const parses = (stderr: string) => /parses of JavaScript and TypeScript files: (\d+)(.*)/.exec(stderr)?.slice(1);

  test('each file is read and parsed once, and graded by its nearest configuration as ESLint grades it', async () => {
    const root = makeMonorepo(files);
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.js'] }, plugin.configs['recommended-by-grade'] as Linter.Config],
    });
    // The files whose findings need no other module, which ESLint sees as the scanner does.
    const linted = (await eslint.lintFiles(['packages/*/src/direct.js'])).flatMap((result) =>
      result.messages.map(
        (m) =>
          `${relative(root, result.filePath)}:${m.line}:${m.column} ${m.severity === 2 ? 'error' : 'warn'} ${m.message}`,
      ),
    );
    const run = runCli([...SCAN_PACKAGES, '--verbose'], { cwd: root });
    expect(run.status, run.stderr).toBe(0);
    const scanned = parseJsonReport(run.stdout)
      .findings.filter((f) => f.file.endsWith('direct.js'))
      .map((f) => {
        const finding = f as typeof f & { severity: string };
        return `${f.file}:${f.line}:${f.column} ${finding.severity} ${f.message} [${f.entryId}]`;
      });
    expect(scanned.sort()).toEqual([...linted].sort());
    // Each configuration graded its own files: the app's date, window, end of life and severity.
    expect(linted.filter((line) => line.includes('reaches end of life on 2027-06-01 (ends in 8 months)'))).toEqual([
      expect.stringMatching(/^packages\/app\/src\/direct\.js:2:89 error /),
    ]);
    expect(linted.filter((line) => line.includes('reached end of life on 2025-01-15 (ended 1 year ago)'))).toHaveLength(
      3,
    );
    // As many parses as a scan with one configuration for every file (`--config`): one per file.
    const one = runCli([...SCAN_PACKAGES, '--verbose', '--config', 'sunset-lint.config.json'], { cwd: root });
    const [once] = parses(one.stderr)!;
    expect(Number(once)).toBeGreaterThanOrEqual(3);
    expect(parses(run.stderr)).toEqual([once, ' (1 pass over the files for 2 configurations)']);
  });

  test('--cache is used: a warm scan parses nothing and reports what a scan without the cache reports', () => {
    const root = makeMonorepo(files);
    const plain = runCli(SCAN_PACKAGES, { cwd: root });
    const cold = runCli([...SCAN_PACKAGES, '--cache', '--verbose'], { cwd: root });
    const warm = runCli([...SCAN_PACKAGES, '--cache', '--verbose'], { cwd: root });
    for (const run of [cold, warm]) {
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('--cache is not used');
      expect(parseJsonReport(run.stdout).findings).toEqual(parseJsonReport(plain.stdout).findings);
    }
    expect(Number(parses(cold.stderr)![0])).toBeGreaterThanOrEqual(3);
    expect(parses(warm.stderr)![0]).toBe('0');
    // Grading is not cached: the app's date and window changed, the cache is warm, the grades follow.
    const app = JSON.parse(files['packages/app/sunset-lint.config.json']) as Record<string, unknown>;
    writeFileSync(
      join(root, 'packages/app/sunset-lint.config.json'),
      JSON.stringify({ ...app, asOf: '2026-11-21', imminentDays: 10 }),
    );
    const regraded = runCli([...SCAN_PACKAGES, '--cache', '--verbose'], { cwd: root });
    expect(parses(regraded.stderr)![0]).toBe('0');
    expect(parseJsonReport(regraded.stdout).findings).toEqual(
      parseJsonReport(runCli(SCAN_PACKAGES, { cwd: root }).stdout).findings,
    );
    expect(parseJsonReport(regraded.stdout).findings).not.toEqual(parseJsonReport(plain.stdout).findings);
    // A configuration that detects otherwise (here `minConfidence`) needs a pass of its own: no cache.
    writeFileSync(join(root, 'packages/app/sunset-lint.config.json'), JSON.stringify({ minConfidence: 'low' }));
    const changed = runCli([...SCAN_PACKAGES, '--cache', '--verbose'], { cwd: root });
    expect(changed.status, changed.stderr).toBe(0);
    expect(changed.stderr).toContain(
      '--cache is not used: 2 configurations grade the scanned files, with 2 different catalogues or detection settings',
    );
    expect(parses(changed.stderr)![1]).toBe(' (2 passes over the files for 2 configurations)');
  });
});

describe("the ESLint plugin honours the repository's baseline", () => {
  const lintWith = async (cwd: string, settings: Record<string, unknown> = {}, patterns = ['.']) => {
    const eslint = new ESLint({
      cwd,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.js'] },
        plugin.configs['recommended-by-grade'] as Linter.Config,
        { settings: { 'sunset-lint': { asOf: '2026-11-21' }, ...settings } },
      ],
    });
    return (await eslint.lintFiles(patterns)).flatMap((result) =>
      result.messages.map((m) => `${relative(cwd, result.filePath)}:${m.line} ${m.message.replace(/^.*\[/, '[')}`),
    );
  };

  test('what `sunset-lint baseline` accepted is not reported (same fingerprints); a new finding is; false turns it off', async () => {
    const root = makeMonorepo({
      'packages/app/src/direct.js':
        'export const limits = (zone) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/rate_limits`);\n',
    });
    const app = join(root, 'packages', 'app');
    const everything = await lintWith(app);
    expect(everything).toEqual(['src/direct.js:1 [rate-limiting-legacy]', 'src/rules.js:3 [rate-limiting-legacy]']);
    // Written from the package's folder: the baseline lives at the repository root.
    const written = runCli(['baseline', '--as-of', '2026-11-21'], { cwd: app });
    expect(written.status, written.stderr).toBe(0);
    expect(await lintWith(app)).toEqual([]);
    // From the root (lint-staged runs there), the same files; the path the fingerprints hash is the same.
    expect(await lintWith(root, {}, ['packages/app'])).toEqual([]);
    // A new deprecated call in a baselined file is reported; the accepted ones stay quiet.
    writeFileSync(
      join(app, 'src', 'direct.js'),
      [
        'export const limits = (zone) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/rate_limits`);',
        'export const rules = (zone) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/firewall/rules`);',
        '',
      ].join('\n'),
    );
    expect(await lintWith(app)).toEqual(['src/direct.js:2 [firewall-rules-api]']);
    // The scanner agrees: one finding outside the baseline.
    const scanned = runCli(['scan', '--format', 'json', '--as-of', '2026-11-21', '--fail-on', 'none'], { cwd: app });
    expect(parseJsonReport(scanned.stdout).findings.map((f) => `${f.file}:${f.line} [${f.entryId}]`)).toEqual([
      'src/direct.js:2 [firewall-rules-api]',
    ]);
    // settings['sunset-lint-baseline']: false reports everything; a missing named file is an error naming it.
    expect(await lintWith(app, { 'sunset-lint-baseline': false })).toHaveLength(3);
    await expect(lintWith(app, { 'sunset-lint-baseline': 'nope.json' })).rejects.toThrow(
      /nope\.json: baseline file not found/,
    );
  });

  test('one reader for both engines: a version 1 baseline at the root is honoured, a broken one is refused in the same words', async () => {
    const root = makeMonorepo({});
    const app = join(root, 'packages', 'app');
    const written = runCli(['baseline', '--as-of', '2026-11-21'], { cwd: app });
    expect(written.status, written.stderr).toBe(0);
    const path = join(root, '.sunset-lint-baseline.json');
    // Written at the repository root, a version 1 baseline's paths are the root's: both engines read it.
    const document = JSON.parse(readFileSync(path, 'utf8')) as { version: number };
    writeFileSync(path, JSON.stringify({ ...document, version: 1 }));
    expect(await lintWith(app)).toEqual([]);
    const scanned = runCli(['scan', '--format', 'json', '--as-of', '2026-11-21', '--fail-on', 'none'], { cwd: app });
    expect(parseJsonReport(scanned.stdout).findings).toEqual([]);
    // A finding without a fingerprint: the same message from ESLint and from the scanner.
    writeFileSync(path, JSON.stringify({ version: 2, findings: [{ file: 'x.js' }] }));
    const message = '.sunset-lint-baseline.json: findings[0] has no "fingerprint"';
    await expect(lintWith(app)).rejects.toThrow(message);
    const refused = runCli(['scan', '--baseline', path, '--as-of', '2026-11-21'], { cwd: app });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(message);
  });
});
