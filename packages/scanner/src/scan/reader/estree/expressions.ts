import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import { classExpression } from './classes.js';
import type { Context } from './context.js';
import { arrowFunction, functionExpression, methodValue } from './functions.js';
import { jsxElement, jsxFragment, jsxSelfClosingElement } from './jsx.js';
import { propertyKey } from './keys.js';
import {
  bigIntLiteral,
  booleanLiteral,
  identifier,
  memberName,
  nullLiteral,
  numberLiteral,
  privateIdentifier,
  regExpLiteral,
  stringLiteral,
  templateLiteral,
} from './literals.js';
import { node, UnsupportedSyntaxError } from './node.js';
import { ASSIGNMENT_OPERATORS, BINARY_OPERATORS, LOGICAL_OPERATORS, PREFIX_OPERATORS } from './operators.js';
import { withDefault } from './patterns.js';

const K = ts.SyntaxKind;

/**
 * The expression kinds the converter maps. TypeScript types `Expression.kind` as any SyntaxKind, so
 * a switch over it cannot narrow; over this union of node interfaces (each with its own literal
 * `kind`) it does.
 */
type MappedExpression =
  | ts.Identifier
  | ts.StringLiteral
  | ts.NumericLiteral
  | ts.BigIntLiteral
  | ts.RegularExpressionLiteral
  | ts.NullLiteral
  | ts.TrueLiteral
  | ts.FalseLiteral
  | ts.ThisExpression
  | ts.SuperExpression
  | ts.NoSubstitutionTemplateLiteral
  | ts.TemplateExpression
  | ts.TaggedTemplateExpression
  | ts.ParenthesizedExpression
  | ts.BinaryExpression
  | ts.PrefixUnaryExpression
  | ts.PostfixUnaryExpression
  | ts.TypeOfExpression
  | ts.VoidExpression
  | ts.DeleteExpression
  | ts.AwaitExpression
  | ts.YieldExpression
  | ts.ConditionalExpression
  | ts.PropertyAccessExpression
  | ts.ElementAccessExpression
  | ts.CallExpression
  | ts.NonNullExpression
  | ts.NewExpression
  | ts.AsExpression
  | ts.SatisfiesExpression
  | ts.TypeAssertion
  | ts.ExpressionWithTypeArguments
  | ts.ObjectLiteralExpression
  | ts.ArrayLiteralExpression
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.ClassExpression
  | ts.JsxElement
  | ts.JsxSelfClosingElement
  | ts.JsxFragment
  | ts.MetaProperty;

/**
 * An expression as typescript-estree shapes it. Parentheses vanish; `a?.b.c` is wrapped, once, in a
 * ChainExpression (`inChain`: this node continues a chain its parent wraps).
 */
export function expression(ctx: Context, tsNode: ts.Expression, inChain = false): TSESTree.Expression {
  // Kinds outside MappedExpression reach `default` (see MappedExpression for why the cast).
  const n = tsNode as MappedExpression;
  switch (n.kind) {
    case K.Identifier:
      return identifier(ctx, n);
    case K.StringLiteral:
      return stringLiteral(ctx, n);
    case K.NumericLiteral:
      return numberLiteral(ctx, n);
    case K.BigIntLiteral:
      return bigIntLiteral(ctx, n);
    case K.RegularExpressionLiteral:
      return regExpLiteral(ctx, n);
    case K.NullKeyword:
      return nullLiteral(ctx, n);
    case K.TrueKeyword:
    case K.FalseKeyword:
      return booleanLiteral(ctx, n);
    case K.ThisKeyword:
      return node<TSESTree.ThisExpression>(ctx, n, { type: 'ThisExpression' });
    case K.SuperKeyword:
      return node<TSESTree.Super>(ctx, n, { type: 'Super' });
    case K.NoSubstitutionTemplateLiteral:
    case K.TemplateExpression:
      return templateLiteral(ctx, n);
    case K.TaggedTemplateExpression:
      return node<TSESTree.TaggedTemplateExpression>(ctx, n, {
        type: 'TaggedTemplateExpression',
        tag: expression(ctx, n.tag),
        quasi: templateLiteral(ctx, n.template),
      });
    case K.ParenthesizedExpression:
      return expression(ctx, n.expression, inChain);
    case K.BinaryExpression:
      return binaryExpression(ctx, n);
    case K.PrefixUnaryExpression:
    case K.PostfixUnaryExpression:
      return unaryExpression(ctx, n);
    case K.TypeOfExpression:
      return node<TSESTree.UnaryExpression>(ctx, n, {
        type: 'UnaryExpression',
        operator: 'typeof',
        prefix: true,
        argument: expression(ctx, n.expression),
      });
    case K.VoidExpression:
      return node<TSESTree.UnaryExpression>(ctx, n, {
        type: 'UnaryExpression',
        operator: 'void',
        prefix: true,
        argument: expression(ctx, n.expression),
      });
    case K.DeleteExpression:
      return node<TSESTree.UnaryExpression>(ctx, n, {
        type: 'UnaryExpression',
        operator: 'delete',
        prefix: true,
        argument: expression(ctx, n.expression),
      });
    case K.AwaitExpression:
      return node<TSESTree.AwaitExpression>(ctx, n, {
        type: 'AwaitExpression',
        argument: expression(ctx, n.expression),
      });
    case K.YieldExpression:
      return n.asteriskToken && n.expression
        ? node<TSESTree.YieldStarExpression>(ctx, n, {
            type: 'YieldExpression',
            argument: expression(ctx, n.expression),
            delegate: true,
          })
        : node<TSESTree.YieldNoStarExpression>(ctx, n, {
            type: 'YieldExpression',
            argument: n.expression ? expression(ctx, n.expression) : null,
            delegate: false,
          });
    case K.ConditionalExpression:
      return node<TSESTree.ConditionalExpression>(ctx, n, {
        type: 'ConditionalExpression',
        test: expression(ctx, n.condition),
        consequent: expression(ctx, n.whenTrue),
        alternate: expression(ctx, n.whenFalse),
      });
    case K.PropertyAccessExpression:
      return chain(
        ctx,
        n,
        node<TSESTree.MemberExpressionNonComputedName>(ctx, n, {
          type: 'MemberExpression',
          object: expression(ctx, n.expression, continuesChain(n)),
          property: memberName(ctx, n.name),
          computed: false,
          optional: !!n.questionDotToken,
        }),
        inChain,
      );
    case K.ElementAccessExpression:
      return chain(
        ctx,
        n,
        node<TSESTree.MemberExpressionComputedName>(ctx, n, {
          type: 'MemberExpression',
          object: expression(ctx, n.expression, continuesChain(n)),
          property: expression(ctx, n.argumentExpression),
          computed: true,
          optional: !!n.questionDotToken,
        }),
        inChain,
      );
    case K.CallExpression:
      return callExpression(ctx, n, inChain);
    case K.NonNullExpression:
      return chain(
        ctx,
        n,
        node<TSESTree.TSNonNullExpression>(ctx, n, {
          type: 'TSNonNullExpression',
          expression: expression(ctx, n.expression, continuesChain(n)),
        }),
        inChain,
      );
    case K.NewExpression:
      return node<TSESTree.NewExpression>(ctx, n, {
        type: 'NewExpression',
        callee: expression(ctx, n.expression),
        arguments: n.arguments ? n.arguments.map((arg) => callArgument(ctx, arg)) : [],
      });
    case K.AsExpression:
      return node<TSESTree.TSAsExpression>(ctx, n, {
        type: 'TSAsExpression',
        expression: expression(ctx, n.expression),
      });
    case K.SatisfiesExpression:
      return node<TSESTree.TSSatisfiesExpression>(ctx, n, {
        type: 'TSSatisfiesExpression',
        expression: expression(ctx, n.expression),
      });
    case K.TypeAssertionExpression:
      return node<TSESTree.TSTypeAssertion>(ctx, n, {
        type: 'TSTypeAssertion',
        expression: expression(ctx, n.expression),
      });
    case K.ExpressionWithTypeArguments:
      return node<TSESTree.TSInstantiationExpression>(ctx, n, {
        type: 'TSInstantiationExpression',
        expression: expression(ctx, n.expression),
      });
    case K.ObjectLiteralExpression:
      return node<TSESTree.ObjectExpression>(ctx, n, {
        type: 'ObjectExpression',
        properties: n.properties.map((property) => objectMember(ctx, property)),
      });
    case K.ArrayLiteralExpression:
      return node<TSESTree.ArrayExpression>(ctx, n, {
        type: 'ArrayExpression',
        elements: n.elements.map((element) =>
          element.kind === K.OmittedExpression ? null : callArgument(ctx, element),
        ),
      });
    case K.FunctionExpression:
      return functionExpression(ctx, n);
    case K.ArrowFunction:
      return arrowFunction(ctx, n);
    case K.ClassExpression:
      return classExpression(ctx, n);
    case K.JsxElement:
      return jsxElement(ctx, n);
    case K.JsxSelfClosingElement:
      return jsxSelfClosingElement(ctx, n);
    case K.JsxFragment:
      return jsxFragment(ctx, n);
    case K.MetaProperty:
      return node<TSESTree.MetaProperty>(ctx, n, {
        type: 'MetaProperty',
        meta: node<TSESTree.Identifier>(ctx, n, {
          type: 'Identifier',
          name: n.keywordToken === K.NewKeyword ? 'new' : 'import',
        }),
        property: identifier(ctx, n.name),
      });
    default:
      throw new UnsupportedSyntaxError(ctx, tsNode, 'this expression');
  }
}

/** A call's or `new`'s argument, or an array element: an expression or `...spread`. */
export function callArgument(ctx: Context, arg: ts.Expression): TSESTree.CallExpressionArgument {
  return ts.isSpreadElement(arg)
    ? node<TSESTree.SpreadElement>(ctx, arg, { type: 'SpreadElement', argument: expression(ctx, arg.expression) })
    : expression(ctx, arg);
}

/** `a?.b.c`: typescript-estree wraps the whole chain, once, in a ChainExpression. */
function chain(
  ctx: Context,
  at: ts.Node,
  element: TSESTree.ChainElement,
  inChain: boolean,
): TSESTree.ChainElement | TSESTree.ChainExpression {
  return inChain || !(at.flags & ts.NodeFlags.OptionalChain)
    ? element
    : node<TSESTree.ChainExpression>(ctx, at, { type: 'ChainExpression', expression: element });
}

function continuesChain(at: ts.Node): boolean {
  return (at.flags & ts.NodeFlags.OptionalChain) !== 0;
}

function callExpression(ctx: Context, call: ts.CallExpression, inChain: boolean): TSESTree.Expression {
  if (call.expression.kind === K.ImportKeyword) {
    const source = call.arguments[0];
    if (!source) throw new UnsupportedSyntaxError(ctx, call, '`import()` without a specifier');
    return node<TSESTree.ImportExpression>(ctx, call, { type: 'ImportExpression', source: expression(ctx, source) });
  }
  return chain(
    ctx,
    call,
    node<TSESTree.CallExpression>(ctx, call, {
      type: 'CallExpression',
      callee: expression(ctx, call.expression, continuesChain(call)),
      arguments: call.arguments.map((arg) => callArgument(ctx, arg)),
      optional: !!call.questionDotToken,
    }),
    inChain,
  );
}

function binaryExpression(ctx: Context, binary: ts.BinaryExpression): TSESTree.Expression {
  const op = binary.operatorToken.kind;
  if (op === K.CommaToken)
    return node<TSESTree.SequenceExpression>(ctx, binary, {
      type: 'SequenceExpression',
      expressions: [expression(ctx, binary.left), expression(ctx, binary.right)],
    });
  const assignment = ASSIGNMENT_OPERATORS.get(op);
  if (assignment)
    return node<TSESTree.AssignmentExpression>(ctx, binary, {
      type: 'AssignmentExpression',
      operator: assignment,
      left: expression(ctx, binary.left),
      right: expression(ctx, binary.right),
    });
  const logical = LOGICAL_OPERATORS.get(op);
  if (logical)
    return node<TSESTree.LogicalExpression>(ctx, binary, {
      type: 'LogicalExpression',
      operator: logical,
      left: expression(ctx, binary.left),
      right: expression(ctx, binary.right),
    });
  const operator = BINARY_OPERATORS.get(op);
  if (!operator) throw new UnsupportedSyntaxError(ctx, binary.operatorToken, 'this operator');
  // `#field in object`: the one place a private name stands alone.
  if (ts.isPrivateIdentifier(binary.left) && operator === 'in')
    return node<TSESTree.PrivateInExpression>(ctx, binary, {
      type: 'BinaryExpression',
      operator,
      left: privateIdentifier(ctx, binary.left),
      right: expression(ctx, binary.right),
    });
  return node<TSESTree.SymmetricBinaryExpression>(ctx, binary, {
    type: 'BinaryExpression',
    operator,
    left: expression(ctx, binary.left),
    right: expression(ctx, binary.right),
  });
}

function unaryExpression(
  ctx: Context,
  unary: ts.PrefixUnaryExpression | ts.PostfixUnaryExpression,
): TSESTree.UnaryExpression | TSESTree.UpdateExpression {
  const prefix = unary.kind === K.PrefixUnaryExpression;
  if (unary.operator === K.PlusPlusToken || unary.operator === K.MinusMinusToken)
    return node<TSESTree.UpdateExpression>(ctx, unary, {
      type: 'UpdateExpression',
      operator: unary.operator === K.PlusPlusToken ? '++' : '--',
      prefix,
      argument: expression(ctx, unary.operand),
    });
  const operator = PREFIX_OPERATORS.get(unary.operator);
  if (!operator || !prefix) throw new UnsupportedSyntaxError(ctx, unary, 'this operator');
  return node<TSESTree.UnaryExpression>(ctx, unary, {
    type: 'UnaryExpression',
    operator,
    prefix: true,
    argument: expression(ctx, unary.operand),
  });
}

function objectMember(ctx: Context, property: ts.ObjectLiteralElementLike): TSESTree.ObjectLiteralElement {
  switch (property.kind) {
    case K.SpreadAssignment:
      return node<TSESTree.SpreadElement>(ctx, property, {
        type: 'SpreadElement',
        argument: expression(ctx, property.expression),
      });
    case K.ShorthandPropertyAssignment:
      return node<TSESTree.PropertyNonComputedName>(ctx, property, {
        type: 'Property',
        key: identifier(ctx, property.name),
        value: withDefault(ctx, property, identifier(ctx, property.name), property.objectAssignmentInitializer),
        computed: false,
        shorthand: true,
        method: false,
        kind: 'init',
      });
    case K.PropertyAssignment:
      return node<TSESTree.Property>(ctx, property, {
        type: 'Property',
        ...propertyKey(ctx, property.name),
        value: expression(ctx, property.initializer),
        shorthand: false,
        method: false,
        kind: 'init',
      });
    default:
      return node<TSESTree.Property>(ctx, property, {
        type: 'Property',
        ...propertyKey(ctx, property.name),
        value: methodValue(ctx, property),
        shorthand: false,
        method: property.kind === K.MethodDeclaration,
        kind: property.kind === K.GetAccessor ? 'get' : property.kind === K.SetAccessor ? 'set' : 'init',
      });
  }
}
