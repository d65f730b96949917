import { Ajv } from 'ajv';
import { describe, expect, test } from 'vitest';
import type { Finding } from '@sunset-lint/core';
import { codeQualitySeverity } from '../src/reports/gitlab.js';
import { renderReport } from '../src/reports/index.js';
import { fixtureReport } from './report-fixtures.js';

/**
 * GitLab's Code Quality report format (docs.gitlab.com, "Code Quality" → "Code Quality report
 * format"): a JSON array of objects whose required fields are `description`, `check_name`,
 * `fingerprint` (unique per issue), `severity` (info, minor, major, critical or blocker),
 * `location.path` (relative to the repository root: no leading `/` or `./`) and
 * `location.lines.begin` (or `location.positions.begin.line`).
 */
const CODE_QUALITY_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
    properties: {
      description: { type: 'string', minLength: 1 },
      check_name: { type: 'string', minLength: 1 },
      fingerprint: { type: 'string', minLength: 1 },
      severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
      location: {
        type: 'object',
        required: ['path', 'lines'],
        properties: {
          path: { type: 'string', minLength: 1, not: { pattern: '^(/|\\./)' } },
          lines: {
            type: 'object',
            required: ['begin'],
            properties: { begin: { type: 'integer', minimum: 1 }, end: { type: 'integer', minimum: 1 } },
          },
        },
      },
    },
  },
};

type Issue = {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number; end: number } };
};

describe('GitLab Code Quality report', () => {
  const report = fixtureReport();
  const issues = JSON.parse(renderReport('gitlab', report, { color: false })) as Issue[];
  const validate = new Ajv({ allErrors: true }).compile(CODE_QUALITY_SCHEMA);

  test("has GitLab's required fields, with unique fingerprints", () => {
    expect(issues).toHaveLength(report.findings.length);
    expect(validate(issues) ? [] : validate.errors).toEqual([]);
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  });

  test('the schema check has teeth', () => {
    const broken = structuredClone(issues);
    broken[0]!.severity = 'error';
    (broken[1]!.location.lines as { begin?: number }).begin = undefined;
    broken[2]!.location.path = './x.ts';
    expect(validate(broken)).toBe(false);
    expect(validate.errors).toHaveLength(3);
  });

  test('an issue carries the finding: entry, message, our fingerprint, place', () => {
    const finding = report.findings[0]!;
    expect(issues.find((i) => i.fingerprint === finding.fingerprint)).toMatchObject({
      check_name: `sunset-lint/${finding.entryId}`,
      description: finding.message,
      location: { path: finding.file, lines: { begin: finding.line, end: finding.endLine } },
    });
  });

  test('severity from severity and grade', () => {
    const cases: Array<[Finding['severity'], Finding['grade'], string]> = [
      ['error', 'expired', 'blocker'],
      ['error', 'imminent', 'critical'],
      ['error', 'scheduled', 'critical'],
      ['warn', 'expired', 'major'],
      ['warn', 'imminent', 'major'],
      ['warn', 'scheduled', 'minor'],
      ['off', 'expired', 'info'],
    ];
    for (const [severity, grade, expected] of cases) expect(codeQualitySeverity({ severity, grade })).toBe(expected);
    // The fixture corpus as of 2024-06-01 has all three grades under the default severities.
    expect(new Set(issues.map((i) => i.severity))).toEqual(new Set(['blocker', 'major', 'minor']));
  });

  test('paths from the repository root; no findings is an empty array', () => {
    const inPackage = JSON.parse(
      renderReport('gitlab', { ...report, repositoryPrefix: 'services/api' }, { color: false }),
    ) as Issue[];
    expect(inPackage[0]!.location.path).toBe(`services/api/${report.findings[0]!.file}`);
    expect(renderReport('gitlab', { ...report, findings: [] }, { color: false })).toBe('[]\n');
  });
});
