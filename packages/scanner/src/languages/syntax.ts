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

export interface Binding {
  node: Node;
  value: Node;
}

/**
 * The bindings of a scope (assignments, declarations), collected once per scope and kind and then
 * looked up by name: a reader asks for a name at every use, and walking the scope each time would
 * make a large file quadratic.
 */
export class BindingIndex {
  private readonly scopes = new Map<string, Map<string, Binding[]>>();

  constructor(private readonly collect: (scope: Node, mode: string) => Map<string, Binding[]>) {}

  /** The binding of `name` in `scope`: the last one written before `before` (in its file), else the first. */
  find(scope: Node, name: string, before: Node | undefined, mode = ''): Binding | undefined {
    const key = `${scope.id}:${scope.startIndex}:${scope.endIndex}:${mode}`;
    let index = this.scopes.get(key);
    if (!index) this.scopes.set(key, (index = this.collect(scope, mode)));
    const list = index.get(name);
    if (!list) return undefined;
    let best: Binding | undefined;
    for (const found of list)
      if (!before || (found.node.startIndex < before.startIndex && found.node.tree === before.tree)) best = found;
    return best ?? list[0];
  }
}

/** Adds a binding to a name's list (in the order the scope is walked: the document's). */
export function addBinding(index: Map<string, Binding[]>, name: string, binding: Binding): void {
  const list = index.get(name);
  if (list) list.push(binding);
  else index.set(name, [binding]);
}
