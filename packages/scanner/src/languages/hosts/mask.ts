/**
 * A file's text with everything but some stretches blanked: spaces for every character, line
 * breaks kept. The stretches (a Dockerfile's `RUN` commands, a workflow's `run:` scripts, a
 * runbook's code blocks) are then parsed by their language's grammar as if they stood alone, and
 * every offset in that parse is an offset in the file itself: findings, suppressions and excerpts
 * need no mapping back.
 */
export class MaskedText {
  private readonly chars: string[];

  constructor(private readonly source: string) {
    this.chars = [...source].length === source.length ? source.replace(/[^\n\r]/g, ' ').split('') : blankAll(source);
  }

  /** Shows `source[start, end)` (optionally as `replacement`, of the same length). */
  show(start: number, end: number, replacement?: string): void {
    for (let i = start; i < end && i < this.chars.length; i++) {
      const c = replacement ? replacement[i - start]! : this.source[i]!;
      this.chars[i] = c;
    }
  }

  /** Shows one character as another (`$$` in a Makefile recipe is the shell's `$`). */
  set(at: number, char: string): void {
    if (at < this.chars.length) this.chars[at] = char;
  }

  get shown(): boolean {
    return this.chars.some((c) => c !== ' ' && c !== '\n' && c !== '\r');
  }

  toString(): string {
    return this.chars.join('');
  }
}

/** Blank text of the same UTF-16 length (astral characters are two code units: two spaces). */
function blankAll(source: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    out.push(c === '\n' || c === '\r' ? c : ' ');
  }
  return out;
}
