/**
 * `findConfigFile` (settings/config-file.ts) on real folders: nested configurations, what it
 * remembers of each folder (the ESLint plugin searches from every linted file's folder), and that
 * what it remembers never outlives a change of the folder or of its package.json.
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { findConfigFile, readConfigTextSync } from '../src/settings/config-file.js';
import { SettingsError } from '../src/settings/validate.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sunset-lint-config-search-'));
  made.push(root);
  write(root, files);
  return root;
}

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** The real reader, counting the files it reads. */
function countingReader() {
  const reads: string[] = [];
  return {
    reads,
    readText: (path: string, shown: string) => {
      reads.push(path);
      return readConfigTextSync(path, shown);
    },
  };
}

/** What a search from `dir` finds, as the plugin uses it. */
function found(dir: string, readText?: (path: string, shown: string) => string) {
  const { found: result } = findConfigFile(dir, readText ? { readText } : {});
  if (!result) return undefined;
  return 'packageJsonSettings' in result ? { path: result.path, settings: result.packageJsonSettings } : result.path;
}

describe('findConfigFile on nested configurations', () => {
  test('the nearest folder wins; package.json without the key is passed; the search stops at the repository root', () => {
    const root = project({
      '.git/HEAD': 'x\n',
      'package.json': JSON.stringify({ name: 'root', 'sunset-lint': { imminentDays: 5 } }),
      'packages/app/package.json': JSON.stringify({ name: 'app' }),
      'packages/app/src/client.js': '',
      'packages/tool/sunset-lint.config.json': '{ "imminentDays": 7 }',
      'packages/tool/package.json': JSON.stringify({ name: 'tool', 'sunset-lint': { imminentDays: 9 } }),
      'packages/tool/src/deep/x.js': '',
    });
    const app = join(root, 'packages/app/src');
    expect(found(app)).toEqual({ path: join(root, 'package.json'), settings: { imminentDays: 5 } });
    expect(findConfigFile(app).searched).toEqual([app, dirname(app), join(root, 'packages'), root]);
    // A config file comes before package.json's key in the same folder.
    expect(found(join(root, 'packages/tool/src/deep'))).toBe(join(root, 'packages/tool/sunset-lint.config.json'));
    // Asked again, in another order: the same answers.
    expect(found(join(root, 'packages/tool'))).toBe(join(root, 'packages/tool/sunset-lint.config.json'));
    expect(found(app)).toEqual({ path: join(root, 'package.json'), settings: { imminentDays: 5 } });
    // Nothing in a repository nested in a folder that has a configuration: the search stops at its .git.
    write(root, { 'vendor/lib/.git/HEAD': 'x\n', 'vendor/lib/src/a.js': '' });
    const vendored = join(root, 'vendor/lib/src');
    expect(found(vendored)).toBeUndefined();
    expect(findConfigFile(vendored).searched).toEqual([vendored, join(root, 'vendor/lib')]);
  });
});

describe('what findConfigFile remembers of a folder', () => {
  test('a package.json is read once while it and its folder are unchanged, whichever folder below asks', () => {
    const root = project({
      '.git/HEAD': 'x\n',
      'package.json': JSON.stringify({ name: 'root', 'sunset-lint': { asOf: '2026-01-01' } }),
      'packages/app/package.json': JSON.stringify({ name: 'app' }),
      'packages/app/src/a/x.js': '',
      'packages/app/src/b/y.js': '',
    });
    const { reads, readText } = countingReader();
    for (const dir of ['packages/app/src/a', 'packages/app/src/b', 'packages/app/src/a', 'packages/app'])
      expect(found(join(root, dir), readText)).toEqual({
        path: join(root, 'package.json'),
        settings: { asOf: '2026-01-01' },
      });
    expect(reads.sort()).toEqual([join(root, 'package.json'), join(root, 'packages/app/package.json')]);
  });

  test('the settings handed out are a copy: changing them does not change the next answer', () => {
    const root = project({
      '.git/HEAD': 'x\n',
      'package.json': JSON.stringify({ 'sunset-lint': { apiHosts: ['a'] } }),
    });
    const first = findConfigFile(root).found as { packageJsonSettings: { apiHosts: string[] } };
    first.packageJsonSettings.apiHosts.push('b');
    expect(found(root)).toEqual({ path: join(root, 'package.json'), settings: { apiHosts: ['a'] } });
  });

  test('a change is seen on the next search: a file added or removed, package.json edited in place, a new .git', () => {
    const root = project({
      '.git/HEAD': 'x\n',
      'package.json': JSON.stringify({ name: 'root', 'sunset-lint': { imminentDays: 5 } }),
      'packages/app/src/x.js': '',
    });
    const src = join(root, 'packages/app/src');
    expect(found(src)).toEqual({ path: join(root, 'package.json'), settings: { imminentDays: 5 } });
    // A configuration added in a folder the search passed through.
    write(root, { 'packages/app/sunset-lint.config.json': '{}' });
    expect(found(src)).toBe(join(root, 'packages/app/sunset-lint.config.json'));
    // … and removed again.
    unlinkSync(join(root, 'packages/app/sunset-lint.config.json'));
    expect(found(src)).toEqual({ path: join(root, 'package.json'), settings: { imminentDays: 5 } });
    // package.json rewritten in place (the folder's entries do not change): its new key is read.
    write(root, { 'package.json': JSON.stringify({ name: 'root', 'sunset-lint': { imminentDays: 12 } }) });
    expect(found(src)).toEqual({ path: join(root, 'package.json'), settings: { imminentDays: 12 } });
    // … and without the key: nothing is found.
    write(root, { 'package.json': JSON.stringify({ name: 'root' }) });
    expect(found(src)).toBeUndefined();
    // A package.json that gets the key in a folder the search passed through.
    write(root, { 'packages/app/package.json': JSON.stringify({ 'sunset-lint': { asOf: '2026-02-02' } }) });
    expect(found(src)).toEqual({ path: join(root, 'packages/app/package.json'), settings: { asOf: '2026-02-02' } });
    // A .git made below the root: the search stops there.
    unlinkSync(join(root, 'packages/app/package.json'));
    write(root, { 'package.json': JSON.stringify({ 'sunset-lint': {} }), 'packages/app/src/.git': 'gitdir: x\n' });
    expect(findConfigFile(src).searched).toEqual([src]);
    expect(found(src)).toBeUndefined();
  });

  test('a package.json that is not JSON fails every search until it is fixed', () => {
    const root = project({ '.git/HEAD': 'x\n', 'package.json': '{ "name": ', 'src/a.js': '' });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => findConfigFile(join(root, 'src'))).toThrow(SettingsError);
      expect(() => findConfigFile(join(root, 'src'))).toThrow(/package\.json:1:\d+: not valid JSON/);
    }
    write(root, { 'package.json': JSON.stringify({ 'sunset-lint': { imminentDays: 3 } }) });
    expect(found(join(root, 'src'))).toEqual({ path: join(root, 'package.json'), settings: { imminentDays: 3 } });
  });
});
