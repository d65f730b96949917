/**
 * The CLI over fixtures/ (in-process through `main`, one run as a real process): every expected
 * finding (single-file and cross-file) at its file, line and entry, nothing on negatives, the
 * recorded confidence, and byte-identical reports.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { compareFindings, confidenceNow, expectedFindings, REPO_ROOT } from '../../core/test/support/fixtures.js';
import { parseJsonReport, runCli, type CliRun, type JsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const AS_OF = '2026-11-21';

/**
 * What a scan without --types must find: `single-file`, `cross-file` and `terraform` expectations. Any other
 * resolution (`types`: only `scan --types` finds it, see types-mode.test.ts) is not required here,
 * and reported as unexpected if found.
 */
const scanExpectations = () => expectedFindings().filter((e) => (e.resolution as string) !== 'types');

describe('sunset-lint scan fixtures/', () => {
  let run: CliRun;
  let report: JsonReport;
  let output: string;
  beforeAll(async () => {
    output = join(mkdtempSync(join(tmpdir(), 'sunset-lint-fixtures-')), 'report.json');
    run = await runMain(['scan', 'fixtures', '--as-of', AS_OF, '--format', 'json', '--output', output], {
      cwd: REPO_ROOT,
    });
    report = parseJsonReport(readFileSync(output, 'utf8'));
  });

  test('exits 1: there are expired findings', () => {
    expect(run.stderr).not.toContain('internal error');
    expect(run.status).toBe(1);
  });

  test('finds exactly the expected findings, cross-file ones included', () => {
    expect(compareFindings(report.findings, scanExpectations())).toEqual({ missing: [], unexpected: [] });
    expect(expectedFindings().filter((e) => e.resolution === 'cross-file').length).toBeGreaterThanOrEqual(12);
  });

  test('negatives stay silent', () => {
    expect(report.findings.filter((f) => f.file.startsWith('fixtures/negatives/'))).toEqual([]);
  });

  test('recorded confidence matches', () => {
    const mismatched = scanExpectations()
      .filter(
        (e) =>
          report.findings.find((f) => f.file === e.file && f.line === e.line && f.entryId === e.entryId)?.confidence !==
          confidenceNow(e, 'scan'),
      )
      .map((e) => `${e.file}:${e.line}:${e.entryId} expected ${confidenceNow(e, 'scan')}`);
    expect(mismatched).toEqual([]);
  });

  test('no diagnostics: every fixture parses; the unresolvable import in negatives/ is silent', () => {
    expect(report.diagnostics).toEqual([]);
  });

  test('--verbose names the unresolvable import without failing the scan', async () => {
    const verbose = await runMain(['scan', 'fixtures/negatives', '--as-of', AS_OF, '--format', 'json', '--verbose'], {
      cwd: REPO_ROOT,
    });
    expect(verbose.status).toBe(0);
    expect(parseJsonReport(verbose.stdout).diagnostics).toEqual([
      expect.objectContaining({
        code: 'unresolved-import',
        severity: 'warning',
        file: 'fixtures/negatives/express-routes.js',
      }),
    ]);
  });

  // The second run is the real process: a report of this size reaches stdout whole through a pipe.
  test('the report is byte-identical between runs, with relative / paths (the second run a real process)', () => {
    const again = runCli(['scan', 'fixtures', '--as-of', AS_OF, '--format', 'json'], { cwd: REPO_ROOT });
    expect(again.stdout).toBe(readFileSync(output, 'utf8'));
    expect(report.findings.every((f) => f.file.startsWith('fixtures/') && !f.file.includes('\\'))).toBe(true);
  });
});
