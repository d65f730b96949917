import { UsageError } from '../io.js';
import { OpenApiError, readOpenApiDocument, type OpenApiDocument } from '../../schedule-sync/document.js';

/** --openapi FILE, which both subcommands require. */
export function requireOpenApi(value: string | undefined): string {
  if (value === undefined || value === '')
    throw new UsageError('--openapi FILE is required (an OpenAPI 3.0/3.1 JSON document)');
  return value;
}

/** The document, or a usage error (exit 2) naming the file and the place. */
export function openApiDocument(cwd: string, file: string): OpenApiDocument {
  try {
    return readOpenApiDocument(cwd, file);
  } catch (error) {
    if (error instanceof OpenApiError) throw new UsageError(error.message);
    throw error;
  }
}
