/** Where a line ends, as ESLint ends lines: `\r\n`, `\r`, `\n`, U+2028, U+2029. */
export const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/;

/**
 * 1-based line and column from source offsets, computed once per file. Lines end as ESLint ends
 * them (`\r\n`, `\r`, `\n`, U+2028, U+2029), so both engines name the same line.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      if (char === 10 || char === 0x2028 || char === 0x2029) this.starts.push(i + 1);
      else if (char === 13 && text.charCodeAt(i + 1) !== 10) this.starts.push(i + 1);
    }
  }
  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }
}
