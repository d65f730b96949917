import { AST_NODE_TYPES } from '@typescript-eslint/types';
import { describe, expect, test } from 'vitest';
import type { Binding, ClassInfo } from '../../src/read/scope.js';
import { bindingAt, indexed, nodeAt, probe, textOf, type Indexed } from './support.js';

/** A binding in a few words: `value = <init>`, `param 1 .a.0`, `import ./x#name`, `function`, `class`. */
function shape(input: Indexed, binding: Binding | undefined): string {
  if (!binding) return 'none';
  switch (binding.kind) {
    case 'value':
      return `value${binding.init ? ` = ${textOf(input, binding.init)}` : ''}${binding.path.map((k) => ` .${k}`).join('')}`;
    case 'param':
      return `param ${binding.index}${binding.path.map((k) => ` .${k}`).join('')}`;
    case 'import':
      return `import ${binding.binding.source}#${binding.binding.imported}`;
    default:
      return binding.kind;
  }
}

const at = (source: string, name: string, nth = 0) => {
  const input = indexed(source);
  return shape(input, bindingAt(input, name, nth));
};

/** The fields of the first class of a program: `name = <value>` or `name (param N)`. */
function fieldsOf(input: Indexed, cls: ClassInfo): string[] {
  return [...cls.fields.entries()].map(
    ([name, field]) =>
      `${name}${field.value ? ` = ${textOf(input, field.value)}` : ''}${field.fromParam ? ` (param ${field.fromParam.index})` : ''}`,
  );
}

const firstClass = (input: Indexed): ClassInfo => [...input.index.classOf.values()][0]!;

describe('declarations', () => {
  test('const, let and var bind values with their initializers', () => {
    const source = `const a = '/a'; let b = a; var c; probe(0);`;
    expect([at(source, 'a'), at(source, 'b'), at(source, 'c')]).toEqual(["value = '/a'", 'value = a', 'value']);
  });

  test('var is hoisted out of its block to the function; let and const stay in the block', () => {
    const source = `function f() { if (x) { var v = 1; let l = 2; const c = 3; } probe(0); }`;
    expect([at(source, 'v'), at(source, 'l'), at(source, 'c')]).toEqual(['value = 1', 'none', 'none']);
  });

  test('var in a for header at the top level belongs to the program', () => {
    expect(at(`for (var i = 0; i < 3; i++) {} probe(i);`, 'i')).toBe('value = 0');
  });

  test('function declarations are hoisted: visible before they are written, in blocks too', () => {
    const source = `probe(f); function f() {} { probe(g); function g() {} }`;
    expect([at(source, 'f', 0), at(source, 'g', 1)]).toEqual(['function', 'function']);
    // A hoisted declaration is made once: one FunctionInfo per node.
    const input = indexed(source);
    expect(input.index.functions.map((fn) => fn.node.type)).toEqual(['FunctionDeclaration', 'FunctionDeclaration']);
  });

  test('an exported function declaration is hoisted as well', () => {
    expect(at(`probe(send); export function send() {}`, 'send')).toBe('function');
  });

  test('block scopes: an inner const url hides the outer one, only inside its block', () => {
    const source = `const url = '/outer'; { const url = '/inner'; probe(url); } probe(url);`;
    expect([at(source, 'url', 0), at(source, 'url', 1)]).toEqual(["value = '/inner'", "value = '/outer'"]);
  });

  test('a variable declared in a function hides a program variable of the same name', () => {
    const source = `const base = '/a'; function f() { const base = '/b'; probe(base); }`;
    expect(at(source, 'base')).toBe("value = '/b'");
  });

  test('object destructuring binds each name with its path in the initializer', () => {
    const source = `const { a: { b: renamed }, c = 1 } = config; probe(0);`;
    expect([at(source, 'renamed'), at(source, 'c'), at(source, 'a')]).toEqual([
      'value = config .a .b',
      'value = config .c',
      'none',
    ]);
  });

  test('array destructuring binds by position, skipping holes', () => {
    const source = `const [first, , third] = list; probe(0);`;
    expect([at(source, 'first'), at(source, 'third')]).toEqual(['value = list .0', 'value = list .2']);
  });

  // A rest element of a declaration (`...url` in an object or array pattern) declares its name,
  // with a value the file does not show: it hides an outer binding of the same name (here the
  // outer '/outer' constant), which it once resolved to.
  test('a rest element in a declaration shadows an outer binding of the same name', () => {
    const inObject = `const url = '/outer'; function f(o) { const { a, ...url } = o; probe(url); }`;
    const inArray = `const url = '/outer'; function f(list) { const [a, ...url] = list; probe(url); }`;
    expect([at(inObject, 'url'), at(inArray, 'url')]).toEqual(['value', 'value']);
  });
});

describe('functions and parameters', () => {
  test('parameters: plain, with a default, rest; patterns get no name', () => {
    const input = indexed(`function f(a, b = '/d', ...rest) {} function g({ p }, [q]) {}`);
    const [f, g] = input.index.functions;
    expect(f!.params.map((p) => ({ ...p, default: p.default && textOf(input, p.default) }))).toEqual([
      { name: 'a', default: undefined },
      { name: 'b', default: "'/d'" },
      { rest: true, default: undefined },
    ]);
    expect(g!.params).toEqual([{}, {}]);
  });

  test('parameter bindings: the index of the parameter and the path inside a pattern', () => {
    const source = `function f(a, b = 1, ...rest) { probe(0); } function g({ p, q: [r] }) { probe(1); }`;
    expect([at(source, 'a'), at(source, 'b'), at(source, 'rest')]).toEqual(['param 0', 'param 1', 'param 2']);
    expect([at(source, 'p', 1), at(source, 'r', 1)]).toEqual(['param 0 .p', 'param 0 .q .0']);
  });

  test('a parameter annotated with a type reference keeps the type name (qualified names by their last part)', () => {
    const input = indexed(`function f(client: Cloudflare, init?: Api.Init, n: number) {}`);
    expect(input.index.functions[0]!.params.map((p) => p.typeName)).toEqual(['Cloudflare', 'Init', undefined]);
  });

  test('a named function expression binds its name inside itself only', () => {
    const source = `const f = function inner() { probe(inner); }; probe(inner);`;
    expect([at(source, 'inner', 0), at(source, 'inner', 1)]).toEqual(['function', 'none']);
  });

  test('arrow and function expressions each get a FunctionInfo with their own scope', () => {
    const input = indexed(`const a = (x) => x; const b = function (y) { return y; };`);
    expect(input.index.functions.map((fn) => fn.node.type)).toEqual(['ArrowFunctionExpression', 'FunctionExpression']);
    expect(input.index.functions.map((fn) => [...fn.scope.bindings.keys()])).toEqual([['x'], ['y']]);
    expect(input.index.functions.every((fn, i) => fn.id === i && fn.scope.fn === fn)).toBe(true);
  });

  test('closures: a nested arrow sees the parameters of the functions around it', () => {
    const source = `function outer(zone) { return () => (id) => probe(zone + id); }`;
    const input = indexed(source);
    const zone = bindingAt(input, 'zone');
    const id = bindingAt(input, 'id');
    expect(zone?.kind === 'param' && zone.fn.node.type).toBe('FunctionDeclaration');
    expect(id?.kind === 'param' && id.fn.node.type).toBe('ArrowFunctionExpression');
  });

  test("a function's calls include those of nested closures", () => {
    const input = indexed(`function outer() { a(); const f = () => b(); } function other() { c(); }`);
    const [outer, other, inner] = [
      input.index.functions[0]!,
      input.index.functions[1]!,
      input.index.functions.find((fn) => fn.node.type === 'ArrowFunctionExpression')!,
    ];
    expect(outer.calls.map((call) => textOf(input, call))).toEqual(['a()', 'b()']);
    expect(inner.calls.map((call) => textOf(input, call))).toEqual(['b()']);
    expect(other.calls.map((call) => textOf(input, call))).toEqual(['c()']);
  });

  test('a function passed as an argument is a callback, with the call it is passed to', () => {
    const input = indexed(`ids.map((id) => id); const named = (x) => x;`);
    const [callback, named] = input.index.functions;
    expect(callback!.isCallback).toBe(true);
    expect(textOf(input, callback!.passedTo!)).toBe('ids.map((id) => id)');
    expect(named!.isCallback).toBeUndefined();
  });
});

describe('imports', () => {
  test('default, named (renamed) and namespace imports bind module references', () => {
    const source = `import D, { n as m } from './a'; import * as ns from 'b'; probe(0);`;
    expect([at(source, 'D'), at(source, 'm'), at(source, 'ns'), at(source, 'n')]).toEqual([
      'import ./a#default',
      'import ./a#n',
      'import b#*',
      'none',
    ]);
  });

  test('type-only imports bind nothing', () => {
    const source = `import type { T } from './t'; import { type U, V } from './u'; probe(0);`;
    expect([at(source, 'T'), at(source, 'U'), at(source, 'V')]).toEqual(['none', 'none', 'import ./u#V']);
  });

  test('require and dynamic import are plain values whose initializer is the call', () => {
    const source = `const r = require('./r'); const { x } = require('./x'); const d = await import('./d'); probe(0);`;
    expect([at(source, 'r'), at(source, 'x'), at(source, 'd')]).toEqual([
      "value = require('./r')",
      "value = require('./x') .x",
      "value = await import('./d')",
    ]);
  });
});

describe('classes', () => {
  test('a class declaration binds its name to its ClassInfo', () => {
    const input = indexed(`class Api {} probe(Api);`);
    const binding = bindingAt(input, 'Api');
    expect(binding?.kind === 'class' && binding.cls).toBe(firstClass(input));
  });

  test('fields: initializers, private and static ones, declared without value', () => {
    const input = indexed(`class K { static s = '/s'; #p = '/p'; x; y = '/y'; }`);
    expect(fieldsOf(input, firstClass(input))).toEqual(["s = '/s'", "#p = '/p'", 'x', "y = '/y'"]);
  });

  test('this.x = … in the constructor is a field; an initializer wins; other methods add none', () => {
    const input = indexed(
      `class K { y = '/y'; constructor() { this.y = '/no'; this.z = '/z'; } other() { this.w = '/w'; } }`,
    );
    expect(fieldsOf(input, firstClass(input))).toEqual(["y = '/y'", "z = '/z'"]);
  });

  test('constructor parameter properties are fields bound to the parameter (with its default)', () => {
    const input = indexed(
      `class K { constructor(private readonly base: string = '/d', plain: string, public cf: Cf) {} }`,
    );
    const cls = firstClass(input);
    expect(fieldsOf(input, cls)).toEqual(["base = '/d' (param 0)", 'cf (param 2)']);
    expect(cls.fields.get('cf')?.typeName).toBe('Cf');
  });

  test('methods: declared ones, getters and arrow-valued properties; the constructor is not one', () => {
    const input = indexed(`class K { constructor() {} m() {} get g() { return 1; } n = () => 1; }`);
    const cls = firstClass(input);
    expect([...cls.methods.keys()]).toEqual(['m', 'g', 'n']);
    const ctor = input.index.functions.find((fn) => fn.isConstructor);
    expect(ctor?.cls).toBe(cls);
    expect([...cls.methods.values()].every((fn) => !fn.isConstructor && fn.cls === cls)).toBe(true);
  });

  test('extends: the base class expression and the scope it is read in', () => {
    const input = indexed(`import { Base } from './base'; class K extends Base {}`);
    const cls = firstClass(input);
    expect(textOf(input, cls.superClass!.node)).toBe('Base');
    expect(cls.superClass!.scope).toBe(input.index.program);
  });

  test('a method scope carries its class (what `this` reads)', () => {
    const input = indexed(`class K { m() { probe(this); } }`);
    expect(probe(input).scope.cls).toBe(firstClass(input));
  });

  test('a static block is a scope of its own inside the class', () => {
    const source = `class K { static { const inner = '/i'; probe(inner); } } probe(inner);`;
    expect([at(source, 'inner', 0), at(source, 'inner', 1)]).toEqual(["value = '/i'", 'none']);
  });
});

describe('loops and catch', () => {
  test('for…of bindings record the iterable they take their values from', () => {
    const input = indexed(`for (const [id, value] of Object.entries(settings)) { probe(id); }`);
    const binding = bindingAt(input, 'value');
    expect(shape(input, binding)).toBe('value .1');
    expect(binding?.kind === 'value' && binding.iterates && textOf(input, binding.iterates)).toBe(
      'Object.entries(settings)',
    );
  });

  test('for…in bindings record no iterable', () => {
    const input = indexed(`for (const key in map) { probe(key); }`);
    const binding = bindingAt(input, 'key');
    expect(binding?.kind === 'value' && binding.iterates).toBeUndefined();
  });

  test('a for…of binding lives in the loop only', () => {
    expect(at(`for (const item of items) {} probe(item);`, 'item')).toBe('none');
  });

  test('a catch clause binds its parameter (and its pattern) inside the clause only', () => {
    const source = `try {} catch (err) { probe(err); } try {} catch ({ message }) { probe(message); } probe(err);`;
    expect([at(source, 'err', 0), at(source, 'message', 1), at(source, 'err', 2)]).toEqual([
      'value',
      'value .message',
      'none',
    ]);
  });
});

describe('type-only code', () => {
  test('interfaces and type aliases bind nothing', () => {
    const source = `interface Route { path: string } type Id = string; probe(0);`;
    expect([at(source, 'Route'), at(source, 'Id')]).toEqual(['none', 'none']);
  });

  test('strings in interfaces, type aliases and annotations are not indexed', () => {
    const input = indexed(
      `interface P { '/zones/a': string } type T = { u: '/zones/b' }; const s: '/zones/c' = '/zones/d';`,
    );
    expect(input.index.strings.map((node) => textOf(input, node))).toEqual(["'/zones/d'"]);
    expect(input.index.stringRoots.map((node) => textOf(input, node))).toEqual(["'/zones/d'"]);
  });

  test('a declared function (overload signature) is no function of the index', () => {
    const input = indexed(`function f(a: string): void; function f(a: unknown) {}`);
    expect(input.index.functions).toHaveLength(1);
    expect(input.index.functions[0]!.node.body).toBeDefined();
  });
});

describe("the index's lists", () => {
  const source = [
    `import z from 'z';`,
    `const o = { k: '/v', 'key/x': 1 };`,
    `const { u } = o;`,
    `function f({ p }) { return o.k + p; }`,
    `a = 1;`,
    `b += '/x';`,
    `if (a === 'x' || b < 2) {}`,
    `switch (a) { case 'y': break; }`,
    `new Api(fetch('/t'));`,
    `const t = 'a' + 'b' + c;`,
    `const tpl = \`x\${'y'}\`;`,
    `export const e = 1;`,
    `export * from './all';`,
  ].join('\n');
  const input = indexed(source);
  const texts = (nodes: readonly Parameters<typeof textOf>[1][]) => nodes.map((node) => textOf(input, node));

  test('calls and new expressions, outer first, each with its scope', () => {
    expect(texts(input.index.calls)).toEqual(["new Api(fetch('/t'))", "fetch('/t')"]);
    expect(input.index.calls.every((call) => input.index.scopeOf.get(call) === input.index.program)).toBe(true);
  });

  test('objects, members and assignments', () => {
    expect(texts(input.index.objects)).toEqual(["{ k: '/v', 'key/x': 1 }"]);
    expect(texts(input.index.members)).toEqual(['o.k']);
    expect(texts(input.index.assignments)).toEqual(['a = 1', "b += '/x'"]);
  });

  test('comparisons: equality operators and switch cases, not other binary operators', () => {
    expect(texts(input.index.comparisons)).toEqual(["a === 'x'", "case 'y': break;"]);
  });

  test('destructuring declarations and the properties of object patterns', () => {
    expect(texts(input.index.destructures)).toEqual(['{ u } = o']);
    // Hoisting declares `f`'s parameters before the walk reaches the declaration of `u`.
    expect(texts(input.index.patternProperties)).toEqual(['p', 'u']);
  });

  test("a pattern property's keys from its pattern's root, array positions left out", () => {
    const nested = indexed(`rows.map(({ id, data: { service } }) => id); const [{ errors: [{ code }] }] = list;`);
    const keys = nested.index.patternProperties.map((property) => nested.index.patternKeys.get(property));
    expect(keys).toEqual([['id'], ['data'], ['data', 'service'], ['errors'], ['errors', 'code']]);
  });

  test('strings: every string literal and template, not import sources (an export-from source is one)', () => {
    expect(texts(input.index.strings)).toEqual([
      "'/v'",
      "'key/x'",
      "'/x'",
      "'x'",
      "'y'",
      "'/t'",
      "'a'",
      "'b'",
      "`x${'y'}`",
      "'y'",
      "'./all'",
    ]);
  });

  test('string roots: outermost string expressions, not property keys or module names', () => {
    expect(texts(input.index.stringRoots)).toEqual([
      "'/v'",
      'o.k + p',
      "'/x'",
      "'x'",
      "'y'",
      "'/t'",
      "'a' + 'b' + c",
      "`x${'y'}`",
    ]);
  });

  test('the parent of a string root and of an object is recorded', () => {
    const literal = nodeAt(input, AST_NODE_TYPES.Literal, "'/t'");
    expect(input.index.parentOf.get(literal)?.type).toBe('CallExpression');
    expect(input.index.parentOf.get(input.index.objects[0]!)?.type).toBe('VariableDeclarator');
  });

  test('export declarations of every kind', () => {
    expect(input.index.exportNodes.map((node) => node.type)).toEqual([
      'ExportNamedDeclaration',
      'ExportAllDeclaration',
    ]);
  });
});
