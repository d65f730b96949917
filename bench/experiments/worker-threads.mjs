// Would worker threads pay? The scan's per-file step (read, parse, extract, index) over the files
// the plan parses, on the main thread against split across N worker threads (each loads core and
// TypeScript, as a worker pool would). The cross-file pass stays on the main thread either way.
//   node bench/experiments/worker-threads.mjs <folder> one|<N> [auto|oxc|typescript]
// Results and the decision: docs/scanner.md, "One thread".
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
const settingsOf = async () =>
  (await import('../../packages/core/dist/index.js')).resolveSettings({ asOf: '2026-11-21' });
if (!isMainThread) {
  const settings = await settingsOf();
  const parseSource = await (
    await import('../../packages/scanner/dist/scan/reader/parsers.js')
  ).loadParser(workerData.parser);
  const { indexFile } = await import('../../packages/scanner/dist/scan/reader/index-file.js');
  const out = [];
  for (const f of workerData.files) out.push(indexFile(f, readFileSync(f, 'utf8'), settings, parseSource));
  parentPort.postMessage(out.length);
} else {
  const root = process.argv[2];
  const mode = process.argv[3];
  const parser = process.argv[4] ?? 'auto';
  const files = execSync(
    `find ${root} -type f \\( -name '*.ts' -o -name '*.tsx' -o -name '*.js' -o -name '*.jsx' -o -name '*.mjs' -o -name '*.cjs' \\) -not -name '*.d.ts'`,
    { maxBuffer: 1e9 },
  )
    .toString()
    .trim()
    .split('\n');
  const settings = await settingsOf();
  const { planParsing } = await import('../../packages/scanner/dist/scan/plan/parse-plan.js');
  const { ModuleResolver } = await import('../../packages/scanner/dist/scan/plan/module-resolution.js');
  const known = new Set(files);
  const plan = planParsing(files, settings, new ModuleResolver((f) => known.has(f)));
  const parse = [...plan.parse];
  const t = performance.now();
  if (mode === 'one') {
    const parseSource = await (await import('../../packages/scanner/dist/scan/reader/parsers.js')).loadParser(parser);
    const { indexFile } = await import('../../packages/scanner/dist/scan/reader/index-file.js');
    for (const f of parse) indexFile(f, readFileSync(f, 'utf8'), settings, parseSource);
  } else {
    const n = Number(mode);
    const parts = Array.from({ length: n }, (_, i) => parse.filter((_, j) => j % n === i));
    await Promise.all(
      parts.map(
        (part) =>
          new Promise((res) =>
            new Worker(new URL(import.meta.url), { workerData: { files: part, parser } }).on('message', res),
          ),
      ),
    );
  }
  console.log(mode, parser, parse.length, 'files', (performance.now() - t).toFixed(0), 'ms');
}
