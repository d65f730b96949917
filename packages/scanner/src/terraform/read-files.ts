import { mayHoldSuppressions } from '@sunset-lint/core';
import { DEFAULT_MAX_FILE_SIZE, readSource } from '../scan/files/read-source.js';
import { dirname } from 'node:path';
import { loadHclParser } from './load-parser.js';
import { declaredResources, type ParsedTerraformFile } from './resources.js';
import { parseHcl, type HclWrittenString } from './syntax.js';
import type { DeclaredTerraformResource, TerraformFileProblem, TerraformSource } from './types.js';

export interface TerraformReading {
  resources: DeclaredTerraformResource[];
  /** Files that could not be read or parsed; their folder's other files are still read. */
  problems: TerraformFileProblem[];
  /** Each file read and parsed, by absolute path. */
  sources: Map<string, TerraformSource>;
  /** The strings of each file read and parsed, as written (for the grep floor). */
  strings: Map<string, HclWrittenString[]>;
}

/**
 * The resources declared in `.tf` files, each folder read as one Terraform module. The HCL parser
 * is loaded by the first call, not before.
 */
export async function readTerraformFiles(
  files: readonly string[],
  maxBytes = DEFAULT_MAX_FILE_SIZE,
): Promise<TerraformReading> {
  const parser = await loadHclParser();
  const problems: TerraformFileProblem[] = [];
  const modules = new Map<string, ParsedTerraformFile[]>();
  const sources = new Map<string, TerraformSource>();
  const strings = new Map<string, HclWrittenString[]>();
  for (const file of files) {
    // As every scanned file is read: regular files only, never past --max-file-size.
    const read = readSource(file, maxBytes);
    if (!read.ok) {
      problems.push({ file, code: read.code, message: read.message });
      continue;
    }
    const text = read.source;
    const parsed = parseHcl(parser, text, mayHoldSuppressions(text));
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
    sources.set(file, { text, comments: parsed.comments });
    strings.set(file, parsed.strings);
    const folder = dirname(file);
    const module = modules.get(folder) ?? [];
    module.push({ file, document: parsed.document });
    modules.set(folder, module);
  }
  return { resources: [...modules.values()].flatMap(declaredResources), problems, sources, strings };
}
