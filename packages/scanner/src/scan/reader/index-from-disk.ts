import type { ResolvedSettings } from '@sunset-lint/core';
import type { FileFacts } from '@sunset-lint/core/internal';
import { readSource } from '../files/read-source.js';
import type { ReadProblem } from '../plan/parse-plan.js';
import type { ProjectModules } from '../plan/project-modules.js';
import type { TypesResolution } from '../types-resolution.js';
import { indexFile, type FileIndex } from './index-file.js';
import type { ParseSource } from './parse-outcome.js';

/** What the per-file step gives for a file on disk: its index (and text, for placing findings), or why it was not read. */
export type IndexedFromDisk = { index: FileIndex; source?: string } | { problem: ReadProblem };

/** Thrown when a file must be parsed in a scan that did not load the parser; the scan starts again with it. */
export class ParserNeeded extends Error {}

/** The per-file step on the file as it is on disk: read, parse, extract, index. Pure: it depends on the file and its arguments only. */
export function indexFromDisk(
  file: string,
  settings: ResolvedSettings,
  parse: ParseSource | undefined,
  prefilter: boolean,
  maxFileSize: number | undefined,
  types: TypesResolution | undefined,
  project: ProjectModules,
  /** Whether facts that wait for other modules are copied away from the parse: not when they are resolved at once. */
  detachFacts = true,
): IndexedFromDisk {
  const read = readSource(file, maxFileSize);
  if (!read.ok) return { problem: read };
  if (!parse) throw new ParserNeeded();
  const typed = types ? (facts: FileFacts) => types.typedMatches(facts, file, settings) : undefined;
  // Even with no workspace package or alias found, `~/…` and `@/…` name the project's modules.
  return {
    index: indexFile(file, read.source, settings, parse, prefilter, typed, project.isProjectModule, detachFacts),
    source: read.source,
  };
}
