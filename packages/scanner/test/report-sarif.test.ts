import { describe, expect, test } from 'vitest';
import { renderReport, SARIF_FINGERPRINT_KEY } from '../src/reports/index.js';
import { fixtureReport } from './report-fixtures.js';
import { sarifValidator as validator } from './sarif-schema.js';

type SarifLog = {
  $schema: string;
  version: string;
  runs: Array<{
    tool: {
      driver: {
        name: string;
        rules: Array<{
          id: string;
          helpUri: string;
          shortDescription: { text: string };
          fullDescription: { text: string };
          help: { text: string; markdown: string };
        }>;
      };
    };
    invocations: Array<{ toolExecutionNotifications: Array<{ level: string; descriptor: { id: string } }> }>;
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{
        physicalLocation: {
          artifactLocation: { uri: string; uriBaseId: string };
          region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
        };
      }>;
      partialFingerprints: Record<string, string>;
      fixes?: unknown[];
      relatedLocations?: Array<{
        id: number;
        physicalLocation: {
          artifactLocation: { uri: string; uriBaseId: string };
          region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
        };
        message: { text: string };
      }>;
    }>;
  }>;
};

describe('SARIF report', () => {
  const report = fixtureReport({
    diagnostics: [
      {
        code: 'parse-error',
        severity: 'error',
        message: 'Unexpected token',
        file: 'src/broken file.ts',
        line: 3,
        column: 7,
      },
      { code: 'config', severity: 'warning', message: 'no files matched' },
    ],
  });
  report.baseline = { file: 'baseline.json', suppressed: 2, stale: [] };
  const text = renderReport('sarif', report, { color: false });
  const log = JSON.parse(text) as SarifLog;
  const run = log.runs[0]!;

  test('validates against the official SARIF 2.1.0 JSON schema', () => {
    const validate = validator();
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  test('a header pair: the other header is a related location, linked from the message', () => {
    const finding = report.findings.find(
      (f) => f.file === 'fixtures/headers/worker-upload.ts' && f.entryId === 'transfer-encoding-with-content-length',
    )!;
    const result = run.results.find((r) => r.partialFingerprints[SARIF_FINGERPRINT_KEY] === finding.fingerprint)!;
    const related = finding.related![0]!;
    expect(result.relatedLocations).toEqual([
      {
        id: 1,
        physicalLocation: {
          artifactLocation: { uri: 'fixtures/headers/worker-upload.ts', uriBaseId: '%SRCROOT%' },
          region: { startLine: 17, startColumn: 7, endLine: related.endLine, endColumn: related.endColumn },
        },
        message: { text: related.message },
      },
    ]);
    expect(result.message.text).toBe(`${finding.message} Related: [${related.message}](1).`);
    // The schema check above covered these: the corpus has related locations.
    expect(result.locations[0]!.physicalLocation.region.startLine).toBe(18);
  });

  test('the schema check has teeth: a broken log is rejected', () => {
    const validate = validator();
    const broken = structuredClone(log);
    (broken.runs[0]!.results[0] as Record<string, unknown>).level = 'fatal';
    delete (broken.runs[0]!.tool.driver as Partial<SarifLog['runs'][0]['tool']['driver']>).name;
    expect(validate(broken)).toBe(false);
  });

  test('one rule per catalogue entry in effect, results point at their rule', () => {
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(report.catalogue.map((entry) => entry.id));
    for (const rule of run.tool.driver.rules) {
      expect(rule.helpUri).toBe(`https://github.com/sunset-lint/sunset-lint/blob/main/docs/schedule.md#${rule.id}`);
      expect(rule.shortDescription.text).toMatch(/end of life \d{4}-\d{2}-\d{2}$/);
      expect(rule.help.markdown).toContain(rule.helpUri);
    }
    expect(run.results).toHaveLength(report.findings.length);
    for (const result of run.results) expect(run.tool.driver.rules[result.ruleIndex]!.id).toBe(result.ruleId);
  });

  test('results: level from severity, relative uri with %SRCROOT%, 1-based region, stable fingerprint', () => {
    const first = report.findings.find((f) => f.file === 'fixtures/fetch/page-shield-scripts.ts')!;
    const result = run.results.find((r) => r.partialFingerprints[SARIF_FINGERPRINT_KEY] === first.fingerprint)!;
    expect(result.ruleId).toBe('page-shield-script-monitor-segment');
    expect(result.level).toBe('error');
    // The message, and a link to the related location (the request) where there is one.
    expect(result.message.text.startsWith(first.message)).toBe(true);
    expect(result.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'fixtures/fetch/page-shield-scripts.ts', uriBaseId: '%SRCROOT%' },
      region: { startLine: first.line, startColumn: first.column, endLine: first.endLine, endColumn: first.endColumn },
    });
    expect(result.fixes).toHaveLength(1);
    const levels = new Set(run.results.map((r) => r.level));
    expect(levels).toEqual(new Set(['error', 'warning']));
    expect(run.results.every((r) => !r.locations[0]!.physicalLocation.artifactLocation.uri.includes('\\'))).toBe(true);
  });

  test('diagnostics become tool execution notifications; paths are URI-encoded', () => {
    const notifications = run.invocations[0]!.toolExecutionNotifications;
    expect(notifications.map((n) => [n.level, n.descriptor.id])).toEqual([
      ['warning', 'config'],
      ['error', 'parse-error'],
    ]);
    expect(text).toContain('"uri": "src/broken%20file.ts"');
  });

  test('byte-identical between renders, and independent of the findings order', () => {
    const shuffled = { ...report, findings: [...report.findings].reverse() };
    expect(renderReport('sarif', shuffled, { color: false })).toBe(text);
  });

  test('a stable analysis category, settable for several uploads of one commit', () => {
    expect((log.runs[0] as { automationDetails?: unknown }).automationDetails).toEqual({ id: 'sunset-lint/' });
    const other = JSON.parse(renderReport('sarif', report, { color: false, sarifCategory: 'api-worker' })) as {
      runs: Array<{ automationDetails: { id: string } }>;
    };
    expect(other.runs[0]!.automationDetails).toEqual({ id: 'api-worker/' });
  });

  test('rule texts do not change from day to day (the date is in the results)', () => {
    const rulesAsOf = (asOf: string) =>
      (
        JSON.parse(renderReport('sarif', fixtureReport({ asOf }), { color: false })) as SarifLog
      ).runs[0]!.tool.driver.rules.map((rule) => [
        rule.id,
        rule.shortDescription,
        rule.fullDescription,
        rule.help,
        rule.helpUri,
      ]);
    expect(rulesAsOf('2020-01-01')).toEqual(rulesAsOf('2030-01-01'));
    expect(text).not.toMatch(/as of \d{4}/);
  });

  test('URIs from the repository root when the scan ran inside a package', () => {
    const inPackage = JSON.parse(
      renderReport('sarif', { ...report, repositoryPrefix: 'packages/api' }, { color: false }),
    ) as SarifLog;
    const uris = inPackage.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation);
    expect(uris[0]).toEqual({
      uri: `packages/api/${run.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri}`,
      uriBaseId: '%SRCROOT%',
    });
    expect(uris.every((u) => u.uri.startsWith('packages/api/'))).toBe(true);
  });
});
