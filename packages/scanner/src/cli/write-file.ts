import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorCode } from '../scan/files/error-code.js';
import { UsageError } from './io.js';

/** A report or baseline written to `path` (its folders made), `shown` as the user gave it in the message. */
export function writeOutputFile(path: string, shown: string, text: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (error) {
    throw new UsageError(`cannot write ${shown}: ${errorCode(error) ?? String(error)}`);
  }
}
