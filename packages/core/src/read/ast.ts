import type { TSESTree } from '@typescript-eslint/types';
import { visitorKeys } from '@typescript-eslint/visitor-keys';

export type Node = TSESTree.Node;

/**
 * Source offsets of a node. ESLint's parsers give `range`; the scanner's converter gives `start`/`end`.
 * Everything the extractor records is an offset pair, so either parser's tree will do.
 */
export function rangeOf(node: Node): [number, number] {
  const withOffsets = node as Node & { start?: number; end?: number };
  if (node.range) return node.range;
  return [withOffsets.start!, withOffsets.end!];
}

/** Where a node starts in the source, without building its range (`rangeOf` makes one on oxc's tree). */
export function startOf(node: Node): number {
  return node.range ? node.range[0] : (node as Node & { start: number }).start;
}

/** Where a node ends in the source (see `startOf`). */
export function endOf(node: Node): number {
  return node.range ? node.range[1] : (node as Node & { end: number }).end;
}

const SKIP_KEYS = new Set(['parent', 'loc', 'range', 'start', 'end', 'type', 'tokens', 'comments']);

const fallbackKeys = new Map<string, string[]>();

/**
 * Calls `visit` on each child in source order, by the typescript-eslint visitor keys (every TS
 * node), with `state` and the node as its parent: a walk that passes its state this way allocates
 * no closure per node (the walks run over every node of every file).
 */
export function forEachChild<S = undefined>(
  node: Node,
  visit: (child: Node, state: S, parent: Node) => void,
  state?: S,
): void {
  let keys = (visitorKeys as Record<string, readonly string[] | undefined>)[node.type];
  if (!keys) {
    // A node type the keys do not know (another parser's extension): every object-valued key.
    keys = fallbackKeys.get(node.type) ?? Object.keys(node).filter((key) => !SKIP_KEYS.has(key));
    fallbackKeys.set(node.type, keys as string[]);
  }
  for (let k = 0; k < keys.length; k++) {
    const value = (node as unknown as Record<string, unknown>)[keys[k]!];
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (isNode(item)) visit(item, state as S, node);
      }
    } else if (isNode(value)) {
      visit(value, state as S, node);
    }
  }
}

/**
 * A name without decorators (a third of a program's nodes): nothing below it is a value, as its
 * type annotation is a type. Walks that look for values only skip it, and the call into its keys.
 */
export function isPlainName(node: Node): boolean {
  return node.type === 'Identifier' && !(node as { decorators?: readonly Node[] }).decorators?.length;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * A property node the code does not write as one (an enum member, a key assigned after its object
 * literal), for the readers of object literals: `key: value`, its range where it stands.
 */
export function syntheticProperty(
  key: Node,
  value: Node,
  computed: boolean,
  range: [number, number],
): TSESTree.Property {
  return {
    type: 'Property',
    key,
    value,
    computed,
    kind: 'init',
    method: false,
    shorthand: false,
    range,
  } as unknown as TSESTree.Property;
}

/** The name a call's callee is known by: `f` of `f()`, `m` of `x.m()`. */
export function calleeName(callee: Node): string | undefined {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression') return propertyKeyName(callee.property, callee.computed);
  return undefined;
}

/** Strips what does not change a value: parentheses, `as`, `satisfies`, `!`, `<T>x`, `await`. */
export function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    switch (current.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'TSInstantiationExpression':
        current = current.expression as Node;
        break;
      case 'AwaitExpression':
        current = current.argument;
        break;
      case 'ChainExpression':
        current = current.expression;
        break;
      case 'ParenthesizedExpression' as string:
        current = (current as unknown as { expression: Node }).expression;
        break;
      default:
        return current;
    }
  }
}

/** A property key's name when it is static: `a`, `'a'`, `[\`a\`]`, `#a`. */
export function propertyKeyName(key: Node, computed: boolean): string | undefined {
  if (!computed && key.type === 'Identifier') return key.name;
  if (key.type === 'PrivateIdentifier') return `#${key.name}`;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number'))
    return String(key.value);
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** `a.b.c` and `a?.b['c']` as ['a','b','c'] with the root node; undefined for dynamic members. */
export function memberChain(node: Node): { root: Node; names: string[] } | undefined {
  const names: string[] = [];
  let current = unwrap(node);
  while (current.type === 'MemberExpression') {
    const name = propertyKeyName(current.property, current.computed);
    if (name === undefined) return undefined;
    names.unshift(name);
    current = unwrap(current.object);
  }
  return { root: current, names };
}

export function isFunctionNode(
  node: Node,
): node is TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression {
  return (
    node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression'
  );
}

/** A string-valued expression as written: a string literal, a template, or a `+` chain. */
export function isStringExpression(node: Node): boolean {
  return (
    (node.type === 'Literal' && typeof node.value === 'string') ||
    node.type === 'TemplateLiteral' ||
    (node.type === 'BinaryExpression' && node.operator === '+')
  );
}
