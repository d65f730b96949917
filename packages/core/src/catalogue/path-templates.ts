import { CatalogueError } from './errors.js';
import type { CatalogueEntryData } from './types.js';

/** A parameter segment's name: `:zone_id` or `{zone_id}`. */
const PARAM = /^(?::([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})$/;

/**
 * What the schema's pattern lets through but is no path template: a dot segment (`..`, which a URL
 * never keeps), a segment half literal and half parameter (`{zone_id`, `:`, `a:b`, `{a}{b}`), or a
 * template without any literal segment (it would claim every path of its length). Each path of an
 * entry's endpoints (`match.endpoints`, `match.fields[].endpoints`) is checked; the error names the
 * file, the entry and the field.
 */
export function assertPathTemplates(entry: CatalogueEntryData, file: string): void {
  const endpoints = [
    ...(entry.match.endpoints ?? []).map((endpoint, i) => ({
      path: endpoint.path,
      field: `match.endpoints.${i}.path`,
    })),
    ...(entry.match.fields ?? []).flatMap((field, i) =>
      (field.endpoints ?? []).map((endpoint, j) => ({
        path: endpoint.path,
        field: `match.fields.${i}.endpoints.${j}.path`,
      })),
    ),
  ];
  for (const { path, field } of endpoints) {
    const problem = templateProblem(path);
    if (problem)
      throw new CatalogueError(
        `${file}: entry '${entry.id}': field '${field}' is not a path template: ${problem}, got ${JSON.stringify(path)}`,
        file,
        entry.id,
        field,
      );
  }
}

function templateProblem(path: string): string | undefined {
  const segments = path.replace(/^\//, '').split('/');
  let literals = 0;
  for (const segment of segments) {
    if (segment === '.' || segment === '..') return `'${segment}' is a dot segment, which no request URL keeps`;
    if (/[{}:]/.test(segment)) {
      if (!PARAM.test(segment)) return `segment '${segment}' is neither literal text nor a parameter (:name or {name})`;
    } else literals++;
  }
  return literals === 0 ? 'it has no literal segment, so it would match every path of its length' : undefined;
}
