/**
 * The CLI in a few files (scripts/bundle-cli.mjs, `pnpm build`): bin/sunset-lint.js starts it when
 * it is newer than tsc's last build of the scanner and of core, it loads a fraction of the files
 * the compiled modules are, and it writes the same reports (docs/scanner.md, "Start-up").
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error: the launcher's helper is plain JavaScript without types.
import { cliFolder } from '../bin/cli-folder.js';
import { BIN, FIREWALL_RULES_CALL, makeProject } from './scan-cli-support.js';

const chooseFolder = cliFolder as (binUrl: URL, env: Record<string, string | undefined>) => string;
const RESOLVE_HOOKS = fileURLToPath(new URL('./support/report-resolved-modules.mjs', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./support/report-required-modules.cjs', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A scanner package's layout with the files cliFolder looks at, each of the given age in seconds (absent when undefined). */
function layout(times: { bundle?: number; scanner?: number; core?: number }): URL {
  const root = mkdtempSync(join(tmpdir(), 'sunset-lint-cli-folder-'));
  made.push(root);
  const files = {
    bundle: 'scanner/dist/bundle/main.js',
    scanner: 'scanner/dist/.tsbuildinfo',
    core: 'core/dist/.tsbuildinfo',
  } as const;
  mkdirSync(join(root, 'scanner/bin'), { recursive: true });
  for (const [key, path] of Object.entries(files)) {
    const time = times[key as keyof typeof files];
    if (time === undefined) continue;
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '');
    utimesSync(join(root, path), time, time);
  }
  return pathToFileURL(join(root, 'scanner/bin/sunset-lint.js'));
}

describe('which build bin/sunset-lint.js starts', () => {
  const now = 1_800_000_000;
  test.each([
    ['no bundle', { scanner: now }, '../dist/cli/'],
    ['a bundle newer than both builds', { bundle: now, scanner: now - 5, core: now - 9 }, '../dist/bundle/'],
    ['the scanner compiled after the bundle', { bundle: now, scanner: now + 1, core: now - 9 }, '../dist/cli/'],
    ['core compiled after the bundle', { bundle: now, scanner: now - 5, core: now + 1 }, '../dist/cli/'],
    ['a packed package: no build information', { bundle: now }, '../dist/bundle/'],
    ['a packed package: every file of one age', { bundle: now, scanner: now, core: now }, '../dist/bundle/'],
  ])('%s', (_, times, folder) => {
    expect(chooseFolder(layout(times), {})).toBe(folder);
  });

  test('SUNSET_LINT_NO_BUNDLE=1 starts the compiled modules', () => {
    const bin = layout({ bundle: now, scanner: now - 5 });
    expect(chooseFolder(bin, { SUNSET_LINT_NO_BUNDLE: '1' })).toBe('../dist/cli/');
    expect(chooseFolder(bin, { SUNSET_LINT_NO_BUNDLE: '0' })).toBe('../dist/bundle/');
  });
});

/** The files (not Node's own modules) a real CLI run resolved, and the CommonJS packages it required. */
function loaded(args: readonly string[], cwd: string, env: Record<string, string> = {}) {
  const run = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(RESOLVE_HOOKS).href, '--require', PRELOAD, BIN, ...args],
    { cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true', ...env }, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  const lines = run.stderr.split('\n');
  const files = new Set(
    lines
      .filter((line) => line.startsWith('resolved: file:'))
      .map((line) => fileURLToPath(line.slice('resolved: '.length)).replaceAll('\\', '/')),
  );
  const required = JSON.parse(
    lines.findLast((line) => line.startsWith('required: '))!.slice('required: '.length),
  ) as string[];
  const packages = required.map((file) => file.replaceAll('\\', '/').split('/node_modules/').at(-1)!);
  return { files: [...files], packages };
}

describe('the bundle, after a build (`pnpm build`)', () => {
  const empty = makeProject({});
  const named = makeProject({
    'src/sync.js': `export async function sync(zoneId) {\n  ${FIREWALL_RULES_CALL}\n}\n`,
    'src/other.ts': "export const base = 'https://api.cloudflare.com/client/v4';\n",
  });
  const cases = [
    ['a scan of an empty folder', ['scan', '.'], empty],
    ['a scan of named files', ['scan', 'src/sync.js', 'src/other.ts', '--fail-on', 'none'], named],
  ] as const;

  test.each(cases)(
    '%s starts from dist/bundle/ and loads under half the files the compiled modules do',
    (_, args, cwd) => {
      const bundled = loaded(args, cwd);
      const ownFiles = (files: string[]) => files.filter((file) => file.includes('/packages/scanner/dist/'));
      expect(
        ownFiles(bundled.files).every((file) => file.includes('/dist/bundle/')),
        'the bundle is older than tsc -b: run `pnpm build` (tsc -b and scripts/bundle-cli.mjs)',
      ).toBe(true);
      const compiled = loaded(args, cwd, { SUNSET_LINT_NO_BUNDLE: '1' });
      expect(
        ownFiles(compiled.files).every((file) => file.includes('/dist/cli/') || !file.includes('/dist/bundle/')),
      ).toBe(true);
      expect(bundled.files.length * 2).toBeLessThan(compiled.files.length);
      // What stays outside the bundle still loads only when used: nothing is parsed or graded here
      // for the empty folder; ajv's compiler never.
      const heavy = (packages: string[]) =>
        ['typescript/', 'date-fns/', 'ajv/dist/ajv.js'].filter((prefix) => packages.some((p) => p.startsWith(prefix)));
      expect(heavy(bundled.packages)).toEqual(heavy(compiled.packages));
      if (cwd === empty) expect(heavy(bundled.packages)).toEqual([]);
      expect(bundled.files.some((file) => file.includes('/oxc-parser/'))).toBe(
        compiled.files.some((file) => file.includes('/oxc-parser/')),
      );
    },
  );

  test('the same reports as the compiled modules, on every fixture, and with workers', () => {
    const scan = (extra: string[], env: Record<string, string>, folder = '.') => {
      const run = spawnSync(
        process.execPath,
        [BIN, 'scan', folder, '--format', 'json', '--as-of', '2026-01-01', '--fail-on', 'none', ...extra],
        {
          cwd: FIXTURES,
          env: { ...process.env, NO_COLOR: '1', CI: 'true', ...env },
          encoding: 'utf8',
          // The whole fixture tree's JSON report is more than spawnSync's default 1 MiB of output.
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      expect(run.status, run.stderr).toBe(0);
      return run.stdout;
    };
    const compiled = scan([], { SUNSET_LINT_NO_BUNDLE: '1' });
    expect(JSON.parse(compiled).findings.length).toBeGreaterThan(100);
    expect(scan([], {})).toBe(compiled);
    // Two workers start from the bundle's index-worker.js (one folder of fixtures: the machine is shared).
    expect(scan(['--concurrency', '2'], {}, 'axios')).toBe(scan([], { SUNSET_LINT_NO_BUNDLE: '1' }, 'axios'));
  }, 120_000);
});
