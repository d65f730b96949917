// Preloaded with `node --require` by startup.test.ts: at exit, writes every CommonJS module the
// process loaded (ajv, TypeScript, date-fns and fast-glob are CommonJS) as the last line of stderr.
process.on('exit', () => {
  process.stderr.write(`\nrequired: ${JSON.stringify(Object.keys(require.cache))}\n`);
});
