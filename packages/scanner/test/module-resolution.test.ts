/**
 * The plan's module resolution (scan/plan/module-resolution.ts) on a real tree: each folder's
 * listing answers for its candidates, a symbolic link is followed as a stat follows it, and what is
 * not a regular source file is never taken.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ModuleResolver } from '../src/scan/plan/module-resolution.js';
import { makeProject } from './scan-cli-support.js';

describe('ModuleResolver', () => {
  const root = makeProject({
    'src/client.ts': 'export {};\n',
    'src/paths.ts': 'export {};\n',
    'src/lib/index.tsx': 'export {};\n',
    'src/legacy.js': 'export {};\n',
    'src/types.d.ts': 'export {};\n',
    'vendor/real.ts': 'export {};\n',
  });
  // A folder whose name looks like a module, and a link to a file elsewhere.
  mkdirSync(join(root, 'src/folder.ts'));
  symlinkSync(join(root, 'vendor/real.ts'), join(root, 'src/linked.ts'));
  const from = join(root, 'src/client.ts');
  const resolver = new ModuleResolver(() => false);
  const at = (specifier: string) => resolver.resolve(from, specifier)?.slice(root.length + 1);

  test.each([
    ['./paths', 'src/paths.ts'],
    ['./paths.js', 'src/paths.ts'],
    ['./lib', 'src/lib/index.tsx'],
    ['./legacy', 'src/legacy.js'],
    ['./linked', 'src/linked.ts'],
    ['../vendor/real', 'vendor/real.ts'],
  ])('%s -> %s', (specifier, file) => {
    expect(at(specifier)).toBe(file);
  });

  test.each([
    ['a declaration file', './types'],
    ['a folder named like a module, without an index', './folder.ts'],
    ['nothing there', './missing'],
    ['text that only looks like a path', '/zones/z1/firewall/rules'],
  ])('%s: no module', (_, specifier) => {
    expect(at(specifier)).toBeUndefined();
  });

  test('a file the scan already knows needs no look at the disk', () => {
    const known = join(root, 'src/not-written.ts');
    expect(new ModuleResolver((file) => file === known).resolve(from, './not-written')).toBe(known);
  });
});
