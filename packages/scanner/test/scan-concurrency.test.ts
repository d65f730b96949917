/**
 * `--concurrency`: the per-file step on worker threads (scan/parallel/) gives the very same scan as
 * the main thread alone, with and without `--cache`; a worker that cannot run leaves its files to
 * the main thread, and nothing is lost.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { resolveSettings } from '@sunset-lint/core';
import { describe, expect, test } from 'vitest';
import { discoverFiles } from '../src/scan/files/discovery.js';
import { runScan } from '../src/scan/index.js';
import { ProjectModules } from '../src/scan/plan/project-modules.js';
import type { IndexWorkerData, IndexWorkerMessage } from '../src/scan/parallel/index-in-workers.js';
import { makeProject, runCli } from './scan-cli-support.js';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures', import.meta.url));
const SCAN = ['--format', 'json', '--no-progress', '--as-of', '2026-11-21', '--fail-on', 'none'];

describe('worker threads give the same scan as the main thread', () => {
  test(
    'every fixture, off / 1 / 3 workers: byte-identical JSON reports',
    () => {
      const [off, ...threaded] = ['off', '1', '3'].map((concurrency) => {
        const run = runCli(['scan', '.', ...SCAN, '--concurrency', concurrency], { cwd: FIXTURES });
        expect(run.status, run.stderr).toBe(0);
        return run.stdout;
      });
      expect(JSON.parse(off!).findings.length).toBeGreaterThan(800);
      for (const report of threaded) expect(report).toBe(off);
    },
    HEAVY_TEST_MS,
  );

  test(
    '--verbose (the workers only index): the same report and the same notices',
    () => {
      const [off, threaded] = ['off', '2'].map((concurrency) => {
        const run = runCli(['scan', '.', ...SCAN, '--verbose', '--concurrency', concurrency], { cwd: FIXTURES });
        expect(run.status, run.stderr).toBe(0);
        return run;
      });
      expect(threaded!.stdout).toBe(off!.stdout);
      expect(off!.stderr).toMatch(/parses of JavaScript and TypeScript files: \d+/);
      expect(threaded!.stderr).toBe(off!.stderr);
    },
    HEAVY_TEST_MS,
  );

  test(
    '--cache: a cold run on workers, then a warm one, report what the main thread reports',
    () => {
      const copy = mkdtempSync(join(tmpdir(), 'sunset-lint-concurrency-'));
      cpSync(join(FIXTURES, 'holdout-2'), copy, { recursive: true });
      const plain = runCli(['scan', '.', ...SCAN, '--concurrency', 'off'], { cwd: copy }).stdout;
      const cold = runCli(['scan', '.', ...SCAN, '--concurrency', '2', '--cache'], { cwd: copy });
      const warm = runCli(['scan', '.', ...SCAN, '--concurrency', '2', '--cache'], { cwd: copy });
      expect(JSON.parse(plain).findings.length).toBeGreaterThan(10);
      expect([cold.stdout, warm.stdout]).toEqual([plain, plain]);
    },
    HEAVY_TEST_MS,
  );
});

test("a worker that resolves posts each file's outcome, not its facts", async () => {
  // The built worker (the CLI's), on a fixture whose clients and paths come from other modules.
  const { files } = await discoverFiles({ cwd: FIXTURES, paths: ['holdout-2'] });
  const data: IndexWorkerData = {
    files,
    settings: resolveSettings({ asOf: '2026-11-21' }),
    parser: 'auto',
    prefilter: false,
    maxFileSize: undefined,
    project: ProjectModules.find(files).toData(),
    withSource: false,
    resolve: { scanned: files },
  };
  const worker = new Worker(new URL('../dist/scan/parallel/index-worker.js', import.meta.url), { workerData: data });
  const messages: IndexWorkerMessage[] = [];
  worker.on('message', (message: IndexWorkerMessage) => messages.push(message));
  await new Promise((done) => worker.on('exit', done));
  expect(messages.map((message) => message.file)).toEqual(files);
  const outcomes = messages.map((message) => {
    if (!('resolved' in message)) throw new Error(`not resolved: ${JSON.stringify(message).slice(0, 200)}`);
    return message;
  });
  // Matched where it waited for other modules, with the modules it read for them counted as parsed.
  const crossed = outcomes.filter(({ resolved }) => 'cross' in resolved && resolved.cross.matches.length > 0);
  expect(crossed.length).toBeGreaterThan(2);
  for (const { file, parsed } of crossed) expect(parsed[0]).toBe(file);
  expect(outcomes.some(({ file, parsed }) => parsed.some((other) => other !== file))).toBe(true);
  // What crosses back is the outcome and the module's record (for the main thread's files that
  // import it): not the file's facts.
  expect(JSON.stringify(messages)).not.toContain('"facts"');
});

test('a worker that cannot start leaves its files to the main thread', async () => {
  // In-process from the TypeScript sources, the worker's module (`index-worker.js`, built) is not
  // there: every worker fails to start, as one would that cannot load.
  const { files } = await discoverFiles({ cwd: FIXTURES, paths: ['holdout-2'] });
  const settings = resolveSettings({ asOf: '2026-11-21' });
  const scan = (concurrency: 'off' | number) => runScan({ cwd: FIXTURES, files, settings, concurrency });
  const [off, failed] = [await scan('off'), await scan(2)];
  expect(off.findings.length).toBeGreaterThan(10);
  expect(failed).toEqual(off);
});

test('--concurrency takes a number of threads, auto or off', () => {
  const root = makeProject({});
  for (const value of ['0', 'many', '1.5', '65']) {
    const run = runCli(['scan', '.', '--concurrency', value], { cwd: root });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`--concurrency must be a number of threads from 1 to 64, auto or off, got '${value}'`);
  }
});
