import type { Catalogue } from '../catalogue/types.js';
import type { Confidence } from '../findings/finding.js';
import type { Term } from './detector.js';

// How a term of a detector's route is looked for in a file's text; shared by the one-file
// prefilter (prefilter.ts) and the cross-file one (cross-file-prefilter.ts).

/**
 * What may stand between a receiver's name and the member read from it, as receiverName in
 * read/property-reads.ts sees through it: `records[0]`, `getRecord()`, `(record as SrvRecord)`,
 * `record!`, `record?.`; then `.name` or `['name']`.
 *
 * Matching stays linear in the text: the type after `as` is taken whole (`(?=(…))\k<…>` is an
 * atomic group), so `x as A as B as C …` is not split every possible way (that was exponential).
 */
const RECEIVER_TAIL = String.raw`(?:\s*(?:\[[^\]\n]*\]|\([^)\n]*\)|\)|!|\s(?:as|satisfies)\s(?=(?<castType>[^)\n]*))\k<castType>))*\s*`;

/** Escape sequences that can write a letter of a word in a string or an identifier. */
export const ESCAPES = /\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|u\{[0-9a-f]+\}|[0-7]{1,3}|\r?\n)/gi;

/** The text with every such escape replaced by what it stands for (a superset view of the file's words). */
export function decodeEscapes(source: string): string {
  return source.replace(
    /\\(?:x([0-9a-f]{2})|u([0-9a-f]{4})|u\{([0-9a-f]+)\}|([0-7]{1,3})|\r?\n)/gi,
    (_, x, u, braced, octal) => {
      const code = parseInt(x ?? u ?? braced ?? octal ?? '', x || u || braced ? 16 : 8);
      return Number.isNaN(code) ? '' : code > 0x10ffff ? '' : String.fromCodePoint(code);
    },
  );
}

/**
 * The text around each escape sequence, `reach` characters on either side, decoded; '' when the
 * file has no escape. A word of at most `reach` characters that an escape helps write lies whole in
 * one of these windows: only they need reading again.
 */
export function decodedNearEscapes(source: string, reach: number): string {
  ESCAPES.lastIndex = 0;
  let windows = '';
  let end = Number.NEGATIVE_INFINITY;
  for (let hit = ESCAPES.exec(source); hit; hit = ESCAPES.exec(source)) {
    const start = hit.index - reach;
    const next = hit.index + hit[0].length + reach;
    // Overlapping windows continue one another, so a term across them stays whole.
    windows += start <= end ? source.slice(end, next) : `\n${source.slice(Math.max(0, start), next)}`;
    end = next;
  }
  return windows === '' ? '' : decodeEscapes(windows);
}

export function termSource(term: Term): string {
  const escaped = term.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return term.wholeWord ? `\\b${escaped}\\b` : escaped;
}

export function termCheck(term: Term): (source: string) => boolean {
  if (!term.ignoreCase && !term.wholeWord && !term.accessed) return (source) => source.includes(term.text);
  let pattern = termSource(term);
  if (term.accessed) {
    const accessed = term.accessed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // A word that holds the term anywhere is matched from its end, looking behind for the term: from
    // its start (`term\w*`), every occurrence in a long word would rescan the word (quadratic).
    pattern = `${term.wholeWord ? pattern : `(?!\\w)(?<=${pattern}\\w*)`}${RECEIVER_TAIL}(?:\\??\\.\\s*${accessed}\\b|(?:\\?\\.)?\\[\\s*['"\`]${accessed}['"\`])`;
  }
  const regex = new RegExp(pattern, term.ignoreCase ? 'i' : '');
  return (source) => regex.test(source);
}

/**
 * One regular-expression pass that finds which of these words (lower case) a text holds, in any
 * case (a superset of the words that need case). The pass sees one word per place, so where a word
 * is found, every word it contains counts as found too. `wholeWord` keys must stand as words.
 */
export function wordFinder(
  keys: Iterable<string>,
  wholeWord: (key: string) => boolean,
): (source: string) => Set<string> {
  const { gate, contained } = wordGate(keys, wholeWord);
  return (source) => {
    const found = new Set<string>();
    gate.lastIndex = 0;
    for (let hit = gate.exec(source); hit; hit = gate.exec(source)) {
      for (const key of contained.get(hit[0].toLowerCase()) ?? []) found.add(key);
      gate.lastIndex = hit.index + 1;
    }
    return found;
  };
}

/**
 * Whether `test` holds for some word of `wordFinder`'s set, each word asked once, in the order the
 * text holds them: the pass stops at the first that holds (a file of API client code names a path
 * in its first lines), where `wordFinder` reads the whole text.
 */
export function someWord(
  keys: Iterable<string>,
  wholeWord: (key: string) => boolean,
): (source: string, test: (key: string) => boolean) => boolean {
  const { gate, contained } = wordGate(keys, wholeWord);
  return (source, test) => {
    const asked = new Set<string>();
    gate.lastIndex = 0;
    for (let hit = gate.exec(source); hit; hit = gate.exec(source)) {
      for (const key of contained.get(hit[0].toLowerCase()) ?? []) {
        if (asked.has(key)) continue;
        asked.add(key);
        if (test(key)) return true;
      }
      gate.lastIndex = hit.index + 1;
    }
    return false;
  };
}

function wordGate(keys: Iterable<string>, wholeWord: (key: string) => boolean) {
  const sorted = [...new Set(keys)].sort((a, b) => b.length - a.length);
  const gate = new RegExp(sorted.map((key) => termSource({ text: key, wholeWord: wholeWord(key) })).join('|'), 'gi');
  const contained = new Map(sorted.map((key) => [key, sorted.filter((other) => key.includes(other))]));
  return { gate, contained };
}

/** A prefilter built once per catalogue (the settings' object) and confidence. */
export function perCatalogue<T>(build: (catalogue: Catalogue, minConfidence: Confidence) => T) {
  const built = new WeakMap<Catalogue, Map<Confidence, T>>();
  return (catalogue: Catalogue, minConfidence: Confidence): T => {
    let byConfidence = built.get(catalogue);
    if (!byConfidence) built.set(catalogue, (byConfidence = new Map()));
    if (!byConfidence.has(minConfidence)) byConfidence.set(minConfidence, build(catalogue, minConfidence));
    return byConfidence.get(minConfidence)!;
  };
}
