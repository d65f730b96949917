import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import { withDecorators } from './classes.js';
import type { Context } from './context.js';
import { expression } from './expressions.js';
import { propertyKey } from './keys.js';
import { identifier } from './literals.js';
import { node, UnsupportedSyntaxError } from './node.js';

const K = ts.SyntaxKind;

/** `x: Client` and `x: sdk.Client`: the type's name is what the extractor asks for; other types are left out. */
export function typeAnnotation(ctx: Context, type: ts.TypeNode | undefined): TSESTree.TSTypeAnnotation | undefined {
  if (!type || !ts.isTypeReferenceNode(type)) return undefined;
  return node<TSESTree.TSTypeAnnotation>(ctx, type, {
    type: 'TSTypeAnnotation',
    typeAnnotation: node<TSESTree.TSTypeReference>(ctx, type, {
      type: 'TSTypeReference',
      typeName: entityName(ctx, type.typeName),
    }),
  });
}

/** `a.b.c` in a type or in `import x = a.b.c`. */
export function entityName(ctx: Context, name: ts.EntityName): TSESTree.Identifier | TSESTree.TSQualifiedName {
  return name.kind === K.Identifier
    ? identifier(ctx, name)
    : node<TSESTree.TSQualifiedName>(ctx, name, {
        type: 'TSQualifiedName',
        left: entityName(ctx, name.left),
        right: identifier(ctx, name.right),
      });
}

/** `target = initializer` in a pattern or parameter list; the target alone without one. */
export function withDefault<Target extends TSESTree.BindingName>(
  ctx: Context,
  at: ts.Node,
  target: Target,
  initializer: ts.Expression | undefined,
): Target | (TSESTree.AssignmentPattern & { left: Target }) {
  return initializer
    ? node<TSESTree.AssignmentPattern & { left: Target }>(ctx, at, {
        type: 'AssignmentPattern',
        left: target,
        right: expression(ctx, initializer),
      })
    : target;
}

/** A declared name or destructuring pattern; an identifier carries its type's name when it has one. */
export function bindingName(ctx: Context, name: ts.BindingName, type?: ts.TypeNode): TSESTree.BindingName {
  if (name.kind === K.Identifier) {
    const id = identifier(ctx, name);
    const annotation = typeAnnotation(ctx, type);
    if (annotation) id.typeAnnotation = annotation;
    return id;
  }
  if (name.kind === K.ObjectBindingPattern)
    return node<TSESTree.ObjectPattern>(ctx, name, {
      type: 'ObjectPattern',
      properties: name.elements.map((element) => objectPatternMember(ctx, element)),
    });
  return node<TSESTree.ArrayPattern>(ctx, name, {
    type: 'ArrayPattern',
    elements: name.elements.map((element) => arrayPatternElement(ctx, element)),
  });
}

function restElement(ctx: Context, at: ts.Node, argument: TSESTree.DestructuringPattern): TSESTree.RestElement {
  return node<TSESTree.RestElement>(ctx, at, { type: 'RestElement', argument, value: undefined });
}

function objectPatternMember(ctx: Context, element: ts.BindingElement): TSESTree.Property | TSESTree.RestElement {
  if (element.dotDotDotToken) return restElement(ctx, element, bindingName(ctx, element.name));
  const keyName = element.propertyName ?? (ts.isIdentifier(element.name) ? element.name : undefined);
  if (!keyName) throw new UnsupportedSyntaxError(ctx, element, 'a nested pattern without a key');
  return node<TSESTree.Property>(ctx, element, {
    type: 'Property',
    ...propertyKey(ctx, keyName),
    value: withDefault(ctx, element, bindingName(ctx, element.name), element.initializer),
    shorthand: !element.propertyName,
    method: false,
    kind: 'init',
  });
}

function arrayPatternElement(ctx: Context, element: ts.ArrayBindingElement): TSESTree.DestructuringPattern | null {
  if (element.kind === K.OmittedExpression) return null;
  if (element.dotDotDotToken) return restElement(ctx, element, bindingName(ctx, element.name));
  return withDefault(ctx, element, bindingName(ctx, element.name), element.initializer);
}

/** A function's parameter: `a`, `{ b } = {}`, `...rest`, or a constructor's `private readonly c`. */
export function parameter(ctx: Context, param: ts.ParameterDeclaration): TSESTree.Parameter {
  const target = bindingName(ctx, param.name, param.type);
  if (param.dotDotDotToken) return withDecorators(ctx, param, restElement(ctx, param, target));
  if (target.type === 'Identifier' && isParameterProperty(param))
    return withDecorators(
      ctx,
      param,
      node<TSESTree.TSParameterProperty>(ctx, param, {
        type: 'TSParameterProperty',
        parameter: withDefault(ctx, param, target, param.initializer),
        static: false,
      }),
    );
  return withDecorators(ctx, param, withDefault(ctx, param, target, param.initializer));
}

const ACCESS_MODIFIERS = new Set([
  K.PublicKeyword,
  K.PrivateKeyword,
  K.ProtectedKeyword,
  K.ReadonlyKeyword,
  K.OverrideKeyword,
]);

function isParameterProperty(param: ts.ParameterDeclaration): boolean {
  const modifiers = param.modifiers;
  if (modifiers) for (const modifier of modifiers) if (ACCESS_MODIFIERS.has(modifier.kind)) return true;
  return false;
}
