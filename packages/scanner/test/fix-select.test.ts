import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Finding, FindingFix } from '@sunset-lint/core';
import { describe, expect, test } from 'vitest';
import { applyFindingFixes } from '../src/fix/apply.js';
import { unifiedDiff } from '../src/fix/diff.js';
import { PendingWrites } from '../src/fix/pending-writes.js';
import { applyEdits, selectFixes } from '../src/fix/select.js';

function finding(file: string, range: [number, number], fixes: FindingFix[], line = 1, column = range[0] + 1): Finding {
  return {
    ruleId: 'no-deprecated-endpoint',
    entryId: 'e',
    file,
    line,
    column,
    endLine: line,
    endColumn: column,
    range,
    eol: '2020-01-01',
    grade: 'expired',
    severity: 'error',
    confidence: 'high',
    message: 'm',
    replacement: 'r',
    fingerprint: `${range}`,
    fixes,
    subject: 's',
  };
}
const fix = (start: number, end: number, text: string, kind: FindingFix['kind'] = 'fix'): FindingFix => ({
  kind,
  description: `${start}-${end}`,
  edits: [{ start, end, text }],
});

describe('choosing fixes', () => {
  test('only `fix` by default; suggestions on request', () => {
    const findings = [
      finding('a.ts', [0, 1], [fix(0, 1, 'X')]),
      finding('a.ts', [4, 5], [fix(4, 5, 'Y', 'suggestion')]),
    ];
    expect(selectFixes(findings, { suggestions: false }).chosen.map((c) => c.fix.description)).toEqual(['0-1']);
    expect(selectFixes(findings, { suggestions: true }).chosen.map((c) => c.fix.description)).toEqual(['0-1', '4-5']);
  });

  test('overlapping fixes: the first in source order wins, the other waits for a later pass; adjacent ones both apply', () => {
    const findings = [
      finding('a.ts', [5, 9], [fix(5, 9, '')]),
      finding('a.ts', [0, 6], [fix(0, 6, 'Z')]),
      finding('a.ts', [9, 12], [fix(9, 12, '')]),
    ];
    const { chosen, conflicting } = selectFixes(findings, { suggestions: false });
    expect(chosen.map((c) => c.fix.description)).toEqual(['0-6', '9-12']);
    expect(conflicting.map((c) => c.fix.description)).toEqual(['5-9']);
  });

  test('the same fix from two findings is applied once; edits apply right to left', () => {
    const same = fix(2, 4, 'new');
    const { chosen, conflicting } = selectFixes([finding('a.ts', [2, 4], [same]), finding('a.ts', [2, 4], [same])], {
      suggestions: false,
    });
    expect([chosen.length, conflicting.length]).toEqual([1, 0]);
    expect(
      applyEdits('0123456', [
        { start: 1, end: 2, text: 'a' },
        { start: 4, end: 6, text: '' },
      ]),
    ).toBe('0a236');
  });
});

describe('applying to files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sunset-fix-'));

  test('offsets without the byte-order mark, which is kept; files changed since the scan are left alone', async () => {
    writeFileSync(join(dir, 'bom.ts'), '\uFEFFfetch("/script_monitor");\n');
    writeFileSync(join(dir, 'plain.ts'), 'fetch("/script_monitor");\n');
    writeFileSync(join(dir, 'moved.ts'), '\n\nfetch("/script_monitor");\n');
    const pending = new PendingWrites();
    const findings = [
      finding('bom.ts', [8, 22], [fix(8, 22, 'page_shield')], 1, 9),
      finding('plain.ts', [8, 22], [fix(8, 22, 'page_shield')], 1, 9),
      finding('moved.ts', [10, 24], [fix(10, 24, 'page_shield')], 1, 11),
    ];
    const result = applyFindingFixes(pending, findings, { suggestions: false, cwd: dir });
    expect(result.stale).toEqual(['moved.ts']);
    expect(result.changes.map((c) => c.file)).toEqual(['bom.ts', 'plain.ts']);
    await pending.save();
    expect(readFileSync(join(dir, 'bom.ts'), 'utf8')).toBe('\uFEFFfetch("/page_shield");\n');
    expect(readFileSync(join(dir, 'plain.ts'), 'utf8')).toBe('fetch("/page_shield");\n');
    expect(readFileSync(join(dir, 'moved.ts'), 'utf8')).toBe('\n\nfetch("/script_monitor");\n');
  });

  test('unified diff with git-style headers', () => {
    expect(unifiedDiff('src/a.ts', 'one\ntwo\nthree\n', 'one\n2\nthree\n')).toBe(
      'diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n',
    );
    expect(unifiedDiff('a.ts', 'same\n', 'same\n')).toBe('');
  });
});
