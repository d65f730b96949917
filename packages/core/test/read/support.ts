import type { TSESTree } from '@typescript-eslint/types';
import { analyzeProgram, extractFileFacts } from '../../src/analyze.js';
import { forEachChild, rangeOf, type Node } from '../../src/read/ast.js';
import { Evaluator } from '../../src/read/evaluate.js';
import type { FileFacts, RequestFact } from '../../src/facts.js';
import { indexScopes, lookup, type Binding, type Scope, type ScopeIndex } from '../../src/read/scope.js';
import type { Value } from '../../src/read/values.js';
import { resolveSettings } from '../../src/options.js';
import type { Finding } from '../../src/findings/finding.js';
import type { PatternPart } from '../../src/url/pattern.js';
import { parseForTest } from '../support/parse.js';

/** One settings object for every reader test: the catalogue as of a fixed day. */
export const settings = resolveSettings({ asOf: '2026-11-21' });

/** A small program, parsed as ESLint's TypeScript parser would, and its scope index. */
export interface Indexed {
  source: string;
  program: TSESTree.Program;
  index: ScopeIndex;
  /** Every node in source order (depth first), type-only subtrees included. */
  nodes: Node[];
  /** The parsed tree's parents (the parser used here sets no `parent`). */
  parents: Map<Node, Node>;
}

export function indexed(source: string, file = 'input.ts'): Indexed {
  const program = parseForTest(source, file);
  const nodes: Node[] = [];
  const parents = new Map<Node, Node>();
  const walk = (node: Node) => {
    nodes.push(node);
    forEachChild(node, (child) => {
      parents.set(child, node);
      walk(child);
    });
  };
  walk(program);
  return { source, program, index: indexScopes(program), nodes, parents };
}

/** The source text of a node. */
export function textOf(input: Indexed, node: Node): string {
  const [start, end] = rangeOf(node);
  return input.source.slice(start, end);
}

/**
 * The `nth` (0-based) node of a type whose source text is exactly `written`:
 * `nodeAt(input, 'Identifier', 'url', 1)` is the second `url` identifier.
 */
export function nodeAt<T extends Node['type']>(
  input: Indexed,
  type: T,
  written: string,
  nth = 0,
): Extract<Node, { type: T }> {
  const found = input.nodes.filter((node) => node.type === type && textOf(input, node) === written);
  const node = found[nth];
  if (!node) throw new Error(`no ${type} number ${nth} written \`${written}\` (found ${found.length})`);
  return node as Extract<Node, { type: T }>;
}

/**
 * The `nth` call `probe(…)` of the program: tests mark a place with it, and the index records the
 * scope of every call. Its argument is the expression asked about.
 */
export function probe(input: Indexed, nth = 0): { call: TSESTree.CallExpression; arg: Node; scope: Scope } {
  const calls = input.index.calls.filter(
    (call): call is TSESTree.CallExpression =>
      call.type === 'CallExpression' && call.callee.type === 'Identifier' && call.callee.name === 'probe',
  );
  const call = calls[nth];
  if (!call) throw new Error(`no probe number ${nth} (found ${calls.length})`);
  const scope = input.index.scopeOf.get(call);
  if (!scope) throw new Error(`probe number ${nth} has no scope`);
  return { call, arg: call.arguments[0] as Node, scope };
}

/** The binding a name resolves to at the `nth` probe. */
export function bindingAt(input: Indexed, name: string, nth = 0): Binding | undefined {
  return lookup(probe(input, nth).scope, name);
}

/** An evaluator over a program, with short ways to ask for values. */
export interface Evaluated extends Indexed {
  ev: Evaluator;
  /** The value of a variable of the program's top scope. */
  valueOf(name: string): Value;
  /** The value of the argument of the `nth` `probe(…)` call, in its scope. */
  probed(nth?: number): Value;
}

export function evaluated(source: string, file = 'input.ts'): Evaluated {
  const input = indexed(source, file);
  const ev = new Evaluator(input.index, source);
  return {
    ...input,
    ev,
    valueOf: (name) => ev.identifier(name, input.index.program),
    probed: (nth = 0) => {
      const { arg, scope } = probe(input, nth);
      return ev.value(arg, scope);
    },
  };
}

/**
 * A pattern as text: text verbatim, `{a|b}` for a choice, and `${…}` for a hole, naming what the
 * hole knows: `${arg0}` (a parameter), `${...arg1 join '/'}` (a rest parameter joined),
 * `${./mod#a.b}` (a value of another module, `(…)` when it is a call of it), `${env.API}` (a
 * global read), `${a | b}` (alternatives), `${…}` (nothing known).
 */
export function render(pattern: readonly PatternPart[]): string {
  return pattern
    .map((part) => {
      if (part.kind === 'text') return part.text;
      if (part.kind === 'choice') return `{${part.options.join('|')}}`;
      if (part.alternatives) return `\${${part.alternatives.map(render).join(' | ')}}`;
      if (part.param !== undefined && part.restJoin !== undefined)
        return `\${...arg${part.param} join '${part.restJoin}'}`;
      if (part.param !== undefined) return `\${arg${part.param}}`;
      if (part.from) {
        const args = part.args ? `(${part.args.map(render).join(', ')})` : '';
        return `\${${part.from.source}#${part.from.path.join('.')}${args}}`;
      }
      if (part.ref !== undefined) return `\${${[part.ref, ...(part.member ?? [])].join('.')}}`;
      return '${…}';
    })
    .join('');
}

/** A value in a few words: `string <pattern>`, `module ./x#a.b`, `param 1 .a`, `function name`, … */
export function describeValue(value: Value): string {
  switch (value.kind) {
    case 'string':
      return `string ${render(value.pattern)}`;
    case 'module':
      return `module ${value.source}#${value.path.join('.')}`;
    case 'global':
      return `global ${[value.name, ...value.path].join('.')}`;
    case 'param':
      return `param ${value.index}${value.path.map((key) => `.${key}`).join('')}`;
    case 'function':
      return `function ${value.fn.node.id?.name ?? `(${value.fn.params.map((p) => p.name ?? '_').join(', ')})`}`;
    case 'class':
    case 'instance':
      return `${value.kind} ${value.cls.node.id?.name ?? '(anonymous)'}`;
    case 'http-client':
      return `http-client ${value.lib}${value.base ? ` ${render(value.base)}` : ''}`;
    case 'sdk':
      return `sdk ${value.flavor}${value.chain.map((name) => `.${name}`).join('')}`;
    default:
      return value.kind;
  }
}

/** The facts of one file, as the ESLint plugin extracts them. */
export function factsOf(source: string, file = 'input.ts'): FileFacts {
  return extractFileFacts(parseForTest(source, file), source, settings);
}

/** A request in a few words: `via METHOD url`, the method `param0` / `init1` / `?` when not known. */
export function describeRequest(fact: RequestFact): string {
  const method =
    fact.method.kind === 'known'
      ? fact.method.method
      : fact.method.kind === 'param'
        ? `${fact.method.option ? 'init' : 'param'}${fact.method.param}`
        : '?';
  return `${fact.via} ${method} ${render(fact.url)}`;
}

/** The findings a file has on its own (for the few tests that check that a fact is matched). */
export function findingsOf(source: string, file = 'input.ts'): Finding[] {
  return analyzeProgram(parseForTest(source, file), source, file, settings);
}
