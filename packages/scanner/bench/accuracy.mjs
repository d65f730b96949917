#!/usr/bin/env node
/**
 * Accuracy of both engines and a grep baseline on the fixture corpus (`pnpm accuracy`).
 *
 *   node packages/scanner/bench/accuracy.mjs [--fixtures DIR] [--as-of YYYY-MM-DD] [--json] [--verbose] [--check]
 *
 * Reads every `<DIR>/*\/expected.json`, runs the ESLint plugin (the real ESLint class, flat config)
 * and the scanner in this process, and greps for the catalogue's terms; scores the three as
 * multisets of `file:line:entryId` (recall, precision, per directory), lists every miss and false
 * finding, and what grep finds that an engine misses. A measurement: exit 0, unless `--check`
 * (exit 1 when an engine misses, reports falsely or misses what grep finds). Exit 2: usage.
 * Needs the packages built (`npx tsc -b`). docs/accuracy.md explains the method.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDay } from '@sunset-lint/core';

const DEFAULT_AS_OF = '2026-11-22';

function options() {
  try {
    return parseArgs({
      options: {
        fixtures: { type: 'string', default: 'fixtures' },
        'as-of': { type: 'string', default: DEFAULT_AS_OF },
        json: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        check: { type: 'boolean', default: false },
      },
      // `pnpm accuracy -- --json` passes the `--` on.
      args: process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--')),
      strict: true,
    }).values;
  } catch (error) {
    console.error(`accuracy: ${error.message}`);
    process.exit(2);
  }
}

const values = options();
if (!parseDay(values['as-of'])) {
  console.error(`accuracy: --as-of must be a date written YYYY-MM-DD, got '${values['as-of']}'`);
  process.exit(2);
}
const given = resolve(values.fixtures);
if (!existsSync(given)) {
  console.error(`accuracy: no such fixtures directory: ${values.fixtures}`);
  process.exit(2);
}
// One fixture directory (`--fixtures fixtures/holdout-3`) is measured alone, from its parent.
const only = existsSync(join(given, 'expected.json')) ? basename(given) : undefined;
const root = only ? dirname(given) : given;

// Loaded after the arguments are checked: ESLint and both engines take a while to import.
const { SourceLines } = await import('./accuracy/expectations.mjs');
const { failures, measure } = await import('./accuracy/measure.mjs');
const { renderJson, renderText } = await import('./accuracy/report.mjs');

const result = await measure({ root, asOf: values['as-of'], only });
const lines = new SourceLines(root);
process.stdout.write(
  values.json
    ? renderJson(result, lines)
    : renderText(result, lines, { fixtures: values.fixtures, verbose: values.verbose }),
);
if (values.check) {
  const failed = failures(result);
  for (const problem of failed) console.error(`accuracy: ${problem}`);
  process.exitCode = failed.length ? 1 : 0;
}
