/**
 * Parity with the ESLint plugin: for every fixture file, what the scanner reports equals core's
 * analyzeProgram over typescript-estree (the plugin's per-file pass) through the file's
 * suppression comments (as the rule and ESLint apply them) on entry, line and column.
 * The only differences allowed are the cross-file findings fixtures/ records: the scanner must
 * find those, a single-file engine may or may not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeProgram, resolveSettings, suppressInFile } from '@sunset-lint/core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectedFindings, fixtureSourceFiles, REPO_ROOT } from '../../core/test/support/fixtures.js';
import { commentsForTest, parseForTest } from '../../core/test/support/parse.js';
import { parseJsonReport, type JsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const AS_OF = '2026-11-21';
const key = (f: { file: string; line: number; column: number; entryId: string }) =>
  `${f.file}:${f.line}:${f.column}:${f.entryId}`;

describe('scanner vs. the ESLint plugin on every fixture file', () => {
  let report: JsonReport;
  beforeAll(async () => {
    report = parseJsonReport(
      (await runMain(['scan', 'fixtures', '--as-of', AS_OF, '--format', 'json'], { cwd: REPO_ROOT })).stdout,
    );
  });
  const settings = resolveSettings({ asOf: AS_OF });
  const crossFile = new Set(
    expectedFindings()
      .filter((e) => e.resolution === 'cross-file')
      .map((e) => `${e.file}:${e.line}:${e.entryId}`),
  );

  test.each(fixtureSourceFiles())('%s', (file) => {
    const source = readFileSync(join(REPO_ROOT, file), 'utf8');
    const found = analyzeProgram(parseForTest(source, file), source, file, settings);
    const eslint = suppressInFile(found, source, () => commentsForTest(source, file), settings, {
      eslintDirectives: true,
    })
      .findings.map(key)
      .sort();
    const scanner = report.findings
      .filter((f) => f.file === file)
      .map(key)
      .sort();
    const onlyScanner = scanner.filter((k) => !eslint.includes(k));
    const onlyEslint = eslint.filter((k) => !scanner.includes(k));
    // Whatever only one engine reports must be a recorded cross-file finding.
    const isCrossFile = (k: string) => crossFile.has(k.replace(/:\d+:([^:]+)$/, ':$1'));
    expect({
      onlyScanner: onlyScanner.filter((k) => !isCrossFile(k)),
      onlyEslint: onlyEslint.filter((k) => !isCrossFile(k)),
    }).toEqual({ onlyScanner: [], onlyEslint: [] });
    expect(onlyEslint).toEqual([]);
  });
});
