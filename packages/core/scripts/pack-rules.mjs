#!/usr/bin/env node
// A packed @sunset-lint/core must carry the catalogue: `prepack` copies the repository's rules/
// into the package (where defaultRulesDir() looks first), `postpack` removes the copy again.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const target = fileURLToPath(new URL('../rules/', import.meta.url));
if (process.argv[2] === 'clean') {
  rmSync(target, { recursive: true, force: true });
} else {
  rmSync(target, { recursive: true, force: true });
  cpSync(fileURLToPath(new URL('../../../rules/', import.meta.url)), target, { recursive: true });
}
