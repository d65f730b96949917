// Many words looked for in one pass over a text: an Aho–Corasick automaton, built once per set of
// words and run as a table (one array read per character). The prefilters ask it of every file a
// scan discovers; a regular expression alternating the same words, in any case, costs several
// times more per character (most files hold none of the words, so every character is read).

/**
 * Characters are read in 129 classes: each ASCII character (folded to lower case, unless the case
 * counts), and every other character as one.
 */
const CLASSES = 129;
const OTHER = 128;
const FOLD = Uint8Array.from({ length: 128 }, (_, code) => (code >= 65 && code <= 90 ? code + 32 : code));
const KEEP = Uint8Array.from({ length: 128 }, (_, code) => code);

/** `\w` of a regular expression without the `u` flag: what `\b` separates. */
function isWordCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 // _
  );
}

/** A `\b` before index `at` of `text` (the text's ends count as non-word characters). */
function boundaryAt(text: string, at: number): boolean {
  const before = at > 0 && isWordCode(text.charCodeAt(at - 1));
  const after = at < text.length && isWordCode(text.charCodeAt(at));
  return before !== after;
}

export interface WordAutomaton {
  /**
   * Calls `found` with each word the text holds and the offset just past it, in the order of those
   * ends (at one end, the longest word first); stops and returns true as soon as `found` does. A
   * word is found in any case of its ASCII letters (unless `caseCounts`); a character outside ASCII
   * stands for any such character (a superset: callers check what they find as written). Whole
   * words must stand as `\b…\b` would. Empty words are never found.
   */
  scan(text: string, found: (word: number, end: number) => boolean): boolean;
}

/**
 * A table of this many states is 129 × 4 bytes each (34 MB here): a catalogue whose words hold more
 * (thousands of added entries) is run from its trie instead, more slowly and in memory of its size.
 */
const MAX_TABLE_STATES = 65_536;

/**
 * The automaton of `words` (index = the word's number in `found`); `wholeWord[i]` for word i;
 * `caseCounts` to find each ASCII letter only as written; `maxTableStates`, past which it runs from
 * its trie rather than from a table.
 */
export function wordAutomaton(
  words: readonly string[],
  wholeWord: readonly boolean[],
  { caseCounts = false, maxTableStates = MAX_TABLE_STATES }: { caseCounts?: boolean; maxTableStates?: number } = {},
): WordAutomaton {
  const fold = caseCounts ? KEEP : FOLD;
  const classOf = (code: number) => (code < 128 ? fold[code]! : OTHER);
  // The trie: children by character class, the word ending at each state.
  const children: Array<Map<number, number>> = [new Map()];
  const ending: number[][] = [[]];
  words.forEach((word, index) => {
    let state = 0;
    for (let at = 0; at < word.length; at++) {
      const symbol = classOf(word.charCodeAt(at));
      let next = children[state]!.get(symbol);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        ending.push([]);
        children[state]!.set(symbol, next);
      }
      state = next;
    }
    if (word.length > 0) ending[state]!.push(index);
  });

  // Breadth first: each state's fallback (the longest proper suffix that is a trie state) and every
  // word ending there (its own, then its fallback's: longest first).
  const states = children.length;
  const fallback = new Int32Array(states);
  const outputs: number[][] = ending.map((own) => [...own]);
  const order: number[] = [0];
  for (let head = 0; head < order.length; head++) {
    const state = order[head]!;
    if (state !== 0) outputs[state]!.push(...outputs[fallback[state]!]!);
    for (const [symbol, child] of children[state]!) {
      let to = 0;
      if (state !== 0)
        for (let suffix = fallback[state]!; ; suffix = fallback[suffix]!) {
          const next = children[suffix]!.get(symbol);
          if (next !== undefined || suffix === 0) {
            to = next ?? 0;
            break;
          }
        }
      fallback[child] = to;
      order.push(child);
    }
  }
  // The words ending at each state, flattened: state s's are wordsAt[firstAt[s] .. firstAt[s + 1]).
  const firstAt = new Int32Array(states + 1);
  outputs.forEach((list, state) => (firstAt[state + 1] = firstAt[state]! + list.length));
  const wordsAt = Int32Array.from(outputs.flat());
  const lengths = words.map((word) => word.length);

  /** Reports the words ending at `state` where the text's character `at` ends them; true to stop. */
  const report = (text: string, at: number, state: number, found: (word: number, end: number) => boolean) => {
    const last = firstAt[state + 1]!;
    for (let slot = firstAt[state]!; slot < last; slot++) {
      const word = wordsAt[slot]!;
      if (wholeWord[word] && !(boundaryAt(text, at + 1 - lengths[word]!) && boundaryAt(text, at + 1))) continue;
      if (found(word, at + 1)) return true;
    }
    return false;
  };

  if (states > maxTableStates) {
    return {
      scan(text, found) {
        let state = 0;
        for (let at = 0; at < text.length; at++) {
          const symbol = classOf(text.charCodeAt(at));
          let next = children[state]!.get(symbol);
          while (next === undefined && state !== 0) {
            state = fallback[state]!;
            next = children[state]!.get(symbol);
          }
          state = next ?? 0;
          if (firstAt[state + 1]! > firstAt[state]! && report(text, at, state, found)) return true;
        }
        return false;
      },
    };
  }

  // The table the scan runs: indexed by a state's row plus the character itself (both cases of a
  // letter lead alike), each cell the next state's row, written as ~row where words end there. Each
  // state's row is its fallback's (done before it, in breadth-first order) with its children over it.
  const codesOf: number[][] = Array.from({ length: CLASSES }, () => []);
  for (let code = 0; code < CLASSES; code++) codesOf[classOf(code)]!.push(code);
  const table = new Int32Array(states * CLASSES);
  for (const state of order) {
    const row = state * CLASSES;
    if (state !== 0) {
      const from = fallback[state]! * CLASSES;
      table.copyWithin(row, from, from + CLASSES);
    }
    for (const [symbol, child] of children[state]!) {
      const cell = firstAt[child + 1]! > firstAt[child]! ? ~(child * CLASSES) : child * CLASSES;
      for (const code of codesOf[symbol]!) table[row + code] = cell;
    }
  }

  return {
    scan(text, found) {
      let row = 0;
      for (let at = 0; at < text.length; at++) {
        const code = text.charCodeAt(at);
        const cell = table[row + (code < 128 ? code : OTHER)]!;
        if (cell >= 0) {
          row = cell;
          continue;
        }
        row = ~cell;
        if (report(text, at, row / CLASSES, found)) return true;
      }
      return false;
    },
  };
}
