import type { Catalogue } from '../catalogue/types.js';
import type { Confidence } from '../findings/finding.js';
import type { Term } from './detector.js';
import { wordAutomaton } from '../text/word-automaton.js';
import { escapeRegExp } from '../text/escape-regexp.js';

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
export const RECEIVER_TAIL = String.raw`(?:\s*(?:\[[^\]\n]*\]|\([^)\n]*\)|\)|!|\s(?:as|satisfies)\s(?=(?<castType>[^)\n]*))\k<castType>))*\s*`;

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

/** What tells two terms apart where the text is looked at: their text, case and whole-word setting (`accessed` aside). */
export const termIdentity = (term: Term): string =>
  `${term.text}\u0000${term.ignoreCase ?? false}\u0000${term.wholeWord ?? false}`;

export function termSource(term: Term): string {
  const escaped = escapeRegExp(term.text);
  return term.wholeWord ? `\\b${escaped}\\b` : escaped;
}

export function termCheck(term: Term): (source: string) => boolean {
  if (!term.ignoreCase && !term.wholeWord && !term.accessed) return (source) => source.includes(term.text);
  const flags = term.ignoreCase ? 'i' : '';
  if (!term.accessed) {
    const regex = new RegExp(termSource(term), flags);
    return (source) => regex.test(source);
  }
  return accessedCheck(term as Term & { accessed: string }, flags);
}

/**
 * Whether the text reads `accessed` from an expression that ends with a word holding the term
 * (`records[0].data`, `getRecord()?.['data']`). Each place of the term is found by its literal (a
 * fast search), the word holding it is read to its end, and what follows is tried from there; a
 * word already tried is not tried again, so a long word holding the term many times is read once.
 * Before, one expression looked behind from every word's end of the text: on 7,448 generated
 * application files (30 MB), 214 ms of a 762 ms profile of reading them and running the one-file
 * prefilter (Node 24).
 */
function accessedCheck(term: Term & { accessed: string }, flags: string): (source: string) => boolean {
  const place = new RegExp(termSource(term), `g${flags}`);
  const accessed = escapeRegExp(term.accessed);
  const read = new RegExp(
    `${RECEIVER_TAIL}(?:\\??\\.\\s*${accessed}\\b|(?:\\?\\.)?\\[\\s*['"\`]${accessed}['"\`])`,
    `y${flags}`,
  );
  const restOfWord = /\w*/y;
  // A term of word characters only lies inside one word: the next place worth a look is past it.
  const wordOnly = /^\w+$/.test(term.text);
  return (source) => {
    place.lastIndex = 0;
    let tried = -1;
    for (let hit = place.exec(source); hit; hit = place.exec(source)) {
      let end = hit.index + hit[0].length;
      if (!term.wholeWord) {
        restOfWord.lastIndex = end;
        restOfWord.test(source);
        end = restOfWord.lastIndex;
      }
      if (end !== tried) {
        read.lastIndex = tried = end;
        if (read.test(source)) return true;
      }
      place.lastIndex = wordOnly ? end : hit.index + 1;
    }
    return false;
  };
}

/**
 * Which of `terms` a text holds, in one pass: a `found` array, 1 at the index of each term the text
 * holds as `termCheck` would find it (in its case unless `ignoreCase`, as a whole word where asked).
 * The pass finds every place of a term in any case, as a whole word where asked; a term whose case
 * counts is compared as written there, and a term with a character outside ASCII (which the pass
 * reads as any such character) is checked over the text once found. A term's `accessed` is not
 * looked at: that is the caller's, where the term is held.
 */
export function termFinder(terms: readonly Term[]): (source: string) => Uint8Array {
  const automaton = wordAutomaton(
    terms.map((term) => term.text.toLowerCase()),
    terms.map((term) => term.wholeWord ?? false),
  );
  const asWritten = terms.flatMap((term, index) =>
    /^[\x00-\x7f]*$/.test(term.text) ? [] : [{ index, check: termCheck({ ...term, accessed: undefined }) }],
  );
  return (source) => {
    const found = new Uint8Array(terms.length);
    automaton.scan(source, (index, end) => {
      if (found[index]) return false;
      const term = terms[index]!;
      if (term.ignoreCase || source.startsWith(term.text, end - term.text.length)) found[index] = 1;
      return false;
    });
    for (const { index, check } of asWritten) if (found[index] && !check(source)) found[index] = 0;
    return found;
  };
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
