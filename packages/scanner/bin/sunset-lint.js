#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `tsc -b` and bundled into dist/bundle/ by
// scripts/bundle-cli.mjs (`pnpm build`; both run on install by the root `prepare` script).
// The CLI is loaded only after the Node version is checked (a static import would load it first).
import { cliFolder } from './cli-folder.js';
import { SUPPORTED_NODE, isSupportedNode } from './node-version.js';

if (!isSupportedNode(process.versions.node)) {
  process.stderr.write(
    'sunset-lint: Node.js ' +
      process.versions.node +
      ' is not supported; sunset-lint needs Node.js ' +
      SUPPORTED_NODE +
      ' (Node 22 or 24 recommended: 20 is past its end of life).\n',
  );
  process.exitCode = 2;
} else {
  // A report that cannot be written (stdout on a full disk, a closed pipe) is a failed run: one
  // line on stderr and exit 2, never a stack trace and exit 1.
  process.stdout.on('error', (error) => {
    const closed = error.code === 'EPIPE' ? ' (the reader of stdout closed it)' : '';
    process.stderr.write(`sunset-lint: cannot write the output: ${error.code ?? error.message}${closed}\n`);
    process.exit(2);
  });
  // No silent pass: if the event loop empties before the command has answered (a promise of a
  // user's module that never settles, and nothing left to wait on), Node would end with exit 0.
  let answered = false;
  process.on('exit', (code) => {
    if (answered || code !== 0) return;
    process.stderr.write('sunset-lint: stopped before the command finished (nothing was left to wait on)\n');
    process.exitCode = 2;
  });
  // The process first: V8's flags, then the module compile cache (Node 22+), so that the CLI's own
  // modules are compiled under those flags and load from the cache (cli/process-setup.ts).
  // The bundle (a few files) when it is current, else the modules as compiled (cli-folder.js).
  // Once the command has answered, the process ends when its output is written, as it would with
  // nothing left to run: a user's module (a configuration) may leave a timer or a socket open, and a
  // CI step must not hang on it. The grace timer does not itself keep the process alive.
  const finish = (code) => {
    answered = true;
    process.exitCode = code;
    setTimeout(() => process.stdout.write('', () => process.stderr.write('', () => process.exit())), 1000).unref();
  };
  const folder = cliFolder(import.meta.url, process.env);
  import(`${folder}process-setup.js`)
    .then(({ setUpProcess }) => setUpProcess())
    .then(() => import(`${folder}main.js`))
    .then(({ main }) => main(process.argv.slice(2)))
    .then(
      (code) => finish(code),
      (error) => {
        // A crash must never exit 0 (exit code 2 = internal error).
        process.stderr.write(
          `sunset-lint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
        finish(2);
      },
    );
}
