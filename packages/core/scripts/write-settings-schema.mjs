#!/usr/bin/env node
// Writes packages/core/settings.schema.json (shipped for editors' "$schema") from the one
// definition in src/settings/schema.ts, via the built dist: run `tsc -b` first.
// packages/core/test/settings.test.ts fails when the file is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { settingsJsonSchema } from '../dist/index.js';

const file = fileURLToPath(new URL('../settings.schema.json', import.meta.url));
const options = { ...(await prettier.resolveConfig(file)), filepath: file };
writeFileSync(file, await prettier.format(JSON.stringify(settingsJsonSchema()), options));
