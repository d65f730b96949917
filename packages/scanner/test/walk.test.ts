/**
 * The scanner's folder walk (scan/files/walk.ts, gitignore.ts) against git itself: which files `.gitignore`
 * leaves in is what `git ls-files --others --exclude-standard` lists in a fresh repository (every
 * file untracked, no global or system excludes). Hand-written trees for the rules git documents,
 * then generated trees and ignore files (fast-check, fixed seed): the walk has to agree with git on
 * rules nobody wrote a case for.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { discoverFiles } from '../src/scan/files/discovery.js';
import { lastMatch, parseIgnoreFile } from '../src/scan/files/gitignore.js';
import { slashedRelative } from '../src/scan/files/relative-path.js';
import { walk } from '../src/scan/files/walk.js';
import { makeProject, writeFiles } from './scan-cli-support.js';

const made: string[] = [];
afterAll(() => made.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** git with no user's, system's or global configuration: only the repository's ignore files count. */
function git(cwd: string, args: string[]): string {
  const empty = join(tmpdir(), 'sunset-lint-walk-no-config');
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      HOME: empty,
      XDG_CONFIG_HOME: empty,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  });
}

function repository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sunset-lint-walk-'));
  made.push(root);
  writeFiles(root, files);
  git(root, ['init', '-q']);
  return root;
}

/** What git leaves in under `folder`, relative to it, sorted. */
function gitKeeps(folder: string): string[] {
  return git(folder, ['ls-files', '--others', '--exclude-standard', '-z', '.']).split('\0').filter(Boolean).sort();
}

/** What the walk finds under `folder` with no include or exclude of its own, relative to it, sorted. */
function walkKeeps(folder: string): string[] {
  const walked = walk({
    root: folder,
    prefix: '',
    include: ['**'],
    ignore: ['**/.git/**'],
    gitignore: true,
    maxFileSize: undefined,
  });
  return walked.files.map((file) => slashedRelative(folder, file)).sort();
}

describe('.gitignore as git reads it', () => {
  const cases: Array<[string, Record<string, string>]> = [
    [
      'a name matches at every level; a leading slash anchors to the file’s folder; a middle slash too',
      {
        '.gitignore': 'skip.js\n/top.js\nsrc/anchored.js\n',
        'skip.js': '',
        'a/skip.js': '',
        'top.js': '',
        'a/top.js': '',
        'src/anchored.js': '',
        'a/src/anchored.js': '',
      },
    ],
    [
      'a trailing slash matches folders only; an excluded folder cannot be re-included from inside',
      {
        '.gitignore': 'gen/\nlogs\n!gen/keep.js\n',
        'gen/a.js': '',
        'gen/keep.js': '',
        'src/gen': 'a file named gen',
        'logs/a.js': '',
      },
    ],
    [
      'a deeper file’s negation re-includes what a shallower one left out; its own rules apply below it',
      {
        '.gitignore': '*.gen.js\n',
        'a.gen.js': '',
        'pkg/.gitignore': '!keep.gen.js\nlocal.js\n',
        'pkg/keep.gen.js': '',
        'pkg/other.gen.js': '',
        'pkg/local.js': '',
        'local.js': '',
      },
    ],
    [
      'wildcards, classes, `**` and escapes; comments, blank lines, CRLF, a byte-order mark, trailing spaces',
      {
        '.gitignore':
          '\uFEFF# comment\r\n\r\n[ab].js\r\n?x.js\r\nd/**/deep.js\r\n\\#hash.js\r\n\\!bang.js\r\ntrail.js   \r\n**/w/*.js\r\n' +
          'esc.js\\ \n/q?r.js\n',
        'a.js': '',
        'c.js': '',
        'ax.js': '',
        'abx.js': '',
        'd/deep.js': '',
        'd/1/2/deep.js': '',
        '#hash.js': '',
        '!bang.js': '',
        'trail.js': '',
        'q/w/x.js': '',
        'w/y.js': '',
        'w/z/y.js': '',
        'esc.js': '',
        'esc.js ': '',
        'q/r.js': '',
        'qxr.js': '',
      },
    ],
    [
      '`*` then a negation; a folder pattern with a wildcard',
      {
        '.gitignore': '*\n!*/\n!*.ts\nbuild-*/\n',
        'a.js': '',
        'a.ts': '',
        'src/b.js': '',
        'src/b.ts': '',
        'build-1/c.ts': '',
      },
    ],
  ];
  test.each(cases)('%s', (_, files) => {
    const root = repository(files);
    expect(walkKeeps(root)).toEqual(gitKeeps(root));
  });

  test('the ignore files above the walked folder apply, up to the repository root and not beyond', () => {
    const outer = makeProject({ '.gitignore': 'outer.js\n' });
    const root = join(outer, 'repo');
    mkdirSync(root);
    writeFiles(root, {
      '.gitignore': 'sub/skip.js\n*.tmp.js\n',
      'sub/.gitignore': '!keep.tmp.js\n',
      'sub/skip.js': '',
      'sub/a.tmp.js': '',
      'sub/keep.tmp.js': '',
      'sub/in/outer.js': '',
      'sub/in/ok.js': '',
    });
    git(root, ['init', '-q']);
    const sub = join(root, 'sub');
    expect(walkKeeps(sub)).toEqual(['.gitignore', 'in/ok.js', 'in/outer.js', 'keep.tmp.js']);
    expect(walkKeeps(sub)).toEqual(gitKeeps(sub));
    // A folder inside one the files above leave out holds nothing git sees.
    writeFiles(root, { 'sub/gen/deep/a.js': '', 'sub/gen/b.js': '', 'sub/.gitignore': 'gen/\n' });
    expect(walkKeeps(join(sub, 'gen'))).toEqual([]);
    expect(walkKeeps(join(sub, 'gen', 'deep'))).toEqual([]);
    expect(gitKeeps(join(sub, 'gen', 'deep'))).toEqual([]);
    // Outside a repository, only the walked folder's own ignore files apply.
    const loose = join(outer, 'loose');
    writeFiles(loose, { 'outer.js': '', 'a.js': '' });
    expect(walkKeeps(loose)).toEqual(['a.js', 'outer.js']);
  });
});

describe('generated trees and ignore files agree with git', () => {
  // Odd names too: a folder `...`, spaces, brackets, a leading `#` or `!`, a backslash (a plain
  // character on Linux).
  const names = ['a', 'b', 'gen', 'src', '...', 'sp ace', '[x]', 'A1'];
  const leaf = fc.constantFrom(
    ...['x.js', 'y.ts', 'a.js', 'gen', 'k.tmp.js', '#h.js', '!b.js', 'back\\slash.js', ' lead.js'],
    ...[']x.js', 'x]', 'B.js', '7.ts', 'x.js '],
  );
  const path = fc
    .tuple(fc.array(fc.constantFrom(...names), { maxLength: 3 }), leaf)
    .map(([folders, file]) => [...folders, file].join('/'));
  const rule = fc
    .tuple(
      fc.constantFrom('', '!'),
      fc.constantFrom('', '/', '**/'),
      fc.constantFrom(
        ...['*.js', 'x.js', 'gen', 'gen/', 'a/*', 'src/**', '*.tmp.js', 'b/x.js', '[ay].*', '*', '*/', 'a/**/x.js'],
        ...['\\#h.js', '\\!b.js', '.../', 'sp ace/', '\\ lead.js', 'back\\\\slash.js', '*\\\\*', 'x.js  ', 'x.js\\ '],
        // Wildmatch's corners: classes, ranges, `?`, runs of stars, patterns git never matches.
        ...['[!a]*.js', '[[:alpha:]].js', '?.js', 'a/**/', '**/gen', '***.js', 'x**', '[a-c]*', '[z-a].js'],
        ...['[a', 'x.js\\', '[]x].js', '[x]/', '*[[:digit:]]*', '[^[:upper:]]?.js', 'g?n/**', '**/*.js', '**', 'a?b/*'],
      ),
    )
    .map((parts) => parts.join(''));
  const ignoreFiles = fc.dictionary(
    fc.constantFrom('', 'a/', 'src/', 'a/b/', 'gen/'),
    fc.array(rule, { minLength: 1, maxLength: 4 }).map((rules) => `${rules.join('\n')}\n`),
    { maxKeys: 3 },
  );
  test('the walk keeps what git keeps', () => {
    fc.assert(
      fc.property(fc.uniqueArray(path, { minLength: 1, maxLength: 12 }), ignoreFiles, (paths, ignores) => {
        const files: Record<string, string> = {};
        for (const file of paths) files[file] = '';
        for (const [folder, text] of Object.entries(ignores)) files[`${folder}.gitignore`] = text;
        // A path that is both a file and a folder (`gen` and `gen/x.js`) cannot be written.
        const taken = Object.keys(files);
        if (taken.some((file) => taken.some((other) => other.startsWith(`${file}/`)))) return;
        const root = repository(files);
        expect(walkKeeps(root)).toEqual(gitKeeps(root));
        rmSync(root, { recursive: true, force: true });
      }),
      { numRuns: 120, seed: 20261128 },
    );
  });
});

test('case counts unless git is told to ignore it (its default on macOS and Windows)', () => {
  const rules = parseIgnoreFile('[a-c]*.js\nGEN/\n');
  expect([lastMatch(rules, 'b.js', false), lastMatch(rules, 'B.js', false), lastMatch(rules, 'gen', true)]).toEqual([
    true,
    undefined,
    undefined,
  ]);
  const folded = parseIgnoreFile('[a-c]*.js\nGEN/\n', true);
  expect([lastMatch(folded, 'B.js', false), lastMatch(folded, 'gen', true)]).toEqual([true, true]);
});

describe('include, exclude and glob patterns', () => {
  test('a folder exclude is not listed; include and exclude read the paths the patterns name', async () => {
    const root = repository({
      '.gitignore': 'ignored.ts\n',
      'src/a.ts': '',
      'src/ignored.ts': '',
      'src/dist/b.ts': '',
      'src/gen/c.ts': '',
      'src/d.py': '',
      'other/e.ts': '',
    });
    const found = async (paths: string[], exclude: string[] = []) =>
      (await discoverFiles({ cwd: root, paths, exclude })).files.map((file) => relative(root, file)).sort();
    expect(await found(['.'], ['src/gen'])).toEqual(['other/e.ts', 'src/a.ts']);
    // A pattern starts its walk at its folder part, and the excludes read the path from `cwd`.
    expect(await found(['src/**/*.ts'], ['src/gen/**'])).toEqual(['src/a.ts']);
    expect(await found(['./src/*.ts'])).toEqual(['src/a.ts']);
    expect(await found(['nowhere/**/*.ts'])).toEqual([]);
    // From a folder below: the pattern climbs out of it, the excludes still apply below `..`.
    const below = await discoverFiles({ cwd: join(root, 'other'), paths: ['../src/**/*.ts'], exclude: [] });
    expect(below.files.map((file) => relative(root, file)).sort()).toEqual(['src/a.ts', 'src/gen/c.ts']);
  });
});
