import type { Finding, ResolvedSettings } from '@sunset-lint/core';
import { buildFindings, matchDeclaredResource } from '@sunset-lint/core/internal';
import type { Diagnostic } from '../reports/types.js';
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
  for (const [file, declared] of byFile(reading.resources)) {
    const matches = declared.flatMap((resource) =>
      matchDeclaredResource(toDeclaredResourceFact(resource), settings.catalogue.entries),
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

function byFile(resources: readonly DeclaredTerraformResource[]): Map<string, DeclaredTerraformResource[]> {
  const files = new Map<string, DeclaredTerraformResource[]>();
  for (const resource of resources) {
    const list = files.get(resource.file) ?? [];
    list.push(resource);
    files.set(resource.file, list);
  }
  return files;
}
