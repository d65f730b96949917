/**
 * A generated file's text, line by line, with the findings planted in it: the line of each planted
 * deprecated use is known exactly because it is recorded when that line is written.
 */
export class Source {
  constructor(path) {
    this.path = path;
    this.lines = [];
    this.plants = [];
    this.bytes = 0;
  }

  add(...lines) {
    for (const line of lines) {
      this.lines.push(line);
      this.bytes += line.length + 1;
    }
    return this;
  }

  /** Writes one line that holds a deprecated use of the catalogue entry `entryId`. */
  plant(entryId, line) {
    this.add(line);
    this.plants.push({ line: this.lines.length, entryId });
    return this;
  }

  text() {
    return `${this.lines.join('\n')}\n`;
  }
}

/** `: string` in TypeScript, nothing in JavaScript. */
export const typed = (ts, annotation) => (ts ? annotation : '');
