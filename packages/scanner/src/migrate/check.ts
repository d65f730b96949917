import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Finding, TextEdit } from '@sunset-lint/core';
import type { ScanConfig } from '../config/resolve.js';
import type { FileChange } from '../fix/apply.js';
import { loadGrammar, type GrammarName } from '../languages/grammars.js';
import { findUsages } from '../library/scan.js';
import { COMMENT_MARK } from './text.js';

/**
 * The check every migrated file passes before it is written: its text before and after, each
 * parsed and scanned on its own (in a scratch folder, at the same relative path, so that the
 * language is told by the same name), must show no parse error that was not there before, no
 * finding that was not there before, and none of the migrated findings any more.
 */
export class MigrationCheck {
  private scratch: string | undefined;

  constructor(private readonly config: ScanConfig) {}

  async check(change: FileChange): Promise<string | undefined> {
    const before = await this.scanAlone(change.file, change.before);
    const after = await this.scanAlone(change.file, change.after);
    if (after.parseError !== undefined && before.parseError === undefined)
      return `it would not parse after the migration (${after.parseError})`;
    const countsBefore = counts(before.findings);
    const countsAfter = counts(after.findings);
    for (const [key, n] of countsAfter) {
      if (n > (countsBefore.get(key) ?? 0)) return `the migration would add a finding: ${describe(key)}`;
    }
    // The migrated findings the file's own scan shows, by place: a finding only the whole scan shows
    // (a path this file writes that another module's request sends) is not in it, and must not be
    // counted against a finding of the same request that the file shows and that stays (an SDK call
    // left for a person). A place that gets only the comment writing out its replacement keeps its finding.
    const shownAlone = new Set(before.findings.map(placeOf));
    const migrated = counts(
      change.applied
        .filter((applied) => !commentOnly(applied.fix.edits) && shownAlone.has(placeOf(applied.finding)))
        .map((applied) => applied.finding),
    );
    for (const [key, n] of migrated) {
      const had = countsBefore.get(key) ?? 0;
      if ((countsAfter.get(key) ?? 0) > Math.max(0, had - n))
        return `the migrated finding would still be reported: ${describe(key)}`;
    }
    return undefined;
  }

  /** Removes the scratch folder. */
  dispose(): void {
    if (this.scratch) rmSync(this.scratch, { recursive: true, force: true });
    this.scratch = undefined;
  }

  private async scanAlone(file: string, text: string): Promise<{ findings: Finding[]; parseError?: string }> {
    this.scratch ??= mkdtempSync(join(tmpdir(), 'sunset-lint-migrate-'));
    const path = join(this.scratch, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    try {
      const result = await findUsages({ cwd: this.scratch, paths: [file] }, this.config);
      const failed = result.diagnostics.find((d) => d.code === 'parse-error' && d.file === file);
      // Parsed here too: the scan does not parse a file whose text names nothing of the catalogue.
      const parseError = failed?.message ?? (await syntaxError(file, text));
      return { findings: result.findings, ...(parseError !== undefined ? { parseError } : {}) };
    } finally {
      rmSync(path, { force: true });
    }
  }
}

const TREE_GRAMMARS: Record<string, GrammarName> = {
  '.py': 'python',
  '.go': 'go',
  '.tf': 'hcl',
  '.sh': 'bash',
  '.bash': 'bash',
};

/**
 * The syntax error of a JavaScript or TypeScript file (the scan's parser), or of a file the
 * tree-sitter readers parse (they read on past an error, so the scan reports none).
 */
async function syntaxError(file: string, text: string): Promise<string | undefined> {
  if (/\.[cm]?[jt]sx?$/i.test(file)) {
    const { parseSource } = await import('../scan/reader/parse.js');
    const parsed = parseSource(file, text);
    return parsed.ok ? undefined : parsed.message;
  }
  const grammar = TREE_GRAMMARS[/\.[^./]+$/.exec(file)?.[0] ?? ''];
  if (!grammar) return undefined;
  const tree = (await loadGrammar(grammar)).parse(text);
  if (!tree) return undefined;
  try {
    if (!tree.rootNode.hasError) return undefined;
    return `a syntax error as ${grammar === 'hcl' ? 'HCL' : grammar} reads it`;
  } finally {
    tree.delete();
  }
}

/** Edits that only insert `sunset-lint migrate` comment lines (an assisted place whose replacement is written out). */
function commentOnly(edits: readonly TextEdit[]): boolean {
  return (
    edits.length > 0 &&
    edits.every(
      (edit) =>
        edit.start === edit.end &&
        edit.text
          .split(/\r?\n/)
          .every((line) => line === '' || new RegExp(`^\\s*(?://|#) ${COMMENT_MARK} \\(`).test(line)),
    )
  );
}

function counts(findings: readonly Finding[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const finding of findings) {
    const key = `${finding.entryId}\u0000${finding.subject}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

function placeOf(finding: Finding): string {
  return `${finding.entryId}\u0000${finding.subject}\u0000${finding.line}:${finding.column}`;
}

function describe(key: string): string {
  const [entryId, subject] = key.split('\u0000');
  return `${subject} (${entryId})`;
}
