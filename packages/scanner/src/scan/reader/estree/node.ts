import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import { type Context, startOf } from './context.js';

/** Source offsets (UTF-16, as TypeScript and JavaScript strings count); core's `rangeOf` reads them. */
export interface Offsets {
  start: number;
  end: number;
}

/**
 * Fields typescript-estree sets that core's extractor never reads: type-level syntax (type
 * parameters and arguments, return types, annotations other than a binding's or field's type
 * name), decorators, modifiers, import attributes, directives and `parent`/`loc`/`range` (offsets
 * are `start`/`end`). Left out, they cost no node a property; a node may still set one.
 */
type Unread =
  | 'parent'
  | 'loc'
  | 'range'
  | 'decorators'
  | 'typeAnnotation'
  | 'typeParameters'
  | 'typeArguments'
  | 'superTypeArguments'
  | 'returnType'
  | 'implements'
  | 'accessibility'
  | 'abstract'
  | 'declare'
  | 'definite'
  | 'optional'
  | 'override'
  | 'readonly'
  | 'const'
  | 'directive'
  | 'assertions'
  | 'attributes'
  | 'options'
  | 'phase';

/** What a converter supplies for a node of type T: its `type` name and every field detection reads. */
export type Fields<T extends TSESTree.Node> = T extends TSESTree.Node
  ? { type: `${T['type']}` } & Omit<T, 'type' | Unread> & Partial<Pick<T, Extract<keyof T, Unread>>>
  : never;

/**
 * Makes `fields` the node for `at` (one object literal per call site keeps V8's object shapes
 * stable), adding its offsets: from the first token (TypeScript's `pos` includes leading trivia).
 */
export function node<T extends TSESTree.Node>(ctx: Context, at: ts.TextRange, fields: Fields<T>): T & Offsets {
  // The literal has T's shape but for the Unread fields and the offsets, which are set here.
  const built = fields as unknown as T & Offsets;
  built.start = startOf(ctx, at.pos);
  built.end = at.end;
  return built;
}

/**
 * Syntax the parser accepts but TypeScript's checker rejects and ESTree has no shape for
 * (`import x from foo`, `({ #x: 1 })`, `class {}` outside `export default`): the file is reported
 * like a syntax error.
 */
export class UnsupportedSyntaxError extends Error {
  readonly offset: number;
  constructor(ctx: Context, at: ts.Node, what: string) {
    super(`${what} (TypeScript's ${ts.SyntaxKind[at.kind]}) cannot be analyzed`);
    this.offset = startOf(ctx, at.pos);
  }
}

/** Whether `node` carries the modifier: a loop over its own modifiers (no array is allocated). */
export function hasModifier(node: ts.HasModifiers, kind: ts.SyntaxKind): boolean {
  const modifiers = node.modifiers;
  if (modifiers) for (const modifier of modifiers) if (modifier.kind === kind) return true;
  return false;
}
