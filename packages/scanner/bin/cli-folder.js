// Which build of the CLI bin/sunset-lint.js starts. Plain syntax, as node-version.js: it is loaded
// before the Node version is checked.
import { statSync } from 'node:fs';

/** The build information `tsc -b` rewrites when it compiles the scanner or core, from bin/. */
var COMPILED = ['../dist/.tsbuildinfo', '../../core/dist/.tsbuildinfo'];

function modified(url) {
  var stats = statSync(url, { throwIfNoEntry: false });
  return stats === undefined ? undefined : stats.mtimeMs;
}

/**
 * The folder of the CLI's modules, relative to `binUrl` (bin/'s URL): '../dist/bundle/' (the CLI in
 * a few files, scripts/bundle-cli.mjs) when it is there and not older than the last `tsc -b` of
 * the scanner and of core, else '../dist/cli/' (the modules as compiled), so that a `tsc -b`
 * without the bundling step never leaves an older CLI running. A packed package has no build
 * information (or files of one age): its bundle is used. `SUNSET_LINT_NO_BUNDLE=1` in `env` asks
 * for dist/cli/.
 */
export function cliFolder(binUrl, env) {
  var off = env.SUNSET_LINT_NO_BUNDLE;
  if (off && off !== '0' && off !== 'false') return '../dist/cli/';
  var bundled = modified(new URL('../dist/bundle/main.js', binUrl));
  if (bundled === undefined) return '../dist/cli/';
  for (var i = 0; i < COMPILED.length; i++) {
    var compiled = modified(new URL(COMPILED[i], binUrl));
    if (compiled !== undefined && compiled > bundled) return '../dist/cli/';
  }
  return '../dist/bundle/';
}
