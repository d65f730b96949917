import type { TSESTree } from '@typescript-eslint/types';
import type { CatalogueEntry } from '../catalogue/types.js';
import type { Confidence, FindingFix } from '../findings/finding.js';
import { propertyKeyName, rangeOf, unwrap, type Node } from '../extract/ast.js';
import type { RawMatch } from '../extract/facts.js';
import type { ScopeIndex } from '../extract/scope.js';
import { words, type LocalDetector, type Route } from './detector.js';
import { receiverName } from './fields/context.js';
import { enclosingCodeMatches } from './nearby-code.js';

type ErrorShape = NonNullable<CatalogueEntry['match']['errorShapes']>[number];

/** Checks that rely on the DNS record error wrapper: its code, its message, its chain field. */
export const errorShapes: LocalDetector = {
  // The code as a number literal, the message, the chain field.
  routes: (entry) =>
    (entry.match.errorShapes ?? []).flatMap((shape): Route[] => [
      words(String(shape.code)),
      ...(shape.message ? [words(shape.message)] : []),
      ...(shape.chainField ? [words(shape.chainField)] : []),
    ]),
  detect: (entry, file) =>
    (entry.match.errorShapes ?? []).flatMap((shape) => errorShapeChecks(entry, shape, file.index, file.source)),
};

function errorShapeChecks(entry: CatalogueEntry, shape: ErrorShape, index: ScopeIndex, source: string): RawMatch[] {
  const matches: RawMatch[] = [];
  const isCodeRead = (node: Node) => {
    const inner = unwrap(node);
    const name =
      inner.type === 'Identifier'
        ? inner.name
        : inner.type === 'MemberExpression'
          ? propertyKeyName(inner.property, inner.computed)
          : undefined;
    return name !== undefined && /code$/i.test(name);
  };
  const isCode = (node: Node | null | undefined): node is TSESTree.Literal =>
    !!node && node.type === 'Literal' && node.value === shape.code;
  // A bare number is everyone's code (1004 is also a WebSocket close code): it is this API's DNS
  // wrapper only in code that deals with DNS records or their error chains. Judged on the code
  // around the check, since a bundle that mentions DNS somewhere says nothing about its WebSocket code.
  // DNS, or the chain field, in the code around the check (its function, not the rest of the file:
  // a Workers deploy error's chain must not vouch for a WebSocket close code elsewhere).
  const dnsContext = new RegExp(`dns${shape.chainField ? `|${shape.chainField}` : ''}`, 'i');
  const codeConfidenceAt = (offset: number): Confidence =>
    enclosingCodeMatches(index, source, offset, dnsContext) ? 'high' : 'low';
  const codeSubject = `a check for error code ${shape.code} (the '${shape.message ?? 'wrapper'}' error)`;
  for (const comparison of index.comparisons) {
    if (comparison.type === 'BinaryExpression') {
      const literal =
        isCode(comparison.left) && isCodeRead(comparison.right)
          ? comparison.left
          : isCode(comparison.right) && isCodeRead(comparison.left)
            ? comparison.right
            : undefined;
      if (literal)
        matches.push({
          entryId: entry.id,
          ruleId: entry.rule,
          range: rangeOf(literal),
          confidence: codeConfidenceAt(rangeOf(literal)[0]),
          subject: codeSubject,
        });
      continue;
    }
    const switchNode = index.parentOf.get(comparison);
    if (isCode(comparison.test) && switchNode?.type === 'SwitchStatement' && isCodeRead(switchNode.discriminant)) {
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: rangeOf(comparison.test),
        confidence: codeConfidenceAt(rangeOf(comparison.test)[0]),
        subject: codeSubject,
      });
    }
  }
  if (shape.message) {
    for (const literal of index.strings) {
      if (literal.type === 'Literal' && literal.value === shape.message) {
        matches.push({
          entryId: entry.id,
          ruleId: entry.rule,
          range: rangeOf(literal),
          confidence: 'high',
          subject: `a check for the '${shape.message}' message`,
        });
      }
    }
  }
  if (shape.chainField) {
    // Reliance on the DNS error chain, not a generic interceptor that logs every error's chain:
    // the code around the read deals with DNS records (their endpoint, the wrapper's code or message).
    // Reliance: DNS, or a check of the wrapper's code or message, in the code around the read.
    const reliance = new RegExp(
      ['dns', `\\b${shape.code}\\b`, ...(shape.message ? [escapeRegExp(shape.message)] : [])].join('|'),
      'i',
    );
    const confidenceAt = (node: Node, receiver: string): Confidence =>
      /dns|record/i.test(receiver) || enclosingCodeMatches(index, source, rangeOf(node)[0], reliance) ? 'high' : 'low';
    const subject = `a read of \`${shape.chainField}\``;
    for (const member of index.members) {
      if (propertyKeyName(member.property, member.computed) !== shape.chainField) continue;
      if (fallsBackToItself(member, index, source)) continue;
      const fix = rootCauseFallback(member, index, source);
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: rangeOf(member.property),
        confidence: confidenceAt(member, receiverName(member.object) ?? ''),
        subject,
        ...(fix ? { fixes: [fix] } : {}),
      });
    }
    // `const [{ error_chain: chain = [] }] = json.errors`
    for (const property of index.patternProperties) {
      if (propertyKeyName(property.key, property.computed) !== shape.chainField) continue;
      matches.push({
        entryId: entry.id,
        ruleId: entry.rule,
        range: rangeOf(property.key),
        confidence: confidenceAt(property, ''),
        subject,
      });
    }
  }
  return matches;
}

/**
 * `err.error_chain` -> `(err.error_chain ?? [err])`: the root-cause errors under both error forms
 * (the wrapper's chain before the change, the error itself after it), as rootCauseErrors does one
 * level deep. Offered only where the receiver is a plain reference, since it is written twice, and
 * never on a write target.
 */
function rootCauseFallback(
  member: TSESTree.MemberExpression,
  index: ScopeIndex,
  source: string,
): FindingFix | undefined {
  const parent = index.parentOf.get(member);
  const written =
    (parent?.type === 'AssignmentExpression' && parent.left === member) ||
    parent?.type === 'UpdateExpression' ||
    (parent?.type === 'UnaryExpression' && parent.operator === 'delete');
  if (written || member.optional || !isPlainReference(member.object)) return undefined;
  const [start, end] = rangeOf(member);
  const [objectStart, objectEnd] = rangeOf(member.object);
  const receiver = source.slice(objectStart, objectEnd);
  const text = `(${source.slice(start, end)} ?? [${receiver}])`;
  return {
    kind: 'suggestion',
    description: `Read the root-cause errors directly: \`${text}\` works with both error forms (or use rootCauseErrors from @sunset-lint/core/client)`,
    edits: [{ start, end, text }],
  };
}

/**
 * `err.error_chain ?? [err]` (or `|| [err]`) already reads the root causes under both error forms:
 * the suggestion's own result is not reported again.
 */
function fallsBackToItself(member: TSESTree.MemberExpression, index: ScopeIndex, source: string): boolean {
  const parent = index.parentOf.get(member);
  if (
    parent?.type !== 'LogicalExpression' ||
    parent.left !== member ||
    (parent.operator !== '??' && parent.operator !== '||')
  )
    return false;
  const fallback = unwrap(parent.right);
  const only = fallback.type === 'ArrayExpression' && fallback.elements.length === 1 ? fallback.elements[0] : undefined;
  if (!only || only.type === 'SpreadElement') return false;
  const text = (node: Node) => source.slice(...rangeOf(node));
  return text(only) === text(member.object);
}

/** `err`, `this`, `body.errors` (no calls, no optional or computed steps): safe to write twice. */
function isPlainReference(node: Node): boolean {
  if (node.type === 'Identifier' || node.type === 'ThisExpression') return true;
  return node.type === 'MemberExpression' && !node.computed && !node.optional && isPlainReference(node.object);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
