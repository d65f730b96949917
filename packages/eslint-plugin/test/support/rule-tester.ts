/** RuleTester wired to vitest, with one tester per parser the plugin supports. */
import { RuleTester } from '@typescript-eslint/rule-tester';
import * as espree from 'espree';
import { afterAll, describe, it } from 'vitest';
import type { PluginRule } from '../../src/create-rule.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** The day the fixtures' expectations were recorded on; every grade in the tests is as of it. */
export const AS_OF = '2026-11-21';
export const settings = { 'sunset-lint': { asOf: AS_OF } };

/** TypeScript and TSX through typescript-eslint's parser, without type information. */
export const tsTester = new RuleTester({ settings });

/** Plain JavaScript through ESLint's default parser. */
export const jsTester = new RuleTester({
  settings,
  languageOptions: { parser: espree, parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
});

/**
 * Tagged template that strips the common indentation, so cases read like the code they stand for.
 * Cooked text: write the case's own template literals as \`…\${id}…\` inside it.
 */
export function code(strings: TemplateStringsArray): string {
  const raw = strings
    .join('')
    .replace(/^\n/, '')
    .replace(/\n[ \t]*$/, '\n');
  const indent = Math.min(
    ...raw
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => /^[ \t]*/.exec(line)![0].length),
  );
  return raw
    .split('\n')
    .map((line) => line.slice(indent))
    .join('\n');
}

/**
 * The rule as RuleTester's type wants it: the plugin's rules are typed with ESLint's own types
 * (the published plugin does not depend on typescript-eslint), RuleTester with typescript-eslint's
 * description of the same objects (its `SourceCode` is read-only and lacks a few methods), so
 * TypeScript sees two types where there is one at run time.
 */
export function testable<MessageIds extends string, Options extends unknown[]>(
  rule: PluginRule<MessageIds, Options>,
): Parameters<typeof tsTester.run<MessageIds, Options>>[1] {
  return rule as unknown as Parameters<typeof tsTester.run<MessageIds, Options>>[1];
}
