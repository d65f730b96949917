// Real code: the JS/TS sources of the npm packages that bench/package.json pins as devDependencies,
// copied out of node_modules (which the scanner skips, like any linter) into the cache folder, one
// folder per package and version. Each corpus names the packages it takes and which files.
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listSourceFiles } from './files.mjs';
import { markRepositoryRoot } from './generated.mjs';

const BENCH = fileURLToPath(new URL('..', import.meta.url));
/** Where a package keeps its sources, when it ships several builds of them: one copy is enough. */
const SOURCE_FOLDER = { cloudflare: 'src' };
/** Bump when a selection changes. */
const REAL_CORPUS_VERSION = 3;
const JAVASCRIPT = /\.(js|jsx|mjs|cjs)$/;
/** The libraries of the older `real` corpus (issue 10), which `lib-js` and `lib-15k` include. */
const LIBRARIES = ['axios', 'express', 'rxjs', 'undici', 'zod'];

/**
 * - `sdk`: the provider's own SDK (its `src/`), where nearly every module calls the API;
 * - `lib-js`: the JavaScript files (no TypeScript, no other language) of libraries that do not call
 *   the API, as most code does not: ~4,400 files;
 * - `lib-15k`: every source file of every pinned package, the SDK's `src/` included: ~15,000
 *   library files, for the peak memory of a large tree.
 */
export const LIBRARY_CORPORA = {
  sdk: { packages: ['cloudflare'] },
  'lib-js': { packages: [...LIBRARIES, 'date-fns', 'lodash-es'], only: JAVASCRIPT },
  'lib-15k': { packages: 'all' },
};

/** Copies (or reuses) corpus `name` of LIBRARY_CORPORA; returns its folder and the packages in it. */
export function realCorpus(cacheRoot, name) {
  const definition = LIBRARY_CORPORA[name];
  if (!definition) throw new Error(`no library corpus ${name}`);
  const pinned = JSON.parse(readFileSync(join(BENCH, 'package.json'), 'utf8')).devDependencies;
  const names = definition.packages === 'all' ? Object.keys(pinned) : definition.packages;
  const packages = Object.fromEntries(names.map((pkg) => [pkg, pinned[pkg]]));
  const stamp = { version: REAL_CORPUS_VERSION, packages, only: definition.only?.source };
  const folder = join(cacheRoot, name);
  const root = join(folder, 'files');
  const stampPath = join(folder, 'stamp.json');
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === JSON.stringify(stamp)) {
    markRepositoryRoot(root);
    return { root, reused: true, packages };
  }
  rmSync(folder, { recursive: true, force: true });
  for (const [pkg, version] of Object.entries(packages)) {
    if (!version) throw new Error(`${pkg} is not pinned in bench/package.json`);
    const installed = join(BENCH, 'node_modules', pkg);
    if (!existsSync(installed))
      throw new Error(`${pkg} is not installed in bench/node_modules: run npx pnpm@10.34.8 install`);
    const from = join(realpathSync(installed), SOURCE_FOLDER[pkg] ?? '');
    for (const file of listSourceFiles(from)) {
      if (definition.only && !definition.only.test(file)) continue;
      const target = join(root, `${pkg}@${version}`, relative(from, file));
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
  return { root, reused: false, packages };
}
