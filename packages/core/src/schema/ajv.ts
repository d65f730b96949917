import { Ajv } from 'ajv';

/**
 * The one ajv setup of the code base (catalogue entries and settings): every problem is collected
 * so a message can say how many more there are, and annotation keywords that ajv does not know
 * (`errorMessage`, read by editors and by the settings messages) are allowed.
 */
export function createAjv(): Ajv {
  return new Ajv({ allErrors: true, strict: false });
}
