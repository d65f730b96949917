import { calendarDay, utcDayOfDateTime, type DateClaim } from './dates.js';
import { followRef, isObject, type JsonObject, type OpenApiDocument } from './document.js';
import { childPointer, pointer, type DocumentProblem } from './pointer.js';

/*
 * One walk over `paths`: every operation (deprecated or not, the diff needs both), the deprecation
 * markers it carries, and the deprecated parameters. A malformed marker is a problem named by its
 * JSON pointer; the walk goes on with the rest.
 */

const OPERATION_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;

export interface OperationRecord {
  /** Upper case: GET, POST, …, HEAD, OPTIONS, TRACE. */
  method: string;
  /** The path as the document writes it (`/zones/{zone_id}/…`). */
  path: string;
  pointer: string;
  /** `deprecated: true` or any deprecation extension. */
  deprecated: boolean;
  /** The `x-cfDeprecation` id, as written. */
  deprecationId?: string;
  dates: DateClaim[];
  /** `x-stainless-deprecation-message`, else `x-cfDeprecation.description`. */
  message?: string;
  summary?: string;
  tags: string[];
  docsUrl?: string;
}

export interface DeprecatedParameter {
  pointer: string;
  path: string;
  /** Undefined for a path-level parameter (every operation of the path). */
  method?: string;
  name: string;
  in: string;
  dates: DateClaim[];
}

export interface CollectedDeprecations {
  operations: OperationRecord[];
  parameters: DeprecatedParameter[];
  /** Malformed extension values; the operation is still read without them. */
  problems: DocumentProblem[];
}

export function collectDeprecations(document: OpenApiDocument): CollectedDeprecations {
  const result: CollectedDeprecations = { operations: [], parameters: [], problems: [] };
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const itemPointer = pointer('paths', path);
    const item = followRef(document.root, rawItem);
    if (!isObject(item)) {
      result.problems.push({ pointer: itemPointer, message: 'a path item must be an object; skipped' });
      continue;
    }
    collectParameters(document.root, item, itemPointer, path, undefined, result);
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const operationPointer = childPointer(itemPointer, method);
      if (!isObject(operation)) {
        result.problems.push({ pointer: operationPointer, message: 'an operation must be an object; skipped' });
        continue;
      }
      result.operations.push(readOperation(operation, operationPointer, path, method.toUpperCase(), result.problems));
      collectParameters(document.root, operation, operationPointer, path, method.toUpperCase(), result);
    }
  }
  return result;
}

function readOperation(
  operation: JsonObject,
  at: string,
  path: string,
  method: string,
  problems: DocumentProblem[],
): OperationRecord {
  const record: OperationRecord = {
    method,
    path,
    pointer: at,
    deprecated: operation['deprecated'] === true,
    dates: [],
    tags: [],
  };
  if (typeof operation['summary'] === 'string' && operation['summary'].trim())
    record.summary = operation['summary'].trim();
  if (Array.isArray(operation['tags'])) record.tags = operation['tags'].filter((tag) => typeof tag === 'string');
  const externalDocs = operation['externalDocs'];
  if (isObject(externalDocs) && typeof externalDocs['url'] === 'string') record.docsUrl = externalDocs['url'];

  readCfDeprecation(operation, record, problems);
  const sunset = readSunset(operation, at, problems);
  if (sunset) record.dates.push(sunset);
  if (operation['x-sunset'] !== undefined) record.deprecated = true;
  readForgeSunset(operation, record, problems);
  readStainlessMessage(operation, record, problems);
  return record;
}

/** `x-cfDeprecation: { id, eol?, display?, description? }`; `display` says nothing about the schedule. */
function readCfDeprecation(operation: JsonObject, record: OperationRecord, problems: DocumentProblem[]): void {
  const cf = operation['x-cfDeprecation'];
  if (cf === undefined) return;
  const at = childPointer(record.pointer, 'x-cfDeprecation');
  if (!isObject(cf)) {
    problems.push({ pointer: at, message: `must be an object { id, eol?, display?, description? }, got ${show(cf)}` });
    return;
  }
  record.deprecated = true;
  if (typeof cf['id'] === 'string' && /[A-Za-z0-9]/.test(cf['id'])) record.deprecationId = cf['id'];
  else problems.push({ pointer: childPointer(at, 'id'), message: `must be a non-empty string, got ${show(cf['id'])}` });
  if (cf['eol'] !== undefined) {
    const day = calendarDay(cf['eol']);
    const eolPointer = childPointer(at, 'eol');
    if (day) record.dates.push({ source: 'x-cfDeprecation.eol', day, pointer: eolPointer });
    else
      problems.push({
        pointer: eolPointer,
        message: `must be a date written YYYY-MM-DD, got ${show(cf['eol'])}`,
        invalidDate: true,
      });
  }
  if (typeof cf['description'] === 'string' && cf['description'].trim()) record.message ??= cf['description'].trim();
}

/** `x-forge-sunset: { date }`, an ISO 8601 date-time read as its UTC day. */
function readForgeSunset(operation: JsonObject, record: OperationRecord, problems: DocumentProblem[]): void {
  const forge = operation['x-forge-sunset'];
  if (forge === undefined) return;
  if (!isObject(forge)) {
    const at = childPointer(record.pointer, 'x-forge-sunset');
    problems.push({ pointer: at, message: `must be an object { date }, got ${show(forge)}` });
    return;
  }
  record.deprecated = true;
  const at = childPointer(record.pointer, 'x-forge-sunset', 'date');
  const day = utcDayOfDateTime(forge['date']);
  if (day) record.dates.push({ source: 'x-forge-sunset', day, pointer: at });
  else
    problems.push({
      pointer: at,
      message: `must be an ISO 8601 date-time, got ${show(forge['date'])}`,
      invalidDate: true,
    });
}

/** Free text, preferred over `x-cfDeprecation.description` as the replacement. */
function readStainlessMessage(operation: JsonObject, record: OperationRecord, problems: DocumentProblem[]): void {
  const message = operation['x-stainless-deprecation-message'];
  if (message === undefined) return;
  if (typeof message === 'string' && message.trim()) {
    record.message = message.trim();
    record.deprecated = true;
  } else
    problems.push({
      pointer: childPointer(record.pointer, 'x-stainless-deprecation-message'),
      message: `must be a non-empty string, got ${show(message)}`,
    });
}

function readSunset(node: JsonObject, at: string, problems: DocumentProblem[]): DateClaim | undefined {
  if (node['x-sunset'] === undefined) return undefined;
  const sunsetPointer = childPointer(at, 'x-sunset');
  const day = calendarDay(node['x-sunset']);
  if (day) return { source: 'x-sunset', day, pointer: sunsetPointer };
  problems.push({
    pointer: sunsetPointer,
    message: `must be a date written YYYY-MM-DD, got ${show(node['x-sunset'])}`,
    invalidDate: true,
  });
  return undefined;
}

function collectParameters(
  root: JsonObject,
  owner: JsonObject,
  at: string,
  path: string,
  method: string | undefined,
  result: CollectedDeprecations,
): void {
  const parameters = owner['parameters'];
  if (!Array.isArray(parameters)) return;
  parameters.forEach((raw, index) => {
    const parameterPointer = childPointer(at, 'parameters', index);
    const parameter = followRef(root, raw);
    if (!isObject(parameter)) return;
    const sunset = readSunset(parameter, parameterPointer, result.problems);
    if (parameter['deprecated'] !== true && !sunset) return;
    result.parameters.push({
      pointer: parameterPointer,
      path,
      ...(method ? { method } : {}),
      name: typeof parameter['name'] === 'string' ? parameter['name'] : '(unnamed)',
      in: typeof parameter['in'] === 'string' ? parameter['in'] : '(unknown)',
      dates: sunset ? [sunset] : [],
    });
  });
}

function show(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
