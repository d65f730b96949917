import { describe, expect, test } from 'vitest';
import { JSON_REPORT_VERSION, renderReport } from '../src/reports/index.js';
import { fixtureReport } from './report-fixtures.js';

/** The fields of a JSON report finding the ordering checks read. */
interface JsonFinding {
  file: string;
  line: number;
  column: number;
  entryId: string;
  related?: Array<Record<string, unknown>>;
}

/** The summary fields the totals check reads. */
interface JsonSummary {
  byGrade: Record<'expired' | 'imminent' | 'scheduled', number>;
  byEntry: Record<string, unknown>;
  total: number;
  filesScanned: number;
}

const FINDING_KEYS = [
  'ruleId',
  'entryId',
  'file',
  'line',
  'column',
  'endLine',
  'endColumn',
  'eol',
  'grade',
  'severity',
  'confidence',
  'message',
  'replacement',
  'fingerprint',
];

const RELATED_KEYS = ['file', 'line', 'column', 'endLine', 'endColumn', 'message'];

describe('JSON report', () => {
  const report = fixtureReport({
    diagnostics: [
      {
        code: 'unresolved-import',
        severity: 'warning',
        message: "cannot resolve './store.js'",
        file: 'fixtures/negatives/express-routes.js',
        line: 2,
        column: 1,
      },
    ],
  });
  const text = renderReport('json', report, { color: false });
  const json = JSON.parse(text) as { findings: JsonFinding[]; summary: JsonSummary; [key: string]: unknown };

  test('top-level shape and key order', () => {
    expect(Object.keys(json)).toEqual([
      'version',
      'tool',
      'asOf',
      'imminentDays',
      'failOn',
      'findings',
      'summary',
      'diagnostics',
    ]);
    expect(json.version).toBe(JSON_REPORT_VERSION);
    expect(json.tool).toEqual({
      name: 'sunset-lint',
      version: '0.1.0',
      informationUri: 'https://github.com/sunset-lint/sunset-lint',
    });
    expect(json.asOf).toBe('2024-06-01');
    expect(json.imminentDays).toBe(90);
  });

  test('every finding has exactly the documented fields, sorted by file, line, column, entry', () => {
    expect(json.findings).toHaveLength(report.findings.length);
    // `related` only when there are related locations: other findings keep their exact shape.
    for (const finding of json.findings)
      expect(Object.keys(finding)).toEqual(finding.related ? [...FINDING_KEYS, 'related'] : FINDING_KEYS);
    const withRelated = json.findings.filter((f) => f.related);
    expect(withRelated.length).toBeGreaterThan(0);
    for (const finding of withRelated)
      for (const related of finding.related!) expect(Object.keys(related)).toEqual(RELATED_KEYS);
    const order = json.findings.map((f) => [f.file, f.line, f.column, f.entryId] as const);
    const sorted = [...order].sort((a, b) =>
      a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0),
    );
    expect(order).toEqual(sorted);
    expect(json.findings.every((f) => !f.file.includes('\\') && !f.file.startsWith('/'))).toBe(true);
  });

  test('a report that classes the places gives each finding its class as `migration`, after its fingerprint', () => {
    const [first, second] = report.findings;
    const classed = JSON.parse(
      renderReport(
        'json',
        {
          ...report,
          migrationClasses: new Map([
            [first!.fingerprint, 'automatic'],
            [second!.fingerprint, 'assisted'],
          ]),
        },
        { color: false },
      ),
    ) as { findings: Array<Record<string, unknown>> };
    const byFingerprint = new Map(classed.findings.map((f) => [f['fingerprint'], f]));
    expect(byFingerprint.get(first!.fingerprint)!['migration']).toBe('automatic');
    expect(byFingerprint.get(second!.fingerprint)!['migration']).toBe('assisted');
    const keys = Object.keys(byFingerprint.get(first!.fingerprint)!);
    expect(keys.slice(0, FINDING_KEYS.length + 1)).toEqual([...FINDING_KEYS, 'migration']);
    // A place the map does not class has no `migration`.
    expect(classed.findings.filter((f) => 'migration' in f)).toHaveLength(2);
  });

  test('summary by grade and by entry (ordered by end of life), totals', () => {
    const { summary } = json;
    expect(Object.keys(summary)).toEqual(['byGrade', 'byEntry', 'total', 'filesWithFindings', 'filesScanned']);
    expect(summary.total).toBe(report.findings.length);
    expect(summary.byGrade.expired + summary.byGrade.imminent + summary.byGrade.scheduled).toBe(summary.total);
    expect(summary.byGrade.imminent).toBeGreaterThan(0);
    expect(summary.byGrade.scheduled).toBeGreaterThan(0);
    const entries = Object.entries(summary.byEntry) as Array<
      [string, { eol: string; count: number; files: number; grade: string }]
    >;
    expect(entries.map(([, e]) => e.eol)).toEqual(entries.map(([, e]) => e.eol).sort());
    expect(entries.reduce((n, [, e]) => n + e.count, 0)).toBe(summary.total);
    const pageShield = report.findings.filter((f) => f.entryId === 'page-shield-script-monitor-segment');
    expect(pageShield.length).toBeGreaterThan(1);
    expect(summary.byEntry['page-shield-script-monitor-segment']).toMatchObject({
      count: pageShield.length,
      files: new Set(pageShield.map((f) => f.file)).size,
      grade: 'expired',
      eol: '2022-10-11',
    });
    expect(summary.filesScanned).toBe(report.filesScanned);
  });

  test('diagnostics and the optional baseline', () => {
    expect(json.diagnostics).toEqual([
      {
        code: 'unresolved-import',
        severity: 'warning',
        message: "cannot resolve './store.js'",
        file: 'fixtures/negatives/express-routes.js',
        line: 2,
        column: 1,
      },
    ]);
    const withBaseline = JSON.parse(
      renderReport(
        'json',
        {
          ...report,
          baseline: {
            file: 'b.json',
            suppressed: 4,
            stale: [
              { fingerprint: 'z', file: 'b.ts', entryId: 'x' },
              { fingerprint: 'y', file: 'a.ts', entryId: 'x' },
            ],
          },
        },
        { color: false },
      ),
    );
    expect(withBaseline.baseline).toEqual({
      file: 'b.json',
      suppressed: 4,
      stale: [
        { fingerprint: 'y', file: 'a.ts', entryId: 'x' },
        { fingerprint: 'z', file: 'b.ts', entryId: 'x' },
      ],
    });
  });

  test('byte-identical between runs, whatever order the findings arrive in', () => {
    const again = fixtureReport({ diagnostics: report.diagnostics as never });
    expect(renderReport('json', again, { color: false })).toBe(text);
    expect(renderReport('json', { ...again, findings: [...again.findings].reverse() }, { color: false })).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
  });
});
