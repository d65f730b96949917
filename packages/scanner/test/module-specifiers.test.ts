import { expect, test } from 'vitest';
import { moduleSpecifiersIn } from '../src/scan/plan/module-specifiers.js';

test('every relative or absolute specifier, however it is quoted or escaped', () => {
  const source = [
    `import { MINIFY } from '.\\x2fconfig';`,
    `import quote from "./it's";`,
    `import escaped from '\\u002e/a';`,
    `const lazy = require(\`../b\`); // it's`,
    `export * from '..';`,
    `import absolute from '/abs/c';`,
    `const here = import('.');`,
    `const prose = 'see ./not-a-start';`,
    `import pkg from 'axios';`,
  ].join('\n');
  expect(moduleSpecifiersIn(source).sort()).toEqual(['.', '..', '../b', './a', './config', "./it's", '/abs/c']);
});
