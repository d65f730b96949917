// The source files of a corpus, listed the way the scanner discovers them (its default include, minus
// declaration files and minified bundles), in a stable order, so the floor reads the same files.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = /\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/;
const SKIPPED = /\.d\.[cm]?ts$|\.min\.js$/;

export function listSourceFiles(root) {
  return listFiles(root, (name) => SOURCE.test(name) && !SKIPPED.test(name));
}

/**
 * JSON files the scanner reads beside the sources (as data: a `tsconfig.json`, a `package.json`),
 * npm's lockfiles and the scanner's own configuration left out.
 */
export function listJsonFiles(root) {
  return listFiles(
    root,
    (name) => /\.(json|har)$/.test(name) && !/^(package-lock|npm-shrinkwrap|sunset-lint\.config)\.json$/.test(name),
  );
}

function listFiles(root, wanted) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(path);
      } else if (entry.isFile() && wanted(entry.name)) files.push(path);
    }
  };
  walk(root);
  return files;
}
