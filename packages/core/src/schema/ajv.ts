import type { Ajv, ErrorObject, Options } from 'ajv';
import { coreRequire } from '../package-root.js';

/**
 * A compiled check of a schema: one of the standalone modules generated from the schemas the
 * code base ships (`*-validator.generated.ts`, by scripts/generate-validators.mjs), or ajv's own for any
 * other schema. Both leave their problems in `errors`, in ajv's shape.
 */
export type SchemaValidator<T = unknown> = ((data: unknown) => data is T) & { errors?: ErrorObject[] | null };

/**
 * The one ajv setup of the code base (catalogue entries and settings): every problem is collected
 * so a message can say how many more there are, and annotation keywords that ajv does not know
 * (`errorMessage`, read by editors and by the settings messages) are allowed. The generated
 * validators are compiled with it too.
 */
const AJV_OPTIONS = { allErrors: true, strict: false } as const satisfies Options;

/**
 * An ajv instance with the shared setup. ajv is required here, on first use, not imported: loading
 * and compiling with it costs ~100 ms, which a start-up with the generated validators never pays.
 */
export function createAjv(options: Options = {}): Ajv {
  const { Ajv } = coreRequire()('ajv') as typeof import('ajv');
  return new Ajv({ ...AJV_OPTIONS, ...options });
}

/** A validator compiled by ajv, for a schema that has no generated one. */
export function compileSchema<T>(schema: object): SchemaValidator<T> {
  return createAjv().compile<T>(schema);
}
