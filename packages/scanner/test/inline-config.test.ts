/**
 * Inline rule configuration (issue 27): `/* eslint sunset-lint/<rule>: … *\/` is read by the
 * scanner as ESLint reads it (the real Linter with `recommended-by-grade`, whose severities by
 * grade are the scanner's): "off"/0 silences the rule, its sunset-lint-ignore problems included;
 * "warn"/1 makes its findings warnings; the `grades` option drops the other grades; the first
 * comment configuring a rule wins; a line comment or an invalid severity configures nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveSettings } from '@sunset-lint/core';
import plugin from '@sunset-lint/eslint-plugin';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, test } from 'vitest';
import { runScan } from '../src/scan/index.js';
import { AS_OF } from './support/engines.js';

const API = "const API = 'https://api.cloudflare.com/client/v4';";
/** An expired finding (no-deprecated-endpoint) and, on the next line, another of the same rule. */
const REQUEST = 'fetch(`${API}/zones/${zone}/rate_limits`);';
const RULE = 'sunset-lint/no-deprecated-endpoint';

const INVALID_CONFIG = /^(?:Inline configuration for rule|Definition for rule|Rule "[^"]+" is already configured)/;

const dir = mkdtempSync(join(tmpdir(), 'sunset-lint-inline-config-'));
const linter = new Linter({ cwd: dir });
const shared = { asOf: AS_OF };
const config: Linter.Config[] = [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } },
  plugin.configs['recommended-by-grade'] as Linter.Config,
  { settings: { 'sunset-lint': shared } },
];
const settings = resolveSettings(shared);

/** `line:column rule severity` per report of our rules, and what is said of the comments. */
async function both(code: string) {
  const file = join(dir, 'inline.ts');
  writeFileSync(file, code);
  const eslint = { reports: [] as string[], comments: [] as string[] };
  for (const m of linter.verify(code, config, { filename: file })) {
    // ESLint's words for a configuration it ignores differ from the scanner's: where is compared.
    if (INVALID_CONFIG.test(m.message)) eslint.comments.push(`${m.line}:${m.column} invalid configuration`);
    else if (m.ruleId?.startsWith('sunset-lint/') && !/Suppression$/.test(m.messageId ?? ''))
      eslint.reports.push(`${m.line}:${m.column} ${m.ruleId} ${m.severity}`);
    else if (/^Unused |sunset-lint-ignore/.test(m.message)) eslint.comments.push(`${m.line}:${m.column} ${m.message}`);
  }
  const result = await runScan({ cwd: dir, files: [file], settings });
  const scanner = {
    reports: result.findings.map(
      (f) => `${f.line}:${f.column} sunset-lint/${f.ruleId} ${f.severity === 'error' ? 2 : 1}`,
    ),
    comments: result.diagnostics
      .filter((d) => d.code.endsWith('-suppression'))
      .map((d) => `${d.line}:${d.column} ${INVALID_CONFIG.test(d.message) ? 'invalid configuration' : d.message}`),
  };
  const sort = (r: typeof eslint) => ({ reports: [...r.reports].sort(), comments: [...r.comments].sort() });
  return { eslint: sort(eslint), scanner: sort(scanner) };
}

const file = (...lines: string[]) => ['declare const zone: string;', API, ...lines, ''].join('\n');

const cases: Record<string, { code: string; reports: number; severity?: 1 | 2 }> = {
  '"off"': { code: file(`/* eslint ${RULE}: "off" */`, REQUEST, REQUEST), reports: 0 },
  'off, unquoted (levn)': { code: file(`/* eslint ${RULE}: off */`, REQUEST), reports: 0 },
  '0, with a description': { code: file(`/* eslint ${RULE}: 0 -- not ours to migrate */`, REQUEST), reports: 0 },
  'after the code it configures': { code: file(REQUEST, `/* eslint ${RULE}: "off" */`), reports: 0 },
  '"warn": warnings': { code: file(`/* eslint ${RULE}: "warn" */`, REQUEST, REQUEST), reports: 2, severity: 1 },
  '1: warnings': { code: file(`/* eslint ${RULE}: 1 */`, REQUEST), reports: 1, severity: 1 },
  '"error": the severities by grade': { code: file(`/* eslint ${RULE}: "error" */`, REQUEST), reports: 1, severity: 2 },
  'the grades option (JSON)': {
    code: file(`/* eslint ${RULE}: ["error", { "grades": ["scheduled"] }] */`, REQUEST),
    reports: 0,
  },
  'the grades option (levn)': {
    code: file(`/* eslint ${RULE}: [warn, {grades: [expired]}] */`, REQUEST),
    reports: 1,
    severity: 1,
  },
  'an invalid grades option configures nothing': {
    code: file(`/* eslint ${RULE}: ["off", { "grades": ["someday"] }] */`, REQUEST),
    reports: 1,
  },
  'the first comment configuring a rule wins': {
    code: file(`/* eslint ${RULE}: "off" */`, `/* eslint ${RULE}: "error" */`, REQUEST),
    reports: 0,
  },
  'two rules in one comment, without commas': {
    code: file(`/* eslint ${RULE}: 0 sunset-lint/no-deprecated-field: 0 */`, REQUEST),
    reports: 0,
  },
  'a line comment configures nothing': { code: file(`// eslint ${RULE}: "off"`, REQUEST), reports: 1 },
  'an invalid severity configures nothing': { code: file(`/* eslint ${RULE}: "never" */`, REQUEST), reports: 1 },
  'an unknown rule of ours configures nothing': {
    code: file(`/* eslint sunset-lint/no-such-rule: "off" */`, REQUEST),
    reports: 1,
  },
  'a rule off: a directive naming it is unused, its sunset-lint-ignore problems are gone': {
    code: file(
      `/* eslint ${RULE}: "off" */`,
      `// eslint-disable-next-line ${RULE}`,
      REQUEST,
      '// sunset-lint-ignore rate-limiting-legacy -- reviewed',
      'void 0;',
    ),
    reports: 0,
  },
  'eslint-disable and eslint-enable around a request of a rule set to warn': {
    code: file(
      `/* eslint ${RULE}: "warn" */`,
      `/* eslint-disable ${RULE} */`,
      REQUEST,
      `/* eslint-enable ${RULE} */`,
      REQUEST,
    ),
    reports: 1,
    severity: 1,
  },
};

describe('inline configuration of our rules, read by the scanner as by ESLint', () => {
  test.each(Object.entries(cases))('%s', async (_, { code, reports, severity }) => {
    const { eslint, scanner } = await both(code);
    expect(eslint.reports).toHaveLength(reports);
    if (severity) for (const report of eslint.reports) expect(report.endsWith(` ${severity}`)).toBe(true);
    expect(scanner).toEqual(eslint);
  });
});
