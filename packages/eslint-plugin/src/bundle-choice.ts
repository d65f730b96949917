import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The build information `tsc -b` rewrites when it compiles the plugin or core, from dist/. */
const COMPILED = ['./.tsbuildinfo', '../../core/dist/.tsbuildinfo'];

const BUNDLE = './bundle/index.js';

const modified = (url: URL): number | undefined => statSync(url, { throwIfNoEntry: false })?.mtimeMs;

/**
 * The module the package's entry loads, relative to `entryUrl` (dist/entry.js's URL): the plugin
 * in one file (`./bundle/index.js`, scripts/bundle-plugin.mjs) when it is there and not older than
 * the last `tsc -b` of the plugin and of core, else the compiled modules (`./index.js`), so that a
 * `tsc -b` without the bundling step never leaves an older plugin running. An installed package (in a
 * `node_modules` folder) loads its bundle, whatever the ages of its files and of core's. `SUNSET_LINT_NO_BUNDLE=1` in `env`
 * asks for the compiled modules, as it does of the CLI.
 */
export function pluginModule(entryUrl: string, env: NodeJS.ProcessEnv): string {
  const compiled = './index.js';
  const off = env.SUNSET_LINT_NO_BUNDLE;
  if (off && off !== '0' && off !== 'false') return compiled;
  const bundled = modified(new URL('./bundle/index.js', entryUrl));
  if (bundled === undefined) return compiled;
  // An installed package is what was packed, bundle included: the ages its installer gave the files
  // (a store's, package by package) say nothing of which build is newer.
  if (/[/\\]node_modules[/\\]/.test(fileURLToPath(entryUrl))) return BUNDLE;
  for (const info of COMPILED) {
    const built = modified(new URL(info, entryUrl));
    if (built !== undefined && built > bundled) return compiled;
  }
  return BUNDLE;
}
