/**
 * A small npm-workspaces monorepo as the trial of issue 26 used one: a root with `workspaces`,
 * a package `@acme/config` holding the API base and a path constant, a package `@acme/app`
 * importing them by name (linked into node_modules as npm links workspace packages), and a
 * repository root (`.git`). Written to a temporary folder by `makeProject`.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { makeProject } from '../scan-cli-support.js';

export const MONOREPO_FILES: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }),
  'packages/config/package.json': JSON.stringify({ name: '@acme/config', version: '1.0.0', main: 'src/index.js' }),
  'packages/config/src/index.js': [
    "export const BASE = 'https://api.cloudflare.com/client/v4';",
    "export const RULES = '/firewall/rules';",
    '',
  ].join('\n'),
  'packages/app/package.json': JSON.stringify({
    name: '@acme/app',
    version: '1.0.0',
    dependencies: { '@acme/config': '1.0.0' },
  }),
  'packages/app/src/rules.js': [
    "import { BASE, RULES } from '@acme/config';",
    'export const list = (zone) => fetch(`${BASE}/zones/${zone}${RULES}`);',
    "export const limits = (zone) => fetch(`${BASE}/zones/${zone}/rate_limits`, { method: 'POST' });",
    '',
  ].join('\n'),
};

/** The monorepo with these files added or replaced, and `node_modules/@acme/*` linked as npm links them. */
export function makeMonorepo(extra: Record<string, string> = {}): string {
  const root = makeProject({ ...MONOREPO_FILES, ...extra });
  mkdirSync(join(root, 'node_modules', '@acme'), { recursive: true });
  for (const name of ['config', 'app'])
    symlinkSync(join('..', '..', 'packages', name), join(root, 'node_modules', '@acme', name));
  return root;
}
