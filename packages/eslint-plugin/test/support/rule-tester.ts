/** RuleTester wired to vitest, with one tester per parser the plugin supports. */
import { RuleTester } from '@typescript-eslint/rule-tester';
import * as espree from 'espree';
import { afterAll, describe, it } from 'vitest';
import { loadCatalogue } from '@sunset-lint/core';
import type { Rule } from 'eslint';
import type { PluginRule } from '../../src/create-rule.js';
import type { MessageIds } from '../../src/finding-rule.js';

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
 * The rule as RuleTester runs it, each finding's message id naming its catalogue entry
 * (`finding:<entry id>`, or `findingWarn:<entry id>` below the error grades), so that a case asserts
 * which entry was reported, not only that one was: every rule reports with the same message ids.
 * The rule runs unchanged; only the id of what it reports is rewritten, and the message text stays.
 *
 * The plugin's rules are typed with ESLint's own types (the published plugin does not depend on
 * typescript-eslint), RuleTester with typescript-eslint's description of the same objects, so
 * TypeScript sees two types where there is one at run time: hence the casts.
 */
export function testable<Options extends unknown[]>(
  rule: PluginRule<MessageIds, Options>,
  /** Entries the cases add through their settings (`catalogue.add`), besides the built-in ones. */
  addedEntries: readonly string[] = [],
): Parameters<typeof tsTester.run<string, Options>>[1] {
  const messages: Record<string, string> = { ...rule.meta.messages };
  for (const id of [...loadCatalogue().entries.map((entry) => entry.id), ...addedEntries])
    for (const kind of FINDING_IDS) messages[`${kind}:${id}`] = rule.meta.messages[kind];
  const byEntry: Rule.RuleModule = {
    meta: { ...(rule.meta as Rule.RuleMetaData), messages },
    create(context) {
      const report = (descriptor: Rule.ReportDescriptor) => {
        const kind = 'messageId' in descriptor ? FINDING_IDS.find((id) => id === descriptor.messageId) : undefined;
        const entryId = 'messageId' in descriptor ? descriptor.data?.['entryId'] : undefined;
        context.report(kind && entryId !== undefined ? { ...descriptor, messageId: `${kind}:${entryId}` } : descriptor);
      };
      // The context the rule sees is ESLint's, with only `report` in front of it.
      return (rule as unknown as Rule.RuleModule).create(
        Object.create(context, { report: { value: report } }) as Rule.RuleContext,
      );
    },
  };
  return byEntry as unknown as Parameters<typeof tsTester.run<string, Options>>[1];
}

const FINDING_IDS = ['finding', 'findingWarn'] as const;
