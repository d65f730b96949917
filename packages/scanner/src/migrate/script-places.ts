import type { Node, Tree } from 'web-tree-sitter';
import { loadGrammar, type GrammarName } from '../languages/grammars.js';
import { lineStart } from './text.js';

/**
 * Where a comment line can go above a finding in a file a tree-sitter reader reads (shell scripts,
 * Python, Go, Terraform): the start of the line the finding's command or statement starts on, never
 * inside a string, a heredoc or a comment (a line there would change the text), and above a shell
 * command's continuation lines (a comment between them would cut the command).
 */
export class ScriptPlaces {
  private constructor(
    private readonly text: string,
    private readonly tree: Tree,
  ) {}

  /** The places of a file of this language, or undefined where `migrate` writes no comment in it. */
  static async of(file: string, language: string | undefined, text: string): Promise<ScriptPlaces | undefined> {
    const grammar = grammarOf(file, language, text);
    if (!grammar) return undefined;
    const tree = (await loadGrammar(grammar)).parse(text);
    return tree ? new ScriptPlaces(text, tree) : undefined;
  }

  statementAt(range: readonly [number, number]): { start: number; indent: string } | undefined {
    let line = lineStart(this.text, range[0]);
    // A shell command continued with `\`: the comment goes above its first line.
    while (line > 0 && /\\\r?\n$/.test(this.text.slice(lineStart(this.text, line - 1), line))) {
      line = lineStart(this.text, line - 1);
    }
    const indent = /^[ \t]*/.exec(this.text.slice(line))![0];
    const at = line + indent.length;
    // The line must start outside every string-like node: a comment line there would be text.
    const node = this.tree.rootNode.descendantForIndex(Math.max(0, line - 1), Math.max(0, line - 1));
    for (let current: Node | null = node; current; current = current.parent) {
      if (current.startIndex < line && line < current.endIndex && STRING_LIKE.test(current.type)) return undefined;
    }
    if (this.tree.rootNode.hasError) return undefined;
    return at < this.text.length ? { start: line, indent } : undefined;
  }

  /**
   * The attribute or block of a Terraform body whose name is exactly the range (`brotli = "on"`,
   * `minify { … }` in a `settings` block), alone on its lines: the removal of those lines.
   */
  bodyItemRemoval(range: readonly [number, number]): { start: number; end: number; text: string } | undefined {
    const name = this.tree.rootNode.descendantForIndex(range[0], range[1] - 1);
    let item: Node | null = name;
    while (item && item.type !== 'attribute' && item.type !== 'block') item = item.parent;
    if (!name || !item || item.parent?.type !== 'body') return undefined;
    const first = item.firstNamedChild;
    if (!first || first.startIndex !== range[0] || first.endIndex !== range[1]) return undefined;
    const start = lineStart(this.text, item.startIndex);
    if (!/^[ \t]*$/.test(this.text.slice(start, item.startIndex))) return undefined;
    const rest = /^[ \t]*(?:\r?\n|$)/.exec(this.text.slice(item.endIndex));
    if (!rest) return undefined;
    return { start, end: item.endIndex + rest[0].length, text: '' };
  }
}

const STRING_LIKE = /string|heredoc|comment|raw/;

function grammarOf(file: string, language: string | undefined, text: string): GrammarName | undefined {
  if (language === 'python') return 'python';
  if (language === 'go') return 'go';
  if (language === undefined && /\.tf$/i.test(file)) return 'hcl';
  // Shell scripts only: a command in a Dockerfile, a Makefile recipe or a CI step is not a script line.
  if (language === 'shell' && (/\.(sh|bash|zsh)$/i.test(file) || (!/\.[^/]+$/.test(file) && text.startsWith('#!'))))
    return 'bash';
  return undefined;
}
