import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  buildFindings,
  extractFileFacts,
  matchFacts,
  type FileFacts,
  type Finding,
  type RawMatch,
} from '@sunset-lint/core';
import { UsageError } from '../cli/io.js';
import type { ScanConfig } from '../config/resolve.js';
import { readSource } from '../scan/read-source.js';
import { discoverFiles } from '../scan/discovery.js';
import { parseSource } from '../scan/parse.js';
import type { ScanResult } from '../scan/scan.js';
import { resolveFactsWithTypes } from './resolve-facts.js';
import { createTypeResolver, findTsconfig, type TypeResolver } from './type-resolver.js';
import { slashedRelative } from '../scan/relative-path.js';

export interface TypesPassOptions {
  cwd: string;
  /** The scan's path arguments (the same files are discovered again). */
  paths: readonly string[];
  config: ScanConfig;
  /** `--tsconfig`, as given, for every file; default: per file, the nearest tsconfig.json at or above it. */
  tsconfig?: string;
}

const NOTE = 'The value comes from its TypeScript type (--types).';

/**
 * `scan --types`: a second pass over the scanned files with the project's type checker, adding
 * what only the types reveal to the scan's result. It runs after the scan rather than inside it so
 * that the default scan never loads the type checker (a TypeScript program); it sees each file on its own (an argument passed to
 * a helper imported from another module is resolved by the scan's cross-file pass, not here).
 * Findings the scan already has (same file, place and entry) are not added twice.
 */
export async function addTypeFindings(result: ScanResult, options: TypesPassOptions): Promise<void> {
  const given = options.tsconfig !== undefined ? resolve(options.cwd, options.tsconfig) : undefined;
  if (given !== undefined && !existsSync(given)) throw new UsageError(`--tsconfig: no such file: ${options.tsconfig}`);
  // As an editor does: each file is checked in the project of its nearest tsconfig.json (a monorepo has several).
  const resolvers = new Map<string, TypeResolver>();
  const resolverFor = (file: string): TypeResolver => {
    const tsconfig = given ?? findTsconfig(dirname(file)) ?? '';
    let resolver = resolvers.get(tsconfig);
    if (!resolver) {
      resolver = createTypeResolver(tsconfig || undefined);
      resolvers.set(tsconfig, resolver);
    }
    return resolver;
  };
  const { settings, include, exclude, maxFileSize } = options.config;
  const discovered = await discoverFiles({ cwd: options.cwd, paths: options.paths, include, exclude, maxFileSize });
  // A usage is known where it is reported and where its request is (a path written in another
  // module is reported there, with this file's request as the related location).
  const known = new Set(
    result.findings.flatMap((finding) => [
      keyOf(finding),
      ...(finding.related ?? []).map((place) =>
        keyOf({ ...finding, file: place.file ?? finding.file, range: place.range }),
      ),
    ]),
  );
  const context = { entries: settings.catalogue.entries, apiHosts: settings.apiHosts };
  for (const file of discovered.files) {
    // Read as the scan reads (regular files only, within --max-file-size); the scan reported the others.
    const read = readSource(file, options.config.maxFileSize);
    if (!read.ok) continue;
    const source = read.source;
    const parsed = parseSource(file, source);
    if (!parsed.ok) continue;
    const facts = extractFileFacts(parsed.program, source, settings);
    if (!hasOpenQuestions(facts)) continue;
    const relativeFile = slashedRelative(options.cwd, file);
    let typed;
    try {
      typed = resolveFactsWithTypes(facts, file, resolverFor(file));
    } catch (error) {
      // The checker failing on one file (a broken tsconfig, a compiler bug) must not cost the scan.
      result.diagnostics.push({
        code: 'types-error',
        severity: 'warning',
        message: `--types: the type checker failed on this file: ${error instanceof Error ? error.message : String(error)}`,
        file: relativeFile,
      });
      continue;
    }
    if (typed.resolved === 0) continue;
    const matches = matchFacts({ requests: typed.facts.requests, sdkCalls: typed.facts.sdkCalls }, context).map(
      withNote,
    );
    for (const finding of buildFindings(matches, relativeFile, source, settings)) {
      if (known.has(keyOf(finding))) continue;
      known.add(keyOf(finding));
      result.findings.push(finding);
    }
  }
}

function keyOf(finding: Pick<Finding, 'file' | 'range' | 'entryId'>): string {
  return `${finding.file}\u0000${finding.range[0]}:${finding.range[1]}\u0000${finding.entryId}`;
}

function withNote(match: RawMatch): RawMatch {
  return { ...match, note: match.note ? `${match.note} ${NOTE}` : NOTE };
}

/** Only a file with an unresolved expression (or SDK argument) is worth the checker's time. */
function hasOpenQuestions(facts: FileFacts): boolean {
  const openHole = (parts: FileFacts['requests'][number]['url']) =>
    parts.some((part) => part.kind === 'hole' && part.range !== undefined);
  return (
    facts.requests.some((request) => openHole(request.url)) ||
    facts.sdkCalls.some((call) => call.args.some((arg, i) => arg === undefined && call.argRanges?.[i] !== undefined))
  );
}
