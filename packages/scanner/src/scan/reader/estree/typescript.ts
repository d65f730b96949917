import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import type { Context } from './context.js';
import { expression } from './expressions.js';
import { identifier, stringLiteral } from './literals.js';
import { exportOf } from './modules.js';
import { hasModifier, node, UnsupportedSyntaxError } from './node.js';
import { entityName } from './patterns.js';
import { statements } from './statements.js';

const K = ts.SyntaxKind;

/**
 * Interfaces and type aliases become empty declarations (no members, no type): types never produce
 * findings, as with the ESLint plugin, where detection skips them.
 */
export function interfaceDeclaration(ctx: Context, declaration: ts.InterfaceDeclaration): TSESTree.Statement {
  const out = node<TSESTree.TSInterfaceDeclaration>(ctx, declaration, {
    type: 'TSInterfaceDeclaration',
    id: identifier(ctx, declaration.name),
    body: node<TSESTree.TSInterfaceBody>(ctx, declaration.members, { type: 'TSInterfaceBody', body: [] }),
    extends: [],
  });
  return exportOf(ctx, declaration, out) ?? out;
}

export function typeAliasDeclaration(ctx: Context, declaration: ts.TypeAliasDeclaration): TSESTree.Statement {
  const out = node<TSESTree.TSTypeAliasDeclaration>(ctx, declaration, {
    type: 'TSTypeAliasDeclaration',
    id: identifier(ctx, declaration.name),
  });
  return exportOf(ctx, declaration, out) ?? out;
}

export function enumDeclaration(ctx: Context, declaration: ts.EnumDeclaration): TSESTree.Statement {
  const members = declaration.members.map((member) => enumMember(ctx, member));
  const out = node<TSESTree.TSEnumDeclaration>(ctx, declaration, {
    type: 'TSEnumDeclaration',
    id: identifier(ctx, declaration.name),
    body: node<TSESTree.TSEnumBody>(ctx, declaration.members, { type: 'TSEnumBody', members }),
    members,
  });
  return exportOf(ctx, declaration, out) ?? out;
}

/** `A`, `'a-b'` or `['a-b']`: a member's name is an identifier or a string. */
function enumMember(ctx: Context, member: ts.EnumMember): TSESTree.TSEnumMember {
  const name = member.name;
  const computed = ts.isComputedPropertyName(name);
  const literal = computed ? name.expression : name;
  let id: TSESTree.Identifier | TSESTree.StringLiteral;
  if (ts.isIdentifier(literal)) id = identifier(ctx, literal);
  else if (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) id = stringLiteral(ctx, literal);
  else throw new UnsupportedSyntaxError(ctx, name, 'an enum member named otherwise than by a name or string');
  return node<TSESTree.TSEnumMember>(ctx, member, {
    type: 'TSEnumMember',
    id,
    computed,
    initializer: member.initializer ? expression(ctx, member.initializer) : undefined,
  });
}

/**
 * `namespace A.B { }`, `module 'x' { }`, `declare global { }`. TypeScript nests `A.B` as two
 * declarations; typescript-estree names the outer one `A.B` and gives it the innermost body.
 */
export function moduleDeclaration(ctx: Context, declaration: ts.ModuleDeclaration): TSESTree.Statement {
  let id: TSESTree.Identifier | TSESTree.StringLiteral | TSESTree.TSQualifiedName =
    declaration.name.kind === K.StringLiteral
      ? stringLiteral(ctx, declaration.name)
      : identifier(ctx, declaration.name);
  let body = declaration.body;
  while (body?.kind === K.ModuleDeclaration && id.type !== 'Literal') {
    const inner: ts.ModuleDeclaration = body;
    if (inner.name.kind !== K.Identifier) break;
    id = node<TSESTree.TSQualifiedName>(
      ctx,
      { pos: declaration.name.pos, end: inner.name.end },
      {
        type: 'TSQualifiedName',
        left: id,
        right: identifier(ctx, inner.name),
      },
    );
    body = inner.body;
  }
  const block =
    body?.kind === K.ModuleBlock
      ? node<TSESTree.TSModuleBlock>(ctx, body, { type: 'TSModuleBlock', body: statements(ctx, body.statements) })
      : undefined;
  let out: TSESTree.TSModuleDeclaration;
  if (id.type === 'Literal') {
    out = node<TSESTree.TSModuleDeclarationModuleWithStringIdDeclared>(ctx, declaration, {
      type: 'TSModuleDeclaration',
      id,
      body: block,
      kind: 'module',
      global: false,
    });
  } else if (!block) {
    throw new UnsupportedSyntaxError(ctx, declaration, 'a namespace without a body');
  } else if (id.type === 'Identifier' && declaration.flags & ts.NodeFlags.GlobalAugmentation) {
    out = node<TSESTree.TSModuleDeclarationGlobal>(ctx, declaration, {
      type: 'TSModuleDeclaration',
      id,
      body: block,
      kind: 'global',
      global: true,
    });
  } else if (id.type === 'Identifier' && !(declaration.flags & ts.NodeFlags.Namespace)) {
    out = node<TSESTree.TSModuleDeclarationModuleWithIdentifierId>(ctx, declaration, {
      type: 'TSModuleDeclaration',
      id,
      body: block,
      kind: 'module',
      global: false,
    });
  } else {
    out = node<TSESTree.TSModuleDeclarationNamespace>(ctx, declaration, {
      type: 'TSModuleDeclaration',
      id,
      body: block,
      kind: 'namespace',
      global: false,
    });
  }
  return exportOf(ctx, declaration, out) ?? out;
}

/** `import a = require('a')` and `import b = a.b` (also exported). */
export function importEqualsDeclaration(ctx: Context, declaration: ts.ImportEqualsDeclaration): TSESTree.Statement {
  const reference = declaration.moduleReference;
  const id = identifier(ctx, declaration.name);
  let out: TSESTree.TSImportEqualsDeclaration;
  if (reference.kind === K.ExternalModuleReference) {
    if (!ts.isStringLiteral(reference.expression))
      throw new UnsupportedSyntaxError(ctx, reference.expression, 'a module name that is not a string');
    out = node<TSESTree.TSImportEqualsRequireDeclaration>(ctx, declaration, {
      type: 'TSImportEqualsDeclaration',
      id,
      moduleReference: node<TSESTree.TSExternalModuleReference>(ctx, reference, {
        type: 'TSExternalModuleReference',
        expression: stringLiteral(ctx, reference.expression),
      }),
      importKind: declaration.isTypeOnly ? 'type' : 'value',
    });
  } else {
    out = node<TSESTree.TSImportEqualsNamespaceDeclaration>(ctx, declaration, {
      type: 'TSImportEqualsDeclaration',
      id,
      moduleReference: entityName(ctx, reference),
      importKind: 'value',
    });
  }
  if (!hasModifier(declaration, K.ExportKeyword)) return out;
  return node<TSESTree.ExportNamedDeclarationWithoutSourceWithSingle>(ctx, declaration, {
    type: 'ExportNamedDeclaration',
    declaration: out,
    specifiers: [],
    source: null,
    exportKind: 'value',
  });
}

/** `export as namespace Lib` (a UMD global's name). */
export function namespaceExportDeclaration(
  ctx: Context,
  declaration: ts.NamespaceExportDeclaration,
): TSESTree.TSNamespaceExportDeclaration {
  return node<TSESTree.TSNamespaceExportDeclaration>(ctx, declaration, {
    type: 'TSNamespaceExportDeclaration',
    id: identifier(ctx, declaration.name),
  });
}
