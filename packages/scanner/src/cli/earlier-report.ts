import { isJsonReport } from '../merge/json.js';
import type { ScanJson } from '../migrate/plan-report.js';
import { readInputFile } from '../scan/files/read-source.js';
import { UsageError } from './io.js';

/** An earlier `scan --format json` report, as the plan reads it. */
export function readScanReport(path: string, shown: string): ScanJson {
  const read = readInputFile(path);
  if (!read.ok) throw new UsageError(`cannot read ${shown}: ${read.errno ?? read.message}`);
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch (error) {
    throw new UsageError(`${shown} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isJsonReport(value) || typeof (value as { asOf?: unknown }).asOf !== 'string')
    throw new UsageError(`${shown} is not a sunset-lint json report ('sunset-lint scan --format json')`);
  // isJsonReport checked the document's shape; its findings are as the JSON report writes them.
  return value as unknown as ScanJson;
}
