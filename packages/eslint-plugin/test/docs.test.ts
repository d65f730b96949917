// The examples in docs/rules/<rule>.md are linted: an "Incorrect" block must be reported by its
// rule, a "Correct" block by none of the plugin's rules. Docs that drift from the rules fail here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, test } from 'vitest';
import plugin, { rules } from '../src/index.js';
import { REPO_ROOT } from './support/lint.js';
import { AS_OF } from './support/rule-tester.js';

/** The entry docs/rules/no-deprecated-field.md shows in its settings example. */
const ttlAutoEntry = {
  id: 'dns-record-ttl-auto',
  title: 'DNS record `ttl_auto` flag',
  area: 'DNS records',
  eol: '2027-06-30',
  rule: 'no-deprecated-field',
  replacement: 'Send `ttl: 1` for automatic TTL',
  docs: 'https://example.com/changelog#ttl-auto',
  match: {
    fields: [{ path: 'ttl_auto', context: 'dns-record', access: ['write', 'read'], onWrite: 'suggest-remove' }],
  },
};

interface Example {
  kind: 'Incorrect' | 'Correct';
  lang: 'js' | 'ts';
  code: string;
}

function examples(markdown: string): Example[] {
  const found: Example[] = [];
  for (const subsection of markdown.split(/^### /m).slice(1)) {
    const section = subsection.split(/^## /m)[0]!;
    const kind = section.startsWith('Incorrect') ? 'Incorrect' : section.startsWith('Correct') ? 'Correct' : undefined;
    if (!kind) continue;
    for (const block of section.matchAll(/^```(js|ts)\n([\s\S]*?)^```/gm))
      found.push({ kind, lang: block[1] as 'js' | 'ts', code: block[2]! });
  }
  return found;
}

function lintExample(example: Example): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat' });
  const config: Linter.Config[] = [
    { files: ['**/*.{js,ts}'] },
    plugin.configs.recommended as Linter.Config,
    { settings: { 'sunset-lint': { asOf: AS_OF, catalogue: { add: [ttlAutoEntry] } } } },
    ...(example.lang === 'ts' ? [{ languageOptions: { parser: tsParser as Linter.Parser } }] : []),
  ];
  return linter.verify(example.code, config, `example.${example.lang}`);
}

describe.each(Object.keys(rules))('docs/rules/%s.md', (name) => {
  const markdown = readFileSync(join(REPO_ROOT, 'docs', 'rules', `${name}.md`), 'utf8');
  const blocks = examples(markdown);

  test('has incorrect and correct examples', () => {
    expect(blocks.filter((b) => b.kind === 'Incorrect').length).toBeGreaterThan(0);
    expect(blocks.filter((b) => b.kind === 'Correct').length).toBeGreaterThan(0);
  });

  test.each(blocks.map((block, i) => [`${block.kind} #${i + 1}`, block] as const))('%s', (_label, block) => {
    const messages = lintExample(block);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    if (block.kind === 'Incorrect')
      expect(messages.filter((m) => m.ruleId === `sunset-lint/${name}`).length).toBeGreaterThan(0);
    else expect(messages.map((m) => `${m.line}: ${m.message}`)).toEqual([]);
  });
});
