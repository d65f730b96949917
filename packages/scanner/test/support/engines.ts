/**
 * Both engines on one file, reduced to comparable lines: the ESLint plugin through the real
 * `Linter` (recommended config, typescript-eslint for TypeScript, espree for JavaScript) and the
 * scanner's own pipeline (`runScan`) in-process on that file alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Confidence, type Finding, resolveSettings, type TextEdit } from '@sunset-lint/core';
import plugin, { PLUGIN_NAMESPACE } from '@sunset-lint/eslint-plugin';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { applicableFixes } from '../../src/fix/select.js';
import { runScan } from '../../src/scan/index.js';
import type { ParserChoice } from '../../src/scan/reader/parsers.js';
import type { GeneratedProgram } from './snippet-grammar.js';

export const AS_OF = '2026-11-21';

/**
 * Entries a user adds in the settings (both engines take the same): an automatic removal assigned
 * to a rule that announces no fix, and one assigned to `no-deprecated-field`, which does. What the
 * plugin may not apply the scanner's `fix` may not apply either.
 */
const USER_ENTRIES = [
  userFieldEntry('pool-legacy-alerts', 'legacy_alerts', 'no-lb-notification-email'),
  userFieldEntry('pool-legacy-monitor', 'legacy_monitor', 'no-deprecated-field'),
];

function userFieldEntry(id: string, field: string, rule: string) {
  return {
    id,
    title: `Pool \`${field}\` flag`,
    area: 'Load balancing',
    eol: '2026-01-01',
    rule,
    replacement: 'Notification policies',
    docs: 'https://example.com',
    match: { fields: [{ path: field, context: 'load-balancer-pool', access: ['write'], onWrite: 'fix-remove' }] },
  };
}

/**
 * One line per finding: `line:column:endLine:endColumn:entryId:ruleId message`, then the fix an
 * automatic run applies to it, as the one edit ESLint makes of it (`fix [start,end) "text"`).
 */
export interface EngineReport {
  findings: string[];
  /** Parse errors and diagnostics: a generated program must have none. */
  problems: string[];
  /**
   * What each engine says of the suppression comments (`line:column message`): unused and invalid
   * ones, ESLint's own unused-directive warnings included. A bare directive is left out: another
   * ESLint rule may need a bare disable, and a bare enable is ESLint's own business.
   */
  comments: string[];
}

/** The plugin's messages about suppression comments (its rules' own, and ESLint's unused directives). */
const COMMENT_MESSAGE_IDS = new Set(['unusedSuppression', 'invalidSuppression']);
const ESLINT_UNUSED_DIRECTIVE = /^Unused eslint-(?:disable|enable) directive/;
/** An inline configuration ESLint ignores as invalid: its words and the scanner's differ, where is compared. */
const INVALID_CONFIG = /^(?:Inline configuration for rule|Definition for rule|Rule "[^"]+" is already configured)/;
const commentMessage = (message: string) => (INVALID_CONFIG.test(message) ? 'invalid configuration' : message);
const BARE_UNUSED = new Set([
  'Unused eslint-disable directive (no problems were reported).',
  'Unused eslint-enable directive (no matching eslint-disable directives were found).',
]);
/** The scanner's diagnostics about suppression comments. */
const COMMENT_CODES = new Set(['unused-suppression', 'invalid-suppression']);

/** Several edits as the one replacement ESLint merges them into: the span they cover, rewritten. */
function mergedEdit(source: string, edits: readonly TextEdit[]): { range: [number, number]; text: string } {
  const start = Math.min(...edits.map((edit) => edit.start));
  const end = Math.max(...edits.map((edit) => edit.end));
  let text = source.slice(start, end);
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    text = text.slice(0, edit.start - start) + edit.text + text.slice(edit.end - start);
  return { range: [start, end], text };
}

function fixText(fix: { range: readonly [number, number]; text: string } | undefined): string {
  return fix ? ` fix [${fix.range[0]},${fix.range[1]}) ${JSON.stringify(fix.text)}` : '';
}

export class ParityEngines {
  private readonly dir = mkdtempSync(join(tmpdir(), 'sunset-lint-parity-'));
  private readonly linter = new Linter({ cwd: this.dir });
  private readonly config: Linter.Config[];
  private readonly settings;

  /** `userEntries`: the entries above, or these entries, added in both engines' settings. */
  constructor(options: { minConfidence: Confidence; userEntries: boolean | readonly unknown[] }) {
    const added = options.userEntries === true ? USER_ENTRIES : options.userEntries || [];
    const shared = {
      asOf: AS_OF,
      minConfidence: options.minConfidence,
      ...(added.length ? { catalogue: { add: added } } : {}),
    };
    this.settings = resolveSettings(shared);
    this.config = [
      { files: ['**/*.{js,ts}'] },
      // The plugin's configs are typed for typescript-eslint's flat config, ESLint's own type is wider.
      plugin.configs.recommended as Linter.Config,
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } },
      { settings: { 'sunset-lint': shared } },
    ];
  }

  /** Writes the program where both engines read it; returns its absolute path. */
  write(program: GeneratedProgram): string {
    const file = join(this.dir, program.fileName);
    // A new file rather than the old one truncated: ext4 flushes a truncated-and-rewritten file to
    // disk on close (auto_da_alloc), ~2-4 ms each, paid thousands of times per property.
    rmSync(file, { force: true });
    writeFileSync(file, program.code);
    return file;
  }

  plugin(program: GeneratedProgram, file: string): EngineReport {
    const messages = this.linter.verify(program.code, this.config, { filename: file });
    const findings: string[] = [];
    const problems: string[] = [];
    const comments: string[] = [];
    for (const message of messages) {
      if (
        COMMENT_MESSAGE_IDS.has(message.messageId ?? '') ||
        ESLINT_UNUSED_DIRECTIVE.test(message.message) ||
        INVALID_CONFIG.test(message.message)
      ) {
        if (!BARE_UNUSED.has(message.message))
          comments.push(`${message.line}:${message.column} ${commentMessage(message.message)}`);
        continue;
      }
      const rule = message.ruleId?.startsWith(`${PLUGIN_NAMESPACE}/`)
        ? message.ruleId.slice(PLUGIN_NAMESPACE.length + 1)
        : undefined;
      if (!rule) {
        problems.push(`${message.line}:${message.column} ${message.message}`);
        continue;
      }
      const entryId = /\[([a-z0-9-]+)\]$/.exec(message.message)?.[1] ?? '(no entry id)';
      findings.push(
        `${message.line}:${message.column}:${message.endLine}:${message.endColumn}:${entryId}:${rule} ${message.message}${fixText(message.fix)}`,
      );
    }
    return { findings: findings.sort(), problems, comments: comments.sort() };
  }

  /** The scanner on this one file (with `parser`, else the default); the fix is the one `sunset-lint fix` (without --suggestions) applies. */
  async scanner(program: GeneratedProgram, file: string, parser?: ParserChoice): Promise<EngineReport> {
    const result = await runScan({
      cwd: this.dir,
      files: [file],
      settings: this.settings,
      ...(parser ? { parser } : {}),
    });
    const line = (finding: Finding) => {
      const fix = applicableFixes(finding, { suggestions: false })[0];
      return `${finding.line}:${finding.column}:${finding.endLine}:${finding.endColumn}:${finding.entryId}:${finding.ruleId} ${finding.message} [${finding.entryId}]${fixText(fix && mergedEdit(program.code, fix.edits))}`;
    };
    const comments = result.diagnostics.filter((d) => COMMENT_CODES.has(d.code));
    return {
      findings: result.findings.map(line).sort(),
      problems: result.diagnostics
        .filter((d) => !COMMENT_CODES.has(d.code))
        .map((d) => `${d.line ?? 0}:${d.column ?? 0} ${d.code}: ${d.message}`),
      comments: comments.map((d) => `${d.line ?? 0}:${d.column ?? 0} ${commentMessage(d.message)}`).sort(),
    };
  }
}
