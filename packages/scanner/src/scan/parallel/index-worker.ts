import { parentPort, workerData } from 'node:worker_threads';
import { indexFromDisk } from '../reader/index-from-disk.js';
import { loadParser } from '../reader/parsers.js';
import { ProjectModules } from '../plan/project-modules.js';
import type { IndexWorkerData, IndexWorkerMessage } from './index-in-workers.js';

// One worker of the per-file step (index-in-workers.ts): its share of the files, in order, each
// read, parsed, extracted and indexed exactly as on the main thread, and posted back as it is done.
const data = workerData as IndexWorkerData;
const parse = await loadParser(data.parser);
const project = ProjectModules.fromData(data.project);
for (const file of data.files) {
  let message: IndexWorkerMessage;
  try {
    // Posting the index copies it: its facts need no copy of their own (detachFacts).
    const indexed = indexFromDisk(
      file,
      data.settings,
      parse,
      data.prefilter,
      data.maxFileSize,
      undefined,
      project,
      false,
    );
    // The text goes back only where the main thread stores it (`--cache`): else it reads a file
    // again only when it has findings to place.
    if (!data.withSource && 'source' in indexed) delete indexed.source;
    message = { file, indexed };
  } catch (error) {
    message = { file, failed: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(message);
}
