/**
 * The README's ESLint configs, copied verbatim into a scratch project, lint with the real ESLint
 * CLI: in a CommonJS package (a fresh `npm init -y`) and in an ES module one. Had the README said
 * `eslint.config.js`, Node would warn on stderr in the CommonJS project (MODULE_TYPELESS_PACKAGE_JSON,
 * "reparsing as ES module"; before Node 20.19, fail to load it). The JavaScript-only config runs
 * where only ESLint and the plugin are installed (no typescript-eslint, which the TypeScript one imports).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { REPO_ROOT } from './support/lint.js';
import { HEAVY_TEST_MS } from '../../core/test/support/time-limits.js';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```js\n(\/\/ (eslint\.config\.\w+): ([^\n]+)\n[\s\S]*?)^```/gm)];
const block = blocks.find((match) => match[3] === 'JavaScript and TypeScript');
const javascriptOnly = blocks.find((match) => match[3] === 'JavaScript only');
// The shared settings file the README shows right after them.
const settingsBlock = /`sunset-lint\.config\.json`[\s\S]*?^```json\n([\s\S]*?)^```/m.exec(
  readme.slice(block?.index ?? 0),
);
// The repository's own node_modules holds the plugin, ESLint and typescript-eslint, as an install would.
const eslintBin = join(
  dirname(createRequire(join(REPO_ROOT, 'package.json')).resolve('eslint/package.json')),
  'bin/eslint.js',
);
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

test('the README names its config file and shows it, for JavaScript only and with TypeScript', () => {
  expect(block?.[2]).toBe('eslint.config.mjs');
  expect(javascriptOnly?.[2]).toBe('eslint.config.mjs');
  // Settings go in the file both engines read, not in ESLint's settings.
  expect(block?.[1]).not.toContain('settings');
  expect(javascriptOnly?.[1]).not.toContain('settings');
  expect(JSON.parse(settingsBlock?.[1] ?? 'null')).toMatchObject({ catalogue: { disable: ['zone-setting-brotli'] } });
});

/** A project whose node_modules holds only these packages of the repository's (linked, as installed). */
function projectWith(manifest: object, packages: readonly string[]): string {
  const project = mkdtempSync(join(tmpdir(), 'sunset-lint-readme-'));
  made.push(project);
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  for (const name of packages) {
    const target = join(project, 'node_modules', name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(realpathSync(dirname(require.resolve(`${name}/package.json`))), target, 'dir');
  }
  writeFileSync(join(project, 'package.json'), JSON.stringify(manifest));
  return project;
}

const FIREWALL_RULES = 'fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/rules`)';

test.each([
  ['a CommonJS (npm init -y)', { name: 'scratch', version: '1.0.0', main: 'index.js' }],
  ['an ES module', { name: 'scratch', version: '1.0.0', type: 'module' }],
])(
  "the README's JavaScript-only config lints %s project that has no typescript-eslint",
  (_kind, manifest) => {
    const [, config, file] = javascriptOnly ?? [];
    const project = projectWith(manifest, ['eslint', '@sunset-lint/eslint-plugin']);
    writeFileSync(join(project, file!), config!);
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src/client.js'), `export const rules = (zoneId) => ${FIREWALL_RULES};\n`);
    writeFileSync(join(project, 'src/legacy.cjs'), `module.exports = (zoneId) => ${FIREWALL_RULES};\n`);
    writeFileSync(
      join(project, 'src/view.jsx'),
      `export const View = ({ zoneId }) => <button onClick={() => ${FIREWALL_RULES}}>rules</button>;\n`,
    );
    const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '.'], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string | null }[] }[];
    const reported = results.flatMap((result) =>
      result.messages.map((message) => [result.filePath.slice(project.length + 1), message.ruleId]),
    );
    expect(reported).toEqual([
      ['src/client.js', 'sunset-lint/no-deprecated-endpoint'],
      ['src/legacy.cjs', 'sunset-lint/no-deprecated-endpoint'],
      ['src/view.jsx', 'sunset-lint/no-deprecated-endpoint'],
    ]);
    expect(run.status).toBe(1);
    // The JavaScript and TypeScript config cannot load there: it imports typescript-eslint.
    writeFileSync(join(project, file!), block?.[1] ?? '');
    const withTypescript = spawnSync(process.execPath, [eslintBin, '.'], { cwd: project, encoding: 'utf8' });
    expect(withTypescript.stderr).toContain("Cannot find package 'typescript-eslint'");
  },
  HEAVY_TEST_MS,
);

test.each([
  ['a CommonJS (npm init -y)', { name: 'scratch', version: '1.0.0', main: 'index.js' }, []],
  // The settings file is ESLint's too: an entry it disables is not reported.
  ['an ES module', { name: 'scratch', version: '1.0.0', type: 'module' }, ['billing-profile-and-history']],
])(
  'the README config lints %s project',
  (_kind, manifest, disable) => {
    const [, config, file] = block ?? [];
    const project = mkdtempSync(join(tmpdir(), 'sunset-lint-readme-'));
    made.push(project);
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
    writeFileSync(join(project, 'package.json'), JSON.stringify(manifest));
    writeFileSync(join(project, file!), config!);
    const settings = JSON.parse(settingsBlock![1]!) as { catalogue: { disable: string[] } };
    settings.catalogue.disable.push(...disable);
    writeFileSync(join(project, 'sunset-lint.config.json'), JSON.stringify(settings));
    mkdirSync(join(project, 'src'));
    writeFileSync(
      join(project, 'src/billing.ts'),
      "export const history = (token: string) =>\n  fetch('https://api.cloudflare.com/client/v4/user/billing/history', { headers: { authorization: token } });\n",
    );
    const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '.'], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string | null }[] }[];
    const reported = results.flatMap((result) =>
      result.messages.map((message) => [result.filePath.slice(project.length + 1), message.ruleId]),
    );
    expect(reported).toEqual(disable.length ? [] : [['src/billing.ts', 'sunset-lint/no-deprecated-endpoint']]);
    expect(run.status).toBe(disable.length ? 0 : 1);
  },
  HEAVY_TEST_MS,
);
