import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { escapeMarkdown, markdownCode } from '../src/reports/escape.js';
import { renderReport } from '../src/reports/index.js';
import { fixtureReport, hostileFinding } from './report-fixtures.js';
import { GENERATED_MARK } from '../src/reports/generated-mark.js';
import { makeProject, parseJsonReport } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

describe('Markdown audit', () => {
  const report = fixtureReport();
  const md = renderReport('markdown', report, { color: false });

  test('header with the date and totals', () => {
    expect(
      md.startsWith(
        `${GENERATED_MARK}\n\n# Deprecated API migration audit\n\nAs of **2024-06-01** (imminent window: 90 days)`,
      ),
    ).toBe(true);
    expect(md).toContain(`**${report.findings.length} findings** in `);
  });

  test('the entries in use, ordered by end of life, with counts, files, replacements and links', () => {
    const table = md.slice(md.indexOf('| Entry |'), md.indexOf('## Findings'));
    const rows = table.trim().split('\n').slice(2);
    const used = new Set(report.findings.map((f) => f.entryId));
    expect(rows).toHaveLength(used.size);
    const eols = rows.map((row) => row.split(' | ')[1]!);
    expect(eols).toEqual([...eols].sort());
    const pageShield = rows.find((row) => row.includes('`page-shield-script-monitor-segment`'))!;
    expect(pageShield).toContain(
      '[Page-security API routes (`script_monitor` segment)](https://github.com/sunset-lint/sunset-lint/blob/main/docs/schedule.md#page-shield-script-monitor-segment)',
    );
    const pageShieldFindings = report.findings.filter((f) => f.entryId === 'page-shield-script-monitor-segment');
    const files = [...new Set(pageShieldFindings.map((f) => f.file))].sort();
    // A cell lists five files, then how many more (PR comments stay readable).
    const cell = [
      ...files.slice(0, 5).map((file) => `\`${file}\``),
      ...(files.length > 5 ? [`and ${files.length - 5} more`] : []),
    ];
    expect(files.length).toBeGreaterThan(5);
    expect(pageShield).toContain(
      `| 2022-10-11 | **expired** | ${pageShieldFindings.length} | ${cell.join('<br>')} | Use the \`page_shield\` segment in place of \`script_monitor\` |`,
    );
    // Every row has exactly the table's six cells: nothing in the data split a cell.
    for (const row of rows) expect(row.split(/(?<!\\)\|/).length).toBe(8);
  });

  test('every finding, grouped by file, as path:line — message', () => {
    expect(md).toContain(
      '### `fixtures/dns-records/locked-field.ts` (3)\n\n- `fixtures/dns-records/locked-field.ts:28` — **imminent** `dns-record-locked-field`: `locked` sent in a DNS record payload',
    );
    const items = md.split('\n').filter((line) => line.startsWith('- `fixtures/'));
    expect(items).toHaveLength(report.findings.length);
  });

  test('pipes and markup in data are escaped', () => {
    const base = report.findings[0]!;
    const hostile = renderReport('markdown', { ...report, findings: [hostileFinding(base)] }, { color: false });
    expect(hostile).toContain(
      'GET /zones/\\<script\\>alert("x")\\</script\\> \\| \\*\\*bold\\*\\* \\[link\\](javascript:alert(1)) \\& `code` \\_under\\_ next line',
    );
    expect(hostile).not.toContain('<script>');
    expect(hostile).toContain('### ``src/we|rd <dir>/a&b `x`.ts`` (1)');
    const row = hostile.split('\n').find((line) => line.startsWith('| ['))!;
    expect(row).toContain('``src/we\\|rd <dir>/a&b `x`.ts``');
    expect(row.split(/(?<!\\)\|/).length).toBe(8);
  });

  test('escape helpers', () => {
    expect(escapeMarkdown('zone_id and _x_ and a|b')).toBe('zone_id and \\_x\\_ and a\\|b');
    expect(escapeMarkdown('keep `a|b` code', true)).toBe('keep `a\\|b` code');
    expect(markdownCode('a`b')).toBe('``a`b``');
  });

  test('a clean scan', () => {
    expect(renderReport('markdown', { ...report, findings: [] }, { color: false })).toContain(
      `No deprecated API usage found in ${report.filesScanned} files scanned.`,
    );
    const baselined = {
      ...report,
      findings: [],
      baseline: { file: 'base.json', entries: 2, suppressed: 2, stale: [] },
    };
    expect(renderReport('markdown', baselined, { color: false })).toContain(
      `No deprecated API usage found in ${report.filesScanned} files scanned outside the baseline; 2 findings suppressed by \`base.json\`.`,
    );
  });
});

describe('a Markdown report committed beside the code', () => {
  test('is not scanned as documentation: the next scan finds what the first found, no more', async () => {
    const project = makeProject({
      'src/sync.ts':
        'export const rules = (zone: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/firewall/rules`);\n',
      'docs/runbook.md':
        '# Runbook\n\n```sh\ncurl -X DELETE "https://api.cloudflare.com/client/v4/zones/$ZONE/rate_limits/$ID"\n```\n',
    });
    const args = ['scan', '.', '--as-of', '2026-01-01', '--fail-on', 'none'];
    const first = await runMain([...args, '--format', 'markdown', '--output', 'sunset-lint-report.md'], {
      cwd: project,
    });
    expect(first.status, first.stderr).toBe(0);
    const written = readFileSync(join(project, 'sunset-lint-report.md'), 'utf8');
    expect(written.split('\n')[0]).toBe(GENERATED_MARK);
    // The report quotes both places: read as documentation, it would add findings of its own.
    expect(written).toContain('firewall/rules');
    const again = parseJsonReport((await runMain([...args, '--format', 'json'], { cwd: project })).stdout);
    expect(again.findings.map((f) => f.file).sort()).toEqual(['docs/runbook.md', 'src/sync.ts']);
  });
});
