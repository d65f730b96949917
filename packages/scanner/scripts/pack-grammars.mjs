#!/usr/bin/env node
// A packed `sunset-lint` carries the four tree-sitter grammars it parses shell, Python, Go and
// Terraform with as WebAssembly files (languages/grammars.ts loads them from grammars/ first), so
// that the grammar packages are development dependencies only: each has an `install` script
// (node-gyp-build, for native bindings nothing here loads) that npm warns about on every install,
// and together they weigh about 33 MB against 2.1 MB of .wasm. `prepack` copies the files and the
// grammars' licences into the package, `postpack` (argument `clean`) removes the copy again.
// The file names are languages/grammars.ts's WASM_FILES.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each grammar's package and the file of it that the scanner loads (the names languages/grammars.ts looks for). */
const GRAMMARS = [
  ['tree-sitter-bash', 'tree-sitter-bash.wasm'],
  ['tree-sitter-python', 'tree-sitter-python.wasm'],
  ['tree-sitter-go', 'tree-sitter-go.wasm'],
  ['@tree-sitter-grammars/tree-sitter-hcl', 'tree-sitter-hcl.wasm'],
];

// `--to DIR` writes the copy elsewhere (the test of the packed grammars does).
const to = process.argv.indexOf('--to');
const target = to >= 0 ? resolve(process.argv[to + 1]) : fileURLToPath(new URL('../grammars/', import.meta.url));
rmSync(target, { recursive: true, force: true });
if (process.argv[2] !== 'clean') {
  const require = createRequire(import.meta.url);
  mkdirSync(target, { recursive: true });
  const notice = [
    'The tree-sitter grammars the scanner parses shell, Python, Go and Terraform with, compiled to',
    'WebAssembly, copied from their npm packages when this package was packed:',
    '',
  ];
  for (const [name, file] of GRAMMARS) {
    const root = dirname(require.resolve(`${name}/package.json`));
    const { version, license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    cpSync(join(root, file), join(target, file));
    cpSync(join(root, 'LICENSE'), join(target, `${file.replace(/\.wasm$/, '')}.LICENSE`));
    notice.push(`- ${file}: ${name}@${version} (${license}; its licence: ${file.replace(/\.wasm$/, '')}.LICENSE)`);
  }
  writeFileSync(join(target, 'README.md'), `${notice.join('\n')}\n`);
}
