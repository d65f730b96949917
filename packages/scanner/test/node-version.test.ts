/**
 * The supported Node versions: one range, in the launcher and in every package's `engines`; a
 * user on an older Node gets one clear line and exit code 2 from the real process, not a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';
import { SUPPORTED_NODE, isSupportedNode } from '../bin/node-version.js';
import { BIN } from './scan-cli-support.js';

const PACKAGES = [
  'package.json',
  'packages/core/package.json',
  'packages/eslint-plugin/package.json',
  'packages/scanner/package.json',
];

/** Runs the real launcher with `process.versions.node` replaced before it starts, as an older Node would report it. */
function launchAs(nodeVersion: string, args: string[]) {
  const preload = join(tmpdir(), `node-${nodeVersion}.cjs`);
  writeFileSync(
    preload,
    `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(nodeVersion)} } });\n`,
  );
  return spawnSync(process.execPath, ['--require', preload, BIN, ...args], { encoding: 'utf8' });
}

describe('supported Node versions', () => {
  test('every package declares the launcher range in engines', () => {
    for (const file of PACKAGES) {
      const manifest = JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')) as { engines: { node: string } };
      expect(manifest.engines.node, file).toBe(SUPPORTED_NODE);
    }
  });

  test.each([
    ['18.20.4', false],
    ['20.18.3', false],
    ['20.19.0', true],
    ['21.7.3', false],
    ['22.11.0', false],
    ['22.12.0', true],
    ['23.11.1', false],
    ['24.0.0', true],
    ['26.1.0', true],
  ] as const)('Node %s supported: %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });

  test('an older Node: one line naming both versions, exit 2, nothing loaded', () => {
    const run = launchAs('18.20.4', ['scan', '.']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `sunset-lint: Node.js 18.20.4 is not supported; sunset-lint needs Node.js ${SUPPORTED_NODE} (Node 22 or 24 recommended: 20 is past its end of life).\n`,
    );
  });

  test('a supported Node runs the CLI', () => {
    const run = launchAs('24.0.0', ['--version']);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(run.status).toBe(0);
  });
});
