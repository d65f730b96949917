import type { TSESTree } from '@typescript-eslint/types';
import ts = require('typescript');

const K = ts.SyntaxKind;

/** ESTree's operator strings by TypeScript token, one table per expression type (typed by typescript-estree). */
export const ASSIGNMENT_OPERATORS = new Map<ts.SyntaxKind, TSESTree.AssignmentExpression['operator']>([
  [K.EqualsToken, '='],
  [K.PlusEqualsToken, '+='],
  [K.MinusEqualsToken, '-='],
  [K.AsteriskEqualsToken, '*='],
  [K.AsteriskAsteriskEqualsToken, '**='],
  [K.SlashEqualsToken, '/='],
  [K.PercentEqualsToken, '%='],
  [K.LessThanLessThanEqualsToken, '<<='],
  [K.GreaterThanGreaterThanEqualsToken, '>>='],
  [K.GreaterThanGreaterThanGreaterThanEqualsToken, '>>>='],
  [K.AmpersandEqualsToken, '&='],
  [K.BarEqualsToken, '|='],
  [K.CaretEqualsToken, '^='],
  [K.AmpersandAmpersandEqualsToken, '&&='],
  [K.BarBarEqualsToken, '||='],
  [K.QuestionQuestionEqualsToken, '??='],
]);

export const LOGICAL_OPERATORS = new Map<ts.SyntaxKind, TSESTree.LogicalExpression['operator']>([
  [K.AmpersandAmpersandToken, '&&'],
  [K.BarBarToken, '||'],
  [K.QuestionQuestionToken, '??'],
]);

export const BINARY_OPERATORS = new Map<ts.SyntaxKind, TSESTree.SymmetricBinaryExpression['operator']>([
  [K.AsteriskAsteriskToken, '**'],
  [K.AsteriskToken, '*'],
  [K.SlashToken, '/'],
  [K.PercentToken, '%'],
  [K.PlusToken, '+'],
  [K.MinusToken, '-'],
  [K.LessThanLessThanToken, '<<'],
  [K.GreaterThanGreaterThanToken, '>>'],
  [K.GreaterThanGreaterThanGreaterThanToken, '>>>'],
  [K.LessThanToken, '<'],
  [K.LessThanEqualsToken, '<='],
  [K.GreaterThanToken, '>'],
  [K.GreaterThanEqualsToken, '>='],
  [K.InstanceOfKeyword, 'instanceof'],
  [K.InKeyword, 'in'],
  [K.EqualsEqualsToken, '=='],
  [K.ExclamationEqualsToken, '!='],
  [K.EqualsEqualsEqualsToken, '==='],
  [K.ExclamationEqualsEqualsToken, '!=='],
  [K.AmpersandToken, '&'],
  [K.BarToken, '|'],
  [K.CaretToken, '^'],
]);

/** `-x`, `+x`, `!x`, `~x` (`++`/`--` are update expressions). */
export const PREFIX_OPERATORS = new Map<ts.SyntaxKind, TSESTree.UnaryExpression['operator']>([
  [K.MinusToken, '-'],
  [K.PlusToken, '+'],
  [K.ExclamationToken, '!'],
  [K.TildeToken, '~'],
]);
