/** The JUnit and Checkstyle reports: well-formed XML (read by a strict parser) with the expected elements. */
import { describe, expect, test } from 'vitest';
import { renderReport } from '../src/reports/index.js';
import { fixtureReport, hostileFinding } from './report-fixtures.js';
import { elementsNamed, parseXml } from './support/xml.js';

const diagnostics = [
  {
    code: 'parse-error',
    severity: 'error' as const,
    message: 'Unexpected token <',
    file: 'src/x.ts',
    line: 3,
    column: 7,
  },
  { code: 'config', severity: 'warning' as const, message: 'no files matched' },
];
const report = fixtureReport({ diagnostics });
const hostile = hostileFinding(report.findings[0]!);
const withHostile = {
  ...report,
  findings: [...report.findings, { ...hostile, message: `${hostile.message} \u0001 "quoted" 'single' ]]> \ud800` }],
};

describe('the strict parser has teeth', () => {
  test.each(['<a><b></a>', '<a x="1" x="2"/>', '<a>&nope;</a>', '<a>\u0001</a>', '<a/><b/>'])('rejects %j', (xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});

describe('JUnit report', () => {
  const root = parseXml(renderReport('junit', report, { color: false }));

  test('testsuites > testsuite per file > testcase per finding with a failure; counts add up', () => {
    expect(root.name).toBe('testsuites');
    const byFile = new Set(report.findings.map((f) => f.file));
    const suites = root.children;
    expect(suites.map((s) => s.name)).toEqual(Array(byFile.size + 1).fill('testsuite'));
    const failures = elementsNamed(root, 'failure');
    expect(failures).toHaveLength(report.findings.length);
    expect(root.attributes).toEqual({
      name: 'sunset-lint',
      tests: String(report.findings.length + diagnostics.length),
      failures: String(report.findings.length),
      errors: '2',
    });
    for (const suite of suites) {
      const cases = suite.children;
      expect(cases.every((c) => c.name === 'testcase')).toBe(true);
      expect(suite.attributes.tests).toBe(String(cases.length));
    }
    const first = report.findings.find((f) => f.file === suites[0]!.attributes.name)!;
    expect(
      suites[0]!.children.some((c) => c.attributes.name === `${first.entryId} at ${first.line}:${first.column}`),
    ).toBe(true);
    expect(elementsNamed(root, 'error').map((e) => e.attributes.type)).toEqual(['config', 'parse-error']);
  });

  test('hostile texts stay text, forbidden characters are replaced, line breaks in attributes survive', () => {
    const parsed = parseXml(renderReport('junit', withHostile, { color: false }));
    const failure = elementsNamed(parsed, 'failure').find((f) => f.attributes.message?.includes('<script>'))!;
    expect(failure.attributes.message).toBe(`${hostile.message} \ufffd "quoted" 'single' ]]> \ufffd`);
    expect(failure.text).toContain('<script>alert("x")</script>');
    expect(elementsNamed(parsed, 'script')).toEqual([]);
  });

  test('a clean scan is one passing test case', () => {
    const clean = parseXml(renderReport('junit', { ...report, findings: [], diagnostics: [] }, { color: false }));
    expect(clean.attributes).toMatchObject({ tests: '1', failures: '0', errors: '0' });
    expect(elementsNamed(clean, 'testcase')).toHaveLength(1);
    expect(elementsNamed(clean, 'testcase')[0]!.children).toEqual([]);
  });
});

describe('Checkstyle report', () => {
  const root = parseXml(renderReport('checkstyle', report, { color: false }));

  test('checkstyle > file per file > error per finding, with line, column, severity, message, source', () => {
    expect(root).toMatchObject({ name: 'checkstyle', attributes: { version: '4.3' } });
    expect(root.children.every((c) => c.name === 'file')).toBe(true);
    const files = root.children.map((c) => c.attributes.name!);
    expect(files).toEqual([...new Set([...report.findings.map((f) => f.file), 'src/x.ts'])].sort());
    const errors = elementsNamed(root, 'error');
    expect(errors).toHaveLength(report.findings.length + 1);
    const finding = report.findings[0]!;
    const file = root.children.find((c) => c.attributes.name === finding.file)!;
    expect(file.children.map((e) => e.attributes)).toContainEqual({
      line: String(finding.line),
      column: String(finding.column),
      severity: finding.severity === 'warn' ? 'warning' : 'error',
      message: finding.message,
      source: `sunset-lint.${finding.entryId}`,
    });
    expect(new Set(errors.map((e) => e.attributes.severity))).toEqual(new Set(['error', 'warning']));
    expect(root.children.find((c) => c.attributes.name === 'src/x.ts')!.children[0]!.attributes).toEqual({
      line: '3',
      column: '7',
      severity: 'error',
      message: 'Unexpected token <',
      source: 'sunset-lint.diagnostic.parse-error',
    });
  });

  test('hostile file names and messages come back as they were (forbidden characters replaced)', () => {
    const parsed = parseXml(renderReport('checkstyle', withHostile, { color: false }));
    expect(parsed.children.map((c) => c.attributes.name)).toContain(hostile.file);
    expect(elementsNamed(parsed, 'error').map((e) => e.attributes.message)).toContain(
      `${hostile.message} \ufffd "quoted" 'single' ]]> \ufffd`,
    );
  });

  test('nothing found: an empty checkstyle element', () => {
    const clean = parseXml(renderReport('checkstyle', { ...report, findings: [], diagnostics: [] }, { color: false }));
    expect(clean).toEqual({ name: 'checkstyle', attributes: { version: '4.3' }, children: [], text: '\n' });
  });
});
