import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadCatalogue } from '../src/index.js';
import { expectedFindings, REPO_ROOT } from './support/fixtures.js';

test('the corpus checker passes: files and lines exist, ids are catalogue ids, every entry is covered', () => {
  const output = execFileSync(process.execPath, [join(REPO_ROOT, 'fixtures/check-coverage.mjs')], { encoding: 'utf8' });
  expect(output.trim().split('\n').at(-1)).toBe('OK');
});

test('every catalogue entry has a single-file expectation, and cross-file cases exist', () => {
  const expected = expectedFindings();
  const covered = new Set(expected.filter((e) => e.resolution === 'single-file').map((e) => e.entryId));
  expect(
    loadCatalogue()
      .entries.filter((entry) => !covered.has(entry.id))
      .map((entry) => entry.id),
  ).toEqual([]);
  expect(expected.filter((e) => e.resolution === 'cross-file').length).toBeGreaterThanOrEqual(5);
});
