import { concatPatterns, hole, sliceText, type PatternPart, type UrlPattern } from './pattern.js';

/**
 * Placeholders of string-template engines written inside a path: lodash/EJS/ERB `<%= zone %>`,
 * `<%- zone %>`, and Mustache/Handlebars/Jinja `{{ zone }}`. Unlike `:zone_id` or `{zone_id}` they
 * may hold spaces, which would read as prose; they stand for a value filled in later, as a hole does.
 */
const ENGINE_PLACEHOLDER = /<%[=-]?[^%]*%>|\{\{[^{}]*\}\}/g;

/** The pattern with each template-engine placeholder in its text turned into a hole. */
export function holesForEnginePlaceholders(pattern: UrlPattern): PatternPart[] {
  if (!pattern.some((part) => part.kind === 'text' && (part.text.includes('<%') || part.text.includes('{{'))))
    return [...pattern];
  return concatPatterns(
    ...pattern.map((part): PatternPart[] => {
      if (part.kind !== 'text') return [part];
      const pieces: PatternPart[] = [];
      let from = 0;
      for (const found of part.text.matchAll(ENGINE_PLACEHOLDER)) {
        pieces.push(sliceText(part, from, found.index), hole());
        from = found.index + found[0].length;
      }
      pieces.push(sliceText(part, from));
      return pieces;
    }),
  );
}
