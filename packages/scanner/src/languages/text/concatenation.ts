import { textOf, writtenValue, type FactsBuilder, type Value } from '../facts-builder.js';

// Written text that is more than one string: strings joined by concatenation, and paths whose base is another host's.

/** One operand of a concatenation: a quoted string, or a name (with a call's or an index's brackets). */
const OPERAND = String.raw`(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[A-Za-z_$@][\w.$]*(?:\([^()\n]*\))?(?:\[[^\]\n]*\])?)`;
/** Operands joined by a language's concatenation (`..` Lua, `+`, ` . ` PHP and Perl, `<>` Elixir, `&` VB, `||`). */
const CONCATENATION = new RegExp(String.raw`${OPERAND}(?:\s*(?:\.\.|\+|\s\.\s|<>|&|\|\|)\s*${OPERAND})+`, 'g');
const OPERANDS = new RegExp(OPERAND, 'g');

/**
 * Strings joined with names by concatenation (`"/zones/" .. ZONE .. "/filters?per_page=100"`,
 * `API + "/zones/" + zone + "/rate_limits"`): one written text, the names holes, as the readers
 * of code join a `+` chain. Returns the line's stretches it read (their strings are not read again).
 */
export function concatenations(
  line: string,
  start: number,
  builder: FactsBuilder,
  elsewhere: boolean,
): Array<[number, number]> {
  const read: Array<[number, number]> = [];
  for (const chain of line.matchAll(CONCATENATION)) {
    const value: Value = [];
    let strings = 0;
    for (const operand of chain[0].matchAll(OPERANDS)) {
      const quoted = /^(["'])([\s\S]*)\1$/.exec(operand[0]);
      if (!quoted) {
        value.push({ kind: 'hole' });
        continue;
      }
      strings++;
      value.push(...writtenValue(quoted[2]!, start + chain.index + operand.index + 1, !quoted[2]!.includes('\\')));
    }
    const text = textOf(value);
    if (strings === 0 || value.length < 2 || !text.includes('/')) continue;
    const range: [number, number] = [start + chain.index, start + chain.index + chain[0].length];
    const relative = /^\/?[A-Za-z_]/.test(text);
    builder.written(value, range, elsewhere && relative ? 'another host' : undefined);
    read.push([chain.index, chain.index + chain[0].length]);
  }
  return read;
}

/**
 * Segments joined by `/` (Lua's `table.concat({ "/zones", zone, "script_monitor" }, "/")`, Java's
 * `String.join("/", …)`, PHP's `implode('/', [ … ])`, Perl's `join('/', …)`, Ruby's and Rust's
 * `[ … ].join("/")`, Ruby's `File.join(…)`, fish's `string join /`, Rust's `path_segments_mut().extend(&[…])`):
 * one written text, the names holes.
 */
const JOINED = [
  /\b(?:table\.concat|implode)\s*\(\s*[{[](?<list>[^{}[\]\n]*)[}\]]\s*,\s*(["'])\/\2\s*\)/g,
  /\b(?:String\.join|join|implode)\s*\(\s*(["'])\/\1\s*,\s*\[?(?<list>[^()[\]\n]*?)\]?\s*\)/g,
  /\[(?<list>[^[\]\n]*)\]\s*\.\s*join\s*\(\s*(["'])\/\2\s*\)/g,
  /\bFile\.join\s*\((?<list>[^()\n]*)\)/g,
  // R's `req_url_path_append("zones", zone, "analytics", "colos")`, OkHttp's `addPathSegments`.
  /\b(?:req_url_path_append|url_path_append|addPathSegments|pathSegments|appendPathSegments)\s*\((?<list>[^()\n]*)\)/g,
  // Rust's `url.path_segments_mut()….extend(&["organizations", org, "audit_logs"])`.
  /\.extend\s*\(\s*&\[(?<list>[^[\]\n]*)\]\s*\)/g,
];

/** fish's `string join / $CF_API zones $zone firewall`: bare words are text, variables holes. */
const FISH_JOIN = /\bstring\s+join\s+(["']?)\/\1\s+([^()|;\n]+)/g;

export function joinedSegments(line: string, start: number, builder: FactsBuilder): Array<[number, number]> {
  const read: Array<[number, number]> = [];
  for (const found of line.matchAll(FISH_JOIN)) {
    const value: Value = [];
    const listAt = found.index + found[0].length - found[2]!.length;
    for (const word of found[2]!.trimEnd().matchAll(/\S+/g)) {
      if (value.length) value.push({ kind: 'text', text: '/' });
      if (word[0].startsWith('$')) value.push({ kind: 'hole' });
      else value.push(...writtenValue(word[0], start + listAt + word.index, true));
    }
    if (value.length < 3) continue;
    builder.written(value, [start + found.index, start + found.index + found[0].length]);
    read.push([found.index, found.index + found[0].length]);
  }
  for (const pattern of JOINED)
    for (const found of line.matchAll(pattern)) {
      const list = found.groups!.list!;
      const listAt = found.index + found[0].indexOf(list);
      const value: Value = [];
      let strings = 0;
      for (const operand of list.matchAll(OPERANDS)) {
        if (value.length) value.push({ kind: 'text', text: '/' });
        const quoted = /^(["'])([\s\S]*)\1$/.exec(operand[0]);
        if (!quoted) {
          value.push({ kind: 'hole' });
          continue;
        }
        strings++;
        // A segment written with its slash (`"/zones"`) is joined without another.
        const segment = value.length ? quoted[2]!.replace(/^\//, '') : quoted[2]!;
        const at = start + listAt + operand.index + 1 + (quoted[2]!.length - segment.length);
        value.push(...writtenValue(segment, at, !segment.includes('\\')));
      }
      if (strings === 0 || value.length < 3) continue;
      builder.written(value, [start + found.index, start + found.index + found[0].length]);
      read.push([found.index, found.index + found[0].length]);
    }
  return read;
}

/**
 * Whether the file's base URLs (URLs with an API's path: `/api/v2`, `/v1`, `/client/v4`) are all
 * another host's (an Auth0 tenant's, a local emulator's), and it names none of the API's: then a
 * path it writes without a base is sent there.
 */
export function basesElsewhere(text: string, builder: FactsBuilder): boolean {
  let elsewhere = false;
  for (const found of text.matchAll(/https?:\/\/[^\s"'`<>)\]]+/g)) {
    if (!builder.namesAnotherHost(writtenValue(found[0], 0))) return false;
    if (/^https?:\/\/[^/]+\/(?:.*\/)?(?:api|v\d+|client\/v4)(?:\/|$)/.test(found[0])) elsewhere = true;
  }
  return elsewhere;
}
