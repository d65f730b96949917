// The floor, in its own process: read every file, parse it with TypeScript's createSourceFile (the
// scanner's parser) and walk every node once, on one thread. TypeScript is imported inside the
// process the harness times, because the scanner pays its own start-up too.
//   node floor-child.mjs <files.json>   (a JSON array of absolute paths)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../packages/scanner/package.json', import.meta.url));
const ts = require('typescript');
const files = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function kindOf(file) {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.[cm]?ts$/.test(file)) return ts.ScriptKind.TS;
  return ts.ScriptKind.JSX;
}

let nodes = 0;
let withErrors = 0;
const visit = (node) => {
  nodes++;
  ts.forEachChild(node, visit);
};
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kindOf(file));
  if (source.parseDiagnostics.length) withErrors++;
  visit(source);
}
process.stdout.write(`${JSON.stringify({ files: files.length, nodes, withErrors })}\n`);
