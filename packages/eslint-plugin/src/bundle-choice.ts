import { statSync } from 'node:fs';

/** The build information `tsc -b` rewrites when it compiles the plugin or core, from dist/. */
const COMPILED = ['./.tsbuildinfo', '../../core/dist/.tsbuildinfo'];

const modified = (url: URL): number | undefined => statSync(url, { throwIfNoEntry: false })?.mtimeMs;

/**
 * The module the package's entry loads, relative to `entryUrl` (dist/entry.js's URL): the plugin
 * in one file (`./bundle/index.js`, scripts/bundle-plugin.mjs) when it is there and not older than
 * the last `tsc -b` of the plugin and of core, else the compiled modules (`./index.js`), so that a
 * `tsc -b` without the bundling step never leaves an older plugin running. A packed package has no
 * build information (or files of one age): its bundle is used. `SUNSET_LINT_NO_BUNDLE=1` in `env`
 * asks for the compiled modules, as it does of the CLI.
 */
export function pluginModule(entryUrl: string, env: NodeJS.ProcessEnv): string {
  const compiled = './index.js';
  const off = env.SUNSET_LINT_NO_BUNDLE;
  if (off && off !== '0' && off !== 'false') return compiled;
  const bundled = modified(new URL('./bundle/index.js', entryUrl));
  if (bundled === undefined) return compiled;
  for (const info of COMPILED) {
    const built = modified(new URL(info, entryUrl));
    if (built !== undefined && built > bundled) return compiled;
  }
  return './bundle/index.js';
}
