/** Path templates of the schedule (`/zones/:zone_id/firewall/rules`, `accounts/{id}/…`). */

export type TemplateSegment = { kind: 'literal'; text: string } | { kind: 'param'; name: string };

export interface PathTemplate {
  /** Canonical form: leading slash, `:name` params. */
  readonly path: string;
  readonly segments: readonly TemplateSegment[];
}

const cache = new Map<string, PathTemplate>();

/** With or without a leading slash, `:name` or `{name}`: the same template. */
export function compileTemplate(path: string): PathTemplate {
  let compiled = cache.get(path);
  if (!compiled) {
    const segments = path
      .replace(/^\/+/, '')
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment): TemplateSegment => {
        const param = /^:(.+)$/.exec(segment) ?? /^\{(.+)\}$/.exec(segment);
        return param ? { kind: 'param', name: param[1]! } : { kind: 'literal', text: segment };
      });
    compiled = { path: '/' + segments.map((s) => (s.kind === 'param' ? `:${s.name}` : s.text)).join('/'), segments };
    cache.set(path, compiled);
  }
  return compiled;
}

/**
 * A template's literal segments that any URL matching it must contain as written, except those
 * with digits (`v1`): a number can write them (`v${1}`).
 */
export function literalSegments(path: string): string[] {
  return compileTemplate(path).segments.flatMap((segment) =>
    segment.kind === 'literal' && !/\d/.test(segment.text) ? [segment.text] : [],
  );
}
