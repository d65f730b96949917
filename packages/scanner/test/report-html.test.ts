import { describe, expect, test } from 'vitest';
import { renderReport } from '../src/reports/index.js';
import { fixtureReport, hostileFinding } from './report-fixtures.js';

// Structure and escaping only; the page's looks were checked by eye in headless Chromium (CI has no browser).
describe('HTML audit', () => {
  const report = fixtureReport({
    files: ['fixtures/fetch/page-shield-scripts.ts', 'fixtures/dns-records/locked-field.ts'],
  });
  const hostile = {
    ...report,
    findings: [...report.findings, hostileFinding(report.findings[0]!)],
    diagnostics: [
      { code: 'read-error', severity: 'warning' as const, message: '<img src=x onerror=alert(1)>', file: 'x".ts' },
    ],
  };
  const html = renderReport('html', hostile, { color: false });

  test('a self-contained page: inline CSS, no scripts, no external assets', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(/i);
    expect(html).not.toMatch(/<[^>]+\ssrc=/i);
    // The only links go to the schedule docs.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(
      hrefs.every(
        (href) =>
          href.startsWith('https://github.com/sunset-lint/sunset-lint/blob/main/docs/') || href.startsWith('#file-'),
      ),
    ).toBe(true);
  });

  test('the audit: totals, entries by end of life, findings by file', () => {
    expect(html).toContain('<div class="card total"><div class="value">6</div><div class="label">Findings</div></div>');
    expect(html.indexOf('page-shield-script-monitor-segment</code></td>')).toBeLessThan(
      html.indexOf('dns-record-locked-field</code></td>'),
    );
    expect(html).toContain(
      '<details open id="file-fixtures/dns-records/locked-field.ts"><summary><code>fixtures/dns-records/locked-field.ts</code> <span class="count">3</span></summary>',
    );
    expect(html).toContain('<td class="pos">28:7</td><td><span class="badge imminent">imminent</span></td>');
  });

  test('every piece of data is escaped', () => {
    expect(html).toContain(
      'GET /zones/&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; | **bold** [link](javascript:alert(1)) &amp; <code>code</code> _under_',
    );
    expect(html).toContain('<code>src/we|rd &lt;dir&gt;/a&amp;b `x`.ts</code>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<code>x&quot;.ts</code>');
    expect(html).not.toContain('javascript:alert(1)"');
  });
});
