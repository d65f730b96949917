import type { Diagnostic } from '../reports/types.js';
import type { DeclaredTerraformResource } from '../terraform/types.js';

export interface TerraformPass {
  resources: DeclaredTerraformResource[];
  diagnostics: Diagnostic[];
}

/**
 * The `.tf` files of a scan, read by the Terraform reader. The reader and its parser are imported
 * here, on the first `.tf` file: a scan without one never loads (or resolves) them.
 */
export async function readTerraformForScan(
  files: readonly string[],
  relativePath: (file: string) => string,
): Promise<TerraformPass> {
  if (files.length === 0) return { resources: [], diagnostics: [] };
  const { readTerraformFiles } = await import('../terraform/read-files.js');
  const { resources, problems } = await readTerraformFiles(files);
  return {
    resources,
    diagnostics: problems.map(({ file, code, message, line, column }) => ({
      code,
      severity: 'error',
      message,
      file: relativePath(file),
      ...(line !== undefined ? { line } : {}),
      ...(column !== undefined ? { column } : {}),
    })),
  };
}
