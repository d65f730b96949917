import { buildFindings, matchDeclaredResource, type Finding, type ResolvedSettings } from '@sunset-lint/core';
import type { Diagnostic } from '../reports/types.js';
import type { DeclaredTerraformResource } from '../terraform/types.js';
import { readSource } from './read-source.js';

export interface TerraformPass {
  findings: Finding[];
  diagnostics: Diagnostic[];
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
  maxFileSize?: number,
): Promise<TerraformPass> {
  if (files.length === 0) return { findings: [], diagnostics: [] };
  const [{ readTerraformFiles }, { toDeclaredResourceFact }] = await Promise.all([
    import('../terraform/read-files.js'),
    import('../terraform/declared-facts.js'),
  ]);
  const { resources, problems } = await readTerraformFiles(files, maxFileSize);
  const diagnostics: Diagnostic[] = problems.map(({ file, code, message, line, column }) => ({
    code,
    severity: 'error',
    message,
    file: relativePath(file),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  }));
  const findings: Finding[] = [];
  for (const [file, declared] of byFile(resources)) {
    const matches = declared.flatMap((resource) =>
      matchDeclaredResource(toDeclaredResourceFact(resource), settings.catalogue.entries),
    );
    if (matches.length === 0) continue;
    // Read a moment ago by the reader; gone, changed or unreadable since.
    const read = readSource(file, maxFileSize);
    if (!read.ok) {
      diagnostics.push({ code: 'read-error', severity: 'error', message: read.message, file: relativePath(file) });
      continue;
    }
    findings.push(...buildFindings(matches, relativePath(file), read.source, settings));
  }
  return { findings, diagnostics };
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
