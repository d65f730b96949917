import { readInputFile } from '../scan/files/read-source.js';
import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import { jsonSyntaxErrorPlace } from '@sunset-lint/core/schedule';
import { InputError } from '../errors.js';

/** The OpenAPI document cannot be used at all: the message names the file (and the place). */
export class OpenApiError extends InputError {
  override readonly name = 'OpenApiError';
}

export type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  /** As the user wrote it, for messages. */
  file: string;
  root: JsonObject;
  paths: JsonObject;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an OpenAPI 3.0/3.1 document written as JSON or, by its `.yaml`/`.yml` extension, YAML (the
 * provider publishes both). The YAML parser is loaded only for a YAML document.
 */
export function readOpenApiDocument(cwd: string, file: string): OpenApiDocument {
  const read = readInputFile(resolve(cwd, file));
  if (!read.ok) throw new OpenApiError(`${file}: cannot read the OpenAPI document: ${read.errno ?? read.message}`);
  const text = read.text;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const root = /\.ya?ml$/i.test(file) ? parseYaml(file, source) : parseJson(file, source);
  if (!isObject(root)) throw new OpenApiError(`${file}: not an OpenAPI document (the top level is not an object)`);
  const version = root['openapi'];
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version)) {
    const found = typeof version === 'string' ? `"openapi": ${JSON.stringify(version)}` : 'no "openapi" version';
    const hint = 'swagger' in root ? ' (Swagger 2.0 is not supported)' : '';
    throw new OpenApiError(`${file}: not an OpenAPI 3.0/3.1 document: ${found}${hint}`);
  }
  const paths = root['paths'];
  if (!isObject(paths)) throw new OpenApiError(`${file}: /paths must be an object of path items`);
  return { file, root, paths };
}

/** A local `$ref` (`#/components/parameters/x`) followed once; other values as they are. */
export function followRef(root: JsonObject, value: unknown): unknown {
  if (!isObject(value) || typeof value['$ref'] !== 'string' || !value['$ref'].startsWith('#/')) return value;
  let at: unknown = root;
  for (const raw of value['$ref'].slice(2).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(at)) return undefined;
    at = at[token];
  }
  return at;
}

function parseJson(file: string, json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    throw new OpenApiError(`${file}${jsonSyntaxErrorPlace(json)}: not valid JSON`);
  }
}

function parseYaml(file: string, text: string): unknown {
  // Loaded here, not at the top: only `schedule import/diff` of a YAML document needs it.
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const document = yaml.parseDocument(text, { uniqueKeys: true });
  const [error] = document.errors;
  if (error) {
    const place = error.linePos ? `:${error.linePos[0].line}:${error.linePos[0].col}` : '';
    throw new OpenApiError(
      `${file}${place}: not valid YAML: ${error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`,
    );
  }
  return document.toJS({ maxAliasCount: 1000 });
}
