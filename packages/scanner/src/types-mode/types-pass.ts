import { dirname } from 'node:path';
import { RefusedConfigError } from './typed-program.js';
import { type FileFacts, matchFacts, type RawMatch } from '@sunset-lint/core/internal';
import { convertSourceFile, parseSource } from '../scan/reader/parse.js';
import { isComponent, readerInput } from '../scan/reader/reader-input.js';
import type { TypedMatches, TypesResolution } from '../scan/types-resolution.js';
import { resolveFactsWithTypes } from './resolve-facts.js';
import { createTypeResolver, findTsconfig, type TypeResolver } from './type-resolver.js';

const NOTE = 'The value comes from its TypeScript type (--types).';

/**
 * `scan --types`: the project's type checker as one more resolver in the scan's per-file step. As
 * an editor does, each file is checked in the program of its nearest tsconfig.json (a monorepo has
 * several), or of `tsconfig` (absolute; the caller checked that it exists) for every file. The
 * scanned files are roots of their program before it is built, so the program parses each once
 * and the scan converts that parse instead of parsing again. It sees each file on its own: an
 * argument passed to a helper imported from another module is the cross-file resolver's.
 */
export function typesResolution(files: readonly string[], tsconfig?: string): TypesResolution {
  const resolvers = new Map<string, TypeResolver | Error>();
  const resolverFor = (file: string): TypeResolver | Error => {
    const config = tsconfig ?? findTsconfig(dirname(file)) ?? '';
    let resolver = resolvers.get(config);
    if (!resolver) {
      try {
        resolver = createTypeResolver(config || undefined);
      } catch (error) {
        // A tsconfig that cannot be read safely (a FIFO, a device) or is broken stops the run: the
        // type checker's answers for its files would be missing without a word (no silent pass).
        if (error instanceof RefusedConfigError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        throw new RefusedConfigError(message.startsWith('--types:') ? message : `--types: ${config}: ${message}`);
      }
      resolvers.set(config, resolver);
    }
    return resolver;
  };
  const byResolver = new Map<TypeResolver, string[]>();
  for (const file of files) {
    if (isComponent(file)) continue;
    const resolver = resolverFor(file);
    if (resolver instanceof Error) continue;
    const group = byResolver.get(resolver);
    if (group) group.push(file);
    else byResolver.set(resolver, [file]);
  }
  for (const [resolver, group] of byResolver) resolver.expect(group);

  /** The program's tree of a file, when the program read the text the scan read (it reads the file itself). */
  const parsedTree = (file: string, text: string) => {
    // The program parsed the file as it is: not what the scan reads of a component or of a
    // CommonJS file with `<!--` comments (reader-input.ts), which the scan parses itself.
    if (readerInput(file, text).text !== text) return undefined;
    const resolver = resolverFor(file);
    try {
      const parsed = resolver instanceof Error ? undefined : resolver.sourceFile(file);
      return parsed?.text === text ? parsed : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    parseSource(file, source) {
      const parsed = parsedTree(file, source);
      return parsed ? convertSourceFile(parsed) : parseSource(file, source);
    },
    parsedTree,
    typedMatches(facts, file, settings): TypedMatches {
      // A component's scripts are not TypeScript's files (reader-input.ts): no type checker there.
      if (!hasOpenQuestions(facts) || isComponent(file)) return { matches: [] };
      let typed;
      try {
        const resolver = resolverFor(file);
        if (resolver instanceof Error) throw resolver;
        typed = resolveFactsWithTypes(facts, file, resolver);
      } catch (error) {
        // The checker failing on one file (a broken tsconfig, a compiler bug) must not cost the scan.
        const message = error instanceof Error ? error.message : String(error);
        return { matches: [], warning: `--types: the type checker failed on this file: ${message}` };
      }
      if (typed.resolved === 0) return { matches: [] };
      const context = { entries: settings.catalogue.entries, apiHosts: settings.apiHosts };
      const matches = matchFacts({ requests: typed.facts.requests, sdkCalls: typed.facts.sdkCalls }, context).map(
        withNote,
      );
      return { matches };
    },
  };
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
