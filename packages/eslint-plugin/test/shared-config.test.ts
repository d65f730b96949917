/**
 * The configuration file the scanner reads (sunset-lint.config.{json,mjs,js}, package.json's key),
 * found by the real ESLint from each linted file's folder upwards to the repository root, with
 * `settings['sunset-lint']` as an optional override on top.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, describe, expect, test } from 'vitest';
import plugin from '../src/index.js';

const CALL = "fetch('https://api.cloudflare.com/client/v4/zones/z/firewall/rules');\n";
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sunset-lint-eslint-config-'));
  made.push(root);
  write(root, files);
  return root;
}

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** ESLint run in `cwd` on `file`, with the recommended config and these ESLint settings (if any). */
async function lintIn(cwd: string, file: string, settings?: object) {
  const config: Linter.Config[] = [
    plugin.configs.recommended as Linter.Config,
    ...(settings ? [{ settings: { 'sunset-lint': settings } }] : []),
  ];
  const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: config });
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((message) => ({ ruleId: message.ruleId, message: message.message }));
}

describe('the shared configuration file', () => {
  test('found upwards from the linted file, up to the repository root; scanner-only keys are accepted', async () => {
    const root = project({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'sunset-lint.config.json': JSON.stringify({
        asOf: '2024-12-01',
        imminentDays: 10,
        include: ['src/**'],
        languages: ['javascript'],
        $schema: './node_modules/sunset-lint/config.schema.json',
      }),
      'packages/app/package.json': JSON.stringify({ name: 'app' }),
      'packages/app/src/deep/client.js': CALL,
    });
    // From the repository root, and from the package's own folder: the root's file applies.
    for (const cwd of [root, join(root, 'packages/app')]) {
      const messages = await lintIn(cwd, join(root, 'packages/app/src/deep/client.js'));
      expect(messages).toHaveLength(1);
      // graded as of the file's asOf, 2024-12-01, not today.
      expect(messages[0]!.message).toMatch(/reaches end of life on 2025-01-15 \(ends in 1 month\)/);
    }
    // Not above the repository root: a configuration outside it is not the repository's.
    const outer = project({
      'sunset-lint.config.json': JSON.stringify({ catalogue: { disable: ['firewall-rules-api'] } }),
    });
    write(outer, { 'repo/.git/HEAD': 'x\n', 'repo/src/client.js': CALL });
    expect(await lintIn(join(outer, 'repo'), 'src/client.js', { asOf: '2026-01-01' })).toHaveLength(1);
  });

  test('ESLint settings override the file key by key', async () => {
    const root = project({
      '.git/HEAD': 'x\n',
      'sunset-lint.config.json': JSON.stringify({ asOf: '2026-01-01', catalogue: { disable: ['firewall-rules-api'] } }),
      'src/client.js': CALL,
    });
    expect(await lintIn(root, 'src/client.js')).toEqual([]);
    // The ESLint settings' `catalogue` replaces the file's; its `asOf` still applies.
    const overridden = await lintIn(root, 'src/client.js', { catalogue: {} });
    expect(overridden).toHaveLength(1);
    expect(overridden[0]!.message).toMatch(/reached end of life on 2025-01-15/);
  });

  test("sunset-lint.config.mjs and package.json's key are read synchronously, as the scanner reads them", async () => {
    const esm = project({
      '.git/HEAD': 'x\n',
      'sunset-lint.config.mjs':
        "export default { asOf: '2026-01-01', catalogue: { disable: ['firewall-rules-api'] } };\n",
      'src/client.js': CALL,
    });
    expect(await lintIn(esm, 'src/client.js')).toEqual([]);
    const packageKey = project({
      '.git/HEAD': 'x\n',
      'package.json': JSON.stringify({ name: 'p', 'sunset-lint': { catalogue: { disable: ['firewall-rules-api'] } } }),
      'src/client.js': CALL,
    });
    expect(await lintIn(packageKey, 'src/client.js', { asOf: '2026-01-01' })).toEqual([]);
  });

  test('a changed file is read again (an editor keeps ESLint running)', async () => {
    const root = project({ '.git/HEAD': 'x\n', 'sunset-lint.config.json': '{ "asOf": "2026-01-01" }', 'a.js': CALL });
    expect(await lintIn(root, 'a.js')).toHaveLength(1);
    write(root, {
      'sunset-lint.config.json': JSON.stringify({ asOf: '2026-01-01', catalogue: { disable: ['firewall-rules-api'] } }),
    });
    utimesSync(join(root, 'sunset-lint.config.json'), 1, 1);
    expect(await lintIn(root, 'a.js')).toEqual([]);
  });

  test("runs in one process see package.json's key edited and a configuration added below it (core remembers folders)", async () => {
    const root = project({
      '.git/HEAD': 'x\n',
      'package.json': JSON.stringify({ name: 'p', 'sunset-lint': { asOf: '2026-01-01' } }),
      'src/a/client.js': CALL,
      'src/b/client.js': CALL,
    });
    const both = async () => [
      (await lintIn(root, 'src/a/client.js')).length,
      (await lintIn(root, 'src/b/client.js')).length,
    ];
    expect(await both()).toEqual([1, 1]);
    write(root, {
      'package.json': JSON.stringify({
        name: 'p',
        'sunset-lint': { asOf: '2026-01-01', catalogue: { disable: ['firewall-rules-api'] } },
      }),
    });
    expect(await both()).toEqual([0, 0]);
    write(root, { 'src/b/sunset-lint.config.json': '{ "asOf": "2026-01-01" }' });
    expect(await both()).toEqual([0, 1]);
  });

  test('problems of the file name the file and the key; an unknown key is an error', async () => {
    const root = project({ '.git/HEAD': 'x\n', 'sunset-lint.config.json': '{ "imminentDay": 3 }', 'a.js': CALL });
    await expect(lintIn(root, 'a.js')).rejects.toThrow(
      `${join(root, 'sunset-lint.config.json')}: 'imminentDay' is not a known setting`,
    );
    write(root, { 'sunset-lint.config.json': '{ "asOf": ' });
    await expect(lintIn(root, 'a.js')).rejects.toThrow(/sunset-lint\.config\.json:1:11: not valid JSON/);
    // A problem of the ESLint settings names them, not the file.
    write(root, { 'sunset-lint.config.json': '{ "asOf": "2026-01-01" }' });
    await expect(lintIn(root, 'a.js', { imminentDays: -1 })).rejects.toThrow(
      /^ESLint settings\['sunset-lint'\]: 'imminentDays' must be a whole number/,
    );
    await expect(lintIn(root, 'a.js', ['asOf'])).rejects.toThrow(
      /^ESLint settings\['sunset-lint'\]: '\(root\)' must be an object/,
    );
  });
});
