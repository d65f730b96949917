/**
 * A Jupyter notebook's code as Python, in a text of the notebook's own length and lines: each line
 * of a code cell's `source` array (one JSON string per line, as nbformat writes it) becomes that
 * code at the start of its own line, padded with spaces; every other line is blank. The Python
 * reader reads it as a module, and a finding lands on the notebook's line that holds the code (its
 * column counts from the start of the line, where the JSON string's quote is not). IPython's
 * `%magic` and `!shell` lines, and cells that are not Python (`%%bash`), are left out.
 */
export function notebookPython(source: string): string {
  const lines = source.split('\n');
  const out: string[] = [];
  let cellType: string | undefined;
  let inSource = false;
  let skipCell = false;
  for (const line of lines) {
    const blank = ' '.repeat(line.length);
    const type = /^\s*"cell_type"\s*:\s*"(\w+)"/.exec(line);
    if (type) {
      cellType = type[1];
      out.push(blank);
      continue;
    }
    if (!inSource) {
      if (/^\s*"source"\s*:\s*\[\s*$/.test(line)) {
        inSource = cellType === 'code';
        skipCell = false;
      }
      out.push(blank);
      continue;
    }
    if (/^\s*\],?\s*$/.test(line)) {
      inSource = false;
      out.push(blank);
      continue;
    }
    const string = /^\s*("(?:[^"\\]|\\.)*")\s*,?\s*$/.exec(line);
    let code = '';
    if (string) {
      try {
        code = (JSON.parse(string[1]!) as string).replace(/\r?\n$/, '');
      } catch {
        code = '';
      }
    }
    if (/^\s*%%/.test(code)) skipCell = true;
    // A line the code cannot hold as one (a decoded newline inside it, a line longer than the JSON's) stays blank.
    if (skipCell || /^\s*[%!]/.test(code) || code.includes('\n') || code.length > line.length) code = '';
    out.push(code + ' '.repeat(line.length - code.length));
  }
  return out.join('\n');
}
