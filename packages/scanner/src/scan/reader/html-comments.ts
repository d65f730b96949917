/**
 * HTML-like comments (ECMAScript Annex B): in a script, not a module, `<!--` starts a comment that
 * runs to the end of the line, and so does `-->` at the start of a line (only white space and
 * comments before it since the last line break). ESLint reads CommonJS files (`.cjs`, its
 * `sourceType: "commonjs"`) as scripts with espree, which accepts them; TypeScript's parser and
 * oxc do not. So before either parser reads a `.cjs` file, each such comment is rewritten as a `//`
 * comment of the same length (`<!--` as `//  `, `-->` as `// `): offsets, lines and the comment's
 * text stay as ESLint sees them, and a directive written in one is read as ESLint reads it.
 *
 * A small lexer finds them: strings, template literals (with `${…}` nested), regular expressions
 * and comments are skipped whole, so `'<!--'`, `/<!--/` and `a --> b` in the middle of a line
 * are left alone. Whether a `/` starts a regular expression is decided from the token before it,
 * as lexers without a parser do (a `)` closing `if (…)`, `while (…)`, `for (…)` or `with (…)`, and
 * a `}` closing a block, allow one).
 */

/** The files ESLint reads as scripts by default: CommonJS modules. */
export function isScriptGoal(file: string): boolean {
  return /\.cjs$/i.test(file);
}

/** The text a parser should read: HTML-like comments of a script rewritten as `//` comments. */
export function scriptText(file: string, text: string): string {
  if (!isScriptGoal(file) || (!text.includes('<!--') && !text.includes('-->'))) return text;
  return rewriteHtmlComments(text);
}

/** Keywords after which an expression, so a regular expression, may start. */
const BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
  'extends',
]);
/** Keywords whose parenthesized head is followed by a statement, which may start with a regular expression. */
const STATEMENT_HEADS = new Set(['if', 'while', 'for', 'with']);
/** Keywords after which `{` opens a block. */
const BEFORE_BLOCK = new Set(['else', 'do', 'try', 'finally']);

const isLineBreak = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
const isIdentifierPart = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 36 || c === 95 || c === 92 || c > 127;

function rewriteHtmlComments(text: string): string {
  /** Where a comment's opening is rewritten, and as what (same length). */
  const rewrites: Array<[at: number, replacement: string]> = [];
  const length = text.length;
  let i = 0;
  /** A regular expression may start here (the previous token ends an operand or not). */
  let regexAllowed = true;
  /** A line break since the last token (or the start of the text): `-->` starts a comment. */
  let lineBreakBefore = true;
  /** The last token, when it matters: a keyword or identifier, `)`, `}`, `=>`. */
  let lastWord = '';
  let lastPunctuator = '';
  /** For each open `(`: whether a statement head (`if`, `while`…) precedes it. */
  const parens: boolean[] = [];
  /** For each open `{` or `${`: a block, an object literal or a template hole. */
  const braces: Array<'block' | 'object' | 'template'> = [];

  const lineComment = (from: number, skip: number, replacement: string) => {
    if (replacement) rewrites.push([from, replacement]);
    i = from + skip;
    while (i < length && !isLineBreak(text.charCodeAt(i))) i++;
  };
  const token = (allowsRegex: boolean, word = '', punctuator = '') => {
    regexAllowed = allowsRegex;
    lineBreakBefore = false;
    lastWord = word;
    lastPunctuator = punctuator;
  };
  /** A template's characters from `i` (just after `` ` `` or a hole's `}`) to its end or its next hole. */
  const templatePart = () => {
    while (i < length) {
      const c = text.charCodeAt(i);
      if (c === 92) i += 2;
      else if (c === 96) {
        i++;
        token(false);
        return;
      } else if (c === 36 && text.charCodeAt(i + 1) === 123) {
        i += 2;
        braces.push('template');
        token(true);
        return;
      } else i++;
    }
  };

  while (i < length) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (isLineBreak(c)) {
      lineBreakBefore = true;
      i++;
    } else if (
      c === 32 ||
      c === 9 ||
      c === 11 ||
      c === 12 ||
      c === 0xa0 ||
      c === 0xfeff ||
      (c > 127 && /\s/.test(text[i]!))
    ) {
      i++;
    } else if (c === 47 && next === 47) {
      lineComment(i, 2, '');
    } else if (c === 47 && next === 42) {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? length : end + 2;
      for (let k = i + 2; k < stop; k++) if (isLineBreak(text.charCodeAt(k))) lineBreakBefore = true;
      i = stop;
    } else if (c === 60 && next === 33 && text.charCodeAt(i + 2) === 45 && text.charCodeAt(i + 3) === 45) {
      lineComment(i, 4, '//  ');
    } else if (c === 45 && next === 45 && text.charCodeAt(i + 2) === 62 && lineBreakBefore) {
      lineComment(i, 3, '// ');
    } else if (c === 39 || c === 34) {
      i++;
      while (i < length) {
        const d = text.charCodeAt(i);
        if (d === 92) i += 2;
        else if (d === c) {
          i++;
          break;
        } else if (d === 10 || d === 13) break;
        else i++;
      }
      token(false);
    } else if (c === 96) {
      i++;
      templatePart();
    } else if (c === 47 && regexAllowed) {
      i++;
      let inClass = false;
      while (i < length) {
        const d = text.charCodeAt(i);
        if (d === 92) i += 2;
        else if (isLineBreak(d)) break;
        else {
          i++;
          if (d === 91) inClass = true;
          else if (d === 93) inClass = false;
          else if (d === 47 && !inClass) break;
        }
      }
      while (i < length && isIdentifierPart(text.charCodeAt(i))) i++;
      token(false);
    } else if (isIdentifierPart(c) || c === 35) {
      const start = i;
      i++;
      while (i < length && (isIdentifierPart(text.charCodeAt(i)) || (c >= 48 && c <= 57 && text[i] === '.'))) i++;
      const word = text.slice(start, i);
      token(BEFORE_EXPRESSION.has(word), word);
    } else if (c === 40) {
      parens.push(STATEMENT_HEADS.has(lastWord));
      i++;
      token(true, '', '(');
    } else if (c === 41) {
      const head = parens.pop() ?? false;
      i++;
      token(head, '', ')');
    } else if (c === 123) {
      const block =
        !regexAllowed ||
        lastPunctuator === ')' ||
        lastPunctuator === '=>' ||
        lastPunctuator === ';' ||
        lastPunctuator === '{' ||
        lastPunctuator === '}' ||
        lastPunctuator === '' ||
        BEFORE_BLOCK.has(lastWord);
      braces.push(block && lastWord !== 'return' ? 'block' : 'object');
      i++;
      token(true, '', '{');
    } else if (c === 125) {
      const kind = braces.pop() ?? 'block';
      i++;
      if (kind === 'template') templatePart();
      else token(kind === 'block', '', '}');
    } else if (c === 93) {
      i++;
      token(false, '', ']');
    } else if ((c === 43 || c === 45) && next === c) {
      // `++`/`--`: after an operand (postfix) an operator may follow, not a regular expression.
      i += 2;
      token(!regexAllowed, '', c === 43 ? '++' : '--');
    } else if (c === 61 && next === 62) {
      i += 2;
      token(true, '', '=>');
    } else if (c === 59) {
      i++;
      token(true, '', ';');
    } else {
      i++;
      token(true, '', text[i - 1]!);
    }
  }
  let result = '';
  let at = 0;
  for (const [from, replacement] of rewrites) {
    result += text.slice(at, from) + replacement;
    at = from + replacement.length;
  }
  return result + text.slice(at);
}
