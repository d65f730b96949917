import type { ResolvedSettings } from '@sunset-lint/core';
import {
  type CrossFilePrefilter,
  crossFilePrefilterFor,
  type Prefilter,
  prefilterFor,
  type TermSet,
} from '@sunset-lint/core/internal';
import type { ScanCache, TextFacts } from '../cache/cache.js';
import { moduleSpecifiersIn } from './module-specifiers.js';
import type { ModuleResolver } from './module-resolution.js';
import { readSource, type ReadOutcome } from '../files/read-source.js';

/** Why a file was not read: `read-error` or `file-too-large`, and the message naming the reason. */
export type ReadProblem = Extract<ReadOutcome, { ok: false }>;

/** What the plan keeps of one file: a few bits of its text and the files it may import. */
interface PlannedFile {
  /** The one-file prefilter holds: the file's own facts may match. */
  ownMayMatch: boolean;
  namesSunsetLint: boolean;
  terms: TermSet;
  imports: string[];
}

export interface ParsePlan {
  /** Scanned files to parse and analyse; the others cannot match and are parsed only if a parsed file imports from them. */
  parse: Set<string>;
  /** Scanned files that could not be read, with the reason. */
  unreadable: Map<string, ReadProblem>;
  /** Every file the plan read (scanned or imported), with the files it may import. */
  imports: ReadonlyMap<string, readonly string[]>;
  /** Scanned files whose text names sunset-lint (a suppression comment there may be unused); undefined: any file. */
  namingFiles?: Set<string>;
}

/**
 * Which files the scan parses, decided from their text alone. A file is parsed when the one-file
 * prefilter holds for it, or when the words of the file and of every module it imports, directly
 * or not, hold a route of the cross-file prefilter (a value reaches a file only through its
 * imports, so a URL that can match has every word somewhere in that set). Most files of a codebase
 * fail both and cost one read and a few passes of the prefilters' word automata. Texts are dropped
 * as they are read: the plan keeps bits and import lists.
 */
export function planParsing(
  files: readonly string[],
  settings: ResolvedSettings,
  resolver: ModuleResolver,
  cache?: ScanCache,
  maxFileSize?: number,
): ParsePlan {
  const own = prefilterFor(settings.catalogue, settings.minConfidence);
  const cross = crossFilePrefilterFor(settings.catalogue, settings.minConfidence);
  const facts = new Map<string, PlannedFile>();
  const unreadable = new Map<string, ReadProblem>();
  const pending = [...files];
  const scanned = new Set(files);
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (facts.has(file) || unreadable.has(file)) continue;
    const known = cache?.lookup(file);
    let text = known && 'text' in known ? known.text : undefined;
    if (!text) {
      const read = readSource(file, maxFileSize);
      if (!read.ok) {
        unreadable.set(file, read);
        continue;
      }
      const compute = () => textFactsOf(read.source, own, cross, resolver.project.isProjectModule);
      text = cache
        ? cache.textFacts(file, read.source, known && 'stats' in known ? known.stats : undefined, compute)
        : compute();
    }
    const planned = {
      ownMayMatch: text.ownMayMatch,
      namesSunsetLint: text.namesSunsetLint,
      terms: text.terms,
      imports: resolveAll(file, text, resolver),
    };
    facts.set(file, planned);
    // Modules outside the scanned paths (a pre-commit run names a few files) count too.
    for (const target of planned.imports) if (!facts.has(target)) pending.push(target);
  }
  const reach = termsWithImports(facts);
  const parse = new Set<string>();
  const namingFiles = new Set<string>();
  for (const file of files) {
    const textFacts = facts.get(file);
    if (textFacts && (textFacts.ownMayMatch || cross.mayMatch(reach.get(file)!))) parse.add(file);
    if (textFacts?.namesSunsetLint) namingFiles.add(file);
  }
  for (const file of [...unreadable.keys()]) if (!scanned.has(file)) unreadable.delete(file);
  return {
    parse,
    unreadable,
    imports: new Map([...facts].map(([file, planned]) => [file, planned.imports])),
    namingFiles,
  };
}

/** The plan without the prefilters: every file is parsed (their lossless test compares the two). */
export function parseEverything(files: readonly string[]): ParsePlan {
  return { parse: new Set(files), unreadable: new Map(), imports: new Map() };
}

function textFactsOf(
  source: string,
  own: Prefilter,
  cross: CrossFilePrefilter,
  isProjectModule: (specifier: string) => boolean,
): TextFacts {
  return {
    ownMayMatch: own.mayMatch(source),
    // Suppressions only remove findings, so a file without any needs no comment parse, except
    // to report a comment naming our rules or entries as unused: this bit finds those files.
    namesSunsetLint: source.includes('sunset-lint'),
    terms: cross.termsOf(source),
    specifiers: moduleSpecifiersIn(source, isProjectModule),
  };
}

function resolveAll(file: string, text: TextFacts, resolver: ModuleResolver): string[] {
  const imports = new Set<string>();
  for (const specifier of text.specifiers) {
    const target = resolver.resolve(file, specifier);
    if (target !== undefined && target !== file) imports.add(target);
  }
  return [...imports];
}

/** Each file's terms united with those of every module it imports, directly or not (cycles included). */
function termsWithImports(facts: ReadonlyMap<string, PlannedFile>): Map<string, TermSet> {
  const importers = new Map<string, string[]>();
  for (const [file, { imports }] of facts)
    for (const target of imports) {
      const list = importers.get(target);
      if (list) list.push(file);
      else importers.set(target, [file]);
    }
  const reach = new Map<string, TermSet>();
  for (const [file, { terms }] of facts) reach.set(file, terms);
  // A file whose set grew passes it on to its importers, until nothing grows.
  const pending = [...facts.keys()];
  while (pending.length > 0) {
    const file = pending.pop()!;
    const terms = reach.get(file)!;
    for (const importer of importers.get(file) ?? []) {
      const before = reach.get(importer)!;
      const after = before | terms;
      if (after !== before) {
        reach.set(importer, after);
        pending.push(importer);
      }
    }
  }
  return reach;
}
