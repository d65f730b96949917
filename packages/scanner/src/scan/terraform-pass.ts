import type { Finding, ResolvedSettings } from '@sunset-lint/core';
import {
  buildFindings,
  concatPatterns,
  hole,
  matchDeclaredResource,
  matchFacts,
  mergeMatchesAtSamePlace,
  type RawMatch,
  vocabularyOf,
  withFloorReadings,
} from '@sunset-lint/core/internal';
import type { Diagnostic } from '../reports/types.js';
import { FactsBuilder, writtenValue } from '../languages/facts-builder.js';
import type { HclWrittenString } from '../terraform/syntax.js';
import type { DeclaredTerraformResource, TerraformSource } from '../terraform/types.js';

export interface TerraformPass {
  findings: Finding[];
  diagnostics: Diagnostic[];
  /** The files with findings, by absolute path, as read and parsed: for the suppression step. */
  sources: Map<string, TerraformSource>;
}

/**
 * The `.tf` files of a scan: read by the Terraform reader, each declared resource matched by the
 * catalogue's resource matcher, the one that also judges Pulumi and CDKTF programs. The reader and
 * its parser are imported here, on the first `.tf` file: a scan without one never loads (or
 * resolves) them.
 */
export async function readTerraformForScan(
  files: readonly string[],
  settings: ResolvedSettings,
  relativePath: (file: string) => string,
  fingerprintPath: (relative: string) => string,
  maxFileSize?: number,
): Promise<TerraformPass> {
  if (files.length === 0) return { findings: [], diagnostics: [], sources: new Map() };
  const [{ readTerraformFiles }, { toDeclaredResourceFact }] = await Promise.all([
    import('../terraform/read-files.js'),
    import('../terraform/declared-facts.js'),
  ]);
  const reading = await readTerraformFiles(files, maxFileSize);
  const diagnostics: Diagnostic[] = reading.problems.map(({ file, code, message, line, column }) => ({
    code,
    severity: 'error',
    message,
    file: relativePath(file),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  }));
  const findings: Finding[] = [];
  const sources = new Map<string, TerraformSource>();
  const declaredByFile = byFile(reading.resources);
  const floor = writtenPathMatches(reading.strings, settings);
  for (const file of new Set([...declaredByFile.keys(), ...floor.keys()])) {
    const declared = (declaredByFile.get(file) ?? []).flatMap((resource) =>
      matchDeclaredResource(toDeclaredResourceFact(resource), settings.catalogue.entries),
    );
    // A path the floor found is a finding only where no resource's reading lies in its string.
    const matches = withFloorReadings(
      mergeMatchesAtSamePlace(declared),
      mergeMatchesAtSamePlace(floor.get(file) ?? []),
      (match) => match.floor?.root,
    );
    if (matches.length === 0) continue;
    // The text the reader parsed: every file with a resource was read and parsed.
    const source = reading.sources.get(file)!;
    sources.set(file, source);
    const relative = relativePath(file);
    findings.push(
      ...buildFindings(matches, relative, source.text, settings, undefined, undefined, fingerprintPath(relative)),
    );
  }
  return { findings, diagnostics, sources };
}

/** Attributes and keys whose string is text for a person: what a path in it says is no request. */
const PROSE_HOLDERS = /^(description|summary|title|comment|notes?|message|.*_description)$/i;

/**
 * The grep floor in `.tf` files: a string that holds a window of a retired path (the URL of an
 * `http` data source, a `restapi_object`'s `path`, a `local` building one) is a finding at medium,
 * as in every other language; interpolations are holes, and a description's text is prose.
 */
function writtenPathMatches(
  strings: ReadonlyMap<string, readonly HclWrittenString[]>,
  settings: ResolvedSettings,
): Map<string, RawMatch[]> {
  const byFile = new Map<string, RawMatch[]>();
  const context = { entries: settings.catalogue.entries, apiHosts: settings.apiHosts };
  const vocabulary = vocabularyOf(settings.catalogue);
  for (const [file, written] of strings) {
    const builder = new FactsBuilder(vocabulary, settings.apiHosts);
    for (const string of written) {
      const value = concatPatterns(
        ...string.parts.map((part) => ('hole' in part ? [hole()] : writtenValue(part.text, part.start))),
      );
      builder.written(value, [string.start, string.end], PROSE_HOLDERS.test(string.holder ?? '') ? 'prose' : undefined);
    }
    if (builder.inFile.writtenPaths.length === 0) continue;
    const matches = matchFacts({ requests: [], sdkCalls: [], inFile: builder.inFile }, context);
    if (matches.length) byFile.set(file, matches);
  }
  return byFile;
}

function byFile(resources: readonly DeclaredTerraformResource[]): Map<string, DeclaredTerraformResource[]> {
  const files = new Map<string, DeclaredTerraformResource[]>();
  for (const resource of resources) {
    const list = files.get(resource.file) ?? [];
    list.push(resource);
    files.set(resource.file, list);
  }
  return files;
}
