import { existsSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import { PACKAGE_JSON_KEY } from '@sunset-lint/core/schedule';
import { parseCommandLine } from '../args.js';
import { configFor } from '../config.js';
import { UsageError, type CliIo } from '../io.js';
import { importSchedule, type ScheduleImport } from '../../schedule-sync/import.js';
import { renderImportReport } from '../../schedule-sync/render.js';
import { readOpenApiDocument } from '../../schedule-sync/document.js';
import { resolveScanConfig } from '../../config/resolve.js';
import { ConfigError } from '../../config/load.js';
import { repositoryRootOf } from '@sunset-lint/core/schedule';
import { readInputFile } from '../../scan/files/read-source.js';
import { slashedRelative } from '../../scan/files/relative-path.js';
import { OPENAPI_OPTION, requireOpenApi } from '../openapi-option.js';
import { HELP_OPTION, optionsHelp } from '../option-table.js';
import { errorCode } from '../../scan/files/error-code.js';

const IMPORT_OPTIONS = {
  ...OPENAPI_OPTION,
  source: {
    type: 'string',
    value: 'NAME|URL',
    help: 'What imported entries name as their origin (docs, replacement text;\ndefault: --openapi as given, an absolute path as its path from the\nrepository root, or its file name outside it)',
  },
  out: {
    type: 'string',
    value: 'FILE',
    help: 'Merge into the configuration FILE (.json or package.json; made when\nabsent) instead of printing the fragment',
  },
  force: { type: 'boolean', help: 'Replace --out FILE with the fragment instead of merging into it' },
  config: {
    type: 'string',
    value: 'FILE',
    help: "The configuration whose catalogue the document is reconciled with\n(default: --out FILE when it exists, else found as 'scan' does)",
  },
  ...HELP_OPTION,
} as const;

const IMPORT_HELP = `Usage: sunset-lint schedule import --openapi FILE [--out FILE [--force]] [--source NAME|URL] [--config FILE]

Turns the deprecations of an OpenAPI 3.0/3.1 document (JSON or YAML) into configuration, reconciled
with the catalogue (built-in entries plus your configuration) as 'schedule diff' compares them:
an operation an entry already covers is not added again, and when the document dates it otherwise
the entry gets an end-of-life override (catalogue.eolOverrides); the operations no entry covers
become new entries (catalogue.add). Operations sharing an x-cfDeprecation id become one entry; the
date comes from x-cfDeprecation.eol, else x-sunset, else x-forge-sunset.

The fragment goes to stdout, or is merged into --out FILE: the file's other settings are kept,
entries of the same id replaced, overrides set (the result is checked before it is written).
What is not written (undated operations, HEAD/OPTIONS/TRACE, deprecated parameters, malformed
values) is listed on stderr.

${optionsHelp(IMPORT_OPTIONS, 19)}`;

/** `sunset-lint schedule import`: the document's deprecations as configuration, reconciled with the catalogue. */
export async function runScheduleImport(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(argv, { options: IMPORT_OPTIONS, allowPositionals: false });
  if (values.help) {
    io.stdout.write(IMPORT_HELP);
    return 0;
  }
  const file = requireOpenApi(values.openapi);
  if (values.force && values.out === undefined) throw new UsageError('--force only applies with --out FILE');
  const out = values.out === undefined ? undefined : resolve(io.cwd, values.out);
  const merging = out !== undefined && !values.force && existsSync(out);
  // The catalogue to reconcile with: the one the merged file will be part of.
  const configFile = values.config ?? (merging ? values.out : undefined);
  const { settings } = await configFor(configFile === undefined ? {} : { config: configFile }, io);
  const source = values.source ?? sourceName(io.cwd, file);
  const result = importSchedule(
    readOpenApiDocument(io.cwd, file),
    settings.catalogue.entries,
    source,
    (id) => settings.catalogue.sources.get(id)?.file ?? 'the catalogue',
  );
  const fragment = fragmentOf(result);
  if (out === undefined) io.stdout.write(`${JSON.stringify(fragment, null, 2)}\n`);
  else if (merging) writeOut(out, values.out!, mergedText(out, values.out!, fragment), true);
  else writeOut(out, values.out!, `${JSON.stringify(fragment, null, 2)}\n`, values.force === true);
  io.stderr.write(renderImportReport(source, result, values.out === undefined ? 'stdout' : values.out));
  return 0;
}

interface Fragment {
  catalogue?: { add?: object[]; eolOverrides?: Record<string, string> };
}

/** The import as configuration: only the sections it fills (no `"add": []` when every operation is known). */
function fragmentOf(result: ScheduleImport): Fragment {
  const overrides = Object.fromEntries(result.overrides.map((o) => [o.entryId, o.documentEol]));
  const catalogue = {
    ...(result.entries.length > 0 ? { add: result.entries } : {}),
    ...(result.overrides.length > 0 ? { eolOverrides: overrides } : {}),
  };
  return Object.keys(catalogue).length > 0 ? { catalogue } : {};
}

/**
 * What entries name as the document: the path as given, never the importing machine's absolute
 * path (which would mean nothing on another one): an absolute path inside the repository as its
 * path from the repository root, outside it as its file name.
 */
function sourceName(cwd: string, file: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file) || !isAbsolute(file)) return file;
  const root = repositoryRootOf(resolve(cwd));
  const fromRoot = root === undefined ? '..' : slashedRelative(root, file);
  return fromRoot.startsWith('..') || isAbsolute(fromRoot) ? basename(file) : fromRoot;
}

/**
 * The existing configuration with the fragment merged in: its other settings kept, `catalogue.add`
 * entries of the same id replaced, the rest appended, overrides set; an override of an entry the
 * file itself adds sets that entry's `eol` instead. JavaScript configurations are refused (their
 * code cannot be rewritten safely). The result must load as a configuration, or nothing is written.
 */
function mergedText(path: string, shown: string, fragment: Fragment): string {
  const isPackageJson = basename(path) === 'package.json';
  if (!/\.json$/i.test(path))
    throw new UsageError(
      `--out ${shown}: only a JSON configuration (.json, package.json) can be merged into; write the fragment to a .json file and spread it into your configuration, or pass --force to replace the file`,
    );
  const read = readInputFile(path);
  if (!read.ok) throw new UsageError(`--out ${shown}: cannot read: ${read.errno ?? read.message}`);
  let document: unknown;
  try {
    document = JSON.parse(read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text);
  } catch {
    throw new UsageError(`--out ${shown}: not valid JSON, nothing merged (fix it, or pass --force to replace it)`);
  }
  if (!isObject(document)) throw new UsageError(`--out ${shown}: not a JSON object, nothing merged`);
  const config = isPackageJson ? (document[PACKAGE_JSON_KEY] ?? {}) : document;
  if (!isObject(config)) throw new UsageError(`--out ${shown}: "${PACKAGE_JSON_KEY}" is not an object, nothing merged`);
  const catalogue = isObject(config['catalogue']) ? { ...config['catalogue'] } : {};
  const add: unknown[] = Array.isArray(catalogue['add']) ? [...(catalogue['add'] as unknown[])] : [];
  for (const entry of (fragment.catalogue?.add ?? []) as Array<{ id: string }>) {
    const at = add.findIndex((existing) => isObject(existing) && existing['id'] === entry.id);
    if (at >= 0) add[at] = entry;
    else add.push(entry);
  }
  const overrides: Record<string, unknown> = isObject(catalogue['eolOverrides'])
    ? { ...catalogue['eolOverrides'] }
    : {};
  for (const [id, eol] of Object.entries(fragment.catalogue?.eolOverrides ?? {})) {
    const own = add.find(
      (existing): existing is Record<string, unknown> => isObject(existing) && existing['id'] === id,
    );
    if (own) own['eol'] = eol;
    else overrides[id] = eol;
  }
  // No empty section is written that the file did not have: `"add": []`, `"eolOverrides": {}`, `"catalogue": {}`.
  const { add: _add, eolOverrides: _overrides, ...otherChanges } = catalogue;
  const mergedCatalogue = {
    ...otherChanges,
    ...(add.length > 0 || 'add' in catalogue ? { add } : {}),
    ...(Object.keys(overrides).length > 0 ? { eolOverrides: overrides } : {}),
  };
  const merged = {
    ...config,
    ...(Object.keys(mergedCatalogue).length > 0 || 'catalogue' in config ? { catalogue: mergedCatalogue } : {}),
  };
  try {
    resolveScanConfig({ settings: merged, file: shown });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof Error)
      throw new UsageError(
        `--out ${shown}: the merged configuration would not load, nothing written: ${error.message}`,
      );
    throw error;
  }
  const result = isPackageJson ? { ...document, [PACKAGE_JSON_KEY]: merged } : merged;
  return `${JSON.stringify(result, null, 2)}\n`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function writeOut(path: string, shown: string, text: string, replace: boolean): void {
  try {
    // 'wx' fails when the file exists, without a window between a check and the write.
    writeFileSync(path, text, { flag: replace ? 'w' : 'wx' });
  } catch (error) {
    const code = errorCode(error) ?? String(error);
    if (code === 'EEXIST') throw new UsageError(`--out ${shown} appeared while importing; run again to merge into it`);
    throw new UsageError(`--out ${shown}: cannot write: ${code}`);
  }
}
