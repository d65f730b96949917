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
   * The statement that is only a call holding the range, alone on its lines, among other statements
   * of its block (so the block stays valid without it): a Python or Go expression statement, a shell
   * command of a script's body (not in a pipeline, a list, a condition or a substitution). Its lines
   * are removed. Undefined for any other shape (the call's result assigned, tested or piped).
   */
  callStatementRemoval(range: readonly [number, number]): { start: number; end: number; text: string } | undefined {
    if (this.tree.rootNode.hasError) return undefined;
    let node: Node | null = this.tree.rootNode.descendantForIndex(range[0], Math.max(range[0], range[1] - 1));
    while (node && !STATEMENT.has(node.type)) node = node.parent;
    if (!node || node.startIndex > range[0] || node.endIndex < range[1]) return undefined;
    if (node.type === 'expression_statement') {
      const call = node.namedChildren.filter((child) => child?.type !== 'comment');
      if (call.length !== 1 || (call[0]!.type !== 'call' && call[0]!.type !== 'call_expression')) return undefined;
    }
    const parent = node.parent;
    if (!parent || !BLOCKS.has(parent.type)) return undefined;
    const siblings = parent.namedChildren.filter((child) => child && STATEMENT_LIKE.test(child.type));
    if (siblings.length < 2) return undefined;
    const start = lineStart(this.text, node.startIndex);
    if (!/^[ \t]*$/.test(this.text.slice(start, node.startIndex))) return undefined;
    const rest = /^[ \t]*(?:\r?\n|$)/.exec(this.text.slice(node.endIndex));
    if (!rest) return undefined;
    return { start, end: node.endIndex + rest[0].length, text: '' };
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

/** A statement that may be only a call: Python's and Go's expression statements, a shell command. */
const STATEMENT = new Set(['expression_statement', 'command']);
/** Where a statement sits among others: a module or block, a script, a function's or loop's body. */
const BLOCKS = new Set(['module', 'block', 'statement_list', 'program', 'compound_statement', 'do_group']);
/** The statements of a block, not its comments. */
const STATEMENT_LIKE = /statement|command|definition|declaration|assignment|loop|pipeline|list|redirected/;

function grammarOf(file: string, language: string | undefined, text: string): GrammarName | undefined {
  if (language === 'python') return 'python';
  if (language === 'go') return 'go';
  if (language === undefined && /\.tf$/i.test(file)) return 'hcl';
  // Shell scripts only: a command in a Dockerfile, a Makefile recipe or a CI step is not a script line.
  if (language === 'shell' && (/\.(sh|bash|zsh)$/i.test(file) || (!/\.[^/]+$/.test(file) && text.startsWith('#!'))))
    return 'bash';
  return undefined;
}
