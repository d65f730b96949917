import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorCode } from '../scan/files/error-code.js';
import { UsageError } from './io.js';

/** A file to write: its absolute `path`, `shown` as the user gave it in messages, and its text. */
export interface OutputFile {
  path: string;
  shown: string;
  text: string;
}

/** A report or baseline written to `path` (its folders made), `shown` as the user gave it in the message. */
export function writeOutputFile(path: string, shown: string, text: string): void {
  writeOutputFiles([{ path, shown, text }]);
}

/**
 * Several outputs written whole or not at all: each is written to a temporary file beside its
 * target first, and only when every one has been written are they renamed into place (a rename
 * within a folder replaces the target at once). If one cannot be written, the temporary files
 * are removed, no target is touched, and the error names the file that failed.
 */
export function writeOutputFiles(files: readonly OutputFile[]): void {
  const written: Array<{ temporary: string; file: OutputFile }> = [];
  const fail = (file: OutputFile, error: unknown): never => {
    for (const { temporary } of written) removeQuietly(temporary);
    throw new UsageError(`cannot write ${file.shown}: ${errorCode(error) ?? String(error)}; no output was written`);
  };
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(file.path), { recursive: true });
      writeFileSync(temporary, file.text);
      written.push({ temporary, file });
    } catch (error) {
      removeQuietly(temporary);
      fail(file, error);
    }
  }
  for (const { temporary, file } of written) {
    try {
      renameSync(temporary, file.path);
    } catch (error) {
      fail(file, error);
    }
  }
}

/** A temporary file removed if it is there (its folder may not even be one). */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Nothing was written there.
  }
}
