import type { RawComment } from '@sunset-lint/core';
import type { Node } from 'web-tree-sitter';

/**
 * A `.tf` file's comments, for `sunset-lint-ignore` in Terraform: `# …` and `// …` are line
 * comments, `/* … *\/` block comments. From the HCL grammar's syntax tree, so a `#` inside a string
 * or heredoc is never taken for one.
 */
export function hclCommentsOf(root: Node): RawComment[] {
  const comments: RawComment[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'comment') comments.push(commentOf(node.text, node.startIndex));
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  return comments;
}

function commentOf(raw: string, start: number): RawComment {
  // The grammar may end a line comment with its line break.
  const text = raw.replace(/\r?\n$/, '');
  const end = start + text.length;
  if (text.startsWith('/*')) return { kind: 'block', value: text.slice(2, -2), start, end };
  return { kind: 'line', value: text.slice(text.startsWith('#') ? 1 : 2), start, end };
}
