/** Related locations (the other header of a pair, the request a path flows into) in every report format. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding, RelatedLocation } from '@sunset-lint/core';
import { beforeAll, describe, expect, test } from 'vitest';
import { renderReport } from '../src/reports/index.js';
import { fixtureReport } from './report-fixtures.js';
import { sarifValidator } from './sarif-schema.js';
import { makeProject, type CliRun } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

/** The parts of a SARIF result these tests read. */
interface SarifResult {
  message: { text: string };
  locations: Array<{ physicalLocation: SarifPhysicalLocation }>;
  relatedLocations?: Array<{ id: number; physicalLocation: SarifPhysicalLocation; message: { text: string } }>;
}
interface SarifPhysicalLocation {
  artifactLocation: { uri: string; uriBaseId: string };
  region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
}
interface SarifLog {
  runs: Array<{ results: SarifResult[] }>;
}

interface JsonRelated {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}
interface JsonFindings {
  findings: Array<{ file: string; line: number; column: number; entryId: string; related?: JsonRelated[] }>;
}

const UPLOAD = `export async function upload(body) {
  return fetch('https://api.cloudflare.com/client/v4/zones/z/dns_records', {
    method: 'POST',
    headers: {
      'Transfer-Encoding': 'chunked',
      'Content-Length': '5',
    },
    body,
  });
}
`;

describe('related locations from a real scan (the CLI, in-process)', () => {
  const project = makeProject({ 'src/upload.js': UPLOAD });
  let run: CliRun;
  let json: JsonFindings;
  let sarif: SarifLog;
  beforeAll(async () => {
    run = await runMain(
      [
        'scan',
        '--as-of',
        '2026-01-01',
        '--format',
        'json',
        '--output',
        'report.json',
        '--format',
        'sarif',
        '--output',
        'report.sarif',
        '--format',
        'text',
      ],
      { cwd: project },
    );
    json = JSON.parse(readFileSync(join(project, 'report.json'), 'utf8')) as JsonFindings;
    sarif = JSON.parse(readFileSync(join(project, 'report.sarif'), 'utf8')) as SarifLog;
  });

  test('JSON: the finding on `Transfer-Encoding` has the `Content-Length` header as related', () => {
    expect(run.status).toBe(1);
    expect(json.findings).toHaveLength(1);
    const finding = json.findings[0]!;
    expect(finding).toMatchObject({
      file: 'src/upload.js',
      line: 5,
      column: 7,
      entryId: 'transfer-encoding-with-content-length',
    });
    expect(finding.related).toEqual([
      { file: 'src/upload.js', line: 6, column: 7, endLine: 6, endColumn: 23, message: expect.any(String) },
    ]);
    expect(finding.related![0]!.message).toMatch(/^the `content-length` header of the same request$/i);
  });

  test('SARIF: schema-valid, relatedLocations with id, uri, region and message, linked from the message', () => {
    const validate = sarifValidator();
    expect(validate(sarif)).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
    const result = sarif.runs[0]!.results[0]!;
    const message = json.findings[0]!.related![0]!.message;
    expect(result.relatedLocations).toEqual([
      {
        id: 1,
        physicalLocation: {
          artifactLocation: { uri: 'src/upload.js', uriBaseId: '%SRCROOT%' },
          region: { startLine: 6, startColumn: 7, endLine: 6, endColumn: 23 },
        },
        message: { text: message },
      },
    ]);
    expect(result.message.text.endsWith(`. Related: [${message}](1).`)).toBe(true);
  });

  test('text: an indented ↳ line under the finding, with the position in the same file', () => {
    const lines = run.stdout.split('\n');
    const at = lines.findIndex((line) => line.startsWith('  5:7  expired    transfer-encoding-with-content-length  '));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe(`       ↳ 6:7  ${json.findings[0]!.related![0]!.message}`);
  });
});

describe('a related location in another file (a hand-built finding)', () => {
  const base = fixtureReport({ files: ['fixtures/fetch/page-shield-scripts.ts'] });
  const real = base.findings[0]!;
  const elsewhere: RelatedLocation = {
    file: 'src/client/send.ts',
    line: 24,
    column: 5,
    endLine: 24,
    endColumn: 31,
    range: [812, 838],
    message: 'the request that sends it (PATCH)',
  };
  const here: RelatedLocation = {
    line: 3,
    column: 1,
    endLine: 3,
    endColumn: 20,
    range: [40, 59],
    message: 'the constant that holds the path',
  };
  const finding: Finding = { ...real, related: [elsewhere, here] };
  const report = { ...base, findings: [finding] };
  const render = (format: 'text' | 'json' | 'sarif' | 'markdown' | 'html') =>
    renderReport(format, report, { color: false });

  test('SARIF: each location in its own file, numbered from 1, schema-valid', () => {
    const log = JSON.parse(render('sarif')) as SarifLog;
    const validate = sarifValidator();
    expect(validate(log)).toBe(true);
    const result = log.runs[0]!.results[0]!;
    expect(
      result.relatedLocations!.map((r) => [r.id, r.physicalLocation.artifactLocation.uri, r.message.text]),
    ).toEqual([
      [1, 'src/client/send.ts', 'the request that sends it (PATCH)'],
      [2, real.file, 'the constant that holds the path'],
    ]);
    expect(result.relatedLocations![0]!.physicalLocation.region).toEqual({
      startLine: 24,
      startColumn: 5,
      endLine: 24,
      endColumn: 31,
    });
    expect(result.message.text).toBe(
      `${real.message} Related: [the request that sends it (PATCH)](1), [the constant that holds the path](2).`,
    );
  });

  test('JSON: `file` is always present; no offsets', () => {
    const json = JSON.parse(render('json')) as JsonFindings;
    expect(json.findings[0]!.related).toEqual([
      { file: 'src/client/send.ts', line: 24, column: 5, endLine: 24, endColumn: 31, message: elsewhere.message },
      { file: real.file, line: 3, column: 1, endLine: 3, endColumn: 20, message: here.message },
    ]);
  });

  test('text: file:line:col for another file, line:col for the same one; colors only add ANSI', () => {
    const text = render('text');
    expect(text).toContain(
      `\n${' '.repeat(2 + `${real.line}:${real.column}`.length + 2)}↳ src/client/send.ts:24:5  the request that sends it (PATCH)\n`,
    );
    expect(text).toContain('↳ 3:1  the constant that holds the path\n');
    const colored = renderReport('text', report, { color: true });
    expect(colored).toContain('\u001b[2m↳ src/client/send.ts:24:5\u001b[22m');
    expect(colored.replace(/\u001b\[\d+m/g, '')).toBe(text);
  });

  test('Markdown and HTML: a short related note on the finding', () => {
    expect(render('markdown')).toContain(
      ` (related: \`src/client/send.ts:24\` the request that sends it (PATCH); \`${real.file}:3\` the constant that holds the path)\n`,
    );
    const html = render('html');
    expect(html).toContain(
      '<div class="related">related: <code>src/client/send.ts:24:5</code> the request that sends it (PATCH)</div><div class="related">related: <code>3:1</code> the constant that holds the path</div></td></tr>',
    );
  });

  test('hostile file names and messages stay data in every format', () => {
    const hostile: RelatedLocation = {
      ...elsewhere,
      file: 'src/<b>x</b> |y`.ts',
      message: 'the [request](javascript:alert(1)) <img src=x onerror=alert(1)> | **x** \\ `code`',
    };
    const bad = { ...base, findings: [{ ...real, related: [hostile] }] };
    const html = renderReport('html', bad, { color: false });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>x');
    expect(html).toContain(
      '<div class="related">related: <code>src/&lt;b&gt;x&lt;/b&gt; |y`.ts:24:5</code> the [request](javascript:alert(1)) &lt;img src=x onerror=alert(1)&gt; | **x** \\ <code>code</code></div>',
    );
    const md = renderReport('markdown', bad, { color: false });
    expect(md).toContain(
      '(related: ``src/<b>x</b> |y`.ts:24`` the \\[request\\](javascript:alert(1)) \\<img src=x onerror=alert(1)\\> \\| \\*\\*x\\*\\* \\\\ `code`)',
    );
    const log = JSON.parse(renderReport('sarif', bad, { color: false })) as SarifLog;
    expect(sarifValidator()(log)).toBe(true);
    const result = log.runs[0]!.results[0]!;
    expect(result.relatedLocations![0]!.physicalLocation.artifactLocation.uri).toBe(
      'src/%3Cb%3Ex%3C/b%3E%20%7Cy%60.ts',
    );
    // The link text escapes `\`, `[` and `]` (SARIF §3.11.6), so the only link is the one to location 1.
    expect(result.message.text).toContain(
      'Related: [the \\[request\\](javascript:alert(1)) <img src=x onerror=alert(1)> | **x** \\\\ `code`](1).',
    );
    expect(result.relatedLocations![0]!.message.text).toBe(hostile.message);
  });
});
