/**
 * Real findings for the report tests, from the single-file pass over fixtures/ (no scan pipeline
 * needed): the same core functions the scanner runs per file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeProgram, type Finding, resolveSettings } from '@sunset-lint/core';
import { fixtureSourceFiles, REPO_ROOT } from '../../core/test/support/fixtures.js';
import { parseForTest } from '../../core/test/support/parse.js';
import type { Diagnostic, ScanReport } from '../src/reports/types.js';

export const TOOL = {
  name: 'sunset-lint',
  version: '0.1.0',
  informationUri: 'https://github.com/sunset-lint/sunset-lint',
};

/**
 * Each fixture file is analysed once per date in a worker (report tests ask for the whole corpus
 * about 14 times); callers get copies, so a test that edits a finding cannot change another's.
 */
const analysed = new Map<string, Finding[]>();

function fixtureFindings(file: string, asOf: string, settings: ReturnType<typeof resolveSettings>): Finding[] {
  const key = `${asOf}\0${file}`;
  let findings = analysed.get(key);
  if (!findings) {
    const source = readFileSync(join(REPO_ROOT, file), 'utf8');
    findings = analyzeProgram(parseForTest(source, file), source, file, settings);
    analysed.set(key, findings);
  }
  return structuredClone(findings);
}

/**
 * A report over the whole corpus. The default date (2024-06-01) gives all three grades: entries
 * ending before it are expired, those within 90 days imminent, later ones scheduled.
 */
export function fixtureReport(
  options: { asOf?: string; files?: string[]; diagnostics?: Diagnostic[]; extraFindings?: Finding[] } = {},
): ScanReport {
  const asOf = options.asOf ?? '2024-06-01';
  const settings = resolveSettings({ asOf });
  const files = options.files ?? fixtureSourceFiles();
  const findings = files.flatMap((file) => fixtureFindings(file, asOf, settings));
  return {
    tool: TOOL,
    asOf,
    imminentDays: settings.imminentDays,
    catalogue: settings.catalogue.entries,
    findings: [...findings, ...(options.extraFindings ?? [])],
    diagnostics: options.diagnostics ?? [],
    filesScanned: files.length,
    failOn: 'expired',
  };
}

/** A finding whose every text field tries to break out of its format. */
export function hostileFinding(base: Finding): Finding {
  return {
    ...base,
    file: 'src/we|rd <dir>/a&b `x`.ts',
    message:
      'GET /zones/<script>alert("x")</script> | **bold** [link](javascript:alert(1)) & `code` _under_\nnext line',
    replacement: 'Use <b>this</b> | that',
    fingerprint: 'f'.repeat(32),
  };
}
