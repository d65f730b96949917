/**
 * Hostile and huge input (issue 27, high items): values that double at each step, helpers that fan
 * out, huge joins and many payload objects stay linear for both engines, and lose nothing unrelated;
 * files a repository controls (a tsconfig and what it extends, a baseline, a shard report, an
 * OpenAPI document) that are FIFOs or links to /dev/zero end the run with exit 2 and a message
 * instead of hanging or filling memory; a configuration module that never finishes loading fails
 * the run instead of passing it silently.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { HEAVY_TEST_MS, PROCESS_HANG_MS } from '../../../core/test/support/time-limits.js';
import { ParityEngines } from '../support/engines.js';
import type { GeneratedProgram } from '../support/snippet-grammar.js';
import { BIN, makeProject, removeProjects } from '../scan-cli-support.js';

afterAll(removeProjects);

const API = 'https://api.cloudflare.com/client/v4';
/** A finding that has nothing to do with the hostile part: it must survive it. */
const UNRELATED = `export const rules = (z) => fetch(\`${API}/zones/\${z}/firewall/rules\`);\n`;

const shapes: Record<string, () => string> = {
  'a value doubling sixty times': () => {
    let code = "const a0 = '/zones/';\n";
    for (let i = 1; i <= 60; i++) code += `const a${i} = a${i - 1} + a${i - 1};\n`;
    return `${code}export const x = fetch(a60);\n`;
  },
  'sixteen helpers, each calling the one before twice': () => {
    let code = `export function h0(p) { return fetch(\`${API}/zones/\${p}/dns_records\`); }\n`;
    for (let i = 1; i <= 16; i++) code += `export function h${i}(p) { h${i - 1}(p); return h${i - 1}(p + 'x'); }\n`;
    return code;
  },
  'a join of 32,000 strings': () =>
    `export const p = [${Array.from({ length: 32_000 }, (_, i) => `'s${i}'`).join(', ')}].join('/');\n`,
  'a flat array of 10,000 paths': () =>
    `export const paths = [${Array.from({ length: 10_000 }, (_, i) => `'/zones/z${i}/dns_records'`).join(', ')}];\n`,
};

/** Ordinary client code of about the same size: what the hostile shapes are timed against. */
function ordinary(bytes: number): string {
  const unit = `export async function get%(zone) { const res = await fetch(\`${API}/zones/\${zone}/dns_records?page=%\`); return res.json(); }\n`;
  let code = '';
  for (let i = 0; code.length < bytes; i++) code += unit.replaceAll('%', String(i));
  return code;
}

const engines = new ParityEngines({ minConfidence: 'medium', userEntries: false });

/** The fastest of three runs of both engines (ms), and what each reported. */
async function timed(code: string) {
  const program: GeneratedProgram = { fileName: 'snippet.js', code };
  let best = Number.POSITIVE_INFINITY;
  let reports = { plugin: [] as string[], scanner: [] as string[] };
  for (let run = 0; run < 3; run++) {
    const file = engines.write(program);
    const start = performance.now();
    const plugin = engines.plugin(program, file);
    const scanner = await engines.scanner(program, file);
    best = Math.min(best, performance.now() - start);
    expect({ plugin: plugin.problems, scanner: scanner.problems }).toEqual({ plugin: [], scanner: [] });
    reports = { plugin: plugin.findings, scanner: scanner.findings };
  }
  return { ms: best, reports };
}

describe('values past the budget become unknown where they are, in time linear in the file', () => {
  test.each(Object.keys(shapes))(
    '%s',
    async (name) => {
      const hostile = shapes[name]!() + UNRELATED;
      const { ms, reports } = await timed(hostile);
      const baseline = await timed(ordinary(hostile.length) + UNRELATED);
      const entries = (lines: string[]) => lines.map((line) => line.split(':')[4]);
      expect(entries(reports.plugin)).toContain('firewall-rules-api');
      expect(entries(reports.scanner)).toContain('firewall-rules-api');
      // Before the budget: 60 doublings ran out of memory, 16 fanned-out helpers took 8 s (a 2 KB
      // file), the join 60 s; an ordinary file of the same size takes milliseconds.
      expect(ms / Math.max(baseline.ms, 20)).toBeLessThan(25);
    },
    HEAVY_TEST_MS,
  );
});

function cli(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', CI: 'true' },
    encoding: 'utf8',
    timeout: PROCESS_HANG_MS,
  });
  return { status: run.status, stderr: run.stderr, signal: run.signal };
}

function fifo(path: string): void {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
}

describe('files the repository controls are read through the guarded reader', () => {
  const source = { 'src/a.ts': `export const a = fetch('${API}/zones/x/rate_limits');\n` };

  test.each([
    [
      'a FIFO named tsconfig.json',
      (root: string) => fifo(join(root, 'tsconfig.json')),
      'tsconfig.json: not a regular file (a FIFO)',
    ],
    [
      'tsconfig.json linked to /dev/zero',
      (root: string) => symlinkSync('/dev/zero', join(root, 'tsconfig.json')),
      'tsconfig.json: not a regular file (a character device)',
    ],
  ])('--types with %s: exit 2, the file named', (_, make, message) => {
    const root = makeProject(source);
    make(root);
    const run = cli(['scan', '.', '--types'], root);
    expect(run.signal).toBe(null);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });

  test('--types with a tsconfig that extends a FIFO: exit 2, the extended file named', () => {
    const root = makeProject({ ...source, 'tsconfig.json': '{ "extends": "./base.json" }' });
    fifo(join(root, 'base.json'));
    const run = cli(['scan', '.', '--types'], root);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('base.json: not a regular file (a FIFO)');
  });

  test.each([
    [
      'scan --baseline',
      ['scan', '.', '--baseline', 'input.json'],
      'cannot read the baseline input.json: not a regular file (a FIFO)',
    ],
    ['merge', ['merge', 'input.json'], 'cannot read input.json: not a regular file (a FIFO)'],
    [
      'schedule import',
      ['schedule', 'import', '--openapi', 'input.json'],
      'input.json: cannot read the OpenAPI document: not a regular file (a FIFO)',
    ],
  ])('%s on a FIFO: exit 2, the file named', (_, args, message) => {
    const root = makeProject(source);
    fifo(join(root, 'input.json'));
    const run = cli(args, root);
    expect(run.signal).toBe(null);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

test(
  'a configuration module whose top-level await never settles fails the run (it passed with exit 0)',
  () => {
    const root = makeProject({
      ...{ 'src/a.js': `fetch('${API}/zones/x/rate_limits');\n` },
      'sunset-lint.config.mjs': 'await new Promise(() => {});\nexport default {};\n',
    });
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
