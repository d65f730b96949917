import {
  type CrossFileResolver,
  type DeferredFile,
  type MatchContext,
  matchFacts,
  type ModuleRecord,
  type ModuleSource,
  type RawMatch,
  resolveAcrossFiles,
  textSentToAnotherHostFromOtherModules,
} from '@sunset-lint/core/internal';
import type { CrossOutcome, FileNotes, ScanCache } from '../cache/cache.js';
import type { IndexedFromDisk } from '../reader/index-from-disk.js';
import type { FileIndex } from '../reader/index-file.js';
import type { ModuleResolver } from '../plan/module-resolution.js';
import type { ReadProblem } from '../plan/parse-plan.js';
import type { TypedMatches } from '../types-resolution.js';
import type { PlaceSyntax } from '../../migrate/place-syntax.js';

/**
 * The per-file step for the scan: the file as it is on disk (index-from-disk.ts), or its index
 * from `--cache`. `scannedHere`: a file the scan reports on (not a module read for its exports).
 */
export type Indexer = (file: string, scannedHere?: boolean) => IndexedFromDisk;

/**
 * Where the resolver finds modules: the scan's index, and support modules loaded on demand. Each
 * thread that resolves files has its own (parallel/index-worker.ts): a record is a pure function of
 * its module's text, so any thread's is the same.
 */
export class ScanModules implements ModuleSource {
  private readonly misses = new Map<string, { fromFile: string; specifier: string }>();

  constructor(
    private readonly records: Map<string, ModuleRecord>,
    readonly resolver: ModuleResolver,
    private readonly cache: ScanCache | undefined,
    private readonly indexer: Indexer,
  ) {}

  resolve(fromFile: string, specifier: string): string | undefined {
    const found = this.resolver.resolve(fromFile, specifier);
    if (!found) this.misses.set(`${fromFile}\u0000${specifier}`, { fromFile, specifier });
    return found;
  }

  record(file: string): ModuleRecord | undefined {
    let record = this.records.get(file);
    if (!record) {
      // A module the scan did not parse (its text cannot match) or outside the scanned paths (a
      // pre-commit run names only staged files): read for its exports, never reported.
      record = loadSupportModule(file, this.cache, this.indexer);
      this.records.set(file, record);
    }
    return record;
  }

  /** Relative imports that named no file, once each, in the order met. */
  unresolved(): Array<{ fromFile: string; specifier: string }> {
    return [...this.misses.values()];
  }
}

function loadSupportModule(file: string, cache: ScanCache | undefined, indexer: Indexer): ModuleRecord {
  const indexed = indexer(file);
  if ('source' in indexed) cache?.storeIndex(file, indexed.index, undefined, indexed.source);
  return 'index' in indexed && indexed.index.kind === 'indexed'
    ? indexed.index.record
    : { exports: {}, exportAll: [], importedCalls: [] };
}

/**
 * The graph step of one file that waits for other modules: its facts with what the modules export
 * substituted, matched; the text of other modules its requests send to another host; and the values
 * the step's budget cut. The same on the main thread and on a worker.
 */
export function crossOutcomeOf(entry: DeferredFile, crossFile: CrossFileResolver, context: MatchContext): CrossOutcome {
  const facts = resolveAcrossFiles(entry, crossFile);
  const shared = textSentToAnotherHostFromOtherModules(facts, context);
  return {
    matches: matchFacts(facts, context),
    ...(shared.length ? { sentToAnotherHost: shared } : {}),
    ...(facts.valuesCut ? { valuesCut: facts.valuesCut } : {}),
  };
}

/**
 * What the scan keeps of one file after the graph step, not its facts: why it was not read or
 * parsed, or its module record and its matches. `cross`: resolved with other modules now;
 * `deferred`: its facts wait for the end of the scan (`--types`). A worker posts this.
 */
export type FileOutcome =
  | { problem: ReadProblem }
  | { diagnostic: Extract<FileIndex, { kind: 'diagnostic' }>['diagnostic'] }
  | ({ record: ModuleRecord; notes?: FileNotes; places?: PlaceSyntax; typed?: TypedMatches } & (
      { matches: RawMatch[] } | { cross: CrossOutcome } | { deferred: DeferredFile }
    ));

/**
 * The graph step of one indexed file, the same on the main thread and on a worker: its record
 * joins the thread's `records` (before resolving, so that an import cycle back to it finds it);
 * facts that need no other module are matched alone; the others are resolved through `crossFile`,
 * or kept as they are when it is not given.
 */
export function fileOutcomeOf(
  file: string,
  indexed: IndexedFromDisk,
  records: Map<string, ModuleRecord>,
  context: MatchContext,
  crossFile: CrossFileResolver | undefined,
): FileOutcome {
  if ('problem' in indexed) return { problem: indexed.problem };
  const index = indexed.index;
  if (index.kind === 'diagnostic') return { diagnostic: index.diagnostic };
  records.set(file, index.record);
  const kept = {
    record: index.record,
    ...(index.notes ? { notes: index.notes } : {}),
    ...(index.places ? { places: index.places } : {}),
    ...(index.typed ? { typed: index.typed } : {}),
  };
  if (!index.needsOtherModules) return { ...kept, matches: matchFacts(index.facts, context) };
  const entry = { file, facts: index.facts, importedCalls: index.importedCalls };
  return crossFile ? { ...kept, cross: crossOutcomeOf(entry, crossFile, context) } : { ...kept, deferred: entry };
}
