// The scanner's rows: the real CLI process (`sunset-lint scan --format json`) in each mode it has,
// on a given Node binary (`node`, default this process's). Options an older scanner may not have
// (--cache, --types, --parser, --concurrency, --languages) are detected from `scan --help`.
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureNode, repeat } from './process.mjs';

export const BIN = fileURLToPath(new URL('../../packages/scanner/bin/sunset-lint.js', import.meta.url));
/** A fixed day: grades, and so the output, do not change with the calendar. */
export const AS_OF = '2026-01-01';
const CACHE_FOLDER = '.sunset-lint-cache';

export async function scannerOptions(node) {
  const help = (await measureNode([BIN, 'scan', '--help'], { node })).stdout;
  const has = (option) => new RegExp(`${option}\\b`).test(help);
  return {
    cache: has('--cache'),
    types: has('--types'),
    parser: has('--parser'),
    concurrency: has('--concurrency'),
    languages: has('--languages'),
  };
}

/** One scan of `paths` (relative to `cwd`); resolves to the measured process and its parsed report. */
export async function scanOnce(cwd, paths, extra = [], node = undefined) {
  const run = await measureNode(
    [BIN, 'scan', ...paths, '--format', 'json', '--no-progress', '--as-of', AS_OF, '--fail-on', 'none', ...extra],
    { cwd, node },
  );
  const report = JSON.parse(run.stdout);
  return { ...run, report, files: report.summary.filesScanned, findingsJson: JSON.stringify(report.findings) };
}

/**
 * `--cache` warm: one run fills the cache, then each measured run follows an edit of `changed`
 * files (a comment appended, so their hashes change). The files are restored afterwards, and one
 * more warm run over the original files gives the findings compared with the default mode's.
 */
export async function measureWarmCache({ cwd, files, runs, changed = 10, node }) {
  const cacheDir = join(cwd, CACHE_FOLDER);
  rmSync(cacheDir, { recursive: true, force: true });
  const edited = files
    .filter((_, index) => index % Math.max(1, Math.floor(files.length / changed)) === 0)
    .slice(0, changed);
  const originals = edited.map((file) => readFileSync(file));
  try {
    await scanOnce(cwd, ['.'], ['--cache'], node);
    const row = await repeat(runs, async (run) => {
      for (const file of edited) appendFileSync(file, `// bench edit ${run}\n`);
      return scanOnce(cwd, ['.'], ['--cache'], node);
    });
    edited.forEach((file, index) => writeFileSync(file, originals[index]));
    const restored = await scanOnce(cwd, ['.'], ['--cache'], node);
    return {
      ...row,
      files: row.last.report.summary.filesScanned,
      findings: restored.report.findings,
      changed: edited.length,
    };
  } finally {
    edited.forEach((file, index) => writeFileSync(file, originals[index]));
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
