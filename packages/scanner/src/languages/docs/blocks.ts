import { MaskedText } from '../hosts/mask.js';

/**
 * The code blocks of a document (Markdown, MDX, reStructuredText, Jekyll's Liquid), by the grammar
 * that reads them: each language's blocks shown together in one text of the document's length
 * (hosts/mask.ts), so that a variable set in one block is known in the next, as when a reader pastes
 * them in order, and every offset is the document's. Console transcripts keep only their commands
 * (after `$ `, `>>> `), never the output. Blocks of no known language that hold a `curl`, `wget`
 * or HTTPie command are shell.
 */
export type BlockGrammar = 'bash' | 'python' | 'go' | 'javascript';

export interface DocsBlocks {
  byGrammar: Partial<Record<Exclude<BlockGrammar, 'javascript'>, string>>;
  /** JavaScript and TypeScript blocks, one text each (a snippet that does not parse loses only itself), for the JavaScript pipeline. */
  javascript: string[];
  /** Source ranges of the blocks given to a grammar: reference lines are read everywhere else. */
  parsed: Array<[number, number]>;
  /** JSON blocks: bodies of the request named just before them. */
  json: Array<{ start: number; end: number }>;
  /** Blocks of languages no grammar here reads (`rust`, `java`, `php`, …): read as text files are. */
  text?: Array<[number, number]>;
}

interface Block {
  info: string;
  /** Offsets of the first and past the last content character. */
  start: number;
  end: number;
  /** A block inside a blockquote or a callout (`> ```bash`): each line's `> ` is not the code's. */
  quoted?: boolean;
}

const SHELL = new Set([
  'bash',
  'sh',
  'shell',
  'zsh',
  'ksh',
  'console',
  'shell-session',
  'shellsession',
  'terminal',
  'bash-session',
  'sh-session',
  'session',
  'shell-script',
  'cli',
  'cmd',
]);
const PYTHON = new Set(['python', 'py', 'python3', 'py3', 'pycon', 'ipython', 'python-repl']);
const GO = new Set(['go', 'golang']);
const JAVASCRIPT = new Set(['js', 'javascript', 'jsx', 'ts', 'typescript', 'tsx', 'mjs', 'cjs', 'node', 'nodejs']);
/** Programming languages without a grammar here: their blocks are read as text (`text/read.ts`). */
const READ_AS_TEXT = new Set([
  ...['rust', 'rs', 'java', 'kotlin', 'kt', 'kts', 'scala', 'groovy', 'csharp', 'cs', 'c#', 'fsharp', 'vb'],
  ...['php', 'ruby', 'rb', 'perl', 'pl', 'lua', 'elixir', 'ex', 'exs', 'erlang', 'swift', 'dart', 'r'],
  ...['powershell', 'ps1', 'pwsh', 'ps', 'bat', 'batch', 'nushell', 'nu', 'fish', 'nix', 'hurl', 'clojure', 'julia'],
  ...['c', 'cpp', 'c++', 'objc', 'haskell', 'ocaml', 'crystal', 'zig', 'nim'],
]);
const REQUEST_COMMAND = /(^|\n)\s*(\$\s+|>\s+)?(sudo\s+)?(curl|wget|http|https|xh)\s/;

export function docsBlocks(text: string, format: 'markdown' | 'rst'): DocsBlocks {
  const blocks = format === 'rst' ? rstBlocks(text) : markdownBlocks(text);
  const masks = new Map<Exclude<BlockGrammar, 'javascript'> | 'javascript', MaskedText>();
  const result: DocsBlocks = { byGrammar: {}, parsed: [], json: [], javascript: [] };
  for (const block of blocks) {
    const info =
      block.info
        .toLowerCase()
        .replace(/^\{?\.?/, '')
        .split(/[\s{},]/)[0] ?? '';
    const content = text.slice(block.start, block.end);
    let grammar: BlockGrammar | undefined;
    if (SHELL.has(info)) grammar = 'bash';
    else if (PYTHON.has(info)) grammar = 'python';
    else if (GO.has(info)) grammar = 'go';
    else if (JAVASCRIPT.has(info)) grammar = 'javascript';
    else if (info === 'json' || info === 'jsonc' || info === 'json5') {
      result.json.push({ start: block.start, end: block.end });
      continue;
    } else if (info === '' || info === 'text' || info === 'plain' || info === 'none' || info === 'txt')
      grammar = sniff(content);
    else if (READ_AS_TEXT.has(info)) {
      (result.text ??= []).push([block.start, block.end]);
      result.parsed.push([block.start, block.end]);
      continue;
    }
    if (!grammar) continue;
    if (grammar === 'javascript') {
      const own = new MaskedText(text);
      showBlock(own, text, block, grammar, info);
      result.javascript.push(own.toString());
      result.parsed.push([block.start, block.end]);
      continue;
    }
    let mask = masks.get(grammar);
    if (!mask) masks.set(grammar, (mask = new MaskedText(text)));
    showBlock(mask, text, block, grammar, info);
    result.parsed.push([block.start, block.end]);
  }
  for (const [grammar, mask] of masks) if (grammar !== 'javascript') result.byGrammar[grammar] = mask.toString();
  return result;
}

/** A block's lines shown: prompts blanked, output left out, indentation kept (it is the document's). */
function showBlock(mask: MaskedText, text: string, block: Block, grammar: BlockGrammar, info: string): void {
  const lines = lineRanges(text, block.start, block.end);
  // An indented Python block (reStructuredText, a tab of MkDocs) is a block of an `if 1:` written
  // over the blank line of the fence or directive before it: offsets stay the document's.
  if (grammar === 'python' && /^[ \t]+\S/.test(text.slice(block.start, lines[0]?.[1] ?? block.end))) {
    let line = block.start - 1;
    for (let tries = 0; tries < 4 && line > 0; tries++) {
      const lineStart = text.lastIndexOf('\n', line - 1) + 1;
      if (line - lineStart >= 5) {
        mask.show(lineStart, lineStart + 5, 'if 1:');
        break;
      }
      line = lineStart - 1;
    }
  }
  // `> ` is also a redirection on a continuation line: only `$`, `%`, `❯`, `➜` (and Python's `>>>`) start a command.
  const prompt = grammar === 'bash' ? /^(\s*)(\$|%|❯|➜)\s/ : grammar === 'python' ? /^(\s*)(>>>|\.\.\.)\s?/ : undefined;
  const transcript =
    prompt !== undefined &&
    (info === 'console' ||
      info === 'pycon' ||
      info.endsWith('session') ||
      info === 'terminal' ||
      lines.some(([s, e]) => prompt.test(text.slice(s, e))));
  let continued = false;
  for (const [lineStart, end] of lines) {
    const quote = block.quoted ? (/^\s*>\s?/.exec(text.slice(lineStart, end))?.[0].length ?? 0) : 0;
    const start = lineStart + quote;
    const line = text.slice(start, end);
    if (!transcript || !prompt) {
      mask.show(start, end);
      continue;
    }
    const found = prompt.exec(line);
    // A suppression comment in a transcript is the reader's, not output.
    if (/^\s*#\s*sunset-lint-ignore\b/.test(line)) {
      mask.show(start, end);
      continue;
    }
    if (found) {
      mask.show(start + found[0].length, end);
      continued = /\\\s*$/.test(line) || /[([{,]\s*$/.test(line);
    } else if (continued) {
      // A continuation line of a transcript may carry the shell's secondary prompt (`>   https://…`).
      const secondary = grammar === 'bash' ? /^\s*>\s/.exec(line) : null;
      mask.show(start + (secondary ? secondary[0].length : 0), end);
      continued = /\\\s*$/.test(line);
    }
  }
}

/**
 * The language of a block that does not say (Markdown's untagged fences, reStructuredText's `::`,
 * whose Sphinx default is Python): shell when it runs a request command, Python or Go when it reads
 * like them, else none (reference lines are read from it instead).
 */
function sniff(content: string): BlockGrammar | undefined {
  if (REQUEST_COMMAND.test(content)) return 'bash';
  if (/^\s*(package \w+|func \w*\(|import \()/m.test(content) || /\w+ := /.test(content)) return 'go';
  if (
    /^\s*(import \w+|from [\w.]+ import |def \w+\(|class \w+|print\()/m.test(content) ||
    /^\s*\w+ = \w+(\.\w+)*\(/m.test(content)
  )
    return 'python';
  return undefined;
}

function lineRanges(text: string, start: number, end: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let at = start;
  while (at < end) {
    let stop = text.indexOf('\n', at);
    if (stop < 0 || stop > end) stop = end;
    ranges.push([at, stop]);
    at = stop + 1;
  }
  return ranges;
}

/** Inline code that runs a request command. */
const INLINE_COMMAND = /`(?:sudo\s+)?(?:curl|wget|http|https|xh)\s[^`\n]+`/g;

function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = lineRanges(text, 0, text.length);
  let i = 0;
  while (i < lines.length) {
    const [start, end] = lines[i]!;
    const line = text.slice(start, end);
    const fence = /^(\s*(?:>\s*)?)(`{3,}|~{3,})\s*([^`\n]*)$/.exec(line);
    const liquid = /^\s*\{%-?\s*highlight\s+(\S+)[^%]*%\}\s*$/.exec(line);
    // `<pre><code class="language-bash">curl …` … `</code></pre>`: HTML in Markdown, the code from
    // just after the opening tags (on their line) to the closing ones.
    const html = /^\s*<pre[^>]*>\s*<code(?:\s+class="(?:language-|lang-)?([\w-]*)[^"]*")?[^>]*>/i.exec(line);
    if (html) {
      let j = i;
      while (j < lines.length && !/<\/code>/i.test(text.slice(lines[j]![0], lines[j]![1]))) j++;
      const contentStart = start + html[0].length;
      const closeLine = Math.min(j, lines.length - 1);
      const close = text.slice(lines[closeLine]![0], lines[closeLine]![1]).search(/<\/code>/i);
      const contentEnd = close >= 0 ? lines[closeLine]![0] + close : lines[closeLine]![1];
      if (contentEnd > contentStart) blocks.push({ info: html[1] ?? '', start: contentStart, end: contentEnd });
      i = j + 1;
      continue;
    }
    if (fence) {
      const marker = fence[2]!;
      let j = i + 1;
      while (j < lines.length) {
        const inner = text.slice(lines[j]![0], lines[j]![1]);
        if (new RegExp(`^\\s*(?:>\\s*)?${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`).test(inner)) break;
        j++;
      }
      if (j > i + 1)
        blocks.push({
          info: fence[3]!.trim(),
          start: lines[i + 1]![0],
          end: lines[j - 1]![1],
          ...(fence[1]!.includes('>') ? { quoted: true } : {}),
        });
      i = j + 1;
      continue;
    }
    if (liquid) {
      let j = i + 1;
      while (j < lines.length && !/\{%-?\s*endhighlight\s*-?%\}/.test(text.slice(lines[j]![0], lines[j]![1]))) j++;
      if (j > i + 1) blocks.push({ info: liquid[1]!, start: lines[i + 1]![0], end: lines[j - 1]![1] });
      i = j + 1;
      continue;
    }
    // An indented block after a blank line (four spaces or a tab), not inside a list.
    const previous = i > 0 ? text.slice(lines[i - 1]![0], lines[i - 1]![1]) : '';
    if (/^( {4}|\t)\S/.test(line) && previous.trim() === '' && !/^\s*([-*+]|\d+\.)\s/.test(line.trim())) {
      let j = i;
      while (
        j < lines.length &&
        (/^( {4}|\t)/.test(text.slice(lines[j]![0], lines[j]![1])) ||
          text.slice(lines[j]![0], lines[j]![1]).trim() === '')
      )
        j++;
      blocks.push({ info: '', start: lines[i]![0], end: lines[j - 1]![1] });
      i = j;
      continue;
    }
    // A command in inline code (a table cell's `` `curl -s https://…/settings/minify` ``): shell too.
    for (const found of line.matchAll(INLINE_COMMAND))
      blocks.push({ info: 'bash', start: start + found.index + 1, end: start + found.index + found[0].length - 1 });
    i++;
  }
  return blocks;
}

function rstBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = lineRanges(text, 0, text.length);
  for (let i = 0; i < lines.length; i++) {
    const line = text.slice(lines[i]![0], lines[i]![1]);
    const directive = /^(\s*)\.\.\s+(code-block|code|sourcecode|highlight)::\s*(\S*)/.exec(line);
    const literal = !directive && /::\s*$/.test(line) && !/^\s*\.\./.test(line);
    if (!directive && !literal) continue;
    const indent = (directive?.[1] ?? /^\s*/.exec(line)![0]).length;
    let j = i + 1;
    // Options (`:linenos:`) and blank lines before the content.
    while (
      j < lines.length &&
      (text.slice(lines[j]![0], lines[j]![1]).trim() === '' ||
        /^\s+:\w[\w-]*:/.test(text.slice(lines[j]![0], lines[j]![1])))
    )
      j++;
    const first = j;
    while (j < lines.length) {
      const inner = text.slice(lines[j]![0], lines[j]![1]);
      if (inner.trim() !== '' && /^\s*/.exec(inner)![0].length <= indent) break;
      j++;
    }
    if (j > first) blocks.push({ info: directive?.[3] ?? '', start: lines[first]![0], end: lines[j - 1]![1] });
    i = j - 1;
  }
  return blocks;
}
