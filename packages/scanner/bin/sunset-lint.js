#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `tsc -b` (run on install by the root `prepare` script).
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // A crash must never exit 0 (exit code 2 = internal error).
    process.stderr.write(
      `sunset-lint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
