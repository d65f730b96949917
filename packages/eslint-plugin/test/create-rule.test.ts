import { Linter } from 'eslint';
import { expect, test } from 'vitest';
import { createRule } from '../src/create-rule.js';

type ProbeOptions = [{ grades?: string[]; depth?: { a?: number; b?: number } }];

/** A rule built by createRule that keeps the options each file's rule was created with. */
function probeRule() {
  const seen: Readonly<ProbeOptions>[] = [];
  const rule = createRule<ProbeOptions, 'probe'>({
    name: 'probe',
    meta: {
      type: 'problem',
      docs: { description: 'keeps its options' },
      messages: { probe: 'probe' },
      schema: [{ type: 'object' }],
      defaultOptions: [{ grades: ['expired'], depth: { a: 1, b: 2 } }],
    },
    create(_context, options) {
      seen.push(options);
      return {};
    },
  });
  return { seen, plugin: { rules: { probe: rule } } };
}

const FILES = ['a.js', 'b.js', 'c.js'];

test('the options are merged once per distinct set and every file gets the same frozen result', () => {
  const { seen, plugin } = probeRule();
  const linter = new Linter({ configType: 'flat' });
  const config: Linter.Config[] = [{ plugins: { p: plugin }, rules: { 'p/probe': 'error' } }];
  for (const file of FILES) linter.verify('const x = 1;', config, file);
  expect(seen).toHaveLength(FILES.length);
  expect(seen[0]).toEqual([{ grades: ['expired'], depth: { a: 1, b: 2 } }]);
  // One object for every file: no deep copy of the defaults per rule per file.
  for (const options of seen) expect(options).toBe(seen[0]);
  const [first] = seen;
  expect(Object.isFrozen(first)).toBe(true);
  expect(Object.isFrozen(first?.[0].depth)).toBe(true);
  expect(Object.isFrozen(first?.[0].grades)).toBe(true);
});

test("a user's options are merged over the defaults, and ESLint's configuration is not frozen", () => {
  const { seen, plugin } = probeRule();
  const linter = new Linter({ configType: 'flat' });
  const given = { depth: { b: 5 } };
  const withGiven: Linter.Config[] = [{ plugins: { p: plugin }, rules: { 'p/probe': ['error', given] } }];
  const bare: Linter.Config[] = [{ plugins: { p: plugin }, rules: { 'p/probe': 'error' } }];
  for (const file of FILES) linter.verify('const x = 1;', withGiven, file);
  linter.verify('const x = 1;', bare, 'd.js');
  expect(seen[0]).toEqual([{ grades: ['expired'], depth: { a: 1, b: 5 } }]);
  expect(seen[1]).toBe(seen[0]);
  expect(seen[2]).toBe(seen[0]);
  expect(seen[3]).toEqual([{ grades: ['expired'], depth: { a: 1, b: 2 } }]);
  expect(Object.isFrozen(given)).toBe(false);
  expect(Object.isFrozen(given.depth)).toBe(false);
});
