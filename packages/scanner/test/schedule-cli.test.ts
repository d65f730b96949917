import { describe, expect, test } from 'vitest';
import { makeProject } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

interface ScheduleJson {
  asOf: string;
  imminentDays: number;
  entries: Array<{
    id: string;
    title: string;
    eol: string;
    grade: string;
    replacement: string;
    matches: string[];
    inWords: string;
  }>;
}

describe('sunset-lint schedule (in-process through main)', () => {
  const empty = makeProject({});

  test('--format json lists all 22 entries with their grade as of the date', async () => {
    const run = await runMain(['schedule', '--format', 'json', '--as-of', '2024-08-01'], { cwd: empty });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as ScheduleJson;
    expect(report.asOf).toBe('2024-08-01');
    expect(report.entries).toHaveLength(22);
    const grades = Object.fromEntries(report.entries.map((e) => [e.id, e.grade]));
    expect(grades['organizations-api']).toBe('expired');
    expect(grades['zone-setting-minify']).toBe('imminent'); // 2024-08-05
    expect(grades['zone-setting-brotli']).toBe('imminent'); // 2024-08-15
    expect(grades['firewall-rules-api']).toBe('scheduled'); // 2025-01-15
    const firewall = report.entries.find((e) => e.id === 'firewall-rules-api')!;
    expect(firewall).toMatchObject({ eol: '2025-01-15', title: 'Firewall Rules API and Filters API' });
    expect(firewall.matches).toContain('GET, POST, PATCH, PUT, DELETE /zones/:zone_id/firewall/rules');
    expect(report.entries.map((e) => e.eol)).toEqual([...report.entries.map((e) => e.eol)].sort());
  });

  test('text and markdown show ids, dates, what is matched and the replacement', async () => {
    const text = await runMain(['schedule', '--as-of', '2026-11-21'], { cwd: empty });
    expect(text.stdout).toContain('2022-10-11  expired    page-shield-script-monitor-segment  (ended 4 years ago)');
    expect(text.stdout).toContain('matches: path segment `script_monitor` (→ `page_shield`)');
    const markdown = await runMain(['schedule', '--format', 'markdown', '--as-of', '2026-11-21'], { cwd: empty });
    expect(markdown.stdout).toContain('| 2024-07-14 | expired (ended 2 years ago) | `dns-record-locked-field` |');
  });

  test("the project's configuration adds, overrides and disables entries", async () => {
    const project = makeProject({
      'sunset-lint.config.json': JSON.stringify({
        catalogue: {
          disable: ['zone-setting-brotli'],
          eolOverrides: { 'firewall-rules-api': '2027-01-15' },
          add: [
            {
              id: 'widgets-api',
              title: 'Widgets API',
              area: 'Widgets',
              eol: '2027-06-01',
              rule: 'no-deprecated-endpoint',
              replacement: 'Gadgets API',
              docs: 'https://example.test/widgets',
              match: { endpoints: [{ methods: ['GET'], path: '/zones/:zone_id/widgets' }] },
            },
          ],
        },
      }),
    });
    const report = JSON.parse(
      (await runMain(['schedule', '--format', 'json', '--as-of', '2026-11-21'], { cwd: project })).stdout,
    ) as ScheduleJson;
    const ids = report.entries.map((e) => e.id);
    expect(ids).not.toContain('zone-setting-brotli');
    expect(report.entries.find((e) => e.id === 'firewall-rules-api')?.grade).toBe('imminent');
    expect(report.entries.find((e) => e.id === 'widgets-api')?.grade).toBe('scheduled');
  });

  test.each([
    [['schedule', '--as-of', '2024-02-30'], '--as-of must be a date written YYYY-MM-DD'],
    [['schedule', '--format', 'xml'], '--format must be one of text, json, markdown'],
    [['schedule', '--imminent-days', 'soon'], '--imminent-days must be a whole number'],
    [['schedule', '--frobnicate'], "Unknown option '--frobnicate'"],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const run = await runMain(args, { cwd: empty });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });

  test('an unknown entry id in the configuration is an error naming it and the file', async () => {
    const project = makeProject({
      'package.json': JSON.stringify({ name: 'x', 'sunset-lint': { catalogue: { disable: ['zone-setting-brotly'] } } }),
    });
    const run = await runMain(['schedule'], { cwd: project });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      "package.json#sunset-lint (disable): unknown catalogue entry id 'zone-setting-brotly' (did you mean 'zone-setting-brotli'?)",
    );
  });
});
