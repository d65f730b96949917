// Preloaded with `node --require` by types-mode.test.ts: counts TypeScript parses per file in the
// real CLI process. It loads the scanner's own TypeScript first, so the scanner and its type-checked
// programs (whose compiler host parses through the same export) use this instance, with
// `createSourceFile` counting its calls; at exit it writes the counts as JSON to the file named
// by SUNSET_LINT_TEST_PARSE_COUNTS.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const scannerDir = join(__dirname, '..', '..');
const typescript = require.resolve('typescript', { paths: [scannerDir] });
const ts = require(typescript);
const counts = {};
// TypeScript's exports are getters that cannot be replaced: the module's exports become an object
// that inherits them all and has its own counting createSourceFile.
const counted = Object.create(ts);
// Defined, not assigned: an assignment would hit the inherited getter and be ignored.
Object.defineProperty(counted, 'createSourceFile', {
  value: function countedCreateSourceFile(fileName, ...rest) {
    counts[fileName] = (counts[fileName] ?? 0) + 1;
    return ts.createSourceFile(fileName, ...rest);
  },
});
require.cache[typescript].exports = counted;
process.on('exit', () => writeFileSync(process.env.SUNSET_LINT_TEST_PARSE_COUNTS, JSON.stringify(counts)));
