import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import type { Context } from './context.js';
import { expression } from './expressions.js';
import { stringLiteral } from './literals.js';
import { node } from './node.js';

const K = ts.SyntaxKind;

export function jsxElement(ctx: Context, element: ts.JsxElement): TSESTree.JSXElement {
  return node<TSESTree.JSXElement>(ctx, element, {
    type: 'JSXElement',
    openingElement: openingElement(ctx, element.openingElement, false),
    children: element.children.map((child) => jsxChild(ctx, child)),
    closingElement: node<TSESTree.JSXClosingElement>(ctx, element.closingElement, {
      type: 'JSXClosingElement',
      name: tagName(ctx, element.closingElement.tagName),
    }),
  });
}

export function jsxSelfClosingElement(ctx: Context, element: ts.JsxSelfClosingElement): TSESTree.JSXElement {
  return node<TSESTree.JSXElement>(ctx, element, {
    type: 'JSXElement',
    openingElement: openingElement(ctx, element, true),
    children: [],
    closingElement: null,
  });
}

export function jsxFragment(ctx: Context, fragment: ts.JsxFragment): TSESTree.JSXFragment {
  return node<TSESTree.JSXFragment>(ctx, fragment, {
    type: 'JSXFragment',
    openingFragment: node<TSESTree.JSXOpeningFragment>(ctx, fragment.openingFragment, { type: 'JSXOpeningFragment' }),
    children: fragment.children.map((child) => jsxChild(ctx, child)),
    closingFragment: node<TSESTree.JSXClosingFragment>(ctx, fragment.closingFragment, { type: 'JSXClosingFragment' }),
  });
}

function jsxChild(ctx: Context, child: ts.JsxChild): TSESTree.JSXChild {
  switch (child.kind) {
    case K.JsxText:
      return node<TSESTree.JSXText>(ctx, child, {
        type: 'JSXText',
        value: child.text,
        raw: ctx.text.slice(child.pos, child.end),
      });
    case K.JsxExpression:
      return expressionContainer(ctx, child);
    case K.JsxElement:
      return jsxElement(ctx, child);
    case K.JsxSelfClosingElement:
      return jsxSelfClosingElement(ctx, child);
    case K.JsxFragment:
      return jsxFragment(ctx, child);
  }
}

/** `{value}`, `{}` or `{/* comment *\/}` (and `{...spread}`, kept a container as typescript-estree's types allow). */
function expressionContainer(ctx: Context, container: ts.JsxExpression): TSESTree.JSXExpressionContainer {
  return node<TSESTree.JSXExpressionContainer>(ctx, container, {
    type: 'JSXExpressionContainer',
    expression: container.expression
      ? expression(ctx, container.expression)
      : node<TSESTree.JSXEmptyExpression>(ctx, container, { type: 'JSXEmptyExpression' }),
  });
}

function openingElement(
  ctx: Context,
  element: ts.JsxOpeningLikeElement,
  selfClosing: boolean,
): TSESTree.JSXOpeningElement {
  return node<TSESTree.JSXOpeningElement>(ctx, element, {
    type: 'JSXOpeningElement',
    name: tagName(ctx, element.tagName),
    selfClosing,
    attributes: element.attributes.properties.map((attribute) =>
      attribute.kind === K.JsxSpreadAttribute
        ? node<TSESTree.JSXSpreadAttribute>(ctx, attribute, {
            type: 'JSXSpreadAttribute',
            argument: expression(ctx, attribute.expression),
          })
        : node<TSESTree.JSXAttribute>(ctx, attribute, {
            type: 'JSXAttribute',
            name: attributeName(ctx, attribute.name),
            value: attribute.initializer ? attributeValue(ctx, attribute.initializer) : null,
          }),
    ),
  });
}

function attributeValue(
  ctx: Context,
  value: ts.JsxAttributeValue,
): TSESTree.Literal | TSESTree.JSXExpressionContainer | TSESTree.JSXElement | TSESTree.JSXFragment {
  switch (value.kind) {
    case K.StringLiteral:
      return stringLiteral(ctx, value);
    case K.JsxExpression:
      return expressionContainer(ctx, value);
    case K.JsxElement:
      return jsxElement(ctx, value);
    case K.JsxSelfClosingElement:
      return jsxSelfClosingElement(ctx, value);
    case K.JsxFragment:
      return jsxFragment(ctx, value);
  }
}

function jsxIdentifier(ctx: Context, at: ts.Node, name: string): TSESTree.JSXIdentifier {
  return node<TSESTree.JSXIdentifier>(ctx, at, { type: 'JSXIdentifier', name });
}

function attributeName(ctx: Context, name: ts.JsxAttributeName): TSESTree.JSXIdentifier | TSESTree.JSXNamespacedName {
  return name.kind === K.Identifier ? jsxIdentifier(ctx, name, ts.idText(name)) : namespacedName(ctx, name);
}

function namespacedName(ctx: Context, name: ts.JsxNamespacedName): TSESTree.JSXNamespacedName {
  return node<TSESTree.JSXNamespacedName>(ctx, name, {
    type: 'JSXNamespacedName',
    namespace: jsxIdentifier(ctx, name.namespace, ts.idText(name.namespace)),
    name: jsxIdentifier(ctx, name.name, ts.idText(name.name)),
  });
}

/** `div`, `this`, `a:b`, `Foo.Bar`. */
function tagName(ctx: Context, name: ts.JsxTagNameExpression): TSESTree.JSXTagNameExpression {
  switch (name.kind) {
    case K.Identifier:
      return jsxIdentifier(ctx, name, ts.idText(name));
    case K.ThisKeyword:
      return jsxIdentifier(ctx, name, 'this');
    case K.JsxNamespacedName:
      return namespacedName(ctx, name);
    case K.PropertyAccessExpression:
      return node<TSESTree.JSXMemberExpression>(ctx, name, {
        type: 'JSXMemberExpression',
        object: tagName(ctx, name.expression),
        property: jsxIdentifier(ctx, name.name, name.name.text),
      });
  }
}
