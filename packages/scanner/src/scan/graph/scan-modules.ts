import {
  type CrossFileResolver,
  type DeferredFile,
  type MatchContext,
  matchFacts,
  type ModuleRecord,
  type ModuleSource,
  resolveAcrossFiles,
  textSentToAnotherHostFromOtherModules,
} from '@sunset-lint/core/internal';
import type { CrossOutcome, ScanCache } from '../cache/cache.js';
import type { IndexedFromDisk } from '../reader/index-from-disk.js';
import type { ModuleResolver } from '../plan/module-resolution.js';

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
