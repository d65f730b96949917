// The source files of a corpus, listed the way the scanner discovers them (its default include, minus
// declaration files and minified bundles), in a stable order, so the floor reads the same files.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = /\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/;
const SKIPPED = /\.d\.[cm]?ts$|\.min\.js$/;

export function listSourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(path);
      } else if (entry.isFile() && SOURCE.test(entry.name) && !SKIPPED.test(entry.name)) files.push(path);
    }
  };
  walk(root);
  return files;
}
