/**
 * The grep floor: a path of the catalogue written in the code is a finding by its text alone.
 *
 * The evaluator follows values into requests and knows the method, the client and where the path
 * is sent; where it cannot follow (a shape it was never taught: segments handed to an unknown
 * joiner, a resource class's path property, a tagged template, a value passed through modules it
 * does not resolve), the written text is still the evidence a person with `grep` would use. Every
 * string, template and array of segments whose text holds a *window* of an endpoint template (the
 * run a person would grep for: `firewall/rules`, `rate_limits`, `analytics/dashboard`; a generic
 * word such as `filters` or `tunnels` only with its neighbouring segments: `zones/<id>/filters`) is
 * a finding at medium confidence, unless the reader found a silent context around it (prose, a
 * message, another host, the code's own route, a comparison). Where the evaluator reports the same
 * entry inside the same expression, its reading wins (`place/floor.ts`).
 */
import type { CatalogueEntry } from '../catalogue/types.js';
import { HOLE, type RawMatch, type WrittenPathFact } from '../facts.js';
import { compileTemplate, type PathTemplate, type TemplateSegment } from '../url/template.js';
import { words, type Route } from './detector.js';
import { hole, text, type PatternPart } from '../url/pattern.js';
import { normalizeApiUrl } from '../url/normalize.js';
import { templateMatch } from '../url/match.js';
import { escapeRegExp } from '../text/escape-regexp.js';

/** A run of a template the floor looks for, with the rest of the template it may extend over. */
interface FloorWindow {
  template: PathTemplate;
  /** Index of the window's first template segment. */
  first: number;
  /** Matches the window (and as much of the template after it as the text continues with). */
  pattern: RegExp;
  /** The window's literal words: what the reader keeps texts for (`Vocabulary.pathWords`). */
  words: string[];
}

const windowsByEntry = new WeakMap<readonly CatalogueEntry[], Map<string, FloorWindow[]>>();

/** Every entry's floor windows, by entry id. */
function floorWindows(entries: readonly CatalogueEntry[]): Map<string, FloorWindow[]> {
  let windows = windowsByEntry.get(entries);
  if (!windows) {
    const roots = scopeRoots(entries);
    windows = new Map(
      entries.map((entry) => [
        entry.id,
        [
          // A path that stays live under other methods is evidence only with a request's method.
          ...(entry.match.endpoints ?? [])
            .filter((endpoint) => !endpoint.liveMethods)
            .map((endpoint) => windowOf(compileTemplate(endpoint.path), roots)),
          ...(entry.match.segments ?? []).map((segment) => segmentWindow(segment.segment)),
        ],
      ]),
    );
    windowsByEntry.set(entries, windows);
  }
  return windows;
}

/** The literal words of each window, once each (digits too: a text writes `v1` as it is). */
export function floorWords(entries: readonly CatalogueEntry[]): string[][] {
  const byKey = new Map<string, string[]>();
  for (const windows of floorWindows(entries).values())
    for (const window of windows) byKey.set(window.words.join('/'), window.words);
  return [...byKey.values()];
}

/** Every literal word of every window. */
export function floorSegments(entries: readonly CatalogueEntry[]): string[] {
  return [...new Set([...floorWindows(entries).values()].flatMap((windows) => windows.flatMap((w) => w.words)))];
}

/**
 * First segments that start templates of more than one entry (`zones`, `accounts`): they begin
 * every path, so they never make a window distinctive on their own.
 */
function scopeRoots(entries: readonly CatalogueEntry[]): Set<string> {
  const byRoot = new Map<string, Set<string>>();
  for (const entry of entries)
    for (const endpoint of entry.match.endpoints ?? []) {
      const first = compileTemplate(endpoint.path).segments[0];
      if (first?.kind === 'literal') byRoot.set(first.text, (byRoot.get(first.text) ?? new Set()).add(entry.id));
    }
  return new Set([...byRoot].filter(([, ids]) => ids.size > 1).map(([root]) => root));
}

const isLiteral = (segment: TemplateSegment | undefined): segment is { kind: 'literal'; text: string } =>
  segment?.kind === 'literal';

/** A word that says which path it is by itself: two segments or more, or a name no prose uses (`rate_limits`). */
const distinctive = (literals: string[]) => literals.length > 1 || /[_\d]/.test(literals[0] ?? '');

function windowOf(template: PathTemplate, roots: ReadonlySet<string>): FloorWindow {
  const segments = template.segments;
  // The longest run of literal segments, a scope root at the start left out (ties: the first).
  let best: [number, number] = [0, 0];
  let start = -1;
  segments.forEach((segment, index) => {
    const usable = isLiteral(segment) && !(index === 0 && roots.has(segment.text) && segments.length > 1);
    if (usable && start < 0) start = index;
    if (start >= 0 && (!usable || index === segments.length - 1)) {
      const end = usable ? index + 1 : index;
      if (end - start > best[1] - best[0]) best = [start, end];
      start = -1;
    }
  });
  let [first, end] = best;
  const literalsIn = (from: number, to: number) =>
    segments.slice(from, to).flatMap((segment) => (isLiteral(segment) ? [segment.text] : []));
  // A generic word (`filters`) needs its neighbours: widen until a second literal is in the window.
  while (!distinctive(literalsIn(first, end)) && (first > 0 || end < segments.length)) {
    if (first > 0) first -= 1;
    else end += 1;
  }
  const source = (index: number) => {
    const segment = segments[index]!;
    return isLiteral(segment) ? escapeRegExp(segment.text) : PARAM;
  };
  let rest = '';
  for (let index = segments.length - 1; index >= end; index--) rest = `(?:/${source(index)}${rest})?`;
  const window = segments
    .slice(first, end)
    .map((_segment, offset) => source(first + offset))
    .join('/');
  return {
    template,
    first,
    pattern: new RegExp(`${BEFORE}${window}${rest}${AFTER}`, 'g'),
    words: literalsIn(first, end),
  };
}

/** A retired segment (`script_monitor`) written next to another segment. */
function segmentWindow(segment: string): FloorWindow {
  const word = escapeRegExp(segment);
  return {
    template: compileTemplate(segment),
    first: 0,
    pattern: new RegExp(`${BEFORE}(?:(?<=/)${word}|${word}(?=/))${AFTER}`, 'g'),
    words: [segment],
  };
}

/** A parameter segment: any text, or a hole. */
const PARAM = `[^/?#\\s]+`;
/** A window starts a segment: at the start, after `/`, or after a hole. */
const BEFORE = `(?<![^/${HOLE}])`;
/**
 * …and ends one: at the end, before `/`, `?`, `#`, whitespace or a hole, or before the quote or
 * parenthesis that closes it in a text holding more than a string (a command line's
 * `"https://…/filters"`, a `$(curl …/filters)`).
 */
const AFTER = `(?![^/?#\\s"'\`)${HOLE}])`;

/**
 * Where a window matched: its template and the text offset of the last literal segment the match
 * covers (the segment a finding points at, as for a request: `rules` of `firewall/rules/<id>`).
 */
function floorHit(fact: WrittenPathFact, window: FloorWindow): { at: number; length: number } | undefined {
  window.pattern.lastIndex = 0;
  let best: { at: number; length: number } | undefined;
  for (const found of fact.text.matchAll(window.pattern)) {
    const matched = found[0].split('/');
    let offset = found.index;
    let last: { at: number; length: number } | undefined;
    matched.forEach((text, i) => {
      const segment = window.template.segments[window.first + i];
      if (isLiteral(segment) && text === segment.text) last = { at: offset, length: text.length };
      offset += text.length + 1;
    });
    // The window for a bare segment has no template offsets to follow: it is the word itself.
    last ??= { at: found.index, length: found[0].length };
    best = last;
  }
  return best;
}

/** The floor's matches: one medium finding per entry and written text, where no silent context explains it. */
export function matchWrittenPaths(
  facts: readonly WrittenPathFact[],
  entries: readonly CatalogueEntry[],
  apiHosts: readonly string[],
): RawMatch[] {
  const written = facts.filter((fact) => !fact.silent);
  if (written.length === 0) return [];
  const windowsByEntry = floorWindows(entries);
  const matches: RawMatch[] = [];
  for (const entry of entries) {
    const windows = windowsByEntry.get(entry.id);
    if (!windows?.length) continue;
    const live = liveTemplates(entry);
    for (const fact of written) {
      if (namesLivePath(fact, live, apiHosts)) continue;
      let chosen: { window: FloorWindow; at: number; length: number } | undefined;
      for (const window of windows) {
        if (!window.words.every((word) => fact.text.includes(word))) continue;
        const hit = floorHit(fact, window);
        if (hit && (!chosen || hit.at > chosen.at)) chosen = { window, ...hit };
      }
      const at = chosen?.at;
      const piece = at === undefined ? undefined : fact.pieces.find(([from, to]) => from <= at && at < to);
      if (!chosen || !piece) continue;
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: [piece[2], piece[3]],
        confidence: 'medium',
        subject: `${endpointMethods(entry, chosen.window.template)} ${chosen.window.template.path}`,
        note: 'Found by the path written here; no request sending it was followed.',
        onePerPlace: true,
        floor: { root: fact.root },
      });
    }
  }
  return matches;
}

function liveTemplates(entry: CatalogueEntry): PathTemplate[] {
  return (entry.match.endpoints ?? []).filter((e) => e.liveMethods).map((e) => compileTemplate(e.path));
}

/** The text names a path that stays live under other methods: only a request's method could make it deprecated. */
function namesLivePath(fact: WrittenPathFact, live: readonly PathTemplate[], apiHosts: readonly string[]): boolean {
  if (live.length === 0) return false;
  const pattern: PatternPart[] = [];
  fact.text.split(HOLE).forEach((piece, i) => {
    if (i > 0) pattern.push(hole());
    if (piece) pattern.push(text(piece));
  });
  const normalized = normalizeApiUrl(pattern, apiHosts);
  return normalized !== undefined && live.some((template) => templateMatch(normalized.path, template) === 'exact');
}

/**
 * What a file must contain for the floor to find anything (the prefilter's routes): every literal
 * word of a window, digits left out (a number can write them: `v${1}`).
 */
export function floorRoutes(entries: readonly CatalogueEntry[]): Route[] {
  const routes: Route[] = [];
  for (const windows of floorWindows(entries).values())
    for (const window of windows) routes.push(words(...window.words.filter((word) => !/\d/.test(word))));
  return routes;
}

function endpointMethods(entry: CatalogueEntry, template: PathTemplate): string {
  const endpoint = (entry.match.endpoints ?? []).find((candidate) => compileTemplate(candidate.path) === template);
  return endpoint ? endpoint.methods.join('|') : 'any';
}
