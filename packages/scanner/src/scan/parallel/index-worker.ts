import { parentPort, workerData } from 'node:worker_threads';
import { CrossFileResolver, type MatchContext, type ModuleRecord } from '@sunset-lint/core/internal';
import { indexFromDisk, type IndexedFromDisk } from '../reader/index-from-disk.js';
import { loadParser } from '../reader/parsers.js';
import { ModuleResolver } from '../plan/module-resolution.js';
import { ProjectModules } from '../plan/project-modules.js';
import { fileOutcomeOf, type FileOutcome, type Indexer, ScanModules } from '../graph/scan-modules.js';
import type { IndexWorkerData, IndexWorkerMessage } from './index-in-workers.js';

// One worker of the per-file step (index-in-workers.ts): its share of the files, in order, each
// read, parsed, extracted and indexed exactly as on the main thread, and posted back as it is done.
// Where the scan keeps no cache, the worker also matches each file, resolving what it imports with
// its own module records (the graph step is pure), and posts the outcome: a few matches, not facts.
const data = workerData as IndexWorkerData;
const parse = await loadParser(data.parser);
const project = ProjectModules.fromData(data.project);
/** The files the worker parsed for the file in hand: the file itself and modules it read for their exports. */
let parsedNow: string[] = [];
const indexer: Indexer = (file) => {
  const indexed = indexFromDisk(
    file,
    data.settings,
    parse,
    data.prefilter,
    data.maxFileSize,
    undefined,
    project,
    !data.resolve,
  );
  if ('index' in indexed) parsedNow.push(file);
  return indexed;
};
const resolveFile = data.resolve ? resolverOfWorker(data.resolve.scanned) : undefined;
for (const file of data.files) {
  let message: IndexWorkerMessage;
  try {
    parsedNow = [];
    const indexed = indexer(file);
    if (resolveFile) message = { file, resolved: resolveFile(file, indexed), parsed: parsedNow };
    else {
      // Posting the index copies it: its facts need no copy of their own (detachFacts). The text
      // goes back only where the main thread stores it (`--cache`): else it reads a file again
      // only when it has findings to place.
      if (!data.withSource && 'source' in indexed) delete indexed.source;
      message = { file, indexed };
    }
  } catch (error) {
    message = { file, failed: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(message);
}

/** The scan's graph step for one indexed file (scan.ts's), on this worker's module records. */
function resolverOfWorker(scannedFiles: readonly string[]) {
  const scanned = new Set(scannedFiles);
  const records = new Map<string, ModuleRecord>();
  const modules = new ScanModules(
    records,
    new ModuleResolver((file) => scanned.has(file), project),
    undefined,
    indexer,
  );
  const crossFile = new CrossFileResolver(modules);
  const context: MatchContext = { entries: data.settings.catalogue.entries, apiHosts: data.settings.apiHosts };
  return (file: string, indexed: IndexedFromDisk): FileOutcome =>
    fileOutcomeOf(file, indexed, records, context, crossFile);
}
