import { HTTP_METHODS, type HttpMethod } from '@sunset-lint/core/schedule';

/*
 * OpenAPI paths and the catalogue's path templates side by side: the document writes
 * `/client/v4/zones/{zone_id}/…` or `/zones/{zone_id}/…` (servers carry the base), the catalogue
 * `zones/:zone_id/…` relative to the API base. Comparison ignores parameter names.
 */

const API_BASE = /^\/?client\/v4(?=\/|$)/;
const SCHEDULE_METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

export function isScheduleMethod(method: string): method is HttpMethod {
  return SCHEDULE_METHODS.has(method);
}

/** `/client/v4/zones/{zone_id}/x` → `zones/:zone_id/x`; undefined when a segment has characters the catalogue's path syntax lacks. */
export function catalogueTemplate(openApiPath: string): string | undefined {
  const segments = withoutBase(openApiPath).split('/').filter(Boolean);
  if (segments.length === 0) return undefined;
  const converted = segments.map((segment) => {
    const parameter = /^\{([A-Za-z0-9_.-]+)\}$/.exec(segment);
    if (parameter) return `:${parameter[1]!}`;
    return /^[A-Za-z0-9_.-]+$/.test(segment) ? segment : undefined;
  });
  return converted.every((segment) => segment !== undefined) ? converted.join('/') : undefined;
}

/** A path with parameter names erased, so `zones/:zone_id/x` and `/zones/{identifier}/x` compare equal. */
export function pathKey(path: string): string {
  return withoutBase(path)
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^(?::.+|\{.+\})$/.test(segment) ? '{}' : segment))
    .join('/');
}

function withoutBase(path: string): string {
  return path.replace(API_BASE, '');
}

/** A readable, kebab-case id from a path's literal segments: `/zones/{zone_id}/firewall/rules` → `zones-firewall-rules`. */
export function idFromPath(openApiPath: string): string {
  return kebabCase(
    withoutBase(openApiPath)
      .split('/')
      .filter((segment) => segment && !segment.startsWith('{'))
      .join('-'),
  );
}

/** `bookmarks_deprecation`, `BookmarksDeprecation`, `bookmarks.deprecation` → `bookmarks-deprecation`. */
export function kebabCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
