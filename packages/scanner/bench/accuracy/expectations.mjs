/**
 * The corpus and what it should yield: every `<fixtures>/<dir>/expected.json` (format in
 * fixtures/README.md) and the source files a scan of those directories reads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { discoverFiles } from '../../dist/scan/index.js';

/**
 * @typedef {{ file: string, line: number, entryId: string }} Located
 *   `file` is relative to the fixtures root, `/`-separated: `axios/axios-instance.ts`.
 * @typedef {Located & { resolution: string, confidence: string }} Expectation
 */

/** Directories of the fixtures root that hold an `expected.json`, sorted. */
export function fixtureDirectories(root) {
  return readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory() && existsSync(join(root, name, 'expected.json')))
    .sort();
}

/** @returns {Expectation[]} */
export function readExpectations(root, directories) {
  return directories.flatMap((dir) => {
    const { findings } = JSON.parse(readFileSync(join(root, dir, 'expected.json'), 'utf8'));
    return findings.map((finding) => ({
      file: `${dir}/${finding.file}`,
      line: finding.line,
      entryId: finding.entryId,
      resolution: finding.resolution,
      confidence: finding.confidence ?? 'high',
    }));
  });
}

/**
 * The files all three contenders read: the scanner's own discovery over the fixture directories
 * (declaration files and the like excluded), so that no one is scored on a file another never saw.
 * @returns {Promise<{ absolute: string[], relative: string[] }>}
 */
/** The corpus's answers (`<DIR>/*\/expected.json`): no part of the corpus, for the scanner or for grep. */
export const EXPECTATION_FILES = ['**/expected.json'];

export async function sourceFiles(root, directories) {
  const { files, terraformFiles, scriptFiles } = await discoverFiles({
    cwd: root,
    paths: directories,
    exclude: EXPECTATION_FILES,
  });
  const relativeOf = (file) => relative(root, file).split(sep).join('/');
  // `.tf` files and the other languages' (shell, Python, Go, documentation): the scanner reads them
  // and grep greps them; ESLint does not see them.
  const others = [...terraformFiles, ...scriptFiles];
  return {
    absolute: files,
    relative: files.map(relativeOf),
    terraform: { absolute: others, relative: others.map(relativeOf) },
  };
}

/** Source lines by fixtures-relative file, read once, for the listings. */
export class SourceLines {
  #root;
  #cache = new Map();

  constructor(root) {
    this.#root = root;
  }

  /** @returns {string[]} */
  of(file) {
    let lines = this.#cache.get(file);
    if (!lines) {
      lines = readFileSync(join(this.#root, ...file.split('/')), 'utf8').split(/\r?\n/);
      this.#cache.set(file, lines);
    }
    return lines;
  }

  /** The line's text, trimmed; empty when the line does not exist. */
  text(file, line) {
    return (this.of(file)[line - 1] ?? '').trim();
  }
}
