/**
 * The one-line summary on stderr (written when no text report goes to stdout) and the reports count
 * the same things: for the fixtures, under each gating flag, every format's summary states the JSON
 * report's numbers, and the text report's headline states them too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { REPORT_FORMATS } from '../src/reports/types.js';
import { parseJsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const PATHS = ['fixtures/fetch', 'fixtures/errors', 'fixtures/real-world'];
const AS_OF = ['--as-of', '2026-11-21'];
const GRADE_ORDER = ['expired', 'imminent', 'scheduled'] as const;

interface Counts {
  findings: number;
  files: number;
  scanned: number;
  failing?: number;
  suppressed?: number;
  stale?: number;
}

/** The numbers of the JSON report of the same scan. */
async function jsonCounts(args: readonly string[]): Promise<Counts> {
  const run = await runMain(['scan', ...PATHS, ...AS_OF, ...args, '--format', 'json', '--quiet'], { cwd: REPO_ROOT });
  const report = parseJsonReport(run.stdout) as ReturnType<typeof parseJsonReport> & {
    failOn: string;
    summary: { total: number; filesWithFindings: number; filesScanned: number; byGrade: Record<string, number> };
    baseline?: { suppressed: number; stale: unknown[] };
  };
  const failingGrades =
    report.failOn === 'none' ? [] : GRADE_ORDER.slice(0, GRADE_ORDER.indexOf(report.failOn as 'expired') + 1);
  return {
    findings: report.summary.total,
    files: report.summary.filesWithFindings,
    scanned: report.summary.filesScanned,
    ...(report.failOn === 'none'
      ? {}
      : { failing: failingGrades.reduce((sum, g) => sum + (report.summary.byGrade[g] ?? 0), 0) }),
    ...(report.baseline ? { suppressed: report.baseline.suppressed, stale: report.baseline.stale.length } : {}),
  };
}

const COUNTS = /(\d+) findings? in (\d+) files? \((\d+) files? scanned/;
const FAILING = /(\d+) at or above --fail-on /;
const BASELINE = /(\d+) in the baseline, (\d+) stale baseline entries/;

function countsIn(line: string): Counts {
  const [, findings, files, scanned] = COUNTS.exec(line) ?? [];
  if (findings === undefined) throw new Error(`no counts in: ${line}`);
  const failing = FAILING.exec(line)?.[1];
  const [, suppressed, stale] = BASELINE.exec(line) ?? [];
  return {
    findings: Number(findings),
    files: Number(files),
    scanned: Number(scanned),
    ...(failing === undefined ? {} : { failing: Number(failing) }),
    ...(suppressed === undefined ? {} : { suppressed: Number(suppressed), stale: Number(stale) }),
  };
}

const baselineDir = mkdtempSync(join(tmpdir(), 'sunset-lint-summary-'));
const baselineFile = join(baselineDir, 'baseline.json');

const CASES: Array<[string, string[]]> = [
  ['defaults', []],
  ['--fail-on imminent', ['--fail-on', 'imminent']],
  ['--fail-on none', ['--fail-on', 'none']],
  ['--max-findings 3', ['--max-findings', '3']],
  ['--min-confidence high', ['--min-confidence', 'high']],
  ['--baseline', ['--baseline', baselineFile]],
];

describe('the stderr summary and the reports agree on counts', () => {
  test.each(CASES)('%s: every format', async (_, args) => {
    if (args.includes('--baseline')) {
      const written = await runMain(['baseline', 'fixtures/fetch', ...AS_OF, '--output', baselineFile, '--quiet'], {
        cwd: REPO_ROOT,
      });
      expect(written.status).toBe(0);
    }
    const expected = await jsonCounts(args);
    expect(expected.findings).toBeGreaterThan(0);
    if (args.includes('--baseline')) expect(expected.suppressed).toBeGreaterThan(0);

    for (const format of REPORT_FORMATS.filter((f) => f !== 'text')) {
      const run = await runMain(['scan', ...PATHS, ...AS_OF, ...args, '--format', format], { cwd: REPO_ROOT });
      const summary = run.stderr.split('\n').find((line) => line.startsWith('sunset-lint: '));
      expect({ format, counts: countsIn(summary ?? '') }).toEqual({ format, counts: expected });
    }
    // The text report's headline (the stderr summary is not written when it goes to stdout).
    const text = await runMain(['scan', ...PATHS, ...AS_OF, ...args], { cwd: REPO_ROOT });
    const headline = text.stdout.split('\n').find((line) => COUNTS.test(line)) ?? '';
    const { suppressed: _suppressed, stale: _stale, ...withoutBaseline } = expected;
    expect(countsIn(headline)).toEqual(withoutBaseline);
  });
});
