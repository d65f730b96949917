/**
 * The sources' own text: a control character in a source file is a typo no formatter shows (a
 * regular expression's `\1` once reached the text reader as U+0001, and its concatenations never
 * read a quoted operand). Tabs and line breaks are text; anything else below U+0020 must be escaped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

test('no source file holds a raw control character', () => {
  const files = ['core', 'eslint-plugin', 'scanner'].flatMap((name) =>
    sourcesUnder(join(root, 'packages', name, 'src')),
  );
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g)].map(
      (control) => `${relative(root, file)}: U+${control[0].charCodeAt(0).toString(16).padStart(4, '0')}`,
    ),
  );
  expect(found).toEqual([]);
});
