#!/usr/bin/env node
/**
 * What a user's `npm install` of the published packages brings, checked on the real tarballs:
 *
 *   node bench/install-size.mjs [--json | --check] [--repo DIR] [--keep]
 *
 * Packs core, the ESLint plugin and the scanner (`pnpm pack`: core's prepack copies the
 * catalogue, `rules/`, into core), then installs them from the tarballs with `npm install` into
 * fresh projects and asserts:
 *   (a) a JavaScript-only project (eslint + the plugin): no TypeScript anywhere in node_modules,
 *       ESLint with the plugin's recommended config reports a fixture's deprecated calls, and so
 *       does the README's JavaScript-only `eslint.config.mjs`, copied verbatim, in a CommonJS and an
 *       ES module project (it imports nothing but the plugin);
 *   (b) the scanner: exactly one TypeScript (`npm ls typescript --all`), no installed package with an
 *       install script (the tree-sitter grammars come as .wasm files inside the scanner),
 *       `sunset-lint scan` reports a fixture's findings, the Terraform and shell fixtures' findings
 *       through those grammars, and `scan --types` the type-only findings of fixtures/types-mode;
 *   (c) scanner + plugin + typescript-eslint: still one TypeScript (the scanner's range and
 *       typescript-eslint's peer range pick the same copy), and ESLint with the README's JavaScript
 *       and TypeScript `eslint.config.mjs`, copied verbatim, in a CommonJS project (as `npm init -y`
 *       makes it) and an ES module one;
 *   (d) the CLI by its bin name, as a user runs it: `npx sunset-lint --version` and
 *       `npx sunset-lint scan` on a client file (its finding, exit code 1);
 *   (f) TypeScript 7 (the registry's `latest`: the native compiler, without the classic JavaScript
 *       API) in the user's project, two ways: `typescript@7` itself (npm nests the scanner's own
 *       TypeScript under it; `scan --types` and the plugin on JavaScript work), and TypeScript 7
 *       beside the TypeScript 6 API package as Microsoft's release notes advise for tools that need
 *       the API (`@typescript/native` = 7, `typescript` = `@typescript/typescript6`), where
 *       typescript-eslint runs: the README's config and `scan --types` give the fixtures' findings.
 * (The pre-commit framework installs and runs the repository's hook in the test suite:
 * packages/scanner/test/pre-commit-framework.test.ts.)
 * Prints each project's install size as a markdown table (sizes are apparent bytes of the files, as
 * `du -sb`); `--json` prints the rows `{ package, installBytes, ownBytes, typescriptCopies }`;
 * `--check` prints only the checks. Exits 1 if any check fails (after printing what it measured).
 * `--repo DIR` measures another checkout (built: `tsc -b`), e.g. an older commit for comparison.
 * The registry must be reachable (eslint, typescript and the other dependencies come from it).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const args = process.argv.slice(2);
const mode = args.includes('--json') ? 'json' : args.includes('--check') ? 'check' : 'table';
const keep = args.includes('--keep');
const repoArg = args.indexOf('--repo');
const REPO = repoArg >= 0 ? resolve(args[repoArg + 1]) : fileURLToPath(new URL('..', import.meta.url));
/** The day the fixtures' expectations were recorded on (as in the tests). */
const AS_OF = '2026-11-21';
/** A client file whose line 2 calls the firewall rules API (end of life 2025-01-15). */
const CLIENT_WITH_FINDING = [
  'export async function listRules(zoneId) {',
  '  return fetch(`https://api.cloudflare.com/client/v4/zones/${zoneId}/firewall/rules`);',
  '}',
  '',
].join('\n');
const PNPM = ['-y', 'pnpm@10.34.8'];
/** TypeScript 7 as a user project installs it, and the TypeScript 6 API package that goes beside it. */
const TYPESCRIPT_7 = '7.0.2';
const TYPESCRIPT_6_API = '@typescript/typescript6@6.0.2';
const execFileAsync = promisify(execFile);
/** A compiler bundle (TypeScript's `typescript.js`, or a copy bundled into another package) is megabytes. */
const COMPILER_BUNDLE_BYTES = 1_000_000;

const failures = [];
const log = (line) => (mode === 'json' ? process.stderr : process.stdout).write(`${line}\n`);
function check(ok, what) {
  log(`${ok ? 'ok' : 'FAILED'} - ${what}`);
  if (!ok) failures.push(what);
}

const work = mkdtempSync(join(tmpdir(), 'sunset-install-'));
try {
  const tarballs = packAll(join(work, 'tarballs'));
  const rootPackage = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  const versionOf = (name) => `${name}@${rootPackage.devDependencies[name]}`;
  const rows = [];

  // The installs are independent and mostly wait on the registry: run them side by side.
  const [core, plugin, scanner, together, typescript7, typescript7Beside6] = await Promise.all([
    install('core', [tarballs.core]),
    install('eslint-plugin', [tarballs.core, tarballs['eslint-plugin'], versionOf('eslint')]),
    install('scanner', [tarballs.core, tarballs.scanner]),
    install('all', [
      tarballs.core,
      tarballs['eslint-plugin'],
      tarballs.scanner,
      versionOf('eslint'),
      versionOf('typescript-eslint'),
    ]),
    install('typescript-7', [
      tarballs.core,
      tarballs['eslint-plugin'],
      tarballs.scanner,
      versionOf('eslint'),
      `typescript@${TYPESCRIPT_7}`,
    ]),
    install('typescript-7-beside-6', [
      tarballs.core,
      tarballs['eslint-plugin'],
      tarballs.scanner,
      versionOf('eslint'),
      versionOf('typescript-eslint'),
      `@typescript/native@npm:typescript@${TYPESCRIPT_7}`,
      `typescript@npm:${TYPESCRIPT_6_API}`,
    ]),
  ]);
  rows.push(row('@sunset-lint/core', core, '@sunset-lint/core'));
  checkJavaScriptProject(plugin);
  rows.push(row('@sunset-lint/eslint-plugin (with eslint)', plugin, '@sunset-lint/eslint-plugin'));
  checkScannerProject(scanner);
  rows.push(row('sunset-lint', scanner, 'sunset-lint'));
  checkCliByName(scanner);
  checkOneTypescript('scanner + plugin + typescript-eslint', together);
  checkReadmeEslintConfig(together);
  checkTypescript7(typescript7);
  checkTypescript7BesideTypescript6(typescript7Beside6);
  rows.push(row('scanner + eslint-plugin + typescript-eslint + eslint', together));

  if (mode === 'json') process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else if (mode === 'table') log(`\n${table(rows)}`);
} finally {
  if (keep) log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
if (failures.length) {
  process.stderr.write(
    `install-size: ${failures.length} check(s) failed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`,
  );
  process.exit(1);
}

/** One tarball per package, as `pnpm publish` would upload it. */
function packAll(destination) {
  mkdirSync(destination, { recursive: true });
  const tarballs = {};
  for (const name of ['core', 'eslint-plugin', 'scanner']) {
    const dir = join(REPO, 'packages', name);
    if (!existsSync(join(dir, 'dist'))) fail(`${dir}/dist is missing: build first (npx tsc -b)`);
    run('npx', [...PNPM, 'pack', '--pack-destination', destination], dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    // pnpm's tarball name: the package name without '@', '/' as '-', then the version.
    const expected = `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
    const file = readdirSync(destination).find((f) => f === expected);
    if (!file) fail(`pnpm pack wrote no tarball for packages/${name}`);
    tarballs[name] = join(destination, file);
  }
  return tarballs;
}

/** A fresh project with exactly these dependencies, installed as a user would. */
async function install(name, specs) {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `install-${name}`, private: true, type: 'module' }));
  const npmArgs = ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs];
  try {
    await execFileAsync('npm', npmArgs, { cwd: dir, encoding: 'utf8' });
  } catch (error) {
    fail(`npm ${npmArgs.join(' ')} (in ${dir}) failed:\n${error.stderr || error.message}`);
  }
  return dir;
}

function checkJavaScriptProject(dir) {
  const typescript = packagesNamed(join(dir, 'node_modules'), 'typescript');
  check(
    typescript.length === 0,
    `eslint + plugin: no typescript in node_modules (found ${typescript.join(', ') || 'none'})`,
  );
  checkJavaScriptLint('eslint + plugin', dir);
  checkReadmeEslintConfig(dir, 'eslint + plugin, no TypeScript', 'JavaScript only', ['fetch/purge-firewall-rules.mjs']);
}

/** npm resolved one typescript, and no other package bundles a compiler of its own. */
function checkOneTypescript(what, dir) {
  const listed = npmLsTypescript(dir);
  log(`npm ls typescript --all (${what}):\n${listed.text.replace(/^/gm, '  ')}`);
  check(
    listed.versions.length === 1,
    `${what}: npm ls typescript --all lists one version (${listed.versions.join(', ')})`,
  );
  const copies = typescriptCopies(dir);
  check(copies === 1, `${what}: one TypeScript compiler in node_modules (found ${copies})`);
}

function checkScannerProject(dir) {
  checkOneTypescript('scanner', dir);

  const fixture = 'fetch/page-shield-scripts.ts';
  cpSync(join(REPO, 'fixtures', fixture), join(dir, 'sample.ts'));
  const plain = scan(dir, ['sample.ts']);
  const expected = expectedFindings(fixture).map((e) => `${e.line}:${e.entryId}`);
  check(
    same(plain, expected),
    `sunset-lint scan fixtures/${fixture}: ${expected.join(', ')} (got ${plain.join(', ')})`,
  );

  const scripted = packagesWithInstallScripts(join(dir, 'node_modules'));
  check(
    scripted.length === 0,
    `scanner: no installed package has an install script (found ${scripted.join(', ') || 'none'})`,
  );
  const grammarFixtures = ['iac/terraform/', 'shell/ddns-updater/'];
  for (const fixture of grammarFixtures)
    cpSync(join(REPO, 'fixtures', fixture), join(dir, fixture), { recursive: true });
  const grammarFindings = scan(dir, ['iac', 'shell']);
  const expectedGrammarFindings = grammarFixtures.flatMap((fixture) =>
    expectedFindings(fixture).map((e) => `${e.file}:${e.line}:${e.entryId}`),
  );
  check(
    same(grammarFindings, expectedGrammarFindings) && expectedGrammarFindings.length > 0,
    `scanner: sunset-lint scan fixtures/${grammarFixtures.join(' and fixtures/')} (the packed tree-sitter grammars): the ${expectedGrammarFindings.length} findings (got ${grammarFindings.length}${grammarFindings.length ? `: ${grammarFindings[0]}` : ''})`,
  );

  checkTypesMode('scanner', dir);
}

/** Installed packages (at any depth) with a preinstall, install or postinstall script. */
function packagesWithInstallScripts(nodeModules) {
  const found = [];
  const visit = (modules) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const dirs = entry.startsWith('@')
        ? readdirSync(join(modules, entry)).map((inner) => join(modules, entry, inner))
        : [join(modules, entry)];
      for (const dir of dirs) {
        if (!existsSync(join(dir, 'package.json'))) continue;
        const { name, version, scripts = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        if (['preinstall', 'install', 'postinstall'].some((script) => scripts[script]))
          found.push(`${name}@${version}`);
        visit(join(dir, 'node_modules'));
      }
    }
  };
  visit(nodeModules);
  return found;
}

/** `scan --types` over fixtures/types-mode (its own tsconfig.json) gives its type-only findings. */
function checkTypesMode(what, dir) {
  cpSync(join(REPO, 'fixtures/types-mode'), join(dir, 'types-mode'), { recursive: true });
  const typed = scan(dir, ['types-mode', '--types']);
  const expectedTyped = expectedFindings('types-mode/').map((e) => `${e.file}:${e.line}:${e.entryId}`);
  check(
    same(typed, expectedTyped) && expectedTyped.length >= 9,
    `${what}: sunset-lint scan --types fixtures/types-mode: the ${expectedTyped.length} type-only findings (got ${typed.length}${typed.length ? `: ${typed[0]}` : ''})`,
  );
}

/** The version `npx tsc --version` prints in the project: the compiler its own scripts run. */
function projectTsc(dir) {
  const run = spawnSync('npx', ['--no', '--', 'tsc', '--version'], { cwd: dir, encoding: 'utf8' });
  return run.stdout.trim() || run.stderr.trim();
}

/**
 * `typescript@7` installed as the project's `typescript`: npm puts the scanner's own TypeScript
 * (its dependency range, the classic API) under sunset-lint, so scans and `--types` run as before;
 * the plugin needs no TypeScript on JavaScript files. (typescript-eslint cannot be installed beside
 * it: its peer range stops before 7, and its parser refuses TypeScript 7 when forced.)
 */
function checkTypescript7(dir) {
  const what = `typescript@${TYPESCRIPT_7} in the project`;
  check(
    projectTsc(dir) === `Version ${TYPESCRIPT_7}`,
    `${what}: npx tsc --version is ${TYPESCRIPT_7} (got ${projectTsc(dir)})`,
  );
  const listed = npmLsTypescript(dir);
  log(`npm ls typescript --all (${what}):\n${listed.text.replace(/^/gm, '  ')}`);
  check(
    listed.versions.includes(TYPESCRIPT_7) && listed.versions.some((v) => /^(5\.9|6\.0)\./.test(v)),
    `${what}: the project's TypeScript 7 and the scanner's own 5.9/6.0 side by side (${listed.versions.join(', ')})`,
  );
  const fixture = 'fetch/page-shield-scripts.ts';
  cpSync(join(REPO, 'fixtures', fixture), join(dir, 'sample.ts'));
  const expected = expectedFindings(fixture).map((e) => `${e.line}:${e.entryId}`);
  const plain = scan(dir, ['sample.ts']);
  check(
    same(plain, expected),
    `${what}: sunset-lint scan fixtures/${fixture}: ${expected.join(', ')} (got ${plain.join(', ')})`,
  );
  checkTypesMode(what, dir);
  checkJavaScriptLint(what, dir);
}

/**
 * TypeScript 7 beside the TypeScript 6 API, as the release notes advise for API tools: `tsc` is 7,
 * `typescript` (what typescript-eslint and the scanner load) is the 6.0 API. The README's config,
 * with typescript-eslint's parser for TypeScript files, and `scan --types` give the findings.
 */
function checkTypescript7BesideTypescript6(dir) {
  const what = `typescript@${TYPESCRIPT_7} beside ${TYPESCRIPT_6_API}`;
  check(
    projectTsc(dir) === `Version ${TYPESCRIPT_7}`,
    `${what}: npx tsc --version is ${TYPESCRIPT_7} (got ${projectTsc(dir)})`,
  );
  checkReadmeEslintConfig(dir, what);
  checkTypesMode(what, dir);
}

/** ESLint with the plugin's recommended config on a JavaScript fixture (espree: no TypeScript needed). */
function checkJavaScriptLint(what, dir) {
  const fixture = 'fetch/purge-firewall-rules.mjs';
  cpSync(join(REPO, 'fixtures', fixture), join(dir, 'sample.mjs'));
  writeFileSync(
    join(dir, 'eslint.config.js'),
    [
      "import sunsetLint from '@sunset-lint/eslint-plugin';",
      `export default [sunsetLint.configs.recommended, { settings: { 'sunset-lint': { asOf: '${AS_OF}' } } }];`,
    ].join('\n'),
  );
  const eslint = spawnSync(process.execPath, ['node_modules/eslint/bin/eslint.js', '--format', 'json', 'sample.mjs'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const messages = eslint.stdout ? JSON.parse(eslint.stdout).flatMap((result) => result.messages) : [];
  const found = messages.map((m) => `${m.line}:${/\[([a-z0-9-]+)\]$/.exec(m.message)?.[1] ?? m.message}`);
  const expected = expectedFindings(fixture).map((e) => `${e.line}:${e.entryId}`);
  check(
    same(found, expected),
    `${what}: eslint + plugin (recommended) on fixtures/${fixture}: ${expected.join(', ')} (got ${found.join(', ') || eslint.stderr.trim() || 'nothing'})`,
  );
}

/** The CLI as users call it: by its bin name through npx, in the project that installed it. */
function checkCliByName(dir) {
  const npx = (npxArgs) => spawnSync('npx', ['--no', '--', ...npxArgs], { cwd: dir, encoding: 'utf8' });
  const { version } = JSON.parse(readFileSync(join(REPO, 'packages/scanner/package.json'), 'utf8'));
  const printed = npx(['sunset-lint', '--version']);
  check(
    printed.status === 0 && printed.stdout.trim() === version,
    `npx sunset-lint --version prints ${version} (got exit ${printed.status}: ${printed.stdout.trim() || printed.stderr.trim()})`,
  );
  writeFileSync(join(dir, 'client.js'), CLIENT_WITH_FINDING);
  const scanned = npx(['sunset-lint', 'scan', 'client.js', '--as-of', AS_OF, '--no-color']);
  check(
    scanned.status === 1 && /^ {2}2:\d+ +expired +firewall-rules-api /m.test(scanned.stdout),
    `npx sunset-lint scan client.js: exit 1 and the expired firewall-rules-api finding on line 2 (got exit ${scanned.status}: ${firstLines(scanned.stdout, scanned.stderr)})`,
  );
}

/** The README's `eslint.config.mjs` block whose first line is `// eslint.config.mjs: <kind>…`, verbatim. */
function readmeEslintConfig(kind) {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```js\n(\/\/ eslint\.config\.mjs: ([^\n]*)\n[\s\S]*?)```/g)];
  const block = blocks.find((match) => match[2].startsWith(kind))?.[1];
  if (!block) fail(`README.md has no \`\`\`js block starting with // eslint.config.mjs: ${kind}`);
  return block;
}

/** ESLint with a README config in a CommonJS project (`npm init -y`'s default) and an ES module one. */
function checkReadmeEslintConfig(
  dir,
  what = '',
  kind = 'JavaScript and TypeScript',
  fixtures = ['fetch/purge-firewall-rules.mjs', 'fetch/page-shield-scripts.ts'],
) {
  // ESLint would take an eslint.config.js an earlier check wrote before this one.
  rmSync(join(dir, 'eslint.config.js'), { force: true });
  writeFileSync(join(dir, 'eslint.config.mjs'), readmeEslintConfig(kind));
  for (const fixture of fixtures) cpSync(join(REPO, 'fixtures', fixture), join(dir, basename(fixture)));
  const expected = fixtures.flatMap((fixture) =>
    expectedFindings(fixture).map((e) => `${basename(fixture)}:${e.line}:${e.entryId}`),
  );
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const type of ['commonjs', 'module']) {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...manifest, type }, null, 2));
    const eslint = spawnSync(
      process.execPath,
      ['node_modules/eslint/bin/eslint.js', '--format', 'json', ...fixtures.map((f) => basename(f))],
      { cwd: dir, encoding: 'utf8' },
    );
    const results = eslint.stdout ? JSON.parse(eslint.stdout) : [];
    const found = results.flatMap((result) =>
      result.messages.map(
        (m) => `${basename(result.filePath)}:${m.line}:${/\[([a-z0-9-]+)\]$/.exec(m.message)?.[1] ?? m.message}`,
      ),
    );
    check(
      same(found, expected),
      `${what ? `${what}: ` : ''}README's eslint.config.mjs (${kind}), verbatim, in a "type": "${type}" project: ${expected.length} findings in ${fixtures.join(' and ')} (got ${found.join(', ') || eslint.stderr.trim() || 'nothing'})`,
    );
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
}

/** `file:line:entryId` (or `line:entryId` for a single file) of each finding of the installed CLI. */
function scan(dir, scanArgs) {
  const bin = join(dir, 'node_modules/sunset-lint/bin/sunset-lint.js');
  const result = spawnSync(
    process.execPath,
    [bin, 'scan', ...scanArgs, '--as-of', AS_OF, '--fail-on', 'none', '--format', 'json'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (result.status !== 0) return [`exit ${result.status}: ${result.stderr.trim()}`];
  const single = scanArgs.length === 1 && /\.[cm]?[jt]sx?$/.test(scanArgs[0]);
  return JSON.parse(result.stdout).findings.map((f) =>
    single ? `${f.line}:${f.entryId}` : `${f.file}:${f.line}:${f.entryId}`,
  );
}

/** Expectations of fixtures under `prefix` (a file, or a folder ending in `/`), paths relative to fixtures/. */
function expectedFindings(prefix) {
  const folder = prefix.split('/')[0];
  const { findings } = JSON.parse(readFileSync(join(REPO, 'fixtures', folder, 'expected.json'), 'utf8'));
  return findings
    .map((f) => ({ ...f, file: `${folder}/${f.file}` }))
    .filter((f) => (prefix.endsWith('/') ? f.file.startsWith(prefix) : f.file === prefix));
}

function npmLsTypescript(dir) {
  const ls = (extra) => spawnSync('npm', ['ls', 'typescript', '--all', ...extra], { cwd: dir, encoding: 'utf8' });
  const text = ls([]).stdout.trim();
  const versions = new Set();
  const walk = (node) => {
    for (const [name, dep] of Object.entries(node.dependencies ?? {})) {
      if (name === 'typescript' && dep.version) versions.add(`${dep.version}`);
      walk(dep);
    }
  };
  walk(JSON.parse(ls(['--json']).stdout || '{}'));
  return { text, versions: [...versions] };
}

/** Package folders of that name anywhere under node_modules (nested ones included). */
function packagesNamed(nodeModules, name) {
  const found = [];
  const visit = (modules) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const dirs = entry.startsWith('@')
        ? readdirSync(join(modules, entry)).map((inner) => [`${entry}/${inner}`, join(modules, entry, inner)])
        : [[entry, join(modules, entry)]];
      for (const [packageName, dir] of dirs) {
        if (packageName === name) found.push(dir);
        visit(join(dir, 'node_modules'));
      }
    }
  };
  visit(nodeModules);
  return found;
}

/** Every TypeScript compiler on disk: the typescript packages' and any bundled into another package. */
function typescriptCopies(dir) {
  let copies = 0;
  walkFiles(join(dir, 'node_modules'), (path, size) => {
    if (path.endsWith('/typescript.js') && size > COMPILER_BUNDLE_BYTES) copies++;
  });
  return copies;
}

function row(label, dir, ownPackage) {
  return {
    package: label,
    installBytes: bytesUnder(join(dir, 'node_modules')),
    ownBytes: ownPackage ? bytesUnder(join(dir, 'node_modules', ownPackage)) : null,
    typescriptCopies: typescriptCopies(dir),
  };
}

function bytesUnder(dir) {
  let total = 0;
  walkFiles(dir, (_, size) => (total += size));
  return total;
}

/** Regular files under `dir`, without following symbolic links (npm's `.bin` entries). */
function walkFiles(dir, onFile) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walkFiles(path, onFile);
    else if (entry.isFile()) onFile(path, lstatSync(path).size);
  }
}

function table(rows) {
  const mb = (bytes) => (bytes === null ? '' : `${(bytes / 1e6).toFixed(1)} MB`);
  return [
    '| Install | node_modules | The package itself | TypeScript copies |',
    '| ------- | -----------: | -----------------: | ----------------: |',
    ...rows.map((r) => `| ${r.package} | ${mb(r.installBytes)} | ${mb(r.ownBytes)} | ${r.typescriptCopies} |`),
  ].join('\n');
}

/** The first two lines of the first non-empty output, for a check's one-line message. */
function firstLines(...outputs) {
  const text = outputs.find((output) => output?.trim()) ?? '';
  return text.trim().split('\n').slice(0, 2).join(' / ') || 'no output';
}

function same(a, b) {
  return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
}

function run(command, commandArgs, cwd) {
  try {
    execFileSync(command, commandArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    fail(`${command} ${commandArgs.join(' ')} (in ${cwd}) failed:\n${error.stderr || error.message}`);
  }
}

function fail(message) {
  process.stderr.write(`install-size: ${message}\n`);
  if (!keep) rmSync(work, { recursive: true, force: true });
  process.exit(1);
}
