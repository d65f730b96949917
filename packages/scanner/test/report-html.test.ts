import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { OPEN_FILE_SECTIONS } from '../src/reports/html.js';
import { renderReport } from '../src/reports/index.js';
import type { ScanReport } from '../src/reports/types.js';
import { readSourceLines } from '../src/scan/source-lines.js';
import { fixtureSourceFiles, REPO_ROOT } from '../../core/test/support/fixtures.js';
import { fixtureReport, hostileFinding } from './report-fixtures.js';
import { runMain } from './support/cli-in-process.js';

const PAYLOAD = `</script><img src=x onerror=alert(1)>`;
const html = (report: ScanReport): string => renderReport('html', report, { color: false });
const marks = (page: string): Array<{ entry: string; grade: string; count: number }> =>
  [...page.matchAll(/class="mark [^"]*" data-entry="([^"]*)" data-grade="([^"]*)" data-count="(\d+)"/g)].map((m) => ({
    entry: m[1]!,
    grade: m[2]!,
    count: Number(m[3]),
  }));

describe('HTML audit', () => {
  const report = fixtureReport({
    files: ['fixtures/fetch/page-shield-scripts.ts', 'fixtures/dns-records/locked-field.ts'],
  });
  const withSource = { ...report, sourceLines: readSourceLines(report.findings, REPO_ROOT) };
  const hostile = {
    ...withSource,
    findings: [...report.findings, hostileFinding(report.findings[0]!)],
    diagnostics: [
      { code: 'read-error', severity: 'warning' as const, message: '<img src=x onerror=alert(1)>', file: 'x".ts' },
    ],
  };
  const page = html(hostile);

  test('a self-contained page: one inline style sheet and one script, both pinned by the CSP', () => {
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).not.toMatch(/<link|<img|<iframe|<object|@import|url\(/i);
    expect(page).not.toMatch(/<[^>]+\s(src|style|on\w+)=/i);
    const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(scripts).toHaveLength(1);
    expect(page.match(/<script/g)).toHaveLength(1);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/
      .exec(page)![1]!
      .replaceAll('&#39;', "'");
    const hash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src ${hash(styles[0]!)};`);
    expect(csp).toContain(`script-src ${hash(scripts[0]!)};`);
    // The CSP comes before anything it governs.
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<style>'));
    // The only links go to the schedule docs and within the page.
    const hrefs = [...page.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(
      hrefs.every(
        (href) =>
          href.startsWith('https://github.com/sunset-lint/sunset-lint/blob/main/docs/') ||
          href.startsWith('#file-') ||
          href.startsWith('#entry-'),
      ),
    ).toBe(true);
  });

  test('the timeline has one mark per catalogue entry, sized by its findings, faint without any', () => {
    const drawn = marks(html(report));
    expect(drawn.map((m) => m.entry).sort()).toEqual(report.catalogue.map((e) => e.id).sort());
    const counts = Object.fromEntries(drawn.filter((m) => m.count > 0).map((m) => [m.entry, m.count]));
    expect(counts).toEqual({ 'page-shield-script-monitor-segment': 2, 'dns-record-locked-field': 3 });
    expect(drawn.find((m) => m.entry === 'page-shield-script-monitor-segment')!.grade).toBe('expired');
    // Entries without findings are graded from their date: the fixture date gives all three grades.
    expect(new Set(drawn.filter((m) => m.count === 0).map((m) => m.grade))).toEqual(
      new Set(['expired', 'imminent', 'scheduled']),
    );
    expect(html(report)).toContain(
      '<g class="mark scheduled none" data-entry="firewall-rules-api" data-grade="scheduled" data-count="0"><title>Firewall Rules API and Filters API (firewall-rules-api) — end of life 2025-01-15, scheduled: no findings</title>',
    );
    expect(html(report)).toMatch(
      /<a href="#entry-dns-record-locked-field" class="mark imminent" [^>]*><title>DNS record `locked` field \(dns-record-locked-field\) — end of life 2024-07-14, imminent: 3 findings in 1 file<\/title><circle cx="[\d.]+" cy="-?[\d.]+" r="7.2"\/>/,
    );
    expect(html(report)).toMatch(
      /<line class="as-of" [^>]*\/><text class="as-of-label" [^>]*>as of 2024-06-01<\/text>/,
    );
  });

  test('the audit: totals, entries by end of life, findings by file with their line of code', () => {
    expect(page).toContain('<div class="card total"><div class="value">6</div><div class="label">Findings</div></div>');
    expect(page.indexOf('page-shield-script-monitor-segment</code></td>')).toBeLessThan(
      page.indexOf('dns-record-locked-field</code></td>'),
    );
    expect(page).toContain(
      '<details class="file" open id="file-fixtures/dns-records/locked-field.ts"><summary><code>fixtures/dns-records/locked-field.ts</code> <span class="count">3</span></summary>',
    );
    expect(page).toContain(
      '<tr class="finding" data-entry="dns-record-locked-field" data-grade="imminent"><td class="pos">28:7</td><td><span class="badge imminent">imminent</span></td>',
    );
    // The deprecated text is marked within its line; the indentation is dropped.
    expect(page).toContain(
      '<div class="excerpt"><span class="ln">28</span><code><mark>locked</mark>: false,</code></div>',
    );
  });

  test('a scan that the baseline leaves clean says what the baseline suppressed', () => {
    expect(html({ ...report, findings: [] })).toContain('<p class="clean">No deprecated API usage found.</p>');
    const baselined = {
      ...report,
      findings: [],
      baseline: { file: 'base<1>.json', entries: 3, suppressed: 3, stale: [] },
    };
    expect(html(baselined)).toContain(
      '<p class="clean">No deprecated API usage found outside the baseline; 3 findings suppressed by <code>base&lt;1&gt;.json</code>.</p>',
    );
  });

  test('file sections beyond the first few start collapsed; the controls are hidden until the script runs', () => {
    const files = fixtureSourceFiles().filter((file) => /^fixtures\/(dns-records|headers|fetch)\//.test(file));
    const full = html(fixtureReport({ files }));
    const sections = [...full.matchAll(/<details class="file"( open)? id=/g)];
    expect(sections.length).toBeGreaterThan(OPEN_FILE_SECTIONS);
    expect(sections.map((m) => m[1] === ' open')).toEqual(sections.map((_, index) => index < OPEN_FILE_SECTIONS));
    expect(full).toContain('<form class="controls" id="controls" hidden>');
  });

  test('every piece of data is escaped, the code excerpt included', () => {
    expect(page).toContain(
      'GET /zones/&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; | **bold** [link](javascript:alert(1)) &amp; <code>code</code> _under_',
    );
    expect(page).toContain('<code>src/we|rd &lt;dir&gt;/a&amp;b `x`.ts</code>');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('<code>x&quot;.ts</code>');
    expect(page).not.toContain('javascript:alert(1)"');

    const finding = { ...hostileFinding(report.findings[0]!), file: `a/${PAYLOAD}&'".ts` };
    const code = `\tconst u='${PAYLOAD}'+"&\u2028\u202e"+'/zones/x/page_shield/script_monitor';`;
    const column = code.indexOf('/zones') + 1;
    const evil = html({
      ...report,
      findings: [{ ...finding, line: 1, column, endLine: 1, endColumn: column + 35 }],
      sourceLines: new Map([[finding.file, new Map([[1, code]])]]),
    });
    expect(evil.match(/<script/g)).toHaveLength(1);
    expect(evil.match(/<\/script>/g)).toHaveLength(1);
    expect(evil).not.toMatch(/<img|\u2028|\u202e/);
    expect(evil).toContain(
      `<code>const u=&#39;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&#39;+&quot;&amp;<span class="ctl" title="invisible character U+2028">U+2028</span><span class="ctl" title="invisible character U+202E">U+202E</span>&quot;+&#39;<mark>/zones/x/page_shield/script_monitor</mark>&#39;;</code>`,
    );
    expect(evil).toContain('<code>a/&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;&#39;&quot;.ts</code>');
  });

  test('a long line is cut to a window around the mark', () => {
    const line = `${'a'.repeat(5000)}'/zones/x/page_shield/script_monitor'${'b'.repeat(5000)}`;
    const finding = report.findings[0]!;
    const page = html({
      ...report,
      findings: [{ ...finding, line: 1, column: 5002, endLine: 1, endColumn: 5037 }],
      sourceLines: new Map([[finding.file, new Map([[1, line]])]]),
    });
    const excerpt = /<div class="excerpt">.*?<\/div>/.exec(page)![0];
    expect(excerpt).toBe(
      `<div class="excerpt"><span class="ln">1</span><code>…${'a'.repeat(59)}&#39;<mark>/zones/x/page_shield/script_monitor</mark>&#39;${'b'.repeat(59)}…</code></div>`,
    );
  });
});

describe('source lines for the excerpts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-lines-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('lines break where the findings count them (\\n, \\r\\n, a lone \\r, U+2028 and U+2029, as ESLint)', () => {
    writeFileSync(join(dir, 'a.ts'), 'one\r\ntwo\rthree\u2028still three\nfour');
    const finding = fixtureReport({ files: ['fixtures/dns-records/locked-field.ts'] }).findings[0]!;
    const lines = readSourceLines(
      [
        {
          ...finding,
          file: 'a.ts',
          line: 3,
          related: [{ line: 4, column: 1, endLine: 4, endColumn: 2, range: [0, 1], message: 'x' }],
        },
        { ...finding, file: 'gone.ts', line: 1 },
      ],
      dir,
    );
    expect(lines).toEqual(
      new Map([
        [
          'a.ts',
          new Map([
            [3, 'three'],
            [4, 'still three'],
          ]),
        ],
      ]),
    );
  });

  test('the CLI shows the related request in another file with its own line', async () => {
    const run = await runMain(
      ['scan', 'fixtures/cross-file/esm', '--as-of', '2024-06-01', '--fail-on', 'none', '--format', 'html'],
      { cwd: REPO_ROOT },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      '<div class="related">related: <code>fixtures/cross-file/esm/firewall-sync.ts:22:55</code> the request that sends it (GET)<div class="excerpt"><span class="ln">22</span><code>const legacy = await getJson&lt;unknown[]&gt;(await fetch(<mark>`${API_BASE}${zonePath(zoneId, FIREWALL_RULES)}`</mark>, { headers }));</code></div></div>',
    );
  });
});
