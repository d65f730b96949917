import type { ErrorObject } from 'ajv';
import { CatalogueError } from '../catalogue/errors.js';
import type { SchemaValidator } from '../schema/ajv.js';
import type { FromSchema, SchemaNode } from '../schema/from-schema.js';
import { validatorFor, type GeneratedValidator } from '../schema/generated.js';

/** A settings problem; the message names where the settings came from and the key. */
export class SettingsError extends CatalogueError {}

export interface Problem {
  /** `imminentDays`, `severities.expired`, `apiHosts[1]`; `(root)` for the settings themselves. */
  key: string;
  problem: string;
}

/**
 * A check of settings against `schema` (the shared settings schema or an engine's extension of
 * it): `generated`, the validator generated from it, or one compiled on first use. It returns the
 * settings typed by the schema, or throws a SettingsError naming `where` the settings came from,
 * the key path and what the key must be.
 */
export function settingsValidator<const S extends SchemaNode>(
  schema: S,
  generated?: GeneratedValidator<FromSchema<S>>,
  /**
   * Problems the schema cannot see (an unknown catalogue entry id), listed after the schema's when
   * the schema fails, so that every problem shows at once; settings the schema accepts meet them
   * where they are applied (the catalogue's loader).
   */
  moreProblems?: (raw: unknown) => Problem[],
): (raw: unknown, where: string) => FromSchema<S> {
  let validate: SchemaValidator<FromSchema<S>>;
  return (raw, where) => {
    validate ??= validatorFor(schema, generated);
    if (validate(raw)) return raw;
    const problems = [...describeErrors(validate.errors ?? [], schema, raw), ...(moreProblems?.(raw) ?? [])];
    const first = problems[0] ?? { key: '(root)', problem: 'is invalid' };
    // Every problem, each naming its key: a broken config is mended in one go, not one run per key.
    const said = problems.length > 1 ? problems.map(({ key, problem }) => `'${key}' ${problem}`) : [];
    const message = said.length
      ? `${where}: ${said.length} problems:\n${said.map((line) => `  ${line}`).join('\n')}`
      : `${where}: '${first.key}' ${first.problem}`;
    throw new SettingsError(message, where, undefined, first.key);
  };
}

/** One problem per key, in ajv's order (the schema's), however many keywords the key failed. */
function describeErrors(errors: readonly ErrorObject[], schema: SchemaNode, data: unknown): Problem[] {
  const byKey = new Map<string, Problem>();
  for (const error of errors) {
    // A failed `propertyNames` also reports its inner keyword, flagged with the name: one is enough.
    if (error.propertyName !== undefined) continue;
    const problem = describeError(error, schema, data);
    if (!byKey.has(problem.key)) byKey.set(problem.key, problem);
  }
  return [...byKey.values()];
}

function describeError(error: ErrorObject, schema: SchemaNode, data: unknown): Problem {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  const nodes = schemaNodesAlong(schema, path, data);
  const object = nodes[nodes.length - 1];
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    const known = Object.keys(object?.properties ?? {}).join(', ');
    const what = path.length === 0 ? 'setting' : 'key';
    return {
      key: keyPath([...path, error.params.additionalProperty], data),
      problem: `is not a known ${what} (known: ${known})`,
    };
  }
  if (error.keyword === 'propertyNames' && typeof error.params.propertyName === 'string') {
    return {
      key: keyPath([...path, error.params.propertyName], data),
      problem: object?.propertyNames?.errorMessage ?? 'is not an allowed key',
    };
  }
  // The deepest key along the path that says what it must be: a bad host is reported as
  // `apiHosts` "must be a non-empty list of host names", with the list as given.
  for (let depth = nodes.length - 1; depth >= 0; depth--) {
    const expected = expectation(nodes[depth]);
    if (expected === undefined) continue;
    const at = path.slice(0, depth);
    return { key: keyPath(at, data), problem: `${expected}, got ${show(valueAt(data, at))}` };
  }
  return { key: keyPath(path, data), problem: `${error.message ?? 'is invalid'}, got ${show(valueAt(data, path))}` };
}

function expectation(node: SchemaNode | undefined): string | undefined {
  if (node?.errorMessage !== undefined) return node.errorMessage;
  if (node?.enum === undefined) return undefined;
  const quoted = node.enum.map((value) => JSON.stringify(value));
  const last = quoted.pop();
  return `must be ${quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last}`;
}

/** The schema of the settings themselves and of each key along `path` (shorter where the schema ends). */
function schemaNodesAlong(schema: SchemaNode, path: readonly string[], data: unknown): SchemaNode[] {
  const nodes = [schema];
  let node: SchemaNode | undefined = schema;
  let value = data;
  for (const segment of path) {
    const additional: SchemaNode | undefined =
      typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
    node = Array.isArray(value) ? node.items : (node.properties?.[segment] ?? additional);
    if (node === undefined) break;
    nodes.push(node);
    value = child(value, segment);
  }
  return nodes;
}

function child(value: unknown, segment: string): unknown {
  if (Array.isArray(value)) return value[Number(segment)];
  if (typeof value === 'object' && value !== null) return Object.getOwnPropertyDescriptor(value, segment)?.value;
  return undefined;
}

function valueAt(data: unknown, path: readonly string[]): unknown {
  return path.reduce(child, data);
}

/** `catalogue.eolOverrides.some-id`, `apiHosts[1]`: list indexes in brackets, as the catalogue's `add[0]`. */
function keyPath(path: readonly string[], data: unknown): string {
  if (path.length === 0) return '(root)';
  let key = '';
  let value = data;
  for (const segment of path) {
    key += Array.isArray(value) ? `[${segment}]` : key === '' ? segment : `.${segment}`;
    value = child(value, segment);
  }
  return key;
}

/** The value as given, cut short: a whole catalogue would drown the message. */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
