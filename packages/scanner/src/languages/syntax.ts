import type { MethodValue, Range } from '@sunset-lint/core/internal';
import type { Node } from 'web-tree-sitter';

/** What the readers of every language ask of a tree-sitter node, written once. */

export function range(node: Node): Range {
  return [node.startIndex, node.endIndex];
}

/** An HTTP method written as text (`PATCH`, `http.MethodPatch` already read as `PATCH`, a verb in any case). */
export function methodOf(text: string | undefined): MethodValue {
  const upper = text?.trim().toUpperCase();
  return upper && /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/.test(upper)
    ? { kind: 'known', method: upper as Extract<MethodValue, { kind: 'known' }>['method'] }
    : { kind: 'unknown' };
}

/** A call's arguments, comments left out (Python's `call`, Go's `call_expression`). */
export function argumentsOf(call: Node): Node[] {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).filter(
    (child): child is Node => !!child && child.type !== 'comment',
  );
}

/** The operands of a `+` chain, left to right, through parentheses (`binary_operator` in Python, `binary_expression` in Go). */
export function plusOperands(node: Node, binary: string): Node[] {
  if (node.type === binary && node.childForFieldName('operator')?.text === '+') {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    return [...(left ? plusOperands(left, binary) : []), ...(right ? plusOperands(right, binary) : [])];
  }
  if (node.type === 'parenthesized_expression' && node.namedChildren[0])
    return plusOperands(node.namedChildren[0], binary);
  return [node];
}
