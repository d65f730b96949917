// `.gitignore` files read as git reads them (gitignore(5), git's dir.c and wildmatch.c): each line
// one pattern, matched against a path below the file's folder; within a file the last pattern that
// matches decides, and a deeper file decides before a shallower one. A path inside an excluded
// folder is never asked: the walk does not list such a folder (walk.ts), which is how git keeps a
// file there from being re-included. Checked against `git ls-files` by test/walk.test.ts.

/** One pattern of an ignore file. */
interface IgnorePattern {
  /** The whole path (or, for `basename`, its last part) the pattern matches. */
  regex: RegExp;
  /** `!pattern`: a match keeps the path. */
  negative: boolean;
  /** `pattern/`: matches folders only. */
  folderOnly: boolean;
  /** No slash but a trailing one: matched against the path's last part, at any depth. */
  basename: boolean;
}

/** The patterns of one ignore file, in its order. */
export type IgnoreRules = readonly IgnorePattern[];

/**
 * Whether patterns ignore case where none is said: git's `core.ignorecase`, which `git init` and
 * `git clone` set where the file system ignores case, as macOS's and Windows' do by default.
 */
const IGNORE_CASE_BY_DEFAULT = process.platform === 'darwin' || process.platform === 'win32';

/**
 * The patterns of an ignore file's text (`ignoreCase`: letters match in either case). A byte-order
 * mark is skipped; blank lines and `#` comments say nothing; a line's trailing spaces are dropped
 * unless escaped (`\ `), tabs are not, and a CR before the line's end goes with it. A pattern git
 * would never match (an unclosed `[`, a range backwards, a trailing `\`) is kept as one that matches
 * nothing, as git does.
 */
export function parseIgnoreFile(text: string, ignoreCase = IGNORE_CASE_BY_DEFAULT): IgnoreRules {
  const patterns: IgnorePattern[] = [];
  for (let line of text.replace(/^\uFEFF/, '').split('\n')) {
    if (line.endsWith('\r')) line = line.slice(0, -1);
    line = trimTrailingSpaces(line);
    if (line === '' || line.startsWith('#')) continue;
    const negative = line.startsWith('!');
    let pattern = negative ? line.slice(1) : line;
    const folderOnly = pattern.endsWith('/');
    if (folderOnly) pattern = pattern.slice(0, -1);
    if (pattern === '') continue;
    const basename = !pattern.includes('/');
    if (pattern.startsWith('/')) pattern = pattern.slice(1);
    patterns.push({ regex: wildmatchRegex(pattern, ignoreCase), negative, folderOnly, basename });
  }
  return patterns;
}

/**
 * What the last pattern of `rules` that matches `path` (as written from the file's folder, no
 * leading or trailing slash) says: true to leave it out, false to keep it; undefined when none
 * matches, and the next file up decides.
 */
export function lastMatch(rules: IgnoreRules, path: string, isFolder: boolean): boolean | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  for (let index = rules.length - 1; index >= 0; index--) {
    const pattern = rules[index]!;
    if (pattern.folderOnly && !isFolder) continue;
    if (pattern.regex.test(pattern.basename ? name : path)) return !pattern.negative;
  }
  return undefined;
}

/** A line's trailing spaces, unless the last is escaped by an odd number of backslashes. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ') end--;
  if (end === line.length) return line;
  let backslashes = 0;
  while (end - backslashes - 1 >= 0 && line[end - backslashes - 1] === '\\') backslashes++;
  return backslashes % 2 === 1 ? line.slice(0, end + 1) : line.slice(0, end);
}

const NEVER = /(?!)/;

/** Character classes git's wildmatch knows inside brackets (`[[:digit:]]`), in ASCII. */
const CLASSES: Record<string, string> = {
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '\\x21-\\x7e',
  lower: 'a-z',
  print: '\\x20-\\x7e',
  punct: '!-\\/:-@\\[-`{-~',
  space: ' \\t\\n\\r\\f\\v',
  upper: 'A-Z',
  xdigit: '0-9A-Fa-f',
};

const literal = (char: string) => `\\u{${char.codePointAt(0)!.toString(16)}}`;

// The regular expression of a wildmatch pattern with WM_PATHNAME: `?`, `*` and brackets never
// match a `/`; two or more stars as a whole segment (between slashes, or at an end) match any
// number of folders: `a/**` what is inside `a` but not `a`, `**/b` and `a/**/b` also with no folder
// between; any other run of stars is one `*`; `\` makes the next character plain.
function wildmatchRegex(pattern: string, ignoreCase: boolean): RegExp {
  const chars = [...pattern];
  let source = '';
  for (let at = 0; at < chars.length; at++) {
    const char = chars[at]!;
    if (char === '\\') {
      if (++at === chars.length) return NEVER;
      source += literal(chars[at]!);
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '*') {
      let end = at;
      while (chars[end] === '*') end++;
      const wholeSegment =
        end - at >= 2 && (at === 0 || chars[at - 1] === '/') && (end === chars.length || chars[end] === '/');
      if (!wholeSegment) source += '[^/]*';
      else if (end === chars.length) source += '.*';
      else {
        source += '(?:.*/)?';
        end++; // the slash after `**` is part of it
      }
      at = end - 1;
    } else if (char === '[') {
      const bracket = bracketSource(chars, at);
      if (!bracket) return NEVER;
      source += bracket.source;
      at = bracket.end;
    } else {
      source += literal(char);
    }
  }
  try {
    return new RegExp(`^${source}$`, ignoreCase ? 'iu' : 'u');
  } catch {
    return NEVER; // a range backwards (`[z-a]`): git matches nothing with it either
  }
}

/** The class of the bracket expression opening at `open`, and where it closes; undefined when it does not. */
function bracketSource(chars: readonly string[], open: number): { source: string; end: number } | undefined {
  let at = open + 1;
  const negated = chars[at] === '!' || chars[at] === '^';
  if (negated) at++;
  let items = '';
  for (let first = true; at < chars.length; at++, first = false) {
    let char = chars[at]!;
    if (char === ']' && !first) return { source: negated ? `[^/${items}]` : `(?!/)[${items}]`, end: at };
    if (char === '[' && chars[at + 1] === ':') {
      const close = chars.indexOf(']', at + 2);
      const name = close > 0 && chars[close - 1] === ':' ? chars.slice(at + 2, close - 1).join('') : undefined;
      if (name === undefined || !Object.hasOwn(CLASSES, name)) return undefined;
      items += CLASSES[name];
      at = close;
      continue;
    }
    if (char === '\\') {
      if (++at === chars.length) return undefined;
      char = chars[at]!;
    }
    items += literal(char);
    if (chars[at + 1] === '-' && at + 2 < chars.length && chars[at + 2] !== ']') {
      let to = chars[at + 2]!;
      at += 2;
      if (to === '\\') {
        if (++at === chars.length) return undefined;
        to = chars[at]!;
      }
      items += `-${literal(to)}`;
    }
  }
  return undefined;
}
