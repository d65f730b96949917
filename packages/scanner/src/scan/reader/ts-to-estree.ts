import type { TSESTree } from '@typescript-eslint/types';
import type ts from 'typescript';
import { createContext } from './estree/context.js';
import { node } from './estree/node.js';
import { statements } from './estree/statements.js';

export { UnsupportedSyntaxError } from './estree/node.js';

/**
 * Converts a TypeScript syntax tree (`ts.createSourceFile`, no binding, no type checking) into
 * typescript-estree's ESTree, as far as core's extractor reads it: every statement and expression
 * with the same types and field names, TypeScript wrappers that carry values (`as`, `satisfies`,
 * `!`, `<T>x`, instantiation expressions), parameter properties, enums and namespaces. Type-only
 * syntax is kept only where detection reads it (a parameter's or field's type *name*,
 * `import type`/`export type`); interfaces and type aliases become empty declarations, so types
 * never produce findings. Parentheses vanish, optional chains are wrapped in `ChainExpression`, as
 * in typescript-estree. Nodes carry `start`/`end` offsets instead of `range`/`loc`; the fields left
 * out are listed in estree/node.ts. Syntax only TypeScript's checker rejects and ESTree has no shape
 * for throws an UnsupportedSyntaxError.
 */
export function toEstree(file: ts.SourceFile): TSESTree.Program {
  const ctx = createContext(file);
  return node<TSESTree.Program>(ctx, file, {
    type: 'Program',
    body: statements(ctx, file.statements),
    sourceType: 'module',
    comments: undefined,
    tokens: undefined,
  });
}
