// The scanner's parser alone, in its own process: read every file, parse it with the parser the
// scanner takes on this Node for this many files (parsers.ts: oxc-parser's raw transfer on Node 22
// or later, TypeScript's parser and the conversion to ESTree on Node 20) and walk every node once
// with the reader's own walker, on one thread, reading nothing. What the scanner spends above it
// is reading, resolving, matching and planning.
//   node parser-child.mjs <files.json>   (a JSON array of absolute paths)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const scanner = new URL('../../packages/scanner/', import.meta.url);
const require = createRequire(new URL('package.json', scanner));
const { forEachChild } = await import(pathToFileURL(require.resolve('@sunset-lint/core/internal')).href);
const { loadParser } = await import(new URL('dist/scan/reader/parsers.js', scanner).href);
const files = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const parse = await loadParser('auto', files.length);

let nodes = 0;
let failed = 0;
const visit = (node) => {
  nodes++;
  forEachChild(node, visit);
};
for (const file of files) {
  const parsed = parse(file, readFileSync(file, 'utf8'));
  if (parsed.ok) visit(parsed.program);
  else failed++;
}
process.stdout.write(`${JSON.stringify({ files: files.length, nodes, failed })}\n`);
