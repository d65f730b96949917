import { UsageError } from './io.js';

/** `--openapi FILE`, which `schedule import` and `schedule diff` both require. */
export const OPENAPI_OPTION = {
  openapi: {
    type: 'string',
    value: 'FILE',
    help: 'The OpenAPI document (JSON, or YAML by its .yaml/.yml name)',
  },
} as const;

export function requireOpenApi(value: string | undefined): string {
  if (value === undefined || value === '')
    throw new UsageError('--openapi FILE is required (an OpenAPI 3.0/3.1 JSON document)');
  return value;
}
