#!/usr/bin/env node
/**
 * Benchmark of `sunset-lint scan` on a large codebase that every fresh clone has: the JS/TS
 * sources inside the repository's installed node_modules (after `pnpm install`).
 *
 *   node packages/scanner/bench/bench-scan.mjs [--keep] [--max-files N]
 *
 * Prints, side by side and measured in the same run:
 *   - the time to merely parse the same files (read + parse, AST touched, nothing else) with
 *     TypeScript's createSourceFile (the parser the scanner uses, before its ESTree conversion)
 *     and with oxc-parser, each in its own process; the faster one is the baseline;
 *   - the wall time and peak RSS of the real CLI process (`sunset-lint scan --format json`);
 *   - peak RSS of the scan over 25%, 50% and 100% of the files (whole packages, so that their
 *     relative imports still resolve), to show that memory stays flat as the file count grows.
 * Peak RSS comes from process.resourceUsage().maxRSS, read in the child at exit (a preload
 * module), so nothing outside Node is needed.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'packages/scanner/bin/sunset-lint.js');
const STORE = join(ROOT, 'node_modules/.pnpm');
const SOURCE = /\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/;
const SKIP = /\.d\.[cm]?ts$|\.min\.js$/;

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const maxFilesAt = args.indexOf('--max-files');
const maxFiles = maxFilesAt >= 0 ? Number(args[maxFilesAt + 1]) : Infinity;

if (!existsSync(join(ROOT, 'packages/scanner/dist/cli/main.js'))) {
  console.error('Build first: npx pnpm@10.34.8 build');
  process.exit(2);
}
if (!existsSync(STORE)) {
  console.error('No node_modules/.pnpm: run npx pnpm@10.34.8 install first');
  process.exit(2);
}

// 1. The corpus: every installed package's JS/TS sources, copied out of node_modules (which the
// scanner, like any linter, excludes by default and which .gitignore hides) with their layout.
const work = mkdtempSync(join(tmpdir(), 'sunset-lint-bench-'));
const corpus = join(work, 'corpus');
const packages = [];
for (const entry of readdirSync(STORE).sort()) {
  const modules = join(STORE, entry, 'node_modules');
  if (!existsSync(modules)) continue;
  for (const name of readdirSync(modules)) {
    const scoped = name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name];
    for (const pkg of scoped) {
      const dir = join(modules, pkg);
      if (statSync(dir).isSymbolicLink?.() || !entry.startsWith(pkg.replace('/', '+'))) continue; // a dependency link, not the package itself
      packages.push({ id: entry, dir });
    }
  }
}
let total = 0;
const packageFiles = [];
for (const pkg of packages) {
  if (total >= maxFiles) break;
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stats = statSync(path);
      if (stats.isDirectory()) {
        if (name !== 'node_modules') walk(path);
      } else if (SOURCE.test(name) && !SKIP.test(name) && stats.size < 2_000_000) files.push(path);
    }
  };
  walk(pkg.dir);
  if (files.length === 0) continue;
  const target = join(corpus, pkg.id);
  for (const file of files) {
    const copy = join(target, relative(pkg.dir, file));
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(file, copy);
  }
  packageFiles.push({ dir: relative(corpus, target), files: files.map((f) => join(target, relative(pkg.dir, f))) });
  total += files.length;
}
// Package code keeps its build output in dist/, build/, out/: scan it (the defaults would skip it).
writeFileSync(
  join(corpus, 'sunset-lint.config.json'),
  JSON.stringify({ exclude: ['!**/dist/**', '!**/build/**', '!**/out/**', '!**/coverage/**'] }),
);
const allFiles = packageFiles.flatMap((p) => p.files);
const bytes = allFiles.reduce((sum, f) => sum + statSync(f).size, 0);
writeFileSync(join(work, 'files.json'), JSON.stringify(allFiles));

// 2. Children report their peak RSS and CPU time at exit through this preload module.
const preload = join(work, 'measure.mjs');
writeFileSync(
  preload,
  `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => { const u = process.resourceUsage(); writeFileSync(process.env.BENCH_OUT, JSON.stringify({ maxRssKb: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 })); });\n`,
);
function measure(argv, options = {}) {
  const out = join(work, `m-${Math.random().toString(36).slice(2)}.json`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', preload, ...argv], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, BENCH_OUT: out, CI: 'true' },
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  if (result.status !== 0 && result.status !== 1)
    throw new Error(`${argv.join(' ')} exited ${result.status}: ${result.stderr.slice(0, 2000)}`);
  const usage = JSON.parse(readText(out));
  return { wallMs, ...usage, stdout: result.stdout, stderr: result.stderr };
}
function readText(file) {
  return spawnSync('cat', [file], { encoding: 'utf8' }).stdout;
}

// 3. Parse-only baselines over exactly these files.
const parseOnly = join(work, 'parse-only.mjs');
writeFileSync(
  parseOnly,
  `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(join(ROOT, 'packages/scanner/package.json'))});
const files = JSON.parse(readFileSync(process.argv[3], 'utf8'));
let failed = 0;
if (process.argv[2] === 'oxc') {
  let oxc;
  try {
    oxc = await import(require.resolve('oxc-parser'));
  } catch {
    console.log(JSON.stringify({ failed: 0, missing: true }));
    process.exit(0);
  }
  const { parseSync } = oxc;
  for (const file of files) {
    const lang = /\\.tsx$/.test(file) ? 'tsx' : /\\.[cm]?ts$/.test(file) ? 'ts' : 'jsx';
    const sourceType = /\\.c[jt]s$/.test(file) ? 'commonjs' : /\\.m[jt]s$/.test(file) ? 'module' : 'unambiguous';
    const result = parseSync(file, readFileSync(file, 'utf8'), { lang, sourceType, preserveParens: false });
    if (!result.program || result.errors.length) failed++;
  }
} else {
  const ts = require('typescript');
  for (const file of files) {
    const kind = /\\.tsx$/.test(file) ? ts.ScriptKind.TSX : /\\.[cm]?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JSX;
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
    if (sf.parseDiagnostics.length) failed++;
  }
}
console.log(JSON.stringify({ failed }));
`,
);

// 4. The index itself: an in-process scan that weighs the heap (after a full GC) between the two
// passes, when every file has been parsed and dropped and only the facts are held.
const indexWeigher = join(work, 'index-heap.mjs');
writeFileSync(
  indexWeigher,
  `import { readFileSync } from 'node:fs';
const { resolveSettings } = await import(${JSON.stringify(join(ROOT, 'packages/core/dist/index.js'))});
const { runScan } = await import(${JSON.stringify(join(ROOT, 'packages/scanner/dist/scan/scan.js'))});
const files = JSON.parse(readFileSync(process.argv[2], 'utf8'));
gc();
const before = process.memoryUsage().heapUsed;
let indexBytes = 0;
runScan({ cwd: ${JSON.stringify(corpus)}, files, settings: resolveSettings({ asOf: '2026-01-01' }), onIndexed: () => { gc(); indexBytes = process.memoryUsage().heapUsed - before; } });
console.log(JSON.stringify({ indexBytes }));
`,
);

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `Corpus: ${allFiles.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${packageFiles.length} installed packages, copied to ${corpus}`,
);
console.log(`Node ${process.version}, ${(await import('node:os')).cpus().length} CPUs\n`);

const oxc = measure([parseOnly, 'oxc', join(work, 'files.json')]);
const tsParse = measure([parseOnly, 'ts', join(work, 'files.json')]);
const oxcMissing = JSON.parse(oxc.stdout).missing === true;
const fastest =
  !oxcMissing && oxc.wallMs <= tsParse.wallMs
    ? { name: 'oxc-parser', ...oxc }
    : { name: 'typescript createSourceFile', ...tsParse };

function scan(paths) {
  const run = measure([BIN, 'scan', ...paths, '--format', 'json', '--no-progress', '--as-of', '2026-01-01'], {
    cwd: corpus,
  });
  const report = JSON.parse(run.stdout);
  return {
    ...run,
    files: report.summary.filesScanned,
    findings: report.findings.length,
    parseErrors: report.diagnostics.filter((d) => d.code === 'parse-error').length,
  };
}
const curve = [];
for (const share of [0.25, 0.5, 1]) {
  const wanted = Math.ceil(allFiles.length * share);
  const chosen = [];
  let count = 0;
  for (const pkg of packageFiles) {
    if (count >= wanted) break;
    chosen.push(pkg);
    count += pkg.files.length;
  }
  const list = join(work, `files-${share}.json`);
  writeFileSync(list, JSON.stringify(chosen.flatMap((p) => p.files)));
  const parse = share === 1 ? tsParse : measure([parseOnly, 'ts', list]);
  const index = JSON.parse(measure(['--expose-gc', indexWeigher, list]).stdout);
  curve.push({ share, parse, index, ...scan(share === 1 ? ['.'] : chosen.map((p) => p.dir)) });
}
const full = curve[curve.length - 1];

console.log('                                  files     wall      CPU  peak RSS');
if (!oxcMissing)
  console.log(
    `parse only, oxc-parser          ${String(allFiles.length).padStart(6)}  ${s(oxc.wallMs).padStart(7)}  ${s(oxc.cpuMs).padStart(7)}  ${mb(oxc.maxRssKb).padStart(8)}   (${JSON.parse(oxc.stdout).failed} with parse errors)`,
  );
console.log(
  `parse only, TS createSourceFile ${String(allFiles.length).padStart(6)}  ${s(tsParse.wallMs).padStart(7)}  ${s(tsParse.cpuMs).padStart(7)}  ${mb(tsParse.maxRssKb).padStart(8)}`,
);
console.log(
  `sunset-lint scan (CLI process)  ${String(full.files).padStart(6)}  ${s(full.wallMs).padStart(7)}  ${s(full.cpuMs).padStart(7)}  ${mb(full.maxRssKb).padStart(8)}   (${full.findings} findings, ${full.parseErrors} parse diagnostics)`,
);
console.log(
  `\nscan / fastest parse-only (${fastest.name}): ${(full.wallMs / fastest.wallMs).toFixed(2)}x wall, ${(full.cpuMs / fastest.cpuMs).toFixed(2)}x CPU\n`,
);
console.log('memory as the file count grows:');
console.log('  share   files   scan wall  scan peak RSS  parse-only (TS) peak RSS  index after pass 1');
for (const p of curve)
  console.log(
    `  ${String(p.share * 100).padStart(4)}%  ${String(p.files).padStart(6)}  ${s(p.wallMs).padStart(9)}  ${mb(p.maxRssKb).padStart(13)}  ${mb(p.parse.maxRssKb).padStart(24)}  ${`${(p.index.indexBytes / 1024 / 1024).toFixed(1)} MB`.padStart(18)}`,
  );

if (keep) console.log(`\nkept ${work}`);
else rmSync(work, { recursive: true, force: true });
