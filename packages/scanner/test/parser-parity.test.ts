/**
 * The scanner's two parsers give the same scan: oxc-parser (the default on Node 22 and later, with
 * raw transfer; on Node 20 with its JSON transfer, the default there for a scan of few files) and
 * TypeScript's parser with the ESTree converter (the default on Node 20 for a larger scan). Run
 * wherever oxc-parser loads: on Node 20 (CI's first pass) `--parser oxc` is its JSON transfer, on
 * Node 24 its raw transfer. The per-snippet comparison of both trees with typescript-estree's is in
 * scan-converter.test.ts.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadOxc } from '../src/scan/reader/parse-oxc.js';
import { checkParserParity, seed } from './support/parity-check.js';
import { makeProject, runCli } from './scan-cli-support.js';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures', import.meta.url));
const oxcRuns = 'oxc' in (await loadOxc());
const SCAN = ['--format', 'json', '--no-progress', '--as-of', '2026-11-21', '--fail-on', 'none'];

describe.skipIf(!oxcRuns)('oxc-parser and TypeScript: the same scan', () => {
  test(
    'every fixture: byte-identical JSON reports (findings, fixes, diagnostics)',
    () => {
      const reports = (['typescript', 'oxc'] as const).map((parser) => {
        const run = runCli(['scan', '.', ...SCAN, '--parser', parser], { cwd: FIXTURES });
        expect(run.status, run.stderr).toBe(0);
        return run.stdout;
      });
      expect(JSON.parse(reports[0]!).findings.length).toBeGreaterThan(800);
      expect(reports[1]).toBe(reports[0]);
    },
    HEAVY_TEST_MS,
  );

  test(
    `generated programs, the whole grammar with suppression comments (seed ${seed})`,
    () =>
      checkParserParity({
        grammar: { escapes: true },
        comments: true,
        userEntries: true,
        minConfidence: 'low',
        numRuns: 500,
      }),
    HEAVY_TEST_MS,
  );

  test('what oxc rejects is read by TypeScript: the same findings and the same parse errors', () => {
    const root = makeProject({
      // A `return` outside functions: TypeScript's parser takes it (CommonJS wrappers run it), oxc does not.
      'script.js': `fetch('https://api.cloudflare.com/client/v4/zones/z/firewall/rules');\nreturn;\n`,
      'broken.ts': `const = ;\nfetch('https://api.cloudflare.com/client/v4/zones/z/rate_limits');\n`,
      // JSX in a .js file, as TypeScript's JSX script kind and ESLint's espree with jsx read it.
      'page.js': `export const P = () => <button onClick={() => fetch('https://api.cloudflare.com/client/v4/zones/z/settings/brotli')}>x</button>;\n`,
    });
    const [typescript, oxc] = (['typescript', 'oxc'] as const).map((parser) =>
      JSON.parse(runCli(['scan', '.', ...SCAN, '--parser', parser], { cwd: root }).stdout),
    );
    expect(oxc).toEqual(typescript);
    expect(typescript.findings.map((f: { file: string }) => f.file).sort()).toEqual(['page.js', 'script.js']);
    expect(typescript.diagnostics).toEqual([expect.objectContaining({ file: 'broken.ts', code: 'parse-error' })]);
  });
});

describe.skipIf(oxcRuns)('where oxc-parser does not load', () => {
  test('--parser oxc is refused with the reason (exit 2); auto scans with TypeScript', () => {
    const root = makeProject({ 'a.ts': `fetch('https://api.cloudflare.com/client/v4/zones/z/firewall/rules');\n` });
    const refused = runCli(['scan', '.', '--parser', 'oxc'], { cwd: root });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--parser oxc: oxc-parser does not load here.*use --parser typescript/);
    const auto = runCli(['scan', '.', ...SCAN], { cwd: root });
    expect(JSON.parse(auto.stdout).findings).toHaveLength(1);
  });
});

test('--parser takes only auto, oxc or typescript', () => {
  const run = runCli(['scan', '.', '--parser', 'acorn'], { cwd: makeProject({}) });
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(/--parser.*acorn/);
});
