import { resolve } from 'node:path';
import {
  type Finding,
  mayHoldSuppressions,
  type ResolvedSettings,
  type SuppressedFinding,
  suppressInFile,
  type SuppressionProblem,
  type RawComment,
} from '@sunset-lint/core';
import type { Diagnostic } from '../../reports/types.js';
import type { TerraformSource } from '../../terraform/types.js';
import { readSource } from '../files/read-source.js';
import type { ScanResult } from '../scan.js';
import { slashedRelative } from '../files/relative-path.js';
import { loadTypeScriptWithCodeCache } from '../reader/typescript-code-cache.js';
import type { ParserChoice } from '../reader/parsers.js';

/** `--report-unused-suppressions` / `reportUnusedSuppressions`: as ESLint's `--report-unused-disable-directives`. */
export type UnusedSuppressions = 'off' | 'warn' | 'error';

export interface SuppressionPass {
  cwd: string;
  settings: ResolvedSettings;
  /** The settings that grade a file, by absolute path, where configurations differ per file (default `settings`). */
  gradingOf?: ((file: string) => ResolvedSettings) | undefined;
  /** Default `warn`. */
  reportUnused?: UnusedSuppressions | undefined;
  /** Absolute paths of scanned files whose text names sunset-lint (their comments may be unused suppressions). */
  namingFiles: Iterable<string>;
  /**
   * `.tf` files with findings, by absolute path, as the Terraform reader read and parsed them (never
   * read again): their comments come only from here.
   */
  terraformSources?: ReadonlyMap<string, TerraformSource>;
  /** Shell, Python, Go and documentation files as their readers read them, by absolute path (languages-pass.ts). */
  scriptSources?: ReadonlyMap<string, TerraformSource>;
  /** `--parser`: with `typescript`, comments are read by TypeScript too. */
  parser?: ParserChoice | undefined;
  /** A tree the scan already has for a file (`--types`: the type checker's), read for its comments instead of parsing again. */
  parsedTree?: (file: string, text: string) => import('typescript').SourceFile | undefined;
}

interface Suppressions {
  findings: Finding[];
  suppressed: SuppressedFinding[];
  diagnostics: Diagnostic[];
}

/**
 * A scan's result with the suppression comments of its files applied, once, at the end of runScan
 * (after the type checker's findings too). Silenced findings move to `suppressed`; the comments'
 * problems join the diagnostics.
 */
export async function withSuppressionComments(result: ScanResult, pass: SuppressionPass): Promise<ScanResult> {
  const applied = await applySuppressionComments(result.findings, pass);
  return {
    ...result,
    findings: applied.findings,
    diagnostics: [...result.diagnostics, ...applied.diagnostics],
    suppressed: applied.suppressed,
  };
}

/**
 * The scan's findings through the comments of their files: ESLint directives naming our rules
 * and sunset-lint-ignore comments, with core's one implementation. Only files with findings or
 * whose text names sunset-lint are read (a comment that names neither cannot matter), and only
 * those holding a directive word are parsed for comments. Runs after the cross-file pass and
 * `--types`, on what would be reported; the grading date (`asOf`) decides `until`.
 */
async function applySuppressionComments(findings: readonly Finding[], pass: SuppressionPass): Promise<Suppressions> {
  const byFile = new Map<string, Finding[]>();
  for (const finding of findings) {
    const list = byFile.get(finding.file);
    if (list) list.push(finding);
    else byFile.set(finding.file, [finding]);
  }
  for (const file of pass.namingFiles) {
    const shown = slashedRelative(pass.cwd, file);
    if (!byFile.has(shown)) byFile.set(shown, []);
  }
  const kept: Finding[] = [];
  const suppressed: SuppressedFinding[] = [];
  const diagnostics: Diagnostic[] = [];
  const comments = new CommentReaders(pass.parsedTree, pass.parser);
  const settingsOf = (path: string) => pass.gradingOf?.(path) ?? pass.settings;
  for (const [file, list] of [...byFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const path = resolve(pass.cwd, file);
    const terraform = pass.terraformSources?.get(path) ?? pass.scriptSources?.get(path);
    const read = terraform ? { ok: true as const, source: terraform.text } : readSource(path);
    if (!read.ok || !mayHoldSuppressions(read.source)) {
      kept.push(...list);
      continue;
    }
    let result: ReturnType<typeof suppressInFile>;
    if (terraform) {
      // Terraform, shell, Python, Go and documentation: `sunset-lint-ignore` in the comments the
      // reader collected (`#`, `//`, `/* */`, `<!-- -->`); ESLint's directives mean nothing there.
      const comments = terraform?.comments ?? [];
      result = suppressInFile(list, read.source, () => comments, settingsOf(path), { eslintDirectives: false });
    } else {
      result = suppressInFile(list, read.source, await comments.of(path, read.source), settingsOf(path), {
        eslintDirectives: true,
      });
    }
    kept.push(...result.findings);
    suppressed.push(...result.suppressed);
    for (const problem of result.problems) {
      const diagnostic = diagnosticOf(problem, file, pass.reportUnused ?? 'warn');
      if (diagnostic) diagnostics.push(diagnostic);
    }
  }
  return { findings: kept, suppressed, diagnostics };
}

/**
 * Where a JavaScript or TypeScript file's comments are read from, each reader loaded on its first
 * file (only files that hold a directive word get here): the tree the type checker already has
 * (`--types`); else, unless `--parser typescript` is asked, oxc-parser where it loads, whose comments are TypeScript's
 * (`suppression-comments.test.ts`), so that a pre-commit run on oxc never loads TypeScript's 9 MB
 * compiler for them; else, and for a file oxc rejects, TypeScript's trivia (suppress/comments.ts).
 */
class CommentReaders {
  private oxc: ((file: string, source: string) => RawComment[] | undefined) | null | undefined;
  private typescript: typeof import('./comments.js').commentsOf | undefined;

  constructor(
    private readonly parsedTree: SuppressionPass['parsedTree'],
    private readonly parser: ParserChoice = 'auto',
  ) {}

  /** The file's comments, read when asked (TypeScript's) or already (oxc's: about a millisecond). */
  async of(file: string, source: string): Promise<() => RawComment[]> {
    if (!this.parsedTree && this.parser !== 'typescript') {
      if (this.oxc === undefined) {
        const { loadOxc, oxcComments } = await import('../reader/parse-oxc.js');
        const loaded = await loadOxc();
        this.oxc = 'oxc' in loaded ? oxcComments(loaded.oxc, loaded.transfer) : null;
      }
      const read = this.oxc?.(file, source);
      if (read) return () => read;
    }
    if (!this.typescript) loadTypeScriptWithCodeCache();
    const reader = (this.typescript ??= (await import('./comments.js')).commentsOf);
    return () => reader(file, source, this.parsedTree?.(file, source));
  }
}

function diagnosticOf(
  problem: SuppressionProblem,
  file: string,
  reportUnused: UnusedSuppressions,
): Diagnostic | undefined {
  const at = { file, line: problem.line, column: problem.column };
  if (problem.kind === 'invalid')
    return { code: 'invalid-suppression', severity: 'error', message: problem.message, ...at };
  if (reportUnused === 'off') return undefined;
  return {
    code: 'unused-suppression',
    severity: reportUnused === 'error' ? 'error' : 'warning',
    message: problem.message,
    ...at,
  };
}
