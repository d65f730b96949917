// Real code: the JS/TS sources of the npm packages that bench/package.json pins as devDependencies,
// copied out of node_modules (which the scanner skips, like any linter) into the cache folder.
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listSourceFiles } from './files.mjs';
import { markRepositoryRoot } from './generated.mjs';

const BENCH = fileURLToPath(new URL('..', import.meta.url));
/** Where a package keeps its sources, when it ships several builds of them: one copy is enough. */
const SOURCE_FOLDER = { cloudflare: 'src' };
/** Bump when the selection changes. */
const REAL_CORPUS_VERSION = 2;
/**
 * The provider's own SDK: every resource module of it calls the API, the opposite of the code the
 * "most files never touch the API" target is about; it is its own corpus (`sdk`).
 */
const API_CLIENTS = new Set(['cloudflare']);

/**
 * `real`: libraries that do not call the API (most real code); `sdk`: the provider's SDK, where
 * nearly every file does.
 */
export function realCorpus(cacheRoot, name = 'real') {
  const pinned = JSON.parse(readFileSync(join(BENCH, 'package.json'), 'utf8')).devDependencies;
  const devDependencies = Object.fromEntries(
    Object.entries(pinned).filter(([pkg]) => API_CLIENTS.has(pkg) === (name === 'sdk')),
  );
  const stamp = { version: REAL_CORPUS_VERSION, packages: devDependencies };
  const folder = join(cacheRoot, name);
  const root = join(folder, 'files');
  const stampPath = join(folder, 'stamp.json');
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === JSON.stringify(stamp)) {
    markRepositoryRoot(root);
    return { root, reused: true, packages: devDependencies };
  }
  rmSync(folder, { recursive: true, force: true });
  for (const [name, version] of Object.entries(devDependencies)) {
    const installed = join(BENCH, 'node_modules', name);
    if (!existsSync(installed))
      throw new Error(`${name} is not installed in bench/node_modules: run npx pnpm@10.34.8 install`);
    const dir = realpathSync(installed);
    const from = join(dir, SOURCE_FOLDER[name] ?? '');
    for (const file of listSourceFiles(from)) {
      const target = join(root, `${name}@${version}`, relative(from, file));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(file, target);
    }
  }
  // Package code keeps builds in dist/, build/, out/: scan them (the scanner's defaults skip them).
  writeFileSync(
    join(root, 'sunset-lint.config.json'),
    JSON.stringify({ exclude: ['!**/dist/**', '!**/build/**', '!**/out/**'] }),
  );
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        allowJs: true,
        noEmit: true,
        skipLibCheck: true,
      },
      include: ['**/*'],
    }),
  );
  markRepositoryRoot(root);
  writeFileSync(stampPath, JSON.stringify(stamp));
  return { root, reused: false, packages: devDependencies };
}
