/**
 * The library call `scan(request)`: the report it resolves to is the one `sunset-lint scan --format
 * json` prints for the same scan, byte for byte once rendered; what it cannot use it rejects with
 * an InputError, whose message the CLI prints with exit code 2.
 */
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { InputError, scan, type ScanRequest } from '../src/index.js';
import { renderJson } from '../src/reports/json.js';
import { makeProject } from './scan-cli-support.js';
import { runMain } from './support/cli-in-process.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

/** A copy of a fixtures/ folder, so that nothing outside it (a config file above it) is read. */
function copyOf(folder: string): string {
  const root = makeProject({});
  cpSync(`${FIXTURES}${folder}`, root, { recursive: true });
  return root;
}

describe('scan(request) is the scan command without the command line', () => {
  const cases: Array<{ folder: string; args: string[]; request: Omit<ScanRequest, 'cwd'> }> = [
    {
      folder: 'cross-file',
      args: ['--as-of', '2026-01-01', '--fail-on', 'none'],
      request: { overrides: { asOf: '2026-01-01' }, failOn: 'none' },
    },
    {
      // Suppression comments: suppressed findings and unused-suppression diagnostics in the report.
      folder: 'suppressions',
      args: ['--as-of', '2026-01-01', '--min-confidence', 'low', '--shard', '2/2'],
      request: { overrides: { asOf: '2026-01-01', minConfidence: 'low' }, shard: { index: 2, total: 2 } },
    },
    {
      folder: 'types-mode',
      args: ['--as-of', '2026-01-01', '--types'],
      request: { overrides: { asOf: '2026-01-01' }, types: true },
    },
  ];
  for (const { folder, args, request } of cases)
    test(`${folder}: ${args.join(' ')}`, async () => {
      const cwd = copyOf(folder);
      const cli = await runMain(['scan', '.', '--format', 'json', ...args], { cwd });
      expect(cli.status, cli.stderr).not.toBe(2);
      // The JSON format asks for the places' migration classes (the report's `migration`).
      const report = await scan({ cwd, paths: ['.'], ...request, migrationClasses: true });
      expect(report.findings.length + report.diagnostics.length + (report.suppressed?.length ?? 0)).toBeGreaterThan(0);
      expect(renderJson(report)).toBe(cli.stdout);
    });
});

describe('what scan cannot use is an InputError', () => {
  test('a path that does not exist', async () => {
    const cwd = copyOf('cross-file');
    const scanning = scan({ cwd, paths: ['nope'] });
    await expect(scanning).rejects.toBeInstanceOf(InputError);
    await expect(scanning).rejects.toThrow('no such file or directory: nope');
    expect((await runMain(['scan', 'nope'], { cwd })).stderr).toBe(
      'sunset-lint scan: no such file or directory: nope\n',
    );
  });

  test('settings given inline are validated as a configuration file is', async () => {
    const cwd = copyOf('cross-file');
    // An unknown key, as a JavaScript caller (no type checker) may pass.
    const config = JSON.parse('{"minConfidance":"low"}') as ScanRequest['config'];
    await expect(scan({ cwd, config })).rejects.toBeInstanceOf(InputError);
  });

  test('a shard out of range', async () => {
    await expect(scan({ cwd: copyOf('cross-file'), shard: { index: 3, total: 2 } })).rejects.toThrow(
      'shard: i must be from 1 to n (2)',
    );
  });
});
