import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import type { Context } from './context.js';
import { expression } from './expressions.js';
import { methodValue } from './functions.js';
import { classMemberKey, propertyKey } from './keys.js';
import { identifier } from './literals.js';
import { exportOf } from './modules.js';
import { hasModifier, node, UnsupportedSyntaxError } from './node.js';
import { typeAnnotation } from './patterns.js';
import { statements } from './statements.js';

const K = ts.SyntaxKind;

/** `class A {}` as a statement. Only `export default` may leave out the name. */
export function classStatement(ctx: Context, declaration: ts.ClassDeclaration): TSESTree.Statement {
  const superClass = superClassOf(ctx, declaration);
  const body = classBody(ctx, declaration);
  if (declaration.name) {
    const named = node<TSESTree.ClassDeclarationWithName>(ctx, declaration, {
      type: 'ClassDeclaration',
      id: identifier(ctx, declaration.name),
      superClass,
      body,
    });
    withDecorators(ctx, declaration, named);
    return exportOf(ctx, declaration, named) ?? named;
  }
  const unnamed = node<TSESTree.ClassDeclarationWithOptionalName>(ctx, declaration, {
    type: 'ClassDeclaration',
    id: null,
    superClass,
    body,
  });
  withDecorators(ctx, declaration, unnamed);
  const exported = exportOf(ctx, declaration, unnamed);
  if (!exported) throw new UnsupportedSyntaxError(ctx, declaration, 'a class declaration without a name');
  return exported;
}

export function classExpression(ctx: Context, cls: ts.ClassExpression): TSESTree.ClassExpression {
  const built = node<TSESTree.ClassExpression>(ctx, cls, {
    type: 'ClassExpression',
    id: cls.name ? identifier(ctx, cls.name) : null,
    superClass: superClassOf(ctx, cls),
    body: classBody(ctx, cls),
  });
  return withDecorators(ctx, cls, built);
}

/**
 * A node's decorators, as typescript-estree gives them: their arguments are code that runs
 * (`@Inject(URL)`), read by detection as any other code. Set only where there are some.
 */
export function withDecorators<T extends { decorators?: TSESTree.Decorator[] }>(
  ctx: Context,
  declaration: ts.HasDecorators,
  built: T,
): T {
  const found = ts.canHaveDecorators(declaration) ? ts.getDecorators(declaration) : undefined;
  if (found?.length)
    built.decorators = found.map((decorator) =>
      node<TSESTree.Decorator>(ctx, decorator, {
        type: 'Decorator',
        // TSESTree narrows it to a left-hand side; the parser has checked that it is one.
        expression: expression(ctx, decorator.expression) as TSESTree.LeftHandSideExpression,
      }),
    );
  return built;
}

function superClassOf(ctx: Context, cls: ts.ClassLikeDeclaration): TSESTree.LeftHandSideExpression | null {
  const extendsClause = cls.heritageClauses?.find((clause) => clause.token === K.ExtendsKeyword);
  const superClass = extendsClause?.types[0];
  // TSESTree narrows a superclass to a left-hand side, but `extends (a || b)` is valid JavaScript.
  return superClass ? (expression(ctx, superClass.expression) as TSESTree.LeftHandSideExpression) : null;
}

/** Fields, methods, accessors, constructors and static blocks; index signatures and `;` are left out. */
function classBody(ctx: Context, cls: ts.ClassLikeDeclaration): TSESTree.ClassBody {
  const members: TSESTree.ClassElement[] = [];
  for (const member of cls.members) {
    if (ts.isPropertyDeclaration(member)) members.push(propertyDefinition(ctx, member));
    else if (
      ts.isMethodDeclaration(member) ||
      ts.isConstructorDeclaration(member) ||
      ts.isGetAccessorDeclaration(member) ||
      ts.isSetAccessorDeclaration(member)
    )
      members.push(methodDefinition(ctx, member));
    else if (ts.isClassStaticBlockDeclaration(member))
      members.push(
        node<TSESTree.StaticBlock>(ctx, member, { type: 'StaticBlock', body: statements(ctx, member.body.statements) }),
      );
  }
  return node<TSESTree.ClassBody>(ctx, cls.members, { type: 'ClassBody', body: members });
}

function propertyDefinition(ctx: Context, property: ts.PropertyDeclaration): TSESTree.PropertyDefinition {
  const definition = node<TSESTree.PropertyDefinition>(ctx, property, {
    type: 'PropertyDefinition',
    ...classMemberKey(ctx, property.name),
    value: property.initializer ? expression(ctx, property.initializer) : null,
    static: hasModifier(property, K.StaticKeyword),
  });
  const annotation = typeAnnotation(ctx, property.type);
  if (annotation) definition.typeAnnotation = annotation;
  return withDecorators(ctx, property, definition);
}

function methodDefinition(
  ctx: Context,
  method: ts.MethodDeclaration | ts.ConstructorDeclaration | ts.AccessorDeclaration,
): TSESTree.MethodDefinition | TSESTree.TSAbstractMethodDefinition {
  const isStatic = hasModifier(method, K.StaticKeyword);
  const kind =
    method.kind === K.Constructor
      ? 'constructor'
      : method.kind === K.GetAccessor
        ? 'get'
        : method.kind === K.SetAccessor
          ? 'set'
          : 'method';
  if (method.kind === K.Constructor)
    return node<TSESTree.MethodDefinitionNonComputedName>(ctx, method, {
      type: 'MethodDefinition',
      key: node<TSESTree.Identifier>(ctx, method, { type: 'Identifier', name: 'constructor' }),
      computed: false,
      value: methodValue(ctx, method),
      kind,
      static: isStatic,
    });
  // An abstract member cannot be private (the checker's error); such a one stays a plain method.
  if (hasModifier(method, K.AbstractKeyword) && method.name.kind !== K.PrivateIdentifier)
    return node<TSESTree.TSAbstractMethodDefinition>(ctx, method, {
      type: 'TSAbstractMethodDefinition',
      ...propertyKey(ctx, method.name),
      value: methodValue(ctx, method),
      kind,
      static: isStatic,
    });
  const definition = node<TSESTree.MethodDefinition>(ctx, method, {
    type: 'MethodDefinition',
    ...classMemberKey(ctx, method.name),
    value: methodValue(ctx, method),
    kind,
    static: isStatic,
  });
  return ts.isConstructorDeclaration(method) ? definition : withDecorators(ctx, method, definition);
}
