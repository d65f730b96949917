import { compileSchema, type SchemaValidator } from './ajv.js';

/**
 * What a generated validator module exports (scripts/generate-validators.mjs writes them with
 * ajv's standalone code): the compiled check and the schema it was compiled from, as
 * `JSON.stringify` writes it.
 */
export interface GeneratedValidator<T> {
  readonly schema: string;
  readonly validate: SchemaValidator<T>;
}

/**
 * The generated validator when it was compiled from exactly this schema, else one ajv compiles:
 * a schema that changed since the last `pnpm docs`, or another rules folder's `schema.json`, is
 * still checked by what it says, only without the faster start.
 */
export function validatorFor<T>(schema: object, generated: GeneratedValidator<T> | undefined): SchemaValidator<T> {
  if (generated !== undefined && JSON.stringify(schema) === generated.schema) return generated.validate;
  return compileSchema<T>(schema);
}
