import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import { parseDay, type Day } from '../grading/day.js';
import type { SchemaValidator } from '../schema/ajv.js';
import { validatorFor } from '../schema/generated.js';
import { catalogueEntryValidator } from './entry-validator.generated.js';
import { CatalogueError } from './errors.js';
import { assertPathTemplates } from './path-templates.js';
import type { CatalogueEntryData, ValidatedEntry } from './types.js';

const validators = new Map<string, SchemaValidator<CatalogueEntryData>>();

/** The check of `schemaPath`: the built-in schema's generated one unless that file says otherwise. */
function entryValidator(schemaPath: string): SchemaValidator<CatalogueEntryData> {
  let validate = validators.get(schemaPath);
  if (!validate) {
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
    validate = validatorFor(schema, catalogueEntryValidator);
    validators.set(schemaPath, validate);
  }
  return validate;
}

function describeAjvError(error: ErrorObject): { field: string; problem: string } {
  const base = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : '';
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return { field: base ? `${base}.${missing}` : missing, problem: 'is required' };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return { field: base ? `${base}.${extra}` : extra, problem: 'is not a known field' };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return { field: base || '(entry)', problem: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}` };
  }
  return { field: base || '(entry)', problem: error.message ?? 'is invalid' };
}

/**
 * Validates one entry against `rules/schema.json` plus the checks a schema cannot express (a real
 * calendar date, path templates), and parses its end of life: the one place an entry's `eol` is
 * read as text. Throws a CatalogueError naming file, entry and field.
 */
export function validateEntry(raw: unknown, file: string, schemaPath: string): ValidatedEntry {
  const validate = entryValidator(schemaPath);
  const entryId =
    typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string'
      ? (raw as { id: string }).id
      : '(no id)';
  if (!validate(raw)) {
    const errors = validate.errors ?? [];
    // Report the most specific problem first (deepest path), which is usually the real cause.
    const described = errors.map(describeAjvError).sort((a, b) => b.field.length - a.field.length);
    const first = described[0] ?? { field: '(entry)', problem: 'is invalid' };
    // Every problem, each naming its field (one line each when there are several).
    const lines = [...new Set(described.map(({ field, problem }) => `field '${field}' ${problem}`))];
    throw new CatalogueError(
      lines.length > 1
        ? `${file}: entry '${entryId}': ${lines.length} problems:\n${lines.map((line) => `  ${line}`).join('\n')}`
        : `${file}: entry '${entryId}': field '${first.field}' ${first.problem}`,
      file,
      entryId,
      first.field,
    );
  }
  assertPathTemplates(raw, file);
  return checkedEntry(raw, file);
}

/**
 * An entry a validation passed (now, or for the same text before: `loadBuiltinEntries`), its end of
 * life read as a day.
 */
export function checkedEntry(raw: CatalogueEntryData, file: string): ValidatedEntry {
  return { ...raw, eol: calendarDay(raw.eol, file, raw.id, 'eol') };
}

/** The day `value` writes, or a CatalogueError naming file, entry and field when it is not a real date. */
export function calendarDay(value: string, file: string, entryId: string, field: string): Day {
  const day = parseDay(value);
  if (day === undefined) {
    throw new CatalogueError(
      `${file}: entry '${entryId}': field '${field}' must be a real date written YYYY-MM-DD, got ${JSON.stringify(value)}`,
      file,
      entryId,
      field,
    );
  }
  return day;
}
