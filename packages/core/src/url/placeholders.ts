import { concatPatterns, hole, sliceText, text, type PatternPart, type UrlPattern } from './pattern.js';

/**
 * Placeholders of string-template engines written inside a path: lodash/EJS/ERB `<%= zone %>`,
 * `<%- zone %>`, and Mustache/Handlebars/Jinja `{{ zone }}`. Unlike `:zone_id` or `{zone_id}` they
 * may hold spaces, which would read as prose; they stand for a value filled in later, as a hole does.
 * RFC 6570 expressions with an operator too: `{/section}` is a segment, `{?page,per_page}` a query
 * (dropped: its `?` would otherwise cut the path inside the braces).
 */
const ENGINE_PLACEHOLDER = /<%[=-]?[^%]*%>|\{\{[^{}]*\}\}|\{[+#./;?&][A-Za-z_][\w,.*]*\}/g;

/** The pattern with each template-engine placeholder in its text turned into a hole. */
export function holesForEnginePlaceholders(pattern: UrlPattern): PatternPart[] {
  if (!pattern.some((part) => part.kind === 'text' && (part.text.includes('<%') || part.text.includes('{'))))
    return [...pattern];
  return replaceInText(pattern, ENGINE_PLACEHOLDER, (found) => {
    const operator = found[0][0] === '{' && found[0][1] !== '{' ? found[0][1]! : '';
    if (QUERY_OPERATORS.has(operator)) return [];
    return operator === '/' ? [text('/'), hole()] : [hole()];
  });
}

/**
 * Named parameters of a path template: Express/path-to-regexp `:zoneId` (at a segment's start), and
 * RFC 6570 `{zone}`, `{+path}`, `{/section}`, `{?page,per_page}` (a query: dropped, paths are matched
 * without one).
 */
const NAMED_PLACEHOLDER = /(?<=^|\/):([A-Za-z_$][\w$]*)|\{([+#./;?&]?)([A-Za-z_][\w,.*]*)\}/g;

/** The same expression, matched once (a global expression's `test` moves its `lastIndex`). */
const HAS_NAMED_PLACEHOLDER = new RegExp(NAMED_PLACEHOLDER.source);

/** RFC 6570 operators whose expansion is a query or a fragment: not part of the path. */
const QUERY_OPERATORS: ReadonlySet<string> = new Set(['?', '&', '#', ';']);

/** Whether a pattern's text holds a named parameter a template function fills in. */
export function hasNamedPlaceholder(pattern: UrlPattern): boolean {
  return pattern.some((part) => part.kind === 'text' && HAS_NAMED_PLACEHOLDER.test(part.text));
}

/**
 * The template with each named parameter replaced by the value the call gives it (`urlcat(base,
 * '/zones/:zoneId/settings/:id', { zoneId, id: 'brotli' })`), a hole where it gives none.
 */
export function fillNamedPlaceholders(
  pattern: UrlPattern,
  valueOf: (name: string) => PatternPart[] | undefined,
): PatternPart[] {
  return replaceInText(pattern, NAMED_PLACEHOLDER, ([, colonName, operator = '', names]) => {
    if (QUERY_OPERATORS.has(operator)) return [];
    const value = valueOf(colonName ?? names!.split(',')[0]!.replace(/[*]$/, '')) ?? [hole()];
    return operator === '/' || operator === '.' ? [text(operator), ...value] : value;
  });
}

/** Each text part with every match of `found` in it replaced by what `replace` makes of the match. */
function replaceInText(
  pattern: UrlPattern,
  found: RegExp,
  replace: (match: RegExpExecArray) => PatternPart[],
): PatternPart[] {
  return concatPatterns(
    ...pattern.map((part): PatternPart[] => {
      if (part.kind !== 'text') return [part];
      const pieces: PatternPart[] = [];
      let from = 0;
      for (const match of part.text.matchAll(found)) {
        pieces.push(sliceText(part, from, match.index), ...replace(match));
        from = match.index + match[0].length;
      }
      pieces.push(sliceText(part, from));
      return pieces;
    }),
  );
}
