/**
 * An npm-workspaces monorepo (issue 26's trial): a package scanned from its own folder reads its
 * imports of another workspace package as a scan of the root reads them. Through the real CLI.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseJsonReport, runCli } from './scan-cli-support.js';
import { makeMonorepo } from './support/npm-monorepo.js';

const SCAN = ['--format', 'json', '--as-of', '2026-11-21', '--fail-on', 'none'];

/** Each finding as `entry message fingerprint`: what must not change with the folder scanned from. */
const readings = (stdout: string) =>
  parseJsonReport(stdout)
    .findings.map((f) => `${f.entryId} ${f.message} ${f.fingerprint}`)
    .sort();

describe('a workspace package scanned from its own folder', () => {
  test.each([
    ['package.json workspaces', (root: string) => root],
    [
      'pnpm-workspace.yaml',
      (root: string) => {
        writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'acme', private: true }));
        writeFileSync(join(root, 'pnpm-workspace.yaml'), "packages:\n  - 'packages/*'\n");
        rmSync(join(root, 'node_modules'), { recursive: true });
        return root;
      },
    ],
  ])(
    'follows its import of another workspace package (%s): the finding and fingerprint of a root scan',
    (_, prepare) => {
      const root = prepare(makeMonorepo());
      const whole = runCli(['scan', ...SCAN], { cwd: root });
      const fromPackage = runCli(['scan', '.', ...SCAN], { cwd: join(root, 'packages', 'app') });
      expect(whole.status, whole.stderr).toBe(0);
      expect(fromPackage.status, fromPackage.stderr).toBe(0);
      const rules = readings(whole.stdout).filter((line) => line.startsWith('firewall-rules-api'));
      expect(rules).toHaveLength(1);
      expect(rules[0]).toMatch(/^firewall-rules-api GET \/zones\/:zone_id\/firewall\/rules /);
      expect(readings(fromPackage.stdout)).toEqual(readings(whole.stdout));
      // From the package, the finding is placed at the request, the written path being outside the scan.
      expect(parseJsonReport(fromPackage.stdout).findings.map((f) => `${f.file}:${f.line}`)).toEqual([
        'src/rules.js:2',
        'src/rules.js:3',
      ]);
    },
  );
});
