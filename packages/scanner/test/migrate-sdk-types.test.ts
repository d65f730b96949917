import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../core/test/support/fixtures.js';

/**
 * The TypeScript files of fixtures/migrate that use the provider's SDK (`import … from 'cloudflare'`),
 * `after` (what `migrate` writes) and `before` (the code it reads), type-checked against the SDK's
 * own types: the version pinned in bench/package.json, a devDependency of this package.
 */
const PAIRS = join(REPO_ROOT, 'fixtures', 'migrate');
const require = createRequire(import.meta.url);
// The package's root (its exports do not list package.json): `cloudflare` resolves to `<root>/index.js`.
const SDK_TYPES = join(dirname(require.resolve('cloudflare')), 'index.d.ts');

const sdkFiles = readdirSync(PAIRS)
  .filter((name) => statSync(join(PAIRS, name)).isDirectory())
  .flatMap((id) =>
    readdirSync(join(PAIRS, id))
      .filter((name) => /^(before|after)\b.*\.[cm]?tsx?$/.test(name))
      .map((name) => join(PAIRS, id, name)),
  )
  .filter((path) => /\bfrom\s+['"]cloudflare['"]/.test(readFileSync(path, 'utf8')));

/** The type errors of the files (one file's text replaced where `instead` says). */
function typeErrors(files: readonly string[], instead?: { path: string; text: string }): string[] {
  const options: ts.CompilerOptions = {
    noEmit: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [join(REPO_ROOT, 'node_modules', '@types')],
    // The SDK as this package installs it (pnpm does not hoist it next to the fixtures).
    paths: { cloudflare: [SDK_TYPES] },
  };
  const host = ts.createCompilerHost(options);
  if (instead) {
    const readFile = host.readFile.bind(host);
    host.readFile = (file) => (file === instead.path ? instead.text : readFile(file));
  }
  const program = ts.createProgram(files, options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${relative(REPO_ROOT, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `
      : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe("fixtures/migrate's files that use the SDK type-check against the SDK's own types", () => {
  test('there are after files that import the SDK', () => {
    expect(sdkFiles.filter((path) => /[/\\]after\b/.test(path)).length).toBeGreaterThan(0);
  });

  // One program over all of them: the SDK's types are read once.
  let errors: string[] = [];
  beforeAll(() => {
    errors = typeErrors(sdkFiles);
  }, 120_000);

  test.each(sdkFiles.map((path) => [relative(PAIRS, path)] as const))('%s: no type error', (name) => {
    expect(errors.filter((error) => error.startsWith(`fixtures/migrate/${name}:`))).toEqual([]);
  });

  test('no type error anywhere else (the SDK, the Node types)', () => {
    expect(
      errors.filter((error) => !sdkFiles.some((path) => error.startsWith(`${relative(REPO_ROOT, path)}:`))),
    ).toEqual([]);
  });

  test('a call the SDK does not have is a type error (the check reads the SDK)', { timeout: 120_000 }, () => {
    const path = sdkFiles.find(
      (file) => /[/\\]after\b/.test(file) && readFileSync(file, 'utf8').includes('client.zones.settings.edit('),
    )!;
    const text = readFileSync(path, 'utf8');
    const broken = text.replace('client.zones.settings.edit(', 'client.zones.settings.editSetting(');
    expect(typeErrors([path], { path, text: broken }).join('\n')).toMatch(/editSetting/);
  });

  // The SDK rewrites (migrate's replacement methods): each after file that calls them is read against
  // the SDK's types, so a replacement method, a parameter or a value the SDK does not take fails.
  test.each([
    ['firewall-rules-api/after.sdk.ts', 'client.rulesets.rules.create(', 'client.rulesets.rules.add(', /add/],
    ['firewall-rules-api/after.sdk.ts', "action: 'block'", "action: 'ban'", /ban/],
    ['rate-limiting-legacy/after.sdk.ts', 'requests_per_period: 20', 'threshold: 20', /threshold/],
    ['access-bookmark-applications/after.sdk.ts', "type: 'bookmark'", "type: 'bookmarks'", /bookmarks/],
    [
      'access-bookmark-applications/after.sdk.ts',
      'applications.update(',
      'bookmarkApplications.update(',
      /bookmarkApplications/,
    ],
  ])('%s: %s becoming %s is a type error', { timeout: 120_000 }, (name, from, to, error) => {
    const path = join(PAIRS, name);
    expect(sdkFiles).toContain(path);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(from);
    expect(typeErrors([path], { path, text: text.replace(from, to) }).join('\n')).toMatch(error);
  });
});
