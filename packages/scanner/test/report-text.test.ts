import { describe, expect, test } from 'vitest';
import { renderReport, useColor } from '../src/reports/index.js';
import { fixtureReport } from './report-fixtures.js';

const ANSI = /\u001b\[\d+m/;

describe('text report', () => {
  const report = fixtureReport({
    files: [
      'fixtures/fetch/page-shield-scripts.ts',
      'fixtures/dns-records/locked-field.ts',
      'fixtures/settings/bulk-settings.mjs',
    ],
    diagnostics: [
      {
        code: 'parse-error',
        severity: 'error',
        message: 'Unexpected token',
        file: 'src/broken.ts',
        line: 3,
        column: 7,
      },
    ],
  });
  const plain = renderReport('text', report, { color: false });

  test('groups findings by file with line:column, grade, entry and message', () => {
    const lines = plain.split('\n');
    const header = lines.indexOf('fixtures/dns-records/locked-field.ts');
    expect(header).toBeGreaterThanOrEqual(0);
    expect(lines[header + 1]).toMatch(
      /^ {2}28:7 {3}imminent {3}dns-record-locked-field {2}`locked` sent in a DNS record payload/,
    );
    // Files in order, each once.
    const files = lines.filter((line) => line.startsWith('fixtures/'));
    expect(files).toEqual([
      'fixtures/dns-records/locked-field.ts',
      'fixtures/fetch/page-shield-scripts.ts',
      'fixtures/settings/bulk-settings.mjs',
    ]);
  });

  test('summary by grade and by entry with count, end of life and replacement; diagnostics', () => {
    expect(plain).toContain(
      '7 findings in 3 files (3 files scanned) as of 2024-06-01; 2 at or above --fail-on expired',
    );
    expect(plain).toContain('  expired 2   imminent 5   scheduled 0');
    expect(plain).toMatch(
      /\n {6}2 {2}2022-10-11 {3}expired {4}page-shield-script-monitor-segment {2}Use the `page_shield` segment in place of `script_monitor`\n/,
    );
    const byEntry = plain.slice(plain.indexOf('By catalogue entry'));
    expect(byEntry.indexOf('page-shield-script-monitor-segment')).toBeLessThan(
      byEntry.indexOf('dns-record-locked-field'),
    );
    expect(byEntry.indexOf('dns-record-locked-field')).toBeLessThan(byEntry.indexOf('zone-setting-brotli'));
    expect(plain).toContain('Diagnostics (1):\n  src/broken.ts:3:7  error  parse-error  Unexpected token');
  });

  test('plain without color, ANSI with it', () => {
    expect(plain).not.toMatch(ANSI);
    const colored = renderReport('text', report, { color: true });
    expect(colored).toMatch(ANSI);
    expect(colored.replace(/\u001b\[\d+m/g, '')).toBe(plain);
  });

  test('color only on a TTY without NO_COLOR', () => {
    expect(useColor({ isTTY: true }, {})).toBe(true);
    expect(useColor({ isTTY: false }, {})).toBe(false);
    expect(useColor({}, {})).toBe(false);
    expect(useColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(useColor({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
  });

  test('a clean scan says so; a baseline is summarized', () => {
    const clean = renderReport(
      'text',
      {
        ...report,
        findings: [],
        diagnostics: [],
        baseline: {
          file: 'base.json',
          entries: 4,
          suppressed: 3,
          stale: [{ fingerprint: 'abc', file: 'a.ts', entryId: 'zone-setting-brotli' }],
        },
      },
      { color: false },
    );
    expect(clean).toBe(
      'No deprecated API usage found outside the baseline in 3 files scanned (as of 2024-06-01): 3 findings suppressed by base.json.\n\nBaseline base.json (4 entries): 3 findings suppressed, 1 entry no longer found:\n  a.ts  zone-setting-brotli  abc\n',
    );
    // Without a baseline, or one that suppressed nothing: the plain sentence.
    expect(renderReport('text', { ...report, findings: [], diagnostics: [] }, { color: false })).toBe(
      'No deprecated API usage found in 3 files scanned (as of 2024-06-01).\n',
    );
  });
});
