import type { PatternPart } from './pattern.js';
import type { PathTemplate } from './template.js';

/**
 * Does some filling of the holes make `path` an instance of `template`?
 *
 * The template is an automaton over characters (`:param` = one or more non-slash characters);
 * the pattern is run through it. A hole may stand only for (part of) a parameter segment, or
 * trail after the template's end (a query string, say); it never produces the template's literal
 * text, so `/settings/${id}` is not claimed to be `/settings/brotli`, and
 * `/zones/${id}/firewall/access_rules/rules` is not `/zones/:zone_id/firewall/rules`.
 * `path` is relative to the API base, without a leading slash (see normalizeApiUrl).
 */
export function matchPathTemplate(path: readonly PatternPart[], template: PathTemplate): boolean {
  return templateMatch(path, template) !== undefined;
}

/**
 * How `path` matches `template`: `exact`, or `prefix` when only an unknown part after the
 * template's end (`/firewall/waf/packages${rest}`) lets it match; undefined when it does not.
 */
export function templateMatch(
  path: readonly PatternPart[],
  template: PathTemplate,
  options: { subtree?: boolean } = {},
): 'exact' | 'prefix' | undefined {
  if (!mayContainLiterals(path, template)) return undefined;
  const tokens = tokensOf(template);
  const end = 2 * tokens.length;
  const tail = end + 1;
  // Below the template (`subtree`): `/` after its end, then anything.
  const below = options.subtree ? end + 2 : undefined;
  let states = new Set<number>([0]);
  const last = path.length - 1;
  for (let index = 0; index <= last && states.size > 0; index++) {
    const part = path[index]!;
    if (part.kind === 'text') {
      // A trailing slash does not change the resource.
      const value = index === last ? part.text.replace(/\/+$/, '') : part.text;
      states = stepText(states, value, tokens, end, below);
    } else if (part.kind === 'hole') {
      states = stepHole(states, tokens, end, below ?? tail);
    } else {
      const next = new Set<number>();
      for (const option of part.options)
        for (const state of stepText(states, index === last ? option.replace(/\/+$/, '') : option, tokens, end, below))
          next.add(state);
      states = next;
    }
  }
  if (below !== undefined && states.has(below)) return 'exact';
  return states.has(end) ? 'exact' : states.has(tail) ? 'prefix' : undefined;
}

const literalCache = new WeakMap<PathTemplate, string[]>();

/**
 * A quick necessary condition before running the automaton: holes never produce the template's
 * literal text, so each literal segment must be written in the path's text between two holes.
 * Most templates fail it at once. Paths with choices are left to the automaton (a segment may span
 * a choice and the text after it).
 */
function mayContainLiterals(path: readonly PatternPart[], template: PathTemplate): boolean {
  let literals = literalCache.get(template);
  if (!literals) {
    literals = template.segments.flatMap((segment) => (segment.kind === 'literal' ? [segment.text] : []));
    literalCache.set(template, literals);
  }
  const { text, choice } = pathTextOf(path);
  if (choice) return true;
  for (let i = 0; i < literals.length; i++) if (!text.includes(literals[i]!)) return false;
  return true;
}

/** One path is matched against every template: its text is joined, and its choices looked for, once. */
const textCache = new WeakMap<readonly PatternPart[], { text: string; choice: boolean }>();

/**
 * A path's text, its holes as U+0000, and whether it holds a choice; one per path, kept while the
 * path lives. Text a template needs (a literal segment, and so a part's text) is a substring of it.
 */
export function pathTextOf(path: readonly PatternPart[]): { text: string; choice: boolean } {
  let known = textCache.get(path);
  if (!known) {
    let text = '';
    let choice = false;
    for (const part of path) {
      if (part.kind === 'choice') choice = true;
      text += part.kind === 'text' ? part.text : '\u0000';
    }
    known = { text, choice };
    textCache.set(path, known);
  }
  return known;
}

const PARAM = null;
type Token = string | typeof PARAM;
const tokenCache = new WeakMap<PathTemplate, Token[]>();

function tokensOf(template: PathTemplate): Token[] {
  let tokens = tokenCache.get(template);
  if (!tokens) {
    tokens = [];
    template.segments.forEach((segment, index) => {
      if (index > 0) tokens!.push('/');
      if (segment.kind === 'param') tokens!.push(PARAM);
      else for (const char of segment.text) tokens!.push(char);
    });
    tokenCache.set(template, tokens);
  }
  return tokens;
}

// State 2i: about to read token i. State 2i+1: inside parameter token i, one or more characters read.
function close(states: Set<number>): Set<number> {
  for (const state of states) if (state % 2 === 1) states.add(state + 1);
  return states;
}

function stepText(start: Set<number>, value: string, tokens: Token[], end: number, below?: number): Set<number> {
  let states = close(new Set(start));
  for (const char of value) {
    const next = new Set<number>();
    for (const state of states) {
      if (state >= end) {
        if (below !== undefined && (state === below || (state === end && char === '/'))) next.add(below);
        continue;
      }
      const token = tokens[state >> 1];
      if (state % 2 === 1) {
        if (char !== '/') next.add(state);
      } else if (token === PARAM) {
        if (char !== '/') next.add(state + 1);
      } else if (token === char) {
        next.add(state + 2);
      }
    }
    states = close(next);
    if (states.size === 0) break;
  }
  return states;
}

function stepHole(start: Set<number>, tokens: Token[], end: number, tail: number): Set<number> {
  const next = new Set<number>();
  for (const state of close(new Set(start))) {
    if (state >= end) next.add(tail);
    else if (state % 2 === 1) next.add(state);
    else if (tokens[state >> 1] === PARAM) next.add(state + 1);
  }
  return close(next);
}
