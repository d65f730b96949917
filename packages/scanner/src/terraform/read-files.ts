import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadHclParser } from './load-parser.js';
import { declaredResources, type ParsedTerraformFile } from './resources.js';
import { parseHcl } from './syntax.js';
import type { DeclaredTerraformResource, TerraformFileProblem } from './types.js';

export interface TerraformReading {
  resources: DeclaredTerraformResource[];
  /** Files that could not be read or parsed; their folder's other files are still read. */
  problems: TerraformFileProblem[];
}

/**
 * The resources declared in `.tf` files, each folder read as one Terraform module. The HCL parser
 * is loaded by the first call, not before.
 */
export async function readTerraformFiles(files: readonly string[]): Promise<TerraformReading> {
  const parser = await loadHclParser();
  const problems: TerraformFileProblem[] = [];
  const modules = new Map<string, ParsedTerraformFile[]>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push({ file, code: 'read-error', message: `cannot read the file: ${reason}` });
      continue;
    }
    const parsed = parseHcl(parser, text);
    if ('error' in parsed) {
      const { line, column, message } = parsed.error;
      problems.push({
        file,
        code: 'parse-error',
        message: `cannot parse the Terraform file: ${message}`,
        line,
        column,
      });
      continue;
    }
    const folder = dirname(file);
    const module = modules.get(folder) ?? [];
    module.push({ file, document: parsed.document });
    modules.set(folder, module);
  }
  return { resources: [...modules.values()].flatMap(declaredResources), problems };
}
