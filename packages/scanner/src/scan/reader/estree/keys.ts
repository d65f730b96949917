import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import type { Context } from './context.js';
import { expression } from './expressions.js';
import { bigIntLiteral, identifier, numberLiteral, privateIdentifier, stringLiteral } from './literals.js';
import { UnsupportedSyntaxError } from './node.js';

const K = ts.SyntaxKind;

/** A property's key and whether it is computed, as ESTree pairs them (spread into the node). */
export type PropertyKey =
  { computed: true; key: TSESTree.Expression } | { computed: false; key: TSESTree.PropertyNameNonComputed };

/** A class member may also be named privately (`#token`). */
export type ClassMemberKey = PropertyKey | { computed: false; key: TSESTree.PrivateIdentifier };

export function classMemberKey(ctx: Context, name: ts.PropertyName): ClassMemberKey {
  return name.kind === K.PrivateIdentifier
    ? { key: privateIdentifier(ctx, name), computed: false }
    : propertyKey(ctx, name);
}

/** An object literal's or pattern's key. */
export function propertyKey(ctx: Context, name: ts.PropertyName): PropertyKey {
  switch (name.kind) {
    case K.ComputedPropertyName:
      return { key: expression(ctx, name.expression), computed: true };
    case K.StringLiteral:
    case K.NoSubstitutionTemplateLiteral:
      return { key: stringLiteral(ctx, name), computed: false };
    case K.NumericLiteral:
      return { key: numberLiteral(ctx, name), computed: false };
    case K.BigIntLiteral:
      // `{ 1n: x }`: ESTree's non-computed keys have no bigint; as a computed literal it names nothing either.
      return { key: bigIntLiteral(ctx, name), computed: true };
    case K.PrivateIdentifier:
      throw new UnsupportedSyntaxError(ctx, name, 'a private name outside a class');
    default:
      return { key: identifier(ctx, name), computed: false };
  }
}
