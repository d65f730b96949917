import type { TSESTree } from '@typescript-eslint/types';
import type { Vocabulary } from '../facts.js';
import { calleeName, propertyKeyName, rangeOf, unwrap, type Node } from './ast.js';
import type { CodeCheckFact } from '../facts.js';
import type { ScopeIndex } from './scope.js';

/**
 * Watched numbers compared with something named like a code: `err.code === 1004`, `1004 == code`,
 * `case 1004:` in a `switch (error.code)`.
 */
/** A property path whose last name ends in `code` (`errors.0.code`, `errors[0].code`, `code`). */
const CODE_PATH = /^(?:[\w$]+(?:\.|\[\d+\]\.?))*[\w$]*code$/i;

export function codeChecks(
  index: ScopeIndex,
  vocabulary: Vocabulary,
  nearbyWords: (offset: number) => string[],
): CodeCheckFact[] {
  const checks: CodeCheckFact[] = [];
  if (vocabulary.codes.size === 0) return checks;
  const isCode = (node: Node | null | undefined): node is TSESTree.Literal =>
    !!node && node.type === 'Literal' && typeof node.value === 'number' && vocabulary.codes.has(node.value);
  const check = (literal: TSESTree.Literal) => {
    const range = rangeOf(literal);
    // isCode made sure the value is a number.
    checks.push({ code: literal.value as number, range, nearby: nearbyWords(range[0]) });
  };
  for (const comparison of index.comparisons) {
    if (comparison.type === 'BinaryExpression') {
      if (isCode(comparison.left) && isCodeRead(comparison.right)) check(comparison.left);
      else if (isCode(comparison.right) && isCodeRead(comparison.left)) check(comparison.right);
      continue;
    }
    const switchNode = index.parentOf.get(comparison);
    if (isCode(comparison.test) && switchNode?.type === 'SwitchStatement' && isCodeRead(switchNode.discriminant))
      check(comparison.test);
  }
  // Assertions compare too: `assert.strictEqual(err.code, 1004)`, `expect(first.code).toBe(1004)`, `t.is(code, 1004)`.
  for (const call of index.calls) {
    if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') continue;
    const name = propertyKeyName(call.callee.property, call.callee.computed);
    if (name === undefined || !ASSERTIONS.has(name)) continue;
    const args = call.arguments.filter((arg): arg is TSESTree.Expression => arg.type !== 'SpreadElement');
    const code = args.find(isCode);
    if (!code) continue;
    // The value compared: another argument, or what `expect(…)` was given (`.to.equal` chains through `to`).
    let receiver: Node = call.callee.object;
    while (receiver.type === 'MemberExpression') receiver = receiver.object;
    const expected = receiver.type === 'CallExpression' ? receiver.arguments[0] : undefined;
    if (args.some((arg) => arg !== code && isCodeRead(arg)) || (expected && isCodeRead(expected))) check(code);
  }
  return checks;
}

/** Assertion methods that compare two values (Node's `assert`, Jest/Vitest `expect`, Chai, AVA). */
const ASSERTIONS = new Set([
  'equal',
  'strictEqual',
  'deepEqual',
  'deepStrictEqual',
  'notEqual',
  'notStrictEqual',
  'toBe',
  'toEqual',
  'toStrictEqual',
  'eql',
  'equals',
  'is',
  'not',
]);

/**
 * `code`, `errorCode`, `err.code`: a name that ends in `code`; or a read by a property path that
 * ends in one (`r.json('errors.0.code')` in k6, `get(err, 'response.data.errors[0].code')`).
 */
function isCodeRead(node: Node): boolean {
  const inner = unwrap(node);
  if (inner.type === 'CallExpression')
    return inner.arguments.some(
      (arg) => arg.type === 'Literal' && typeof arg.value === 'string' && CODE_PATH.test(arg.value),
    );
  const name = calleeName(inner);
  return name !== undefined && /code$/i.test(name);
}
