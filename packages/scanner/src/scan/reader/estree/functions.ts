import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import type { Context } from './context.js';
import { expression } from './expressions.js';
import { identifier } from './literals.js';
import { exportOf } from './modules.js';
import { hasModifier, node, UnsupportedSyntaxError } from './node.js';
import { parameter } from './patterns.js';
import { block } from './statements.js';

const K = ts.SyntaxKind;

/** A method's, accessor's or constructor's function (in a class or an object literal). */
type MethodLike = ts.MethodDeclaration | ts.ConstructorDeclaration | ts.AccessorDeclaration;

export function functionExpression(ctx: Context, fn: ts.FunctionExpression): TSESTree.FunctionExpression {
  return functionValue(ctx, fn, fn.name ? identifier(ctx, fn.name) : null, fn.body);
}

/**
 * A method's value: a function expression without a name, covering the whole member (as the
 * converter always has); without a body (an overload, an abstract method) typescript-estree's
 * TSEmptyBodyFunctionExpression.
 */
export function methodValue(
  ctx: Context,
  method: MethodLike,
): TSESTree.FunctionExpression | TSESTree.TSEmptyBodyFunctionExpression {
  if (method.body) return functionValue(ctx, method, null, method.body);
  return node<TSESTree.TSEmptyBodyFunctionExpression>(ctx, method, {
    type: 'TSEmptyBodyFunctionExpression',
    id: null,
    params: method.parameters.map((param) => parameter(ctx, param)),
    body: null,
    async: hasModifier(method, K.AsyncKeyword),
    generator: !!method.asteriskToken,
    expression: false,
  });
}

function functionValue(
  ctx: Context,
  fn: ts.FunctionExpression | MethodLike,
  id: TSESTree.Identifier | null,
  body: ts.Block,
): TSESTree.FunctionExpression {
  return node<TSESTree.FunctionExpression>(ctx, fn, {
    type: 'FunctionExpression',
    id,
    params: fn.parameters.map((param) => parameter(ctx, param)),
    body: block(ctx, body),
    async: hasModifier(fn, K.AsyncKeyword),
    generator: !!fn.asteriskToken,
    expression: false,
  });
}

export function arrowFunction(ctx: Context, fn: ts.ArrowFunction): TSESTree.ArrowFunctionExpression {
  const params = fn.parameters.map((param) => parameter(ctx, param));
  const async = hasModifier(fn, K.AsyncKeyword);
  return ts.isBlock(fn.body)
    ? node<TSESTree.ArrowFunctionExpressionWithBlockBody>(ctx, fn, {
        type: 'ArrowFunctionExpression',
        id: null,
        params,
        body: block(ctx, fn.body),
        async,
        generator: false,
        expression: false,
      })
    : node<TSESTree.ArrowFunctionExpressionWithExpressionBody>(ctx, fn, {
        type: 'ArrowFunctionExpression',
        id: null,
        params,
        body: expression(ctx, fn.body),
        async,
        generator: false,
        expression: true,
      });
}

/**
 * `function f() {}` as a statement; without a body (an overload signature, `declare function`)
 * typescript-estree's TSDeclareFunction, which has no scope of its own. Only `export default` may
 * leave out the name.
 */
export function functionStatement(ctx: Context, fn: ts.FunctionDeclaration): TSESTree.Statement {
  const params = fn.parameters.map((param) => parameter(ctx, param));
  const async = hasModifier(fn, K.AsyncKeyword);
  const id = fn.name ? identifier(ctx, fn.name) : null;
  if (!fn.body) {
    const declared = node<TSESTree.TSDeclareFunctionNoDeclare>(ctx, fn, {
      type: 'TSDeclareFunction',
      id,
      params,
      body: undefined,
      async,
      generator: false,
      expression: false,
    });
    return exportOf(ctx, fn, declared) ?? declared;
  }
  const body = block(ctx, fn.body);
  const generator = !!fn.asteriskToken;
  if (id) {
    const named = node<TSESTree.FunctionDeclarationWithName>(ctx, fn, {
      type: 'FunctionDeclaration',
      id,
      params,
      body,
      async,
      generator,
      expression: false,
    });
    return exportOf(ctx, fn, named) ?? named;
  }
  const unnamed = node<TSESTree.FunctionDeclarationWithOptionalName>(ctx, fn, {
    type: 'FunctionDeclaration',
    id,
    params,
    body,
    async,
    generator,
    expression: false,
  });
  const exported = exportOf(ctx, fn, unnamed);
  if (!exported) throw new UnsupportedSyntaxError(ctx, fn, 'a function declaration without a name');
  return exported;
}
