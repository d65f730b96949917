import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { analyzeProgram, resolveSettings, suppressInFile, type Finding } from '../src/index.js';
import { compareFindings, confidenceNow, expectedFindings, fixtureSourceFiles, REPO_ROOT } from './support/fixtures.js';
import { commentsForTest, parseForTest } from './support/parse.js';

const settings = resolveSettings({ asOf: '2026-11-21' });

function analyzeCorpus(): Finding[] {
  return fixtureSourceFiles().flatMap((file) => {
    const source = readFileSync(join(REPO_ROOT, file), 'utf8');
    const found = analyzeProgram(parseForTest(source, file), source, file, settings);
    // fixtures/suppressions silences findings with comments, as ESLint and the scanner apply them.
    return suppressInFile(found, source, () => commentsForTest(source, file), settings, { eslintDirectives: true })
      .findings;
  });
}

describe('single-file detection over fixtures/', () => {
  const found = analyzeCorpus();
  const expected = expectedFindings();
  test('every single-file expectation is found, and nothing else except cross-file ones', () => {
    const required = expected.filter((e) => e.resolution === 'single-file');
    const optional = expected.filter((e) => e.resolution === 'cross-file');
    expect(compareFindings(found, required, optional)).toEqual({ missing: [], unexpected: [] });
  });

  test('negatives stay silent', () => {
    expect(
      found.filter((f) => f.file.startsWith('fixtures/negatives/')).map((f) => `${f.file}:${f.line}:${f.entryId}`),
    ).toEqual([]);
  });

  test('recorded confidence matches', () => {
    const mismatched = expected
      .filter((e) => e.resolution === 'single-file')
      .filter((e) => {
        const hit = found.find((f) => f.file === e.file && f.line === e.line && f.entryId === e.entryId);
        return hit && hit.confidence !== confidenceNow(e, 'single-file');
      })
      .map((e) => `${e.file}:${e.line}:${e.entryId} expected ${confidenceNow(e, 'single-file')}`);
    expect(mismatched).toEqual([]);
  });
});
