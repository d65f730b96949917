// Cold start: each command in a new process, as a shell, an editor or a pre-commit hook runs it.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { AS_OF, BIN, scanOnce } from './scanner.mjs';
import { measureNode, repeat } from './process.mjs';

/** `files`: 20 files of a generated corpus (absolute), copied with their layout under `corpusRoot`. */
export async function measureStartup({ runs, corpusRoot, files }) {
  const work = mkdtempSync(join(tmpdir(), 'sunset-bench-start-'));
  try {
    const empty = join(work, 'empty');
    mkdirSync(empty);
    const twenty = join(work, 'twenty');
    for (const file of files) {
      const target = join(twenty, relative(corpusRoot, file));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(file, target);
    }
    const rows = [];
    rows.push({ id: 'version', label: '`--version`', ...(await repeat(runs, () => measureNode([BIN, '--version']))) });
    rows.push({
      id: 'schedule',
      label: '`schedule`',
      ...(await repeat(runs, () => measureNode([BIN, 'schedule', '--as-of', AS_OF], { okStatus: [0, 1] }))),
    });
    rows.push({
      id: 'empty',
      label: '`scan` of an empty folder',
      ...(await repeat(runs, () => scanOnce(empty, ['.']))),
    });
    const scan20 = await repeat(runs, () => scanOnce(twenty, ['.']));
    rows.push({
      id: 'twenty',
      label: `\`scan\` of ${files.length} files`,
      ...scan20,
      files: scan20.last.report.summary.filesScanned,
    });
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
