import { admitValue, cutValue, valueLimit } from './budget.js';

/**
 * A URL expression as the extractor sees it: literal text with holes. Code rarely holds a whole
 * literal URL; template literals, concatenation and unresolved identifiers leave unknown parts.
 */

/**
 * Where a stretch of literal text sits in the source: `text[at, at + length)` was written at
 * source offset `start`. Only exact spans (no escape sequences) can be edited in place.
 */
export interface TextSpan {
  at: number;
  length: number;
  start: number;
  exact: boolean;
  /** The source range of the string literal or template text it was written in: where findings point. */
  written: [number, number];
  /** The file it was written in, when the text travelled to another file's facts (scanner). */
  file?: string;
}

/** Where a piece of literal text comes from: its source offset, and the literal or template text holding it. */
export interface TextOrigin {
  start: number;
  exact: boolean;
  written: [number, number];
}

export interface TextPart {
  kind: 'text';
  text: string;
  spans?: TextSpan[];
}

export interface HolePart {
  kind: 'hole';
  /** The function parameter this hole stands for, inside a helper summary. */
  param?: number;
  /** Which function (its id within the file) `param` belongs to. */
  fn?: number;
  /** A value imported from another module: resolved across files by the scanner. */
  from?: { source: string; path: string[] };
  /** The hole is the result of calling what `from` names with these arguments (a URL-building helper). */
  args?: PatternPart[][];
  /** An identifier that could not be resolved in this file (an import or a global). */
  ref?: string;
  /** Member chain read from `ref` (`ref.a.b`), when the hole came from a member expression. */
  member?: string[];
  /** A rest parameter's arguments joined with this separator (`parts.join('/')` in `route(...parts)`). */
  restJoin?: string;
  /** Source range of the expression the hole stands for, so a type checker can be asked (scanner `--types`). */
  range?: [number, number];
  /**
   * One of these patterns (the branches of a conditional holding holes). Matched as an unknown
   * part; the extractor turns a fact with such a hole into one fact per branch.
   */
  alternatives?: PatternPart[][];
}

/** One of several known strings (a conditional, a map lookup with an unknown key). */
export interface ChoicePart {
  kind: 'choice';
  options: string[];
}

export type PatternPart = TextPart | HolePart | ChoicePart;
export type UrlPattern = readonly PatternPart[];

export const hole = (extra: Omit<HolePart, 'kind'> = {}): HolePart => ({ kind: 'hole', ...extra });
export const text = (value: string, origin?: TextOrigin): TextPart =>
  origin
    ? { kind: 'text', text: value, spans: [{ at: 0, length: value.length, ...origin }] }
    : { kind: 'text', text: value };

/**
 * The endpoint of a zone setting named by its id where no path is written (`settingId: 'minify'`,
 * a text's `-Setting 'minify'`): `/zones/<zone>/settings/<id>`, the id's parts where they are written.
 */
export function settingEndpoint(id: readonly PatternPart[]): PatternPart[] {
  return [text('/zones/'), hole(), text('/settings/'), ...id];
}

/** The text from `from` on, its spans shifted to match. */
export function sliceText(part: TextPart, from: number, to = part.text.length): TextPart {
  const value = part.text.slice(from, to);
  if (!part.spans) return { kind: 'text', text: value };
  const spans: TextSpan[] = [];
  for (const span of part.spans) {
    const lo = Math.max(span.at, from);
    const hi = Math.min(span.at + span.length, to);
    if (hi > lo) spans.push(movedSpan(span, lo - from, hi - lo, span.exact ? span.start + (lo - span.at) : span.start));
  }
  return { kind: 'text', text: value, spans };
}

/**
 * A span at another place of the text, written out rather than spread (`{ ...span, at }`): on Node
 * 20 the spread's generic copy made `sliceText` 0.42 s of the dense corpus's 4.5 s reader (0.05 s now).
 */
function movedSpan(span: TextSpan, at: number, length: number, start: number): TextSpan {
  const moved: TextSpan = { at, length, start, exact: span.exact, written: span.written };
  if (span.file !== undefined) moved.file = span.file;
  return moved;
}

/** The span that holds character `at` of the text. */
export function spanAt(part: TextPart, at: number): TextSpan | undefined {
  return part.spans?.find((span) => at >= span.at && at < span.at + span.length);
}

/** The source range of `text[at, at + length)` when one exact span written in `file` covers it. */
export function sourceRangeOf(part: TextPart, at: number, length: number, file?: string): [number, number] | undefined {
  for (const span of part.spans ?? []) {
    if (span.exact && span.file === file && at >= span.at && at + length <= span.at + span.length) {
      const start = span.start + (at - span.at);
      return [start, start + length];
    }
  }
  return undefined;
}

/**
 * Joins parts, merging adjacent text so matching sees whole words. The result is held to the value
 * limit of the moment (`url/budget.ts`): past it, it is unknown (a hole) as a whole.
 */
export function concatPatterns(...patterns: UrlPattern[]): PatternPart[] {
  const limit = valueLimit();
  const out: PatternPart[] = [];
  // The text part being joined: its first part as given, and once a second follows, the pieces and
  // spans gathered, made one part when something else follows (one copy, not one per piece: a
  // `.join('/')` of thousands of strings stays linear). A text alone is kept as it was (parts are
  // never changed once made): most texts of a template or a `+` chain stand between holes.
  let first: TextPart | undefined;
  let texts: string[] | undefined;
  let spans: TextSpan[] = [];
  let length = 0;
  // What the result holds: characters, and pieces (parts, spans, options, nested branches).
  let size = 0;
  let pieces = 0;
  const flush = () => {
    if (first === undefined) return;
    if (texts === undefined && first.spans?.length !== 0) out.push(first);
    else {
      const joined = texts === undefined ? first.text : texts.join('');
      out.push(spans.length > 0 ? { kind: 'text', text: joined, spans } : { kind: 'text', text: joined });
    }
    pieces++;
    first = undefined;
    texts = undefined;
    spans = [];
    length = 0;
  };
  for (const pattern of patterns) {
    for (const part of pattern) {
      // Empty text carries nothing and would hide a leading hole (`${base}/zones/…`).
      if (part.kind === 'text' && part.text === '') continue;
      if (part.kind === 'text') {
        if (first === undefined) first = part;
        else {
          if (texts === undefined) {
            texts = [first.text];
            if (first.spans) for (const span of first.spans) spans.push(span);
          }
          if (part.spans)
            for (const span of part.spans) spans.push(movedSpan(span, span.at + length, span.length, span.start));
          texts.push(part.text);
        }
        length += part.text.length;
        size += part.text.length;
        pieces += part.spans?.length ?? 0;
      } else {
        flush();
        out.push(part);
        const held = sizeOfPart(part);
        size += held.text;
        pieces += held.pieces;
      }
      // A value past the limit is no URL any code sends (`a1 = a0 + a0` doubling forty times):
      // unknown here, so that time and memory stay linear in the file whatever its shape.
      if (size > limit.text || pieces + (first !== undefined ? 1 : 0) > limit.pieces) {
        cutValue();
        return [hole()];
      }
    }
  }
  flush();
  return admitValue(size, pieces) ? out : [hole()];
}

/** What a part holds besides itself, for the value limit: a choice's options, a hole's branches and arguments. */
const heldByPart = new WeakMap<PatternPart, { text: number; pieces: number }>();

/** The characters and pieces a part holds (itself, its spans or options, and every nested pattern). */
export function sizeOfPart(part: PatternPart): { text: number; pieces: number } {
  if (part.kind === 'text') return { text: part.text.length, pieces: 1 + (part.spans?.length ?? 0) };
  if (part.kind === 'hole' && !part.alternatives && !part.args) return { text: 0, pieces: 1 };
  let held = heldByPart.get(part);
  if (held) return held;
  held = { text: 0, pieces: 1 };
  if (part.kind === 'choice') {
    for (const option of part.options) held.text += option.length;
    held.pieces += part.options.length;
  } else {
    for (const nested of [...(part.alternatives ?? []), ...(part.args ?? [])]) {
      const inner = sizeOfPattern(nested);
      held.text += inner.text;
      held.pieces += inner.pieces;
    }
  }
  heldByPart.set(part, held);
  return held;
}

/** The characters and pieces of a whole pattern (see `sizeOfPart`). */
export function sizeOfPattern(pattern: UrlPattern): { text: number; pieces: number } {
  const size = { text: 0, pieces: 0 };
  for (const part of pattern) {
    const held = sizeOfPart(part);
    size.text += held.text;
    size.pieces += held.pieces;
  }
  return size;
}

/**
 * A hole standing for one of these patterns (the branches of a conditional), when they are within
 * the value limit; a plain hole otherwise (a chain of conditionals over the one before doubles its
 * branches at each step, as a tree: every walk over them would too).
 */
export function branchesHole(branches: PatternPart[][], extra: Omit<HolePart, 'kind' | 'alternatives'> = {}): HolePart {
  const limit = valueLimit();
  let size = 0;
  let pieces = 1;
  for (const branch of branches) {
    const held = sizeOfPattern(branch);
    size += held.text;
    pieces += held.pieces;
    if (size > limit.text || pieces > limit.pieces) {
      cutValue();
      return hole(extra);
    }
  }
  return admitValue(size, pieces) ? hole({ ...extra, alternatives: branches }) : hole(extra);
}

/**
 * The texts a pattern may be when it is one of several values each written out once (a loop over a
 * table's keys, the branches of a conditional), each with where it is written; undefined otherwise.
 */
export function writtenAlternatives(
  pattern: UrlPattern,
): Array<{ text: string; written: [number, number] }> | undefined {
  const only = pattern.length === 1 ? pattern[0] : undefined;
  if (only?.kind !== 'hole' || !only.alternatives) return undefined;
  const texts: Array<{ text: string; written: [number, number] }> = [];
  for (const option of only.alternatives) {
    const [part] = option;
    if (option.length !== 1 || part?.kind !== 'text' || part.spans?.length !== 1) return undefined;
    texts.push({ text: part.text, written: part.spans[0]!.written });
  }
  return texts;
}

/**
 * The strings a value may be, when the code shows them all: its text, or each option of a choice
 * (`ip.includes(':') ? 'AAAA' : 'A'`); undefined when a part is unknown (a hole) or the value mixes
 * text with a choice.
 */
export function knownStrings(pattern: UrlPattern): string[] | undefined {
  if (pattern.length === 0) return [''];
  if (pattern.length === 1 && pattern[0]!.kind === 'choice') return [...pattern[0]!.options];
  return pattern.every((part) => part.kind === 'text')
    ? [pattern.map((part) => (part as TextPart).text).join('')]
    : undefined;
}

/**
 * Any one of several values, when each is plain text or already a choice of texts; undefined when
 * one is not. The one rule for a value the code picks without showing which: a map read with a key
 * it does not show (`SETTINGS[key]`, in a file or from another module) and a union of string
 * literal types (`--types`).
 */
export function anyOfTexts(values: ReadonlyArray<UrlPattern>): PatternPart[] | undefined {
  const options: string[] = [];
  for (const pattern of values) {
    const only = pattern.length === 1 ? pattern[0] : undefined;
    if (only?.kind === 'text') options.push(only.text);
    else if (only?.kind === 'choice') for (const option of only.options) options.push(option);
    else return undefined;
  }
  if (options.length === 0) return undefined;
  const unique = [...new Set(options)];
  // A choice of more texts than a value may hold (a map of thousands of entries) is unknown.
  const size = unique.reduce((sum, option) => sum + option.length, 0);
  if (!admitValue(size, 1 + unique.length)) return undefined;
  return unique.length === 1 ? [text(unique[0]!)] : [{ kind: 'choice', options: unique }];
}

/** Replaces function `fn`'s parameter holes with the patterns of a call's arguments. */
export function substituteParams(
  pattern: UrlPattern,
  fn: number | undefined,
  args: ReadonlyArray<UrlPattern | undefined>,
): PatternPart[] {
  return concatPatterns(
    ...pattern.map((part): UrlPattern => {
      if (part.kind === 'hole' && part.alternatives) {
        const { kind: _kind, alternatives, ...extra } = part;
        const branches = alternatives.map((branch) => substituteParams(branch, fn, args));
        return [branchesHole(branches, extra)];
      }
      if (part.kind !== 'hole' || part.param === undefined || part.fn !== fn) return [part];
      if (part.restJoin === undefined) return args[part.param] ?? [hole()];
      // The rest of the arguments, joined: unknown as a whole when one of them was not written.
      const rest = args.slice(part.param);
      if (rest.length === 0 || rest.some((arg) => arg === undefined)) return [hole()];
      const separator = text(part.restJoin);
      return concatPatterns(...rest.flatMap((arg, i) => (i === 0 ? [arg!] : [[separator], arg!])));
    }),
  );
}

/** The parameters of function `fn` that a pattern depends on. */
export function paramsUsed(pattern: UrlPattern, fn: number | undefined): number[] {
  const used = new Set<number>();
  for (const part of pattern) {
    if (part.kind === 'hole' && part.param !== undefined && part.fn === fn) used.add(part.param);
    for (const branch of part.kind === 'hole' ? (part.alternatives ?? []) : [])
      for (const param of paramsUsed(branch, fn)) used.add(param);
  }
  return [...used];
}

/** Joins a base URL and a path the way client libraries do: exactly one slash between them. */
export function joinUrl(base: PatternPart[], path: PatternPart[]): PatternPart[] {
  const last = base[base.length - 1];
  const first = path[0];
  const baseEndsWithSlash = last?.kind === 'text' && last.text.endsWith('/');
  const pathStartsWithSlash = first?.kind === 'text' && first.text.startsWith('/');
  if (first?.kind === 'text' && /^[a-z][a-z0-9+.-]*:\/\//i.test(first.text)) return path; // absolute URL wins
  if (baseEndsWithSlash && pathStartsWithSlash) return concatPatterns(base, [sliceText(first, 1)], path.slice(1));
  if (!baseEndsWithSlash && !pathStartsWithSlash && first !== undefined) return concatPatterns(base, [text('/')], path);
  return concatPatterns(base, path);
}
