// Number formats and table rendering shared by the console and the Markdown report.
export const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
export const megabytes = (kb) => (Number.isFinite(kb) ? `${Math.round(kb / 1024)} MB` : 'n/a');
export const ratio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
export const percent = (value) => (Number.isFinite(value) ? `${(value * 100).toFixed(1)} %` : 'n/a');
export const count = (value) => (Number.isFinite(value) ? value.toLocaleString('en-US') : 'n/a');

/** A Markdown table whose columns are padded, so that Prettier leaves it as it is. */
export function markdownTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map((cell) => String(cell).replaceAll('|', '\\|')));
  const widths = header.map((_, column) => Math.max(3, ...all.map((row) => row[column].length)));
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(all[0]), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...all.slice(1).map(line)].join(
    '\n',
  );
}

/** The same table for a terminal. */
export function textTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  return all
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
