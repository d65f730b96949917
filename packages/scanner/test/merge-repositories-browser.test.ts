/**
 * The HTML audit of several repositories in a real browser (headless Chromium, see
 * support/chromium.ts): three fixture folders scanned each from its own root, their JSON reports
 * joined by the real CLI (`merge --repository NAME=FILE…`) into an HTML audit and a JSON report,
 * and every count read from the page compared to the JSON report's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { launchChromium } from './support/chromium.js';
import { runMain } from './support/cli-in-process.js';

/** A date when the fixtures' findings are of every grade. */
const AS_OF = '2024-07-01';
const NAMES = ['fetch', 'settings', 'axios'];
const GRADES = ['expired', 'imminent', 'scheduled'] as const;

interface Combined {
  findings: Array<{ repository: string; file: string; line: number; column: number; grade: string }>;
  repositories: Array<{ name: string; byGrade: Record<string, number>; total: number }>;
  summary: { byGrade: Record<string, number>; total: number };
}

describe('the HTML audit of several repositories in Chromium', () => {
  let out: string;
  let browser: Browser;
  let page: Page;
  let combined: Combined;
  const problems: string[] = [];

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'sunset-lint-repositories-html-'));
    for (const name of NAMES) {
      const scan = await runMain(
        ['scan', '.', '--as-of', AS_OF, '--fail-on', 'none', '--format', 'json', '--output', join(out, `${name}.json`)],
        { cwd: join(REPO_ROOT, 'fixtures', name) },
      );
      expect(scan.status, scan.stderr).toBe(0);
    }
    const repositories = NAMES.flatMap((name) => ['--repository', `${name}=${name}.json`]);
    for (const format of ['html', 'json']) {
      const run = await runMain(['merge', ...repositories, '--format', format, '--out', `all.${format}`], { cwd: out });
      expect(run.status, run.stderr).toBe(0);
    }
    combined = JSON.parse(readFileSync(join(out, 'all.json'), 'utf8')) as Combined;
    const launched = await launchChromium();
    browser = launched.browser;
    console.log(`repositories audit browser test: ${launched.source}`);
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) =>
        console.error('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));`,
    });
    await page.goto(pathToFileURL(join(out, 'all.html')).href);
  });

  afterAll(async () => {
    await browser?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  test("the repositories table's counts per repository and in total equal the JSON report's", async () => {
    const cells = await page
      .locator('table.repositories [data-count]')
      .evaluateAll((elements) => elements.map((e) => [e.getAttribute('data-count')!, Number(e.textContent)] as const));
    const expected: Array<readonly [string, number]> = [];
    for (const repository of combined.repositories) {
      for (const grade of GRADES) expected.push([`repository:${repository.name}:${grade}`, repository.byGrade[grade]!]);
      expected.push([`repository:${repository.name}:total`, repository.total]);
    }
    for (const grade of GRADES) expected.push([`total:${grade}`, combined.summary.byGrade[grade]!]);
    expected.push(['total:total', combined.summary.total]);
    expect(cells).toEqual(expected);
    // The JSON's own counts are its findings': every grade occurs in the total.
    for (const repository of combined.repositories)
      for (const grade of GRADES)
        expect(repository.byGrade[grade]).toBe(
          combined.findings.filter((f) => f.repository === repository.name && f.grade === grade).length,
        );
    for (const grade of GRADES) expect(combined.summary.byGrade[grade]).toBeGreaterThan(0);
    // The summary cards show the same totals.
    for (const grade of GRADES)
      expect(Number(await page.locator(`.cards .card.${grade} .value`).textContent())).toBe(
        combined.summary.byGrade[grade],
      );
    expect(problems).toEqual([]);
  });

  test("each repository's findings under its name, every place as in the JSON report", async () => {
    const groups = await page.locator('h3.repository').evaluateAll((headings) =>
      headings.map((heading) => {
        const rows: string[] = [];
        for (let at = heading.nextElementSibling; at && at.matches('details.file'); at = at.nextElementSibling) {
          const file = at.querySelector('summary code')!.textContent!;
          for (const row of at.querySelectorAll('tr.finding'))
            rows.push(`${file}:${row.querySelector('td.pos')!.textContent!}:${row.getAttribute('data-grade')!}`);
        }
        return [heading.textContent!, rows] as const;
      }),
    );
    expect(groups).toEqual(
      [...NAMES]
        .sort()
        .map((name) => [
          name,
          combined.findings
            .filter((f) => f.repository === name)
            .map((f) => `${f.file}:${f.line}:${f.column}:${f.grade}`),
        ]),
    );
    // A repository's name in the table leads to its group.
    await page.locator('table.repositories a', { hasText: 'settings' }).click();
    expect(new URL(page.url()).hash).toBe('#repository-settings');
    expect(await page.locator('h3.repository:target').textContent()).toBe('settings');
    expect(problems).toEqual([]);
  });

  test("the repository filter shows one repository's findings, as many as the JSON report has", async () => {
    const all = combined.findings.length;
    // Collapsed sections hide their rows: every section open, so what is visible is what the filters show.
    await page.locator('#expand-all').click();
    for (const repository of combined.repositories) {
      await page.locator('#filter-repository').selectOption(repository.name);
      expect(await page.locator('tr.finding:visible').count()).toBe(repository.total);
      expect(await page.locator('h3.repository:visible').allTextContents()).toEqual([repository.name]);
      expect(
        await page.locator('details.file:visible summary code').evaluateAll((codes) => codes.map((c) => c.textContent)),
      ).toEqual([...new Set(combined.findings.filter((f) => f.repository === repository.name).map((f) => f.file))]);
      expect(await page.locator('#filter-status').textContent()).toBe(`${repository.total} of ${all} findings shown`);
    }
    // With the grade filter too: one repository's expired findings.
    const [first] = combined.repositories;
    await page.locator('#filter-repository').selectOption(first!.name);
    for (const grade of ['imminent', 'scheduled'])
      await page.locator(`input[name="grade"][value="${grade}"]`).uncheck();
    expect(await page.locator('tr.finding:visible').count()).toBe(first!.byGrade.expired);
    await page.locator('#filter-repository').selectOption('');
    expect(await page.locator('tr.finding:visible').count()).toBe(combined.summary.byGrade.expired);
    expect(await page.locator('h3.repository:visible').count()).toBe(3);
    expect(problems).toEqual([]);
  });
});
