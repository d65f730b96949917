import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCommandLine } from '../args.js';
import { UsageError, type CliIo } from '../io.js';
import { importSchedule } from '../../schedule-sync/import.js';
import { renderImportReport } from '../../schedule-sync/render.js';
import { readOpenApiDocument } from '../../schedule-sync/document.js';
import { OPENAPI_OPTION, requireOpenApi } from '../openapi-option.js';
import { HELP_OPTION, optionsHelp } from '../option-table.js';
import { errorCode } from '../../scan/files/error-code.js';

const IMPORT_OPTIONS = {
  ...OPENAPI_OPTION,
  out: { type: 'string', value: 'FILE', help: 'Write the fragment to FILE instead of stdout' },
  force: { type: 'boolean', help: 'Overwrite --out FILE when it exists' },
  ...HELP_OPTION,
} as const;

const IMPORT_HELP = `Usage: sunset-lint schedule import --openapi FILE [--out FILE [--force]]

Turns the deprecations of an OpenAPI 3.0/3.1 document (JSON) into catalogue entries for your
configuration: { "catalogue": { "add": [...] } } on stdout, or in --out FILE (an existing file is
kept unless --force). Operations sharing an x-cfDeprecation id become one entry; the date comes
from x-cfDeprecation.eol, else x-sunset, else x-forge-sunset. What is not written (undated
operations, HEAD/OPTIONS/TRACE, deprecated parameters, malformed values) is listed on stderr.

${optionsHelp(IMPORT_OPTIONS, 19)}`;

/** `sunset-lint schedule import`: the document's deprecations as a configuration fragment. */
export async function runScheduleImport(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(argv, { options: IMPORT_OPTIONS, allowPositionals: false });
  if (values.help) {
    io.stdout.write(IMPORT_HELP);
    return 0;
  }
  const file = requireOpenApi(values.openapi);
  if (values.force && values.out === undefined) throw new UsageError('--force only applies with --out FILE');
  const result = importSchedule(readOpenApiDocument(io.cwd, file));
  const fragment = `${JSON.stringify({ catalogue: { add: result.entries } }, null, 2)}\n`;
  if (values.out === undefined) io.stdout.write(fragment);
  else writeOut(resolve(io.cwd, values.out), values.out, fragment, values.force === true);
  io.stderr.write(renderImportReport(file, result, values.out ?? 'stdout'));
  return 0;
}

function writeOut(path: string, shown: string, text: string, force: boolean): void {
  try {
    // 'wx' fails when the file exists, without a window between a check and the write.
    writeFileSync(path, text, { flag: force ? 'w' : 'wx' });
  } catch (error) {
    const code = errorCode(error) ?? String(error);
    if (code === 'EEXIST') throw new UsageError(`--out ${shown} exists; pass --force to overwrite it`);
    throw new UsageError(`--out ${shown}: cannot write: ${code}`);
  }
}
