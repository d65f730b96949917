import { ESLint } from 'eslint';
import { ESLint as ESLint9 } from 'eslint-v9';
import { beforeAll, describe, expect, test } from 'vitest';
import { compareFindings, expectedFindings } from '../../core/test/support/fixtures.js';
import { lint, type ESLintConstructor, type Reported } from './support/lint.js';

const engines: Array<[string, ESLintConstructor]> = [
  [`ESLint ${ESLint.version}`, ESLint],
  [`ESLint ${ESLint9.version}`, ESLint9 as unknown as ESLintConstructor],
];

describe.each(engines)('configs.recommended over fixtures/ with %s', (_name, Engine) => {
  // One lint of the corpus for the tests below, each of which reads it on its own.
  let reported: Reported[];
  beforeAll(async () => {
    reported = await lint(Engine, ['fixtures']);
  });
  const expected = expectedFindings();

  test('every single-file expectation is reported, nothing else except optional cross-file ones', () => {
    const required = expected.filter((e) => e.resolution === 'single-file');
    const optional = expected.filter((e) => e.resolution === 'cross-file');
    expect(compareFindings(reported, required, optional)).toEqual({ missing: [], unexpected: [] });
  });

  test('nothing is reported on negatives', () => {
    expect(reported.filter((r) => r.file.startsWith('fixtures/negatives/'))).toEqual([]);
  });

  test('every message is from one of our rules and has the date, the grade in words and the replacement', () => {
    for (const r of reported) {
      expect(r.ruleId).toMatch(/^sunset-lint\//);
      expect(r.message).toMatch(/ on \d{4}-\d{2}-\d{2} \((ended|ends) [^)]+\)\. Use instead: .+\. .*\[[a-z0-9-]+\]$/s);
    }
  });
});
