import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');
import { type Context, startOf } from './context.js';
import { expression } from './expressions.js';
import { node, type Offsets } from './node.js';

const K = ts.SyntaxKind;

export function identifier(ctx: Context, id: ts.Identifier): TSESTree.Identifier & Offsets {
  return node<TSESTree.Identifier>(ctx, id, { type: 'Identifier', name: ts.idText(id) });
}

export function privateIdentifier(ctx: Context, id: ts.PrivateIdentifier): TSESTree.PrivateIdentifier {
  return node<TSESTree.PrivateIdentifier>(ctx, id, { type: 'PrivateIdentifier', name: id.text.slice(1) });
}

/** A member's name after `.`: `a.b` or `this.#b`. */
export function memberName(ctx: Context, name: ts.MemberName): TSESTree.Identifier | TSESTree.PrivateIdentifier {
  return name.kind === K.PrivateIdentifier ? privateIdentifier(ctx, name) : identifier(ctx, name);
}

/** The literal's source text, quotes and escapes included. */
function rawText(ctx: Context, literal: ts.Node): string {
  return ctx.text.slice(startOf(ctx, literal.pos), literal.end);
}

export function stringLiteral(
  ctx: Context,
  literal: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral,
): TSESTree.StringLiteral {
  return node<TSESTree.StringLiteral>(ctx, literal, {
    type: 'Literal',
    value: literal.text,
    raw: rawText(ctx, literal),
  });
}

export function numberLiteral(ctx: Context, literal: ts.NumericLiteral): TSESTree.NumberLiteral {
  return node<TSESTree.NumberLiteral>(ctx, literal, {
    type: 'Literal',
    value: numericValue(literal.text),
    raw: rawText(ctx, literal),
  });
}

/** The value stays null (detection never reads it; typescript-estree leaves it null where BigInt is missing). */
export function bigIntLiteral(ctx: Context, literal: ts.BigIntLiteral): TSESTree.BigIntLiteral {
  return node<TSESTree.BigIntLiteral>(ctx, literal, {
    type: 'Literal',
    value: null,
    raw: rawText(ctx, literal),
    bigint: literal.text.slice(0, -1).replace(/_/g, ''),
  });
}

/** The value stays null: detection never matches a regular expression's text. */
export function regExpLiteral(ctx: Context, literal: ts.RegularExpressionLiteral): TSESTree.RegExpLiteral {
  const slash = literal.text.lastIndexOf('/');
  return node<TSESTree.RegExpLiteral>(ctx, literal, {
    type: 'Literal',
    value: null,
    raw: rawText(ctx, literal),
    regex: { pattern: literal.text.slice(1, slash), flags: literal.text.slice(slash + 1) },
  });
}

export function booleanLiteral(ctx: Context, literal: ts.BooleanLiteral): TSESTree.BooleanLiteral {
  const value = literal.kind === K.TrueKeyword;
  return node<TSESTree.BooleanLiteral>(ctx, literal, { type: 'Literal', value, raw: value ? 'true' : 'false' });
}

export function nullLiteral(ctx: Context, literal: ts.NullLiteral): TSESTree.NullLiteral {
  return node<TSESTree.NullLiteral>(ctx, literal, { type: 'Literal', value: null, raw: 'null' });
}

/** `export { a as 'b' }`: a module export name is an identifier or a string. */
export function moduleExportName(
  ctx: Context,
  name: ts.ModuleExportName,
): TSESTree.Identifier | TSESTree.StringLiteral {
  return name.kind === K.StringLiteral ? stringLiteral(ctx, name) : identifier(ctx, name);
}

/** `1_004`, `0x3ec`, `0o1754`: the number itself (TypeScript's `text` keeps separators; legacy `010` is octal). */
export function numericValue(text: string): number {
  const plain = text.replace(/_/g, '');
  return /^0[0-7]+$/.test(plain) ? parseInt(plain, 8) : Number(plain);
}

export function templateLiteral(
  ctx: Context,
  template: ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression,
): TSESTree.TemplateLiteral {
  if (template.kind === K.NoSubstitutionTemplateLiteral)
    return node<TSESTree.TemplateLiteral>(ctx, template, {
      type: 'TemplateLiteral',
      quasis: [templateElement(ctx, template, true)],
      expressions: [],
    });
  const quasis = [templateElement(ctx, template.head, false)];
  const expressions: TSESTree.Expression[] = [];
  const spans = template.templateSpans;
  for (let i = 0; i < spans.length; i++) {
    expressions.push(expression(ctx, spans[i]!.expression));
    quasis.push(templateElement(ctx, spans[i]!.literal, i === spans.length - 1));
  }
  return node<TSESTree.TemplateLiteral>(ctx, template, { type: 'TemplateLiteral', quasis, expressions });
}

/** A template element's text starts after its delimiter (`` ` `` or `}`). */
function templateElement(ctx: Context, part: ts.TemplateLiteralLikeNode, tail: boolean): TSESTree.TemplateElement {
  const element = node<TSESTree.TemplateElement>(ctx, part, {
    type: 'TemplateElement',
    value: { raw: part.rawText ?? '', cooked: part.text },
    tail,
  });
  element.start += 1;
  return element;
}
