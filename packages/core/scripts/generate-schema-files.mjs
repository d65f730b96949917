#!/usr/bin/env node
// Writes the JSON Schema files the packages ship for editors ("$schema") from the definitions that
// also validate the catalogue and the settings, via the built dist: run `tsc -b` first. Called by generate-docs.mjs
// (`pnpm docs`; `pnpm docs:check` fails when a file is stale).
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { syncGeneratedFile } from './generated-file.mjs';

const repo = (path) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

const TARGETS = [
  {
    // Entries name it in "$schema"; catalogue/load.ts checks entries against the one beside them.
    file: 'rules/schema.json',
    document: async () => (await import('../dist/catalogue/schema.js')).CATALOGUE_ENTRY_SCHEMA,
  },
  {
    file: 'packages/scanner/config.schema.json',
    document: async () =>
      (
        await import(pathToFileURL(repo('packages/scanner/dist/config/settings-schema.js')).href)
      ).scannerConfigJsonSchema(),
  },
];

/** Writes every schema file, or with `check` only lists those that differ; returns the stale ones. */
export async function generateSchemaFiles({ check }) {
  const stale = [];
  for (const target of TARGETS) {
    const file = repo(target.file);
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    const text = await prettier.format(JSON.stringify(await target.document()), options);
    if (syncGeneratedFile(file, text, check)) stale.push(target.file);
  }
  return stale;
}
