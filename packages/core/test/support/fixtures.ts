/** Reads the fixture corpus and its recorded expectations (fixtures/<dir>/expected.json). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const FIXTURES_DIR = join(REPO_ROOT, 'fixtures');
const SOURCE_EXTENSIONS = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;

export interface ExpectedFinding {
  /** Repository-relative, `/`-separated: `fixtures/axios/axios-instance.ts`. */
  file: string;
  line: number;
  entryId: string;
  /**
   * `terraform`: in a `.tf` file, which only the scanner reads (neither ESLint nor the core's JS
   * analysis); `other-language`: in a shell, Python, Go or documentation file (recorded as
   * `single-file` or `cross-file`), which only the scanner's readers of those languages read.
   */
  resolution: 'single-file' | 'cross-file' | 'terraform' | 'other-language';
  /** What a whole-repository scan determines. */
  confidence: 'high' | 'medium';
  /** What one file alone determines, where the other files raise it (the ESLint plugin's). */
  singleFileConfidence: 'high' | 'medium';
  /**
   * A known gap: what both engines report today, below `confidence`, with `gap` saying which flow
   * is not credited. The confidence tests hold the engines to it, so that closing the gap fails
   * them until the entry is updated (and the gap leaves fixtures/README.md's list).
   */
  foundConfidence?: 'high' | 'medium';
}

/** The confidence an engine must report today: the recorded one, or the known gap's. */
export function confidenceNow(expected: ExpectedFinding, engine: 'single-file' | 'scan'): 'high' | 'medium' {
  return expected.foundConfidence ?? (engine === 'scan' ? expected.confidence : expected.singleFileConfidence);
}

export function fixtureDirectories(): string[] {
  return readdirSync(FIXTURES_DIR)
    .filter((name) => statSync(join(FIXTURES_DIR, name)).isDirectory())
    .sort();
}

export function expectedFindings(): ExpectedFinding[] {
  return fixtureDirectories().flatMap((dir) => {
    const raw = JSON.parse(readFileSync(join(FIXTURES_DIR, dir, 'expected.json'), 'utf8')) as {
      findings: Array<
        Omit<ExpectedFinding, 'file' | 'confidence' | 'singleFileConfidence'> & {
          file: string;
          confidence?: 'high' | 'medium';
          singleFileConfidence?: 'high' | 'medium';
          foundConfidence?: 'high' | 'medium';
        }
      >;
    };
    return raw.findings.map((finding) => ({
      ...finding,
      ...(SOURCE_EXTENSIONS.test(finding.file) || finding.file.endsWith('.tf')
        ? {}
        : { resolution: 'other-language' as const }),
      file: `fixtures/${dir}/${finding.file}`,
      confidence: finding.confidence ?? 'high',
      singleFileConfidence: finding.singleFileConfidence ?? finding.confidence ?? 'high',
    }));
  });
}

/** Every source file of the corpus, repository-relative. */
export function fixtureSourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE_EXTENSIONS.test(name)) out.push(relative(REPO_ROOT, path).split('\\').join('/'));
    }
  };
  walk(FIXTURES_DIR);
  return out.filter((file) => !file.endsWith('check-coverage.mjs'));
}

/** `file:line:entryId` keys as a sorted multiset, for readable diffs. */
export function findingKeys(findings: ReadonlyArray<{ file: string; line: number; entryId: string }>): string[] {
  return findings.map((f) => `${f.file}:${f.line}:${f.entryId}`).sort();
}

/**
 * Compares found findings with the expectations as multisets of `file:line:entryId`: `required`
 * must all be found; anything found beyond them is unexpected unless it is in `optional`.
 */
export function compareFindings(
  found: ReadonlyArray<{ file: string; line: number; entryId: string }>,
  required: readonly ExpectedFinding[],
  optional: readonly ExpectedFinding[] = [],
): { missing: string[]; unexpected: string[] } {
  const remaining = findingKeys(found);
  const missing: string[] = [];
  for (const key of findingKeys(required)) {
    const at = remaining.indexOf(key);
    if (at >= 0) remaining.splice(at, 1);
    else missing.push(key);
  }
  const allowed = findingKeys(optional);
  const unexpected: string[] = [];
  for (const key of remaining) {
    const at = allowed.indexOf(key);
    if (at >= 0) allowed.splice(at, 1);
    else unexpected.push(key);
  }
  return { missing, unexpected };
}
