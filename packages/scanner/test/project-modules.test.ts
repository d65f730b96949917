/**
 * Bare imports that name modules of the project (scan/plan/project-modules.ts): workspace packages
 * and tsconfig `paths` aliases are followed across files like relative imports; an installed
 * package is not; a base of another host known in another module keeps the path silent.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Finding, resolveSettings } from '@sunset-lint/core';
import { describe, expect, test } from 'vitest';
import { runScan } from '../src/scan/index.js';
import { ProjectModules } from '../src/scan/plan/project-modules.js';
import { makeProject } from './scan-cli-support.js';

const settings = resolveSettings({ asOf: '2026-11-21' });
const API = 'https://api.cloudflare.com/client/v4';
const summary = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line} ${f.entryId} ${f.confidence}`).sort();

async function scan(root: string, files: Record<string, string>, verbose = false) {
  const paths = Object.keys(files)
    .filter((file) => /\.[cm]?[jt]sx?$/.test(file))
    .map((file) => join(root, file));
  return runScan({ cwd: root, files: paths, settings, ...(verbose ? { verbose } : {}) });
}

/** A helper that prefixes `/accounts/:id` and fetches, exported by a module; a caller passes the suffix. */
const helper = `export async function accountRequest(accountId: string, suffix: string, init?: RequestInit) {\n  return fetch(\`${API}/accounts/\${accountId}\${suffix}\`, init);\n}\n`;
const caller = (specifier: string) =>
  `import { accountRequest } from '${specifier}';\nexport const tunnels = (id: string) => accountRequest(id, '/tunnels');\n`;

describe('bare imports of the project', () => {
  test('a workspace package, by its name and its exports', async () => {
    const files = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'package.json': JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*', 'apps/*'] }),
      'packages/cf-client/package.json': JSON.stringify({
        name: '@acme/cf-client',
        exports: { '.': './src/index.ts' },
      }),
      'packages/cf-client/src/index.ts': helper,
      'apps/ops/package.json': JSON.stringify({
        name: '@acme/ops',
        dependencies: { '@acme/cf-client': 'workspace:*' },
      }),
      'apps/ops/src/tunnels.ts': caller('@acme/cf-client'),
    };
    const root = makeProject(files);
    expect(summary((await scan(root, files)).findings)).toEqual(['apps/ops/src/tunnels.ts:2 tunnels-legacy-api high']);
  });

  test('a tsconfig paths alias (comments and trailing commas allowed, as tsc allows them)', async () => {
    const files = {
      'tsconfig.json': `{\n  // Next.js\n  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./src/*"], }, },\n}\n`,
      'src/lib/cfapi.ts': helper,
      'src/app/page.ts': caller('@/lib/cfapi'),
    };
    const root = makeProject(files);
    expect(summary((await scan(root, files)).findings)).toEqual(['src/app/page.ts:2 tunnels-legacy-api high']);
  });

  test('a tsconfig paths alias without a wildcard (`"cfapi": ["./src/lib/cfapi.ts"]`)', async () => {
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { cfapi: ['./src/lib/cfapi.ts'] } } }),
      'src/lib/cfapi.ts': helper,
      'src/app/page.ts': caller('cfapi'),
    };
    const root = makeProject(files);
    expect(summary((await scan(root, files)).findings)).toEqual(['src/app/page.ts:2 tunnels-legacy-api high']);
  });

  test('without an alias a bare suffix is not followed; --verbose names no installed package', async () => {
    const files = {
      'src/lib/cfapi.ts': helper,
      'src/app/page.ts': caller('lib/cfapi'),
      'src/x.ts': "import 'zod';\n",
    };
    const root = makeProject(files);
    const result = await scan(root, files, true);
    expect(summary(result.findings)).toEqual([]);
    expect(result.diagnostics.filter((d) => d.code === 'unresolved-import')).toEqual([]);
  });

  test("without an alias, `@/` and `~/` are the source folder by the templates' convention (src/, app/, the root)", async () => {
    for (const [specifier, target] of [
      ['@/lib/cfapi', 'src/lib/cfapi.ts'],
      ['~/lib/cfapi', 'app/lib/cfapi.ts'],
      ['~/lib/cfapi', 'lib/cfapi.ts'],
    ] as const) {
      const files = { [target]: helper, 'src/app/page.ts': caller(specifier) };
      const root = makeProject(files);
      expect(summary((await scan(root, files)).findings), `${specifier} -> ${target}`).toEqual([
        'src/app/page.ts:2 tunnels-legacy-api high',
      ]);
    }
    // A configured alias wins over the convention.
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./lib/*'] } } }),
      'src/lib/cfapi.ts': helper,
      'lib/lib/cfapi.ts': 'export async function accountRequest() {}\n',
      'src/app/page.ts': caller('@/lib/cfapi'),
    };
    expect(summary((await scan(makeProject(files), files)).findings)).toEqual([]);
  });

  test('an alias that names no file is listed by --verbose', async () => {
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '~/*': ['./lib/*'] } } }),
      // Words of a path of the catalogue, so that the file is parsed and its imports followed.
      'src/app.ts': `${caller('~/missing')}export const scope = 'accounts';\n`,
    };
    const root = makeProject(files);
    const result = await scan(root, files, true);
    expect(result.diagnostics.map((d) => `${d.code} ${d.file}: ${d.message}`)).toEqual([
      "unresolved-import src/app.ts: '~/missing' names no source file; values imported from it stay unknown",
    ]);
  });

  test('a broken tsconfig or package.json is no module map, and the scan goes on', async () => {
    const files = { 'tsconfig.json': '{ "compilerOptions": ', 'package.json': '[]', 'src/a.ts': caller('./b') };
    const root = makeProject(files);
    writeFileSync(join(root, 'src/b.ts'), helper);
    const result = await runScan({ cwd: root, files: [join(root, 'src/a.ts'), join(root, 'src/b.ts')], settings });
    expect(summary(result.findings)).toEqual(['src/a.ts:2 tunnels-legacy-api high']);
    expect(ProjectModules.find([join(root, 'src/a.ts')]).empty).toBe(true);
  });
});

describe('a base of another host, known in another module', () => {
  test('keeps an organizations path of another product silent; a base the scan cannot see leaves it ours', async () => {
    const files = {
      'src/http.ts':
        "import axios from 'axios';\nexport const sentry = axios.create({ baseURL: 'https://sentry.io/api/0/' });\n",
      'src/members.ts': [
        "import { sentry } from './http';",
        "import { other } from 'some-installed-client';",
        'export const members = (org: string) => sentry.get(`organizations/${org}/members/`);',
        'export const invites = (org: string) => other.get(`organizations/${org}/invites`);',
      ].join('\n'),
    };
    const root = makeProject(files);
    expect(summary((await scan(root, files)).findings)).toEqual(['src/members.ts:4 organizations-api medium']);
  });
});
