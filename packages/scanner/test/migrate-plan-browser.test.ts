/**
 * The migration plan's HTML in a real browser (headless Chromium, see support/chromium.ts): the plan
 * of a copy of two fixture folders, with progress since a scan made before `migrate` ran on one of
 * them, and the plan over three repositories' reports, are written by the real CLI, opened from
 * disk, and every count read from the page is compared to the JSON plan of the same input.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import type { MigrationPlan, PlanCounts } from '../src/migrate/plan-report.js';
import { launchChromium } from './support/chromium.js';
import { runMain } from './support/cli-in-process.js';

const AS_OF = '2026-11-21';
const EARLIER = '2026-10-01';

/** The page's counts: `data-count` key (`total:places`, `entry:<id>:automatic`, …) to the number shown. */
async function shownCounts(page: Page): Promise<Record<string, number>> {
  const cells = await page
    .locator('[data-count]')
    .evaluateAll((elements) => elements.map((element) => [element.getAttribute('data-count')!, element.textContent!]));
  return Object.fromEntries(cells.map(([key, text]) => [key, Number(text)]));
}

/** The page's progress cells: scope to [migrated, earlier], read from the sentence shown. */
async function shownProgress(page: Page): Promise<Record<string, [number, number]>> {
  const cells = await page
    .locator('[data-progress]')
    .evaluateAll((elements) =>
      elements.map((element) => [element.getAttribute('data-progress')!, element.textContent!]),
    );
  return Object.fromEntries(
    cells.map(([scope, text]) => {
      const match = /^(\d+) of (\d+) places? migrated since (\d{4}-\d{2}-\d{2})$/.exec(text);
      expect(match, text).not.toBeNull();
      expect(match![3]).toBe(EARLIER);
      return [scope, [Number(match![1]), Number(match![2])]];
    }),
  );
}

/** The same counts, from the JSON plan. */
function expectedCounts(plan: MigrationPlan): {
  counts: Record<string, number>;
  progress: Record<string, [number, number]>;
} {
  const counts: Record<string, number> = {};
  const progress: Record<string, [number, number]> = {};
  const put = (scope: string, c: PlanCounts) => {
    for (const name of ['places', 'automatic', 'person'] as const) counts[`${scope}:${name}`] = c[name];
    if (c.earlier !== undefined) progress[scope] = [c.migrated!, c.earlier];
  };
  put('total', plan.total);
  for (const repository of plan.repositories ?? []) put(`repository:${repository.name}`, repository.counts);
  for (const entry of plan.entries) {
    put(`entry:${entry.id}`, entry.counts);
    for (const [name, c] of Object.entries(entry.byRepository ?? {})) put(`entry:${entry.id}:${name}`, c);
  }
  return { counts, progress };
}

describe('the migration plan in Chromium', () => {
  let project: string;
  let browser: Browser;
  const problems: string[] = [];

  async function open(file: string): Promise<Page> {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) =>
        console.error('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));`,
    });
    await page.goto(pathToFileURL(join(project, file)).href);
    return page;
  }

  async function cli(...args: string[]) {
    const run = await runMain(args, { cwd: project });
    expect(run.status, run.stderr).toBe(0);
    return run;
  }

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'sunset-lint-plan-html-'));
    for (const folder of ['fetch', 'settings', 'axios'])
      cpSync(join(REPO_ROOT, 'fixtures', folder), join(project, folder), { recursive: true });
    const scan = ['scan', '--format', 'json', '--fail-on', 'none'];
    writeFileSync(join(project, 'earlier.json'), (await cli(...scan, 'fetch', 'settings', '--as-of', EARLIER)).stdout);
    // Three repositories' reports, for the organization view: each scanned before the migration
    // started, and now (after `migrate` ran on one of them).
    for (const folder of ['fetch', 'settings', 'axios'])
      writeFileSync(join(project, `${folder}-earlier.json`), (await cli(...scan, folder, '--as-of', EARLIER)).stdout);
    // Progress: the automatic places of one folder migrated since the earlier report.
    await cli('migrate', 'settings', '--as-of', AS_OF);
    for (const folder of ['fetch', 'settings', 'axios'])
      writeFileSync(join(project, `${folder}.json`), (await cli(...scan, folder, '--as-of', AS_OF)).stdout);
    const since = ['migrate', '--plan', 'fetch', 'settings', '--since', 'earlier.json', '--as-of', AS_OF];
    await cli(...since, '--format', 'html', '--output', 'plan.html');
    await cli(...since, '--format', 'json', '--output', 'plan.json');
    // The HTML audit of the same input, with the same progress on its schedule.
    await cli(
      'scan',
      'fetch',
      'settings',
      '--since',
      'earlier.json',
      '--as-of',
      AS_OF,
      '--fail-on',
      'none',
      '--format',
      'html',
      '--output',
      'audit.html',
    );
    const repositories = ['fetch', 'settings', 'axios'].flatMap((name) => [
      '--repository',
      `${name}=${name}.json`,
      '--since',
      `${name}=${name}-earlier.json`,
    ]);
    await cli('migrate', '--plan', ...repositories, '--as-of', AS_OF, '--format', 'html', '--output', 'org.html');
    await cli('migrate', '--plan', ...repositories, '--as-of', AS_OF, '--format', 'json', '--output', 'org.json');
    const launched = await launchChromium();
    browser = launched.browser;
    console.log(`migration plan browser test: ${launched.source}`);
  });

  afterAll(async () => {
    await browser?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  async function readPlan(file: string): Promise<MigrationPlan> {
    return JSON.parse(readFileSync(join(project, file), 'utf8')) as MigrationPlan;
  }

  test('the plan with progress: every count and progress on the page equals the JSON plan', async () => {
    const plan = await readPlan('plan.json');
    const page = await open('plan.html');
    const expected = expectedCounts(plan);
    // Something migrated, something left: the comparison is over real numbers.
    expect(plan.total.migrated).toBeGreaterThan(0);
    expect(plan.total.migrated).toBeLessThan(plan.total.earlier!);
    expect(plan.total.automatic + plan.total.person).toBe(plan.total.places);
    expect(await shownCounts(page)).toEqual(expected.counts);
    expect(await shownProgress(page)).toEqual(expected.progress);
    expect(await page.locator('section.plan-entry h2 code').allTextContents()).toEqual(plan.entries.map((e) => e.id));
    const places = plan.entries.flatMap((entry) => entry.places);
    expect(await page.locator('li[data-migrate="automatic"]').count()).toBe(
      places.filter((p) => p.migrate === 'automatic').length,
    );
    expect(await page.locator('li[data-migrate="person"]').count()).toBe(
      places.filter((p) => p.migrate === 'person').length,
    );
    expect(problems).toEqual([]);
  });

  test('the plan over three repositories, with progress since each earlier report: per repository and in total, as the JSON plan', async () => {
    const plan = await readPlan('org.json');
    const page = await open('org.html');
    expect(plan.repositories!.map((r) => r.name)).toEqual(['fetch', 'settings', 'axios']);
    const shown = await shownCounts(page);
    const expected = expectedCounts(plan);
    expect(shown).toEqual(expected.counts);
    expect(shown['total:places']).toBe(plan.repositories!.reduce((sum, r) => sum + r.counts.places, 0));
    // Progress since each repository's earlier report: per repository, per entry and repository, in total.
    expect(plan.repositories!.map((r) => r.since)).toEqual([EARLIER, EARLIER, EARLIER]);
    expect(plan.total.migrated).toBeGreaterThan(0);
    expect(plan.total.migrated).toBeLessThan(plan.total.earlier!);
    const progress = await shownProgress(page);
    expect(progress).toEqual(expected.progress);
    expect(progress['total']).toEqual([
      plan.repositories!.reduce((sum, r) => sum + r.counts.migrated!, 0),
      plan.repositories!.reduce((sum, r) => sum + r.counts.earlier!, 0),
    ]);
    expect(Object.keys(progress).filter((key) => key.startsWith('repository:'))).toHaveLength(3);
    expect(problems).toEqual([]);
  });

  test("the HTML audit's schedule shows the same progress as the plan (scan --since)", async () => {
    const plan = await readPlan('plan.json');
    const page = await open('audit.html');
    const shown = await page.locator('.timeline-key .key-item').evaluateAll((items) =>
      items.flatMap((item) => {
        const progress = item.querySelector('.progress');
        return progress ? [[item.getAttribute('data-entry')!, progress.textContent!]] : [];
      }),
    );
    const read = Object.fromEntries(
      shown.map(([entry, text]) => {
        const match = /^(\d+) of (\d+) places? migrated since (\d{4}-\d{2}-\d{2})$/.exec(text!);
        expect(match, text).not.toBeNull();
        expect(match![3]).toBe(EARLIER);
        return [entry, [Number(match![1]), Number(match![2])]];
      }),
    );
    const expected = Object.fromEntries(
      plan.entries.filter((e) => e.counts.earlier! > 0).map((e) => [e.id, [e.counts.migrated, e.counts.earlier]]),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(3);
    expect(read).toEqual(expected);
    expect(await page.locator('figure.timeline figcaption').textContent()).toContain(
      `${plan.total.migrated} of ${plan.total.earlier} places migrated since ${EARLIER}.`,
    );
    expect(problems).toEqual([]);
  });
});
