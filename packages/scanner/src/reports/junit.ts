import { plural, summarize } from './summary.js';
import { sortDiagnostics } from './order.js';
import type { ScanReport } from './types.js';
import { XML_DECLARATION, xmlAttributes, xmlText } from './xml.js';

/**
 * JUnit XML (as CI test-report views read it: GitLab's `artifacts:reports:junit`, Jenkins, Azure
 * Pipelines). Every finding is a failing test case, as ESLint's junit formatter has it, in one
 * test suite per file; the failure's `type` is the finding's severity. Diagnostics are test cases
 * with an `<error>` in a suite of their own. A clean scan is one passing test case, so the view
 * shows that the check ran. The exit code, not this report, decides whether the job fails.
 */
export function renderJunit(report: ScanReport): string {
  const summary = summarize(report);
  const diagnostics = sortDiagnostics(report.diagnostics);
  const suites: string[] = [];
  for (const group of summary.byFile) {
    suites.push(suiteOpen(group.file, group.findings.length, group.findings.length, 0));
    for (const f of group.findings) {
      const body = [
        `${f.file}:${f.line}:${f.column}: ${f.message}`,
        `End of life: ${f.eol} (${f.grade})`,
        `Replacement: ${f.replacement}`,
      ].join('\n');
      suites.push(
        `    <testcase${xmlAttributes({ classname: f.file, name: `${f.entryId} at ${f.line}:${f.column}` })}>`,
        `      <failure${xmlAttributes({ message: f.message, type: f.severity })}>${xmlText(body)}</failure>`,
        '    </testcase>',
      );
    }
    suites.push('  </testsuite>');
  }
  if (diagnostics.length) {
    suites.push(suiteOpen('sunset-lint diagnostics', diagnostics.length, 0, diagnostics.length));
    for (const d of diagnostics) {
      const where = d.file === undefined ? '' : `${d.file}${d.line !== undefined ? `:${d.line}` : ''}: `;
      suites.push(
        `    <testcase${xmlAttributes({ classname: d.file ?? 'sunset-lint', name: d.code })}>`,
        `      <error${xmlAttributes({ message: d.message, type: d.code })}>${xmlText(`${where}${d.message}`)}</error>`,
        '    </testcase>',
      );
    }
    suites.push('  </testsuite>');
  }
  if (!summary.total && !diagnostics.length) {
    suites.push(
      suiteOpen('sunset-lint', 1, 0, 0),
      `    <testcase${xmlAttributes({ classname: 'sunset-lint', name: `no deprecated API use in ${plural(report.filesScanned, 'file')}` })}/>`,
      '  </testsuite>',
    );
  }
  const tests = Math.max(1, summary.total + diagnostics.length);
  const root = xmlAttributes({ name: 'sunset-lint', tests, failures: summary.total, errors: diagnostics.length });
  return `${[XML_DECLARATION, `<testsuites${root}>`, ...suites, '</testsuites>'].join('\n')}\n`;
}

function suiteOpen(name: string, tests: number, failures: number, errors: number): string {
  return `  <testsuite${xmlAttributes({ name, tests, failures, errors, skipped: 0 })}>`;
}
