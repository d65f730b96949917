/*
 * A command's options, declared once, as ESLint declares its own: each option's name, type, short
 * name, value name and help text in one table, which `parseArgs` reads (it ignores the fields that
 * are only for the help) and from which `--help` lists the options, in the table's order.
 */

interface Listed {
  /** The value's name in the help: `--as-of YYYY-MM-DD`. */
  readonly value?: string;
  /** The help's label when it is not `--name VALUE` (`--color, --no-color`, several options at once). */
  readonly label?: string;
  /** What the option does; a `\n` starts a new line, aligned under the first. */
  readonly help: string;
  /** The subcommand it applies to, shown in a column after the help: `(set)`. */
  readonly only?: string;
}

/** Listed in the help under another option's label (`--no-color` under `--color, --no-color`). */
interface ListedWith {
  readonly listedWith: string;
}

type Parsed =
  | { readonly type: 'string'; readonly multiple?: boolean; readonly short?: string; readonly default?: string }
  | { readonly type: 'boolean'; readonly short?: string };

export type OptionSpec = Parsed & (Listed | ListedWith);
export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** Every command's `-h, --help`. */
export const HELP_OPTION = { help: { type: 'boolean', short: 'h', label: '-h, --help', help: 'this help' } } as const;

/** The options of `T` as parseArgs reads them, listed under one label. */
type ListedTogether<T extends OptionTable> = {
  [K in keyof T]: Pick<T[K], Extract<keyof T[K], 'type' | 'short'>> & (Listed | ListedWith);
};

/**
 * Options of another table listed together under one label, with one help line: `baseline` lists
 * the settings options it shares with `scan` as "as for 'sunset-lint scan'".
 */
export function listedTogether<const T extends OptionTable>(options: T, help: string): ListedTogether<T> {
  const names = Object.keys(options);
  const label = wrapLabel(names.map((name) => labelOf(name, options[name]!)));
  return Object.fromEntries(
    names.map((name, i) => {
      const { type, short } = options[name]!;
      const base = { type, ...(short === undefined ? {} : { short }) };
      return [name, i === 0 ? { ...base, label, help } : { ...base, listedWith: names[0]! }];
    }),
    // Object.fromEntries loses the keys' names; they are exactly `names`, the table's own, with their parsing fields.
  ) as ListedTogether<T>;
}

/** The `Options:` lines of a help text: labels from column 2, their help from `column`. */
export function optionsHelp(table: OptionTable, column: number): string {
  const listed = Object.entries(table).flatMap(([name, spec]) => ('help' in spec ? [{ name, spec }] : []));
  const tagged = listed.filter(({ spec }) => spec.only !== undefined);
  const tagAt = Math.max(0, ...tagged.map(({ spec }) => lastLine(spec.help).length));
  const lines: string[] = [];
  for (const { name, spec } of listed) {
    const help = spec.only === undefined ? spec.help : `${spec.help.padEnd(tagAt)} (${spec.only})`;
    const labels = labelOf(name, spec).split('\n');
    const last = labels.pop()!;
    lines.push(...labels.map((label) => `  ${label}`));
    const [first, ...rest] = help.split('\n');
    if (last.length + 2 < column) lines.push(`  ${last.padEnd(column - 2)}${first}`);
    else lines.push(`  ${last}`, `${' '.repeat(column)}${first}`);
    lines.push(...rest.map((line) => `${' '.repeat(column)}${line}`));
  }
  return `Options:\n${lines.join('\n')}\n`;
}

function labelOf(name: string, spec: OptionSpec): string {
  if ('label' in spec && spec.label !== undefined) return spec.label;
  const value = 'value' in spec && spec.value !== undefined ? ` ${spec.value}` : '';
  return `${spec.short === undefined ? '' : `-${spec.short}, `}--${name}${value}`;
}

const LABEL_WIDTH = 78;

/** Labels joined by commas, on as few lines of at most LABEL_WIDTH characters as they fit. */
function wrapLabel(labels: readonly string[]): string {
  const lines = [''];
  labels.forEach((label, i) => {
    const piece = i < labels.length - 1 ? `${label},` : label;
    const current = lines[lines.length - 1]!;
    if (current === '') lines[lines.length - 1] = piece;
    else if (current.length + 1 + piece.length <= LABEL_WIDTH) lines[lines.length - 1] = `${current} ${piece}`;
    else lines.push(piece);
  });
  return lines.join('\n');
}

function lastLine(text: string): string {
  return text.slice(text.lastIndexOf('\n') + 1);
}
