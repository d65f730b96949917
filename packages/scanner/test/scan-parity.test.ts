/**
 * Parity with the ESLint plugin: for every fixture file, what the scanner reports equals what real
 * ESLint reports with the plugin's recommended config (its own parsers, its own directive handling,
 * the plugin's `sunset-lint-ignore`) on entry, line and column. The only differences allowed are
 * the cross-file findings fixtures/ records: the scanner must find those, a single-file engine may
 * or may not.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectedFindings, fixtureSourceFiles, REPO_ROOT } from '../../core/test/support/fixtures.js';
import { lint, userConfig, type Reported } from '../../eslint-plugin/test/support/lint.js';
import { parseJsonReport, type JsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const AS_OF = '2026-11-21';

/**
 * Where the trial of issue 26 saw the engines differ: requests through an axios instance another
 * module creates (`import { api } from './http'`), and CommonJS export shapes (ESLint was seen to
 * miss one of two constants of a `module.exports = { … }`).
 */
const IMPORTED_INSTANCE_FILES = [
  'fixtures/cross-file/axios-import/firewall.ts',
  'fixtures/cross-file/axios-import/cleanup.cjs',
  'fixtures/cross-file/barrel/jobs/nightly.ts',
];
const CJS_EXPORT_FILES = [
  'fixtures/cross-file/cjs-exports/object-literal.js',
  'fixtures/cross-file/cjs-exports/exports-dot.js',
  'fixtures/cross-file/cjs-exports/assign.cjs',
  'fixtures/cross-file/cjs-exports/shorthand.js',
];
const key = (f: { file: string; line: number; column: number; entryId: string }) =>
  `${f.file}:${f.line}:${f.column}:${f.entryId}`;

describe('scanner vs. ESLint with the plugin on every fixture file', () => {
  let report: JsonReport;
  let eslintReported: Reported[];
  beforeAll(async () => {
    report = parseJsonReport(
      (await runMain(['scan', 'fixtures', '--as-of', AS_OF, '--format', 'json'], { cwd: REPO_ROOT })).stdout,
    );
    eslintReported = (await lint(ESLint, ['fixtures'], userConfig({ asOf: AS_OF }))).filter((r) =>
      r.ruleId.startsWith('sunset-lint/'),
    );
  });
  const crossFile = new Set(
    expectedFindings()
      .filter((e) => e.resolution === 'cross-file')
      .map((e) => `${e.file}:${e.line}:${e.entryId}`),
  );

  test.each(fixtureSourceFiles())('%s', (file) => {
    const eslint = eslintReported
      .filter((r) => r.file === file)
      .map(key)
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

  // One wording in both engines: a finding both report says the same thing (an axios instance
  // created in one module and used in another was "GET …" in the scanner and "A request (method
  // unknown) to …" in ESLint).
  test.each(CJS_EXPORT_FILES)('%s: every exported constant, the same findings and messages in both', (file) => {
    const scanned = report.findings.filter((f) => f.file === file);
    const linted = eslintReported.filter((r) => r.file === file);
    expect(scanned.length).toBeGreaterThanOrEqual(2);
    expect(new Map(linted.map((r) => [key(r), r.message]))).toEqual(
      new Map(scanned.map((f) => [key(f), `${f.message} [${f.entryId}]`])),
    );
  });

  test.each(IMPORTED_INSTANCE_FILES)('%s: a request on an imported axios instance has one message in both', (file) => {
    const scanned = new Map(
      report.findings.filter((f) => f.file === file).map((f) => [key(f), `${f.message} [${f.entryId}]`]),
    );
    // The findings both report (an SDK client from another module is the scanner's alone).
    const both = eslintReported.filter((r) => r.file === file && scanned.has(key(r)));
    expect(both.length).toBeGreaterThan(0);
    expect(both.map((r) => r.message)).toEqual(both.map((r) => scanned.get(key(r))));
    expect(both.filter((r) => r.message.includes('method unknown'))).toEqual([]);
  });
});
