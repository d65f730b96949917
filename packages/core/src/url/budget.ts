/**
 * What the values of one file may cost (issue 27). A value built by concatenation, a helper
 * instantiated at a call, a choice of texts or the branches of a conditional can each be far larger
 * than the code that builds it: a constant that doubles the one before it (`a1 = a0 + a0`, sixty
 * times) is 2^60 characters, a chain of conditionals over the one before 2^40 branches, ten
 * thousand reads of a 48 KB constant half a gigabyte of facts. Each file therefore has a budget,
 * proportional to its size, that every value built and every fact made while reading it draws
 * from. Within the budget a value may grow to `LARGE_VALUE`; once the budget is spent, only values
 * of an ordinary URL's size (`ORDINARY_VALUE`) are still built. A value past its limit becomes
 * unknown (a hole) where it is built, and only there: the values of ordinary code around it are
 * small, so their findings survive. Time and memory stay linear in the file's size whatever its
 * shape.
 *
 * Parts are shared, never copied, from the values they come from; what a new value costs is what
 * it holds: its characters, and `PIECE_COST` for each part, text span and option of a choice in it
 * (nested branches of a conditional included, so a tree of branches counts as large as a walk over
 * it would be).
 */

/** How large a value may be: characters of text, and pieces (parts, spans, options, nested ones too). */
export interface ValueLimit {
  readonly text: number;
  readonly pieces: number;
}

/** While the file's budget lasts: past this a value is no URL any code sends. */
export const LARGE_VALUE: ValueLimit = { text: 64 * 1024, pieces: 512 };
/** Once the budget is spent: the size of an ordinary URL, so ordinary code loses nothing. */
export const ORDINARY_VALUE: ValueLimit = { text: 2 * 1024, pieces: 64 };

/** One piece (a part, a span, an option) costs as much as this many characters. */
export const PIECE_COST = 16;
/** Every file may spend at least this much, however small it is. */
const MIN_BUDGET = 2 * 1024 * 1024;
/** And this much per character of its source. */
const BUDGET_PER_SOURCE_CHAR = 8;

export class ValueBudget {
  private left: number;
  /** How many values were left unknown because they were past the limit of the moment. */
  cut = 0;
  /**
   * Where the first value was left unknown: the start offset of the innermost expression being read
   * when it was (see `noteCutPlace`); what the diagnostic of the cut points at.
   */
  firstCutAt: number | undefined;

  constructor(sourceLength: number) {
    this.left = Math.max(MIN_BUDGET, BUDGET_PER_SOURCE_CHAR * sourceLength);
  }

  get limit(): ValueLimit {
    return this.left > 0 ? LARGE_VALUE : ORDINARY_VALUE;
  }

  /** Whether a value of this size may be built now; if so it is paid for, otherwise counted as cut. */
  admit(text: number, pieces: number): boolean {
    const limit = this.limit;
    if (text > limit.text || pieces > limit.pieces) {
      this.cut++;
      return false;
    }
    this.left -= text + PIECE_COST * pieces;
    return true;
  }
}

let active: ValueBudget | undefined;

/**
 * Runs `read` with `budget` as the budget of every value built meanwhile (reading one file, or
 * resolving one file's facts across files). Outside of any, values are held to `LARGE_VALUE` only.
 */
export function withValueBudget<T>(budget: ValueBudget, read: () => T): T {
  const outer = active;
  active = budget;
  try {
    return read();
  } finally {
    active = outer;
  }
}

/** The limit a value built now is held to. */
export function valueLimit(): ValueLimit {
  return active?.limit ?? LARGE_VALUE;
}

/** How many values the budget of the moment has left unknown so far. */
export function valuesCut(): number {
  return active?.cut ?? 0;
}

/**
 * Called once the expression starting at `at` is read, with `valuesCut()` of before: a value cut
 * meanwhile was cut there (the innermost expression is done first, so it is the one kept).
 */
export function noteCutPlace(cutsBefore: number, at: number): void {
  if (active && active.cut !== cutsBefore && active.firstCutAt === undefined) active.firstCutAt = at;
}

/** What the budget left unknown: how many values, and where the first one was; undefined when none. */
export function cutsOf(budget: ValueBudget): ValuesCut | undefined {
  return budget.cut > 0 ? { count: budget.cut, at: budget.firstCutAt ?? 0 } : undefined;
}

/** Values a file's budget left unknown (`FileFacts.valuesCut`): reported as a diagnostic by both engines. */
export interface ValuesCut {
  /** How many values were cut. */
  readonly count: number;
  /** The start offset of the innermost expression being read when the first one was. */
  readonly at: number;
}

/**
 * The text both engines report a cut with (the scanner's `value-budget` diagnostic, the ESLint
 * plugin's report at the place): what was lost, so that no one reads the file's silence as clean.
 */
export function valuesCutMessage(cut: ValuesCut, from: 'file' | 'other modules' = 'file'): string {
  if (from === 'other modules') {
    // The scanner's graph step: values other modules hand in, cut where this file needed them.
    const which =
      cut.count === 1
        ? 'a value from other modules left unknown here'
        : `${cut.count} values from other modules left unknown, the first here`;
    return (
      `${which}: larger than the value budget of this file's cross-file resolution allows (a constant ` +
      `that doubles the one before across modules), so a deprecated path built into it is not reported`
    );
  }
  const which = cut.count === 1 ? 'a value left unknown here' : `${cut.count} values left unknown, the first here`;
  return (
    `${which}: larger than the file's value budget allows (a constant that doubles the one before, ` +
    `helpers that multiply their requests), so a deprecated path built into it is not reported`
  );
}

/** A value past the limit was left unknown. */
export function cutValue(): void {
  if (active) active.cut++;
}

/** Whether a value of this size may be built now (and pays for it); see `ValueBudget.admit`. */
export function admitValue(text: number, pieces: number): boolean {
  if (active) return active.admit(text, pieces);
  return text <= LARGE_VALUE.text && pieces <= LARGE_VALUE.pieces;
}
