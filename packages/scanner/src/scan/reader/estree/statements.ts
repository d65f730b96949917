import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import { classStatement } from './classes.js';
import type { Context } from './context.js';
import { expression } from './expressions.js';
import { functionStatement } from './functions.js';
import { identifier } from './literals.js';
import { exportAssignment, exportDeclaration, exportOf, importDeclaration } from './modules.js';
import { node, UnsupportedSyntaxError } from './node.js';
import { bindingName } from './patterns.js';
import {
  enumDeclaration,
  importEqualsDeclaration,
  interfaceDeclaration,
  moduleDeclaration,
  namespaceExportDeclaration,
  typeAliasDeclaration,
} from './typescript.js';

const K = ts.SyntaxKind;

/** The statement kinds the converter maps (a union a switch over `kind` narrows; see MappedExpression). */
type MappedStatement =
  | ts.Block
  | ts.EmptyStatement
  | ts.VariableStatement
  | ts.ExpressionStatement
  | ts.IfStatement
  | ts.DoStatement
  | ts.WhileStatement
  | ts.ForStatement
  | ts.ForInStatement
  | ts.ForOfStatement
  | ts.ContinueStatement
  | ts.BreakStatement
  | ts.ReturnStatement
  | ts.WithStatement
  | ts.SwitchStatement
  | ts.LabeledStatement
  | ts.ThrowStatement
  | ts.TryStatement
  | ts.DebuggerStatement
  | ts.FunctionDeclaration
  | ts.ClassDeclaration
  | ts.InterfaceDeclaration
  | ts.TypeAliasDeclaration
  | ts.EnumDeclaration
  | ts.ModuleDeclaration
  | ts.ImportEqualsDeclaration
  | ts.NamespaceExportDeclaration
  | ts.ImportDeclaration
  | ts.ExportAssignment
  | ts.ExportDeclaration;

export function statement(ctx: Context, tsNode: ts.Statement): TSESTree.Statement {
  // Kinds outside MappedStatement reach `default` (TypeScript's Statement.kind is any SyntaxKind).
  const n = tsNode as MappedStatement;
  switch (n.kind) {
    case K.Block:
      return block(ctx, n);
    case K.EmptyStatement:
      return node<TSESTree.EmptyStatement>(ctx, n, { type: 'EmptyStatement' });
    case K.VariableStatement: {
      const declaration = variableDeclaration(ctx, n.declarationList, n);
      return exportOf(ctx, n, declaration) ?? declaration;
    }
    case K.ExpressionStatement:
      return node<TSESTree.ExpressionStatement>(ctx, n, {
        type: 'ExpressionStatement',
        expression: expression(ctx, n.expression),
      });
    case K.IfStatement:
      return node<TSESTree.IfStatement>(ctx, n, {
        type: 'IfStatement',
        test: expression(ctx, n.expression),
        consequent: statement(ctx, n.thenStatement),
        alternate: n.elseStatement ? statement(ctx, n.elseStatement) : null,
      });
    case K.DoStatement:
      return node<TSESTree.DoWhileStatement>(ctx, n, {
        type: 'DoWhileStatement',
        body: statement(ctx, n.statement),
        test: expression(ctx, n.expression),
      });
    case K.WhileStatement:
      return node<TSESTree.WhileStatement>(ctx, n, {
        type: 'WhileStatement',
        test: expression(ctx, n.expression),
        body: statement(ctx, n.statement),
      });
    case K.ForStatement:
      return node<TSESTree.ForStatement>(ctx, n, {
        type: 'ForStatement',
        init: n.initializer ? forInitializer(ctx, n.initializer) : null,
        test: n.condition ? expression(ctx, n.condition) : null,
        update: n.incrementor ? expression(ctx, n.incrementor) : null,
        body: statement(ctx, n.statement),
      });
    case K.ForOfStatement:
      return node<TSESTree.ForOfStatement>(ctx, n, {
        type: 'ForOfStatement',
        left: forInitializer(ctx, n.initializer),
        right: expression(ctx, n.expression),
        body: statement(ctx, n.statement),
        await: !!n.awaitModifier,
      });
    case K.ForInStatement:
      return node<TSESTree.ForInStatement>(ctx, n, {
        type: 'ForInStatement',
        left: forInitializer(ctx, n.initializer),
        right: expression(ctx, n.expression),
        body: statement(ctx, n.statement),
      });
    case K.ContinueStatement:
      return node<TSESTree.ContinueStatement>(ctx, n, {
        type: 'ContinueStatement',
        label: n.label ? identifier(ctx, n.label) : null,
      });
    case K.BreakStatement:
      return node<TSESTree.BreakStatement>(ctx, n, {
        type: 'BreakStatement',
        label: n.label ? identifier(ctx, n.label) : null,
      });
    case K.ReturnStatement:
      return node<TSESTree.ReturnStatement>(ctx, n, {
        type: 'ReturnStatement',
        argument: n.expression ? expression(ctx, n.expression) : null,
      });
    case K.WithStatement:
      return node<TSESTree.WithStatement>(ctx, n, {
        type: 'WithStatement',
        object: expression(ctx, n.expression),
        body: statement(ctx, n.statement),
      });
    case K.SwitchStatement:
      return node<TSESTree.SwitchStatement>(ctx, n, {
        type: 'SwitchStatement',
        discriminant: expression(ctx, n.expression),
        cases: n.caseBlock.clauses.map((clause) =>
          node<TSESTree.SwitchCase>(ctx, clause, {
            type: 'SwitchCase',
            test: clause.kind === K.CaseClause ? expression(ctx, clause.expression) : null,
            consequent: statements(ctx, clause.statements),
          }),
        ),
      });
    case K.LabeledStatement:
      return node<TSESTree.LabeledStatement>(ctx, n, {
        type: 'LabeledStatement',
        label: identifier(ctx, n.label),
        body: statement(ctx, n.statement),
      });
    case K.ThrowStatement:
      return node<TSESTree.ThrowStatement>(ctx, n, { type: 'ThrowStatement', argument: expression(ctx, n.expression) });
    case K.TryStatement:
      return node<TSESTree.TryStatement>(ctx, n, {
        type: 'TryStatement',
        block: block(ctx, n.tryBlock),
        handler: n.catchClause
          ? node<TSESTree.CatchClause>(ctx, n.catchClause, {
              type: 'CatchClause',
              param: n.catchClause.variableDeclaration
                ? bindingName(ctx, n.catchClause.variableDeclaration.name)
                : null,
              body: block(ctx, n.catchClause.block),
            })
          : null,
        finalizer: n.finallyBlock ? block(ctx, n.finallyBlock) : null,
      });
    case K.DebuggerStatement:
      return node<TSESTree.DebuggerStatement>(ctx, n, { type: 'DebuggerStatement' });
    case K.FunctionDeclaration:
      return functionStatement(ctx, n);
    case K.ClassDeclaration:
      return classStatement(ctx, n);
    case K.InterfaceDeclaration:
      return interfaceDeclaration(ctx, n);
    case K.TypeAliasDeclaration:
      return typeAliasDeclaration(ctx, n);
    case K.EnumDeclaration:
      return enumDeclaration(ctx, n);
    case K.ModuleDeclaration:
      return moduleDeclaration(ctx, n);
    case K.ImportEqualsDeclaration:
      return importEqualsDeclaration(ctx, n);
    case K.NamespaceExportDeclaration:
      return namespaceExportDeclaration(ctx, n);
    case K.ImportDeclaration:
      return importDeclaration(ctx, n);
    case K.ExportAssignment:
      return exportAssignment(ctx, n);
    case K.ExportDeclaration:
      return exportDeclaration(ctx, n);
    default:
      throw new UnsupportedSyntaxError(ctx, tsNode, 'this statement');
  }
}

export function statements(ctx: Context, list: ts.NodeArray<ts.Statement>): TSESTree.Statement[] {
  return list.map((each) => statement(ctx, each));
}

export function block(ctx: Context, body: ts.Block): TSESTree.BlockStatement {
  return node<TSESTree.BlockStatement>(ctx, body, { type: 'BlockStatement', body: statements(ctx, body.statements) });
}

/** `var`/`let`/`const` (and `using`, as before: its flags carry no let/const bit, or both). */
export function variableDeclaration(
  ctx: Context,
  list: ts.VariableDeclarationList,
  at: ts.Node,
): TSESTree.LetOrConstOrVarDeclaration {
  return node<TSESTree.ConstDeclaration | TSESTree.LetOrVarNonDeclaredDeclaration>(ctx, at, {
    type: 'VariableDeclaration',
    kind: list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : 'var',
    declarations: list.declarations.map((declarator) =>
      node<TSESTree.VariableDeclaratorMaybeInit>(ctx, declarator, {
        type: 'VariableDeclarator',
        id: bindingName(ctx, declarator.name, declarator.type),
        init: declarator.initializer ? expression(ctx, declarator.initializer) : null,
      }),
    ),
  });
}

function forInitializer(ctx: Context, init: ts.ForInitializer): TSESTree.ForInitialiser {
  return ts.isVariableDeclarationList(init) ? variableDeclaration(ctx, init, init) : expression(ctx, init);
}
