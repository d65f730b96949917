import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { ResolvedSettings } from '@sunset-lint/core';
import type { IndexedFromDisk } from '../reader/index-from-disk.js';
import type { ParserChoice } from '../reader/parsers.js';
import type { ProjectModulesData } from '../plan/project-modules.js';
import type { FileOutcome } from '../graph/scan-modules.js';
import { sizedWorker } from './young-generation.js';

/** `--concurrency`: worker threads for the per-file step, `auto` (from a large parse set on), or `off`. */
export type Concurrency = number | 'auto' | 'off';

/**
 * From how many files to parse `auto` starts workers: each loads core and a parser (~0.1–0.2 s)
 * before its first file, which a small set does not win back (docs/scanner.md, "Worker threads").
 */
export const AUTO_MIN_FILES = 400;
/**
 * `auto` starts workers only with this many cores or more, one fewer than the cores (the main
 * thread matches and resolves meanwhile), at most 4. On 2 cores they lost: the workers' copies of
 * each file's index (structured clone both ways) cost a third more CPU than they saved, and the
 * second core is rarely free (docs/scanner.md, "Worker threads").
 */
const AUTO_MIN_CORES = 4;
const AUTO_MAX_WORKERS = 4;

/** Files dealt together: a worker's next files are the ones the main thread will soon ask for. */
const RUN = 8;
/**
 * The main thread's part of the files beside each worker's 1: it also plans, places the findings
 * and takes every worker's results, and where the workers only index, it resolves and matches
 * every file too (tuned on 5,000 dense files, docs/scanner.md "Worker threads").
 */
const MAIN_WEIGHT_RESOLVING = 0.8;
const MAIN_WEIGHT_INDEXING = 0.3;

export interface IndexWorkerData {
  files: string[];
  settings: ResolvedSettings;
  parser: ParserChoice;
  prefilter: boolean;
  maxFileSize: number | undefined;
  project: ProjectModulesData;
  withSource: boolean;
  /**
   * The worker also resolves and matches each file (where the scan keeps no cache and lists no
   * unresolved imports): the scanned files, which its module resolver knows without the disk.
   */
  resolve?: { scanned: readonly string[] };
}

/** A file done by a worker: its index, or (`resolve`) its outcome and the files parsed for it. */
export type FromWorker = { indexed: IndexedFromDisk } | { resolved: FileOutcome; parsed: string[] };

export type IndexWorkerMessage = { file: string } & (FromWorker | { failed: string });

interface Waiting {
  promise: Promise<FromWorker | undefined>;
  resolve: (value: FromWorker | undefined) => void;
  settled: boolean;
  taken: boolean;
}

/** How many workers for `count` files to parse; 0: the main thread does them. */
export function workersFor(concurrency: Concurrency, count: number): number {
  if (concurrency === 'off') return 0;
  if (concurrency === 'auto') {
    if (count < AUTO_MIN_FILES) return 0;
    const cores = availableParallelism();
    return cores < AUTO_MIN_CORES ? 0 : Math.min(cores - 1, AUTO_MAX_WORKERS);
  }
  return Math.min(concurrency, count);
}

/**
 * The per-file step of many files on worker threads, taken in the scan's own order: `take` gives
 * a file's index as its worker posts it, so the main thread matches one file while the workers
 * parse the next. The files are dealt in turn, in runs of a few, so that every worker is busy
 * with files the main thread will soon ask for. A worker that fails (it could not start, it ran out
 * of memory) leaves its files to the main thread: `take` then gives `undefined`. Same results as
 * the main thread's, whichever thread does a file: the step is pure.
 */
export class WorkerIndexes {
  /** Each file's result until both its worker has posted it and the scan has taken it. */
  private readonly waiting = new Map<string, Waiting>();
  private readonly workers: Worker[] = [];

  constructor(files: readonly string[], workers: number, shared: Omit<IndexWorkerData, 'files'>) {
    const shares: string[][] = Array.from({ length: workers }, () => []);
    // Runs of a few files, dealt by smooth weighted round robin: the main thread (index 0) takes
    // its weight's part of the runs and does them itself, each worker one part.
    const weights = [shared.resolve ? MAIN_WEIGHT_RESOLVING : MAIN_WEIGHT_INDEXING, ...shares.map(() => 1)];
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const credits = weights.map(() => 0);
    for (let at = 0; at < files.length; at += RUN) {
      let pick = 0;
      for (let thread = 0; thread < weights.length; thread++) {
        credits[thread]! += weights[thread]!;
        if (credits[thread]! > credits[pick]!) pick = thread;
      }
      credits[pick]! -= total;
      if (pick === 0) continue;
      for (const file of files.slice(at, at + RUN)) {
        shares[pick - 1]!.push(file);
        let resolve!: (value: FromWorker | undefined) => void;
        const promise = new Promise<FromWorker | undefined>((settle) => (resolve = settle));
        this.waiting.set(file, { promise, resolve, settled: false, taken: false });
      }
    }
    for (const share of shares) if (share.length) this.start(share, shared);
  }

  private start(files: string[], shared: Omit<IndexWorkerData, 'files'>): void {
    let worker: Worker;
    const giveUp = () => {
      for (const file of files) this.settle(file, undefined);
    };
    try {
      worker = sizedWorker(new URL('./index-worker.js', import.meta.url), {
        workerData: { ...shared, files } satisfies IndexWorkerData,
        // Nothing from the user's NODE_OPTIONS or the CLI's own flags that would not apply to a worker.
        stdout: false,
        stderr: false,
      });
    } catch {
      giveUp();
      return;
    }
    this.workers.push(worker);
    worker.on('message', (message: IndexWorkerMessage) =>
      this.settle(message.file, 'failed' in message ? undefined : message),
    );
    worker.on('error', giveUp);
    worker.on('exit', giveUp);
  }

  private settle(file: string, value: FromWorker | undefined): void {
    const waiting = this.waiting.get(file);
    if (!waiting || waiting.settled) return;
    waiting.settled = true;
    waiting.resolve(value);
    if (waiting.taken) this.waiting.delete(file);
  }

  /** The file's index from its worker (`undefined` when the main thread must do it); undefined for a file not dealt out. */
  take(file: string): Promise<FromWorker | undefined> | undefined {
    const waiting = this.waiting.get(file);
    if (!waiting) return undefined;
    waiting.taken = true;
    if (waiting.settled) this.waiting.delete(file);
    return waiting.promise;
  }

  /** Stops the workers (at the end of the pass, or when it stops early). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
