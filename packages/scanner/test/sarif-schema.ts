/** The official SARIF 2.1.0 schema, compiled with ajv, for the report tests that write SARIF. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * The official SARIF 2.1.0 schema (draft-07, `$id` in the OASIS TC's sarif-spec repository), as
 * shipped in an npm package: Datadog's SARIF upload plugin validates uploads against it.
 */
function officialSarifSchema(): Record<string, unknown> {
  const manifest = createRequire(import.meta.url).resolve('@datadog/datadog-ci-plugin-sarif/package.json');
  return JSON.parse(
    readFileSync(join(dirname(manifest), 'dist/json-schema/sarif-schema-2.1.0.json'), 'utf8'),
  ) as Record<string, unknown>;
}

// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

export function sarifValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(officialSarifSchema());
}
