/**
 * Hostile and huge input (issue 27, high items): values that double at each step, conditional
 * chains, helpers that fan out, huge joins, many payload objects and many reads of a large value
 * stay linear for both engines, run as processes (the `sunset-lint` CLI and ESLint's own CLI with
 * the plugin), and lose nothing unrelated; files a repository controls (a tsconfig, what it
 * extends and its `files`, a baseline, a shard report, an OpenAPI document, the config file) that
 * are FIFOs or links to /dev/zero end the run at once with exit 2 and a message naming them
 * instead of hanging or filling memory; a configuration module that never finishes loading fails
 * the run instead of passing it silently.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { HEAVY_TEST_MS, PROCESS_HANG_MS } from '../../../core/test/support/time-limits.js';
import { ParityEngines } from '../support/engines.js';
import type { GeneratedProgram } from '../support/snippet-grammar.js';
import { BIN, makeProject, removeProjects } from '../scan-cli-support.js';

afterAll(removeProjects);

const API = 'https://api.cloudflare.com/client/v4';
const AS_OF = '2026-11-21';
/** A finding that has nothing to do with the hostile part: it must survive it. */
const UNRELATED = `export const rules = (z) => fetch(\`${API}/zones/\${z}/firewall/rules\`);\n`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Each shape: the files of `src/` (the unrelated finding is added to `x.js`). */
const shapes: Record<string, () => Record<string, string>> = {
  'a value doubling sixty times (a1 = a0 + a0, …)': () => ({
    'x.js':
      "const a0 = '/zones/';\n" +
      range(60)
        .map((i) => `const a${i + 1} = a${i} + a${i};\n`)
        .join('') +
      'export const x = fetch(a60);\n',
  }),
  'a chain of forty conditionals over the one before': () => ({
    'x.js':
      "const c = Math.random() > 0.5;\nconst a0 = '/zones/';\n" +
      range(40)
        .map((i) => `const a${i + 1} = c ? a${i} + 'x' : a${i} + 'y';\n`)
        .join('') +
      'export const x = fetch(a40);\n',
  }),
  'sixteen helpers, each calling the one before twice': () => ({
    'x.js':
      `export function h0(p) { return fetch(\`${API}/zones/\${p}/dns_records\`); }\n` +
      range(16)
        .map((i) => `export function h${i + 1}(p) { h${i}(p); return h${i}(p + 'x'); }\n`)
        .join(''),
  }),
  'thirty helpers, each passing a conditional to the one before': () => ({
    'x.js':
      `export function h0(p) { return fetch(\`${API}/zones/\${p}/dns_records\`); }\n` +
      range(30)
        .map((i) => `export function h${i + 1}(p, c) { return h${i}(c ? p + 'a' : p + 'b'); }\n`)
        .join(''),
  }),
  'forty modules, each doubling the constant of the one before': () => {
    const files: Record<string, string> = { 'f0.js': "export const a = '/zones/';\n" };
    for (let i = 1; i <= 40; i++)
      files[`f${i}.js`] = `import { a as b } from './f${i - 1}.js';\nexport const a = b + b;\n`;
    files['x.js'] = "import { a } from './f40.js';\nexport const y = fetch(a);\n";
    return files;
  },
  "a .join('/') of 32,000 strings": () => ({
    'x.js': `export const p = [${range(32_000)
      .map((i) => `'s${i}'`)
      .join(', ')}].join('/');\n`,
  }),
  '4,000 SRV record objects sent by one Promise.all': () => ({
    'x.js':
      'export const records = [\n' +
      range(4_000)
        .map((i) => `  { type: 'SRV', name: 'r${i}', data: { service: '_sip', proto: '_tcp', name: 'x' } },\n`)
        .join('') +
      `];\nexport const sent = Promise.all(records.map((r) => fetch('${API}/zones/z/dns_records', { method: 'POST', body: JSON.stringify(r) })));\n`,
  }),
  'ten thousand values built from one 40 KB constant': () => ({
    'x.js':
      `const big = '/zones/${'x/'.repeat(20_000)}';\n` +
      range(10_000)
        .map((i) => `export const b${i} = big + '${i}';\n`)
        .join(''),
  }),
  'ten thousand requests to one 100 KB path': () => ({
    'x.js':
      `const big = '/zones/${'x/'.repeat(50_000)}';\n` +
      range(10_000)
        .map(() => 'fetch(big);\n')
        .join(''),
  }),
};

/** Ordinary client code of about the same size: what the hostile shapes are timed against. */
function ordinary(bytes: number): string {
  const unit = `export async function get%(zone) { const res = await fetch(\`${API}/zones/\${zone}/dns_records?page=%\`); return res.json(); }\n`;
  let code = '';
  for (let i = 0; code.length < bytes; i++) code += unit.replaceAll('%', String(i));
  return code;
}

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ESLINT_BIN = join(
  dirname(createRequire(join(REPO_ROOT, 'package.json')).resolve('eslint/package.json')),
  'bin/eslint.js',
);

/** A project both engines read: `src/`, and an ESLint config with the plugin's recommended rules. */
function engineProject(files: Record<string, string>): string {
  const root = makeProject({
    'package.json': '{ "type": "module" }\n',
    'eslint.config.mjs': `import sunsetLint from '@sunset-lint/eslint-plugin';\nexport default [sunsetLint.configs.recommended, { settings: { 'sunset-lint': { asOf: '${AS_OF}' } } }];\n`,
    ...Object.fromEntries(Object.entries(files).map(([file, code]) => [`src/${file}`, code])),
  });
  // The repository's own node_modules holds the plugin and ESLint, as an install would.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/**
 * Far more than either engine takes on these files (about 100 to 300 MB); an exponential value
 * runs out of it at once. A bound on memory that no machine's speed changes.
 */
const HEAP_MB = 1024;

/** One run of an engine as a process: how long it took (ms), and the catalogue entries it reported. */
function runEngine(engine: 'scanner' | 'eslint', root: string): { ms: number; entries: string[] } {
  const args =
    engine === 'scanner'
      ? [BIN, 'scan', 'src', '--format', 'json', '--fail-on', 'none', '--as-of', AS_OF]
      : [ESLINT_BIN, '--format', 'json', 'src'];
  const start = performance.now();
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    timeout: PROCESS_HANG_MS,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', CI: 'true', NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` },
  });
  const ms = performance.now() - start;
  const what = `${engine} (${run.signal ?? `exit ${run.status}`}): ${run.stderr.slice(0, 2000)}`;
  expect(run.signal, what).toBe(null);
  expect(run.status, what).toBe(engine === 'scanner' ? 0 : 1);
  if (engine === 'scanner') {
    const report = JSON.parse(run.stdout) as { findings: Array<{ entryId: string }>; diagnostics: unknown[] };
    // What the budget cut is said (value-budget-diagnostic.test.ts); nothing else is.
    expect(report.diagnostics.filter((d) => (d as { code: string }).code !== 'value-budget')).toEqual([]);
    return { ms, entries: report.findings.map((finding) => finding.entryId) };
  }
  const results = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
  const messages = results.flatMap((result) => result.messages);
  expect(messages.filter((message) => message.ruleId === null)).toEqual([]);
  return { ms, entries: messages.map((message) => /\[([a-z0-9-]+)\]$/.exec(message.message)?.[1] ?? '?') };
}

/** How much slower than ordinary code of the same size a hostile shape may be: linear, with room for a busy machine. */
const MAX_RATIO = 10;

describe('values past the budget become unknown where they are, in time linear in the file (both CLIs)', () => {
  test.each(Object.keys(shapes))(
    '%s',
    (name) => {
      const files = shapes[name]!();
      files['x.js'] = (files['x.js'] ?? '') + UNRELATED;
      const bytes = Object.values(files).reduce((sum, code) => sum + code.length, 0);
      const hostile = engineProject(files);
      const plain = engineProject({ 'x.js': ordinary(bytes) + UNRELATED });
      for (const engine of ['scanner', 'eslint'] as const) {
        const shape = runEngine(engine, hostile);
        const baseline = runEngine(engine, plain);
        expect(shape.entries).toContain('firewall-rules-api');
        expect(baseline.entries).toContain('firewall-rules-api');
        let ratio = shape.ms / baseline.ms;
        // A busy machine slows one run and not the other: the faster of two runs of each decides.
        if (ratio > MAX_RATIO)
          ratio =
            Math.min(shape.ms, runEngine(engine, hostile).ms) / Math.min(baseline.ms, runEngine(engine, plain).ms);
        // Before the budget: 60 doublings ran out of memory, forty conditionals and the modules ran
        // for minutes, ten thousand requests to one long path ended the scan with a stack overflow.
        expect(ratio, `${engine}: ${Math.round(shape.ms)} ms against ${Math.round(baseline.ms)} ms`).toBeLessThan(
          MAX_RATIO,
        );
      }
    },
    HEAVY_TEST_MS,
  );
});

const engines = new ParityEngines({ minConfidence: 'medium', userEntries: false });

function cli(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', CI: 'true' },
    encoding: 'utf8',
    timeout: PROCESS_HANG_MS,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, signal: run.signal };
}

function fifo(path: string): void {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
}

describe('files the repository controls are read through the guarded reader', () => {
  const source = { 'src/a.ts': `export const a = fetch('${API}/zones/x/rate_limits');\n` };
  /** What each input is made of: a FIFO (a read would wait for a writer forever), or a link to an endless device. */
  const kinds = {
    FIFO: { make: fifo, words: 'a FIFO' },
    'link to /dev/zero': { make: (path: string) => symlinkSync('/dev/zero', path), words: 'a character device' },
  };
  /** Each input: the file made hostile, other files beside it, the command, and what the message names. */
  const inputs: Array<{ name: string; file: string; files?: Record<string, string>; args: string[]; names: string }> = [
    { name: 'tsconfig.json (--types)', file: 'tsconfig.json', args: ['scan', '.', '--types'], names: 'tsconfig.json' },
    {
      name: 'the file a tsconfig extends (--types)',
      file: 'base.json',
      files: { 'tsconfig.json': '{ "extends": "./base.json" }' },
      args: ['scan', '.', '--types'],
      names: 'base.json',
    },
    {
      name: 'a files entry of the tsconfig (--types)',
      file: 'src/b.ts',
      files: { 'tsconfig.json': '{ "files": ["src/a.ts", "src/b.ts"] }' },
      args: ['scan', 'src/a.ts', '--types'],
      names: 'src/b.ts',
    },
    {
      name: 'the --baseline file',
      file: 'input.json',
      args: ['scan', '.', '--baseline', 'input.json'],
      names: 'cannot read the baseline input.json',
    },
    { name: 'a merge input', file: 'input.json', args: ['merge', 'input.json'], names: 'cannot read input.json' },
    {
      name: 'the schedule import input',
      file: 'input.json',
      args: ['schedule', 'import', '--openapi', 'input.json'],
      names: 'input.json: cannot read the OpenAPI document',
    },
    {
      name: 'sunset-lint.config.json',
      file: 'sunset-lint.config.json',
      args: ['scan', '.'],
      names: 'sunset-lint.config.json',
    },
    {
      name: 'sunset-lint.config.mjs (before Node imports it)',
      file: 'sunset-lint.config.mjs',
      args: ['scan', '.'],
      names: 'sunset-lint.config.mjs',
    },
    {
      name: 'the package.json a config key is looked for in',
      file: 'package.json',
      args: ['scan', '.'],
      names: 'package.json',
    },
  ];

  test.each(inputs.flatMap((input) => Object.keys(kinds).map((kind) => [input.name, kind, input] as const)))(
    '%s as a %s: exit 2 at once, the file named',
    (_, kind, input) => {
      const root = makeProject({ ...source, ...input.files });
      const { make, words } = kinds[kind as keyof typeof kinds];
      make(join(root, input.file));
      const run = cli(input.args, root);
      expect(run.signal).toBe(null);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`${input.names}`);
      expect(run.stderr).toContain(`not a regular file (${words})`);
    },
  );
});

/** A project with one retired request and this `sunset-lint.config.mjs`. */
function projectWithConfig(config: string): string {
  return makeProject({
    'src/a.js': `fetch('${API}/zones/x/rate_limits');\n`,
    'sunset-lint.config.mjs': config,
  });
}

test(
  'a configuration module whose top-level await never settles fails the run (it passed with exit 0)',
  () => {
    const root = projectWithConfig('await new Promise(() => {});\nexport default {};\n');
    const run = cli(['scan', '.'], root);
    expect(run.status).toBe(2);
    // At once: nothing is left to run that could settle it (before, the run waited for the 10 s limit).
    expect(run.stderr).toContain(
      'sunset-lint.config.mjs: the config module cannot finish loading: nothing is left to run that could settle it',
    );
  },
  HEAVY_TEST_MS,
);

test('a configuration module that leaves a timer running: the run reports and ends (it hung after its report)', () => {
  const root = projectWithConfig('setInterval(() => {}, 1000);\nexport default { minConfidence: "low" };\n');
  const run = cli(['scan', '.', '--format', 'json', '--fail-on', 'none'], root);
  expect(run.status).toBe(0);
  expect(JSON.parse(run.stdout).findings.map((finding: { entryId: string }) => finding.entryId)).toEqual([
    'rate-limiting-legacy',
  ]);
});

test(
  'a configuration module that keeps the process busy and never finishes fails the run at the time limit',
  () => {
    const root = projectWithConfig('await new Promise(() => setInterval(() => {}, 1000));\nexport default {};\n');
    const run = cli(['scan', '.'], root);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('sunset-lint.config.mjs: the config module did not finish loading within 10 s');
  },
  HEAVY_TEST_MS,
);

test(
  'a flat array of 100,000 paths: both engines read it and report the finding beside it (ESLint threw RangeError, the scanner said too-deeply-nested)',
  async () => {
    const code = `export const paths = [${Array.from({ length: 100_000 }, (_, i) => `'/zones/z${i}/dns'`).join(', ')}];\n${UNRELATED}`;
    const program: GeneratedProgram = { fileName: 'snippet.js', code };
    const file = engines.write(program);
    const plugin = engines.plugin(program, file);
    const scanner = await engines.scanner(program, file);
    expect({ plugin: plugin.problems, scanner: scanner.problems }).toEqual({ plugin: [], scanner: [] });
    expect(plugin.findings.map((line) => line.split(':')[4])).toEqual(['firewall-rules-api']);
    expect(scanner.findings.map((line) => line.split(':')[4])).toEqual(['firewall-rules-api']);
  },
  HEAVY_TEST_MS,
);

test('a report that cannot be written (stdout on a full disk) is exit 2 and one line, not a stack trace and exit 1', () => {
  const full = openSync('/dev/full', 'w');
  try {
    const run = spawnSync(process.execPath, [BIN, 'schedule'], {
      stdio: ['ignore', full, 'pipe'],
      encoding: 'utf8',
      timeout: PROCESS_HANG_MS,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('sunset-lint: cannot write the output: ENOSPC\n');
  } finally {
    closeSync(full);
  }
});
