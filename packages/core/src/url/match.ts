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
  let states: States = [0];
  const last = path.length - 1;
  for (let index = 0; index <= last && states.length > 0; index++) {
    const part = path[index]!;
    if (part.kind === 'text') {
      // A trailing slash does not change the resource.
      const value = index === last ? part.text.replace(/\/+$/, '') : part.text;
      states = stepText(states, value, tokens, end, below);
    } else if (part.kind === 'hole') {
      states = stepHole(states, tokens, end, below ?? tail);
    } else {
      const next: States = [];
      for (const option of part.options)
        for (const state of stepText(states, index === last ? option.replace(/\/+$/, '') : option, tokens, end, below))
          addState(next, state);
      states = next;
    }
  }
  if (below !== undefined && states.includes(below)) return 'exact';
  return states.includes(end) ? 'exact' : states.includes(tail) ? 'prefix' : undefined;
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

/** A template as the automaton reads it: one token per UTF-16 unit of its literal text, `PARAM` per parameter. */
const PARAM = -1;
const SLASH = 0x2f;
const tokenCache = new WeakMap<PathTemplate, number[]>();

function tokensOf(template: PathTemplate): number[] {
  let tokens = tokenCache.get(template);
  if (!tokens) {
    tokens = [];
    template.segments.forEach((segment, index) => {
      if (index > 0) tokens!.push(SLASH);
      if (segment.kind === 'param') tokens!.push(PARAM);
      else for (let at = 0; at < segment.text.length; at++) tokens!.push(segment.text.charCodeAt(at));
    });
    tokenCache.set(template, tokens);
  }
  return tokens;
}

// State 2i: about to read token i. State 2i+1: inside parameter token i, one or more characters read.
// A set of states is a short array (a handful at most): an array per character read costs far less
// than a `Set` did.
type States = number[];

function addState(states: States, state: number): void {
  if (!states.includes(state)) states.push(state);
}

function close(states: States): States {
  // States added meanwhile are looked at too (as a Set's iteration would).
  for (let at = 0; at < states.length; at++) if (states[at]! % 2 === 1) addState(states, states[at]! + 1);
  return states;
}

function stepText(start: States, value: string, tokens: number[], end: number, below?: number): States {
  let states = close([...start]);
  for (let at = 0; at < value.length; at++) {
    const char = value.charCodeAt(at);
    const next: States = [];
    for (const state of states) {
      if (state >= end) {
        if (below !== undefined && (state === below || (state === end && char === SLASH))) addState(next, below);
        continue;
      }
      const token = tokens[state >> 1];
      if (state % 2 === 1) {
        if (char !== SLASH) addState(next, state);
      } else if (token === PARAM) {
        if (char !== SLASH) addState(next, state + 1);
      } else if (token === char) {
        addState(next, state + 2);
      }
    }
    states = close(next);
    if (states.length === 0) break;
  }
  return states;
}

function stepHole(start: States, tokens: number[], end: number, tail: number): States {
  const next: States = [];
  for (const state of close([...start])) {
    if (state >= end) addState(next, tail);
    else if (state % 2 === 1) addState(next, state);
    else if (tokens[state >> 1] === PARAM) addState(next, state + 1);
  }
  return close(next);
}
