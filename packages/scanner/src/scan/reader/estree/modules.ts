import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import type { Context } from './context.js';
import { expression } from './expressions.js';
import { identifier, moduleExportName, stringLiteral } from './literals.js';
import { hasModifier, node, UnsupportedSyntaxError } from './node.js';

const K = ts.SyntaxKind;

/** What `export` and `export default` may both precede. */
export type ExportableDeclaration = Extract<TSESTree.NamedExportDeclarations, TSESTree.DefaultExportDeclarations>;

/** The `export` (or `export default`) statement around a declaration; undefined when it is not exported. */
export function exportOf(
  ctx: Context,
  at: ts.HasModifiers,
  declaration: ExportableDeclaration,
): TSESTree.ExportNamedDeclaration | TSESTree.ExportDefaultDeclaration | undefined {
  if (!hasModifier(at, K.ExportKeyword)) return undefined;
  if (hasModifier(at, K.DefaultKeyword))
    return node<TSESTree.ExportDefaultDeclaration>(ctx, at, {
      type: 'ExportDefaultDeclaration',
      declaration,
      exportKind: 'value',
    });
  const typeOnly = declaration.type === 'TSInterfaceDeclaration' || declaration.type === 'TSTypeAliasDeclaration';
  return node<TSESTree.ExportNamedDeclarationWithoutSourceWithSingle>(ctx, at, {
    type: 'ExportNamedDeclaration',
    declaration,
    specifiers: [],
    source: null,
    exportKind: typeOnly ? 'type' : 'value',
  });
}

/** `from './x'`: TypeScript parses any expression there (its checker then asks for a string). */
function moduleSource(ctx: Context, specifier: ts.Expression): TSESTree.StringLiteral {
  if (!ts.isStringLiteral(specifier))
    throw new UnsupportedSyntaxError(ctx, specifier, 'a module name that is not a string');
  return stringLiteral(ctx, specifier);
}

export function importDeclaration(ctx: Context, declaration: ts.ImportDeclaration): TSESTree.ImportDeclaration {
  const clause = declaration.importClause;
  const specifiers: TSESTree.ImportClause[] = [];
  if (clause?.name)
    specifiers.push(
      node<TSESTree.ImportDefaultSpecifier>(ctx, clause.name, {
        type: 'ImportDefaultSpecifier',
        local: identifier(ctx, clause.name),
      }),
    );
  const bindings = clause?.namedBindings;
  if (bindings?.kind === K.NamespaceImport)
    specifiers.push(
      node<TSESTree.ImportNamespaceSpecifier>(ctx, bindings, {
        type: 'ImportNamespaceSpecifier',
        local: identifier(ctx, bindings.name),
      }),
    );
  else if (bindings)
    for (const specifier of bindings.elements)
      specifiers.push(
        node<TSESTree.ImportSpecifier>(ctx, specifier, {
          type: 'ImportSpecifier',
          local: identifier(ctx, specifier.name),
          imported: moduleExportName(ctx, specifier.propertyName ?? specifier.name),
          importKind: specifier.isTypeOnly ? 'type' : 'value',
        }),
      );
  return node<TSESTree.ImportDeclaration>(ctx, declaration, {
    type: 'ImportDeclaration',
    source: moduleSource(ctx, declaration.moduleSpecifier),
    specifiers,
    importKind: clause?.isTypeOnly ? 'type' : 'value',
  });
}

/** `export { a, b as c }`, `export * from`, `export * as ns from`, `export { x } from`. */
export function exportDeclaration(
  ctx: Context,
  declaration: ts.ExportDeclaration,
): TSESTree.ExportAllDeclaration | TSESTree.ExportNamedDeclaration {
  const exportKind = declaration.isTypeOnly ? 'type' : 'value';
  const clause = declaration.exportClause;
  if (!clause || clause.kind === K.NamespaceExport) {
    if (!declaration.moduleSpecifier) throw new UnsupportedSyntaxError(ctx, declaration, '`export *` without `from`');
    return node<TSESTree.ExportAllDeclaration>(ctx, declaration, {
      type: 'ExportAllDeclaration',
      source: moduleSource(ctx, declaration.moduleSpecifier),
      exported: clause ? exportedName(ctx, clause.name) : null,
      exportKind,
    });
  }
  if (declaration.moduleSpecifier)
    return node<TSESTree.ExportNamedDeclarationWithSource>(ctx, declaration, {
      type: 'ExportNamedDeclaration',
      declaration: null,
      source: moduleSource(ctx, declaration.moduleSpecifier),
      exportKind,
      specifiers: clause.elements.map((specifier) =>
        node<TSESTree.ExportSpecifier>(ctx, specifier, {
          type: 'ExportSpecifier',
          local: moduleExportName(ctx, specifier.propertyName ?? specifier.name),
          exported: moduleExportName(ctx, specifier.name),
          exportKind: specifier.isTypeOnly ? 'type' : 'value',
        }),
      ),
    });
  return node<TSESTree.ExportNamedDeclarationWithoutSourceWithMultiple>(ctx, declaration, {
    type: 'ExportNamedDeclaration',
    declaration: null,
    source: null,
    exportKind,
    specifiers: clause.elements.map((specifier) =>
      node<TSESTree.ExportSpecifierWithIdentifierLocal>(ctx, specifier, {
        type: 'ExportSpecifier',
        local: localName(ctx, specifier.propertyName ?? specifier.name),
        exported: moduleExportName(ctx, specifier.name),
        exportKind: specifier.isTypeOnly ? 'type' : 'value',
      }),
    ),
  });
}

/** `export * as ns`: ESTree types `exported` here as an identifier, so `export * as 'a b'` names one `a b`. */
function exportedName(ctx: Context, name: ts.ModuleExportName): TSESTree.Identifier {
  return name.kind === K.StringLiteral
    ? node<TSESTree.Identifier>(ctx, name, { type: 'Identifier', name: name.text })
    : identifier(ctx, name);
}

/** `export { a }` without `from` exports a local binding: a string there is the checker's error. */
function localName(ctx: Context, name: ts.ModuleExportName): TSESTree.Identifier {
  if (name.kind === K.StringLiteral) throw new UnsupportedSyntaxError(ctx, name, 'a string naming a local binding');
  return identifier(ctx, name);
}

/** `export default value` and `export = value`. */
export function exportAssignment(
  ctx: Context,
  assignment: ts.ExportAssignment,
): TSESTree.ExportDefaultDeclaration | TSESTree.TSExportAssignment {
  return assignment.isExportEquals
    ? node<TSESTree.TSExportAssignment>(ctx, assignment, {
        type: 'TSExportAssignment',
        expression: expression(ctx, assignment.expression),
      })
    : node<TSESTree.ExportDefaultDeclaration>(ctx, assignment, {
        type: 'ExportDefaultDeclaration',
        declaration: expression(ctx, assignment.expression),
        exportKind: 'value',
      });
}
