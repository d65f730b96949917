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
  /**
   * Where the binding is one branch of an `if`, `switch`, `case` or `match` whose other branches bind
   * the same name (`case "mobile": id = "mobile_redirect"` … `default: id = "ssl"`): those, any of
   * which may be the value where it is read.
   */
  branches?: Binding[];
}

/** Statements whose children are run one or another, not all: an `if`'s branches, a switch's cases. */
const BRANCHING = new Set([
  // Go, Python, shell
  'if_statement',
  // Go
  'expression_switch_statement',
  'type_switch_statement',
  'select_statement',
  // Python (a `match`'s cases sit in its block)
  'match_statement',
  'try_statement',
  // shell
  'case_statement',
]);

/** `a` and `b` lie in different branches of one branching statement: one runs, or the other. */
function inOtherBranches(a: Node, b: Node): boolean {
  const ancestors = new Set<number>();
  for (let node: Node | null = a; node; node = node.parent) ancestors.add(node.id);
  let child: Node | null = b;
  let common = b.parent;
  while (common && !ancestors.has(common.id)) {
    child = common;
    common = common.parent;
  }
  if (!common || !child || ancestors.has(child.id)) return false;
  const statement = common.type === 'block' && common.parent?.type === 'match_statement' ? common.parent : common;
  return BRANCHING.has(statement.type);
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
    let best = -1;
    list.forEach((found, i) => {
      if (!before || (found.node.startIndex < before.startIndex && found.node.tree === before.tree)) best = i;
    });
    if (best < 0) return list[0];
    const last = list[best]!;
    const branches = otherBranches(list, best);
    return branches.length ? { ...last, branches } : last;
  }
}

/**
 * The bindings written just before `list[index]` (in the document's order) in other branches of the
 * statements it is a branch of: with it, those any of which may reach a read after the statement.
 */
export function otherBranches<T extends { node: Node }>(list: readonly T[], index: number): T[] {
  const last = list[index]!;
  const branches: T[] = [];
  for (let i = index - 1; i >= 0; i--) {
    const earlier = list[i]!;
    if (
      earlier.node.tree !== last.node.tree ||
      ![last, ...branches].every((b) => inOtherBranches(earlier.node, b.node))
    )
      break;
    branches.push(earlier);
  }
  return branches;
}

/** Adds a binding to a name's list (in the order the scope is walked: the document's). */
export function addBinding(index: Map<string, Binding[]>, name: string, binding: Binding): void {
  const list = index.get(name);
  if (list) list.push(binding);
  else index.set(name, [binding]);
}
