/**
 * The built-in functions the evaluator follows when code builds a URL, as data: how the code
 * reaches each one and what it does to the abstract values of its receiver and arguments. One
 * interpreter reads the table (`Evaluator.builtinCall` in read/evaluate.ts).
 */

/** What a built-in function makes of its receiver and arguments. */
export type StringEffect =
  /** `String(x)`: the argument's own value. */
  | 'argument'
  /** `encodeURIComponent(x)`: the argument as text (an id that is a hole stays one). */
  | 'argument-text'
  /** `s.trim()`, `s.toString()`, `parts.map(encodeURIComponent)`: the receiver, as far as paths go. */
  | 'receiver'
  /** `s.replace('<zone>', id)`: the first occurrence of a literal, non-empty search text replaced. */
  | 'replace-first'
  /** `base.concat('/zones/', id, '/filters')`: the receiver, then each argument. */
  | 'concat'
  /** `[a, b].join('/')`, `parts.join('/')` on a rest parameter: the elements with the separator (`,` without one). */
  | 'join'
  /** `path.join(a, b, c)`: the arguments joined with exactly one slash between each two. */
  | 'join-paths'
  /** `new URL(path, base)`: the path joined to the base (the path alone without one). */
  | 'resolve-url'
  /**
   * `urlcat(base, '/zones/:zoneId/settings/:id', { zoneId, id })`, `generatePath(template, params)`:
   * the strings joined, their named parameters filled from the last argument, an object.
   */
  | 'fill-template'
  /** `compile('/zones/:zoneId/filters')`, `parseTemplate('/zones/{zone}/rate_limits')`: a template to fill later. */
  | 'template-function';

/** The values a method is followed on: a string, an array literal, a rest parameter (`...parts`). */
export type MethodReceiver = 'string' | 'array' | 'rest-parameter';

/** How code reaches a built-in function. */
export type BuiltinReach =
  | { readonly global: string }
  | { readonly globalConstructor: string }
  | { readonly method: string; readonly on: MethodReceiver }
  /** An export of a module, as the member path after the module (`posix.join`; '' for the module itself). */
  | { readonly modules: readonly string[]; readonly export: string };

export interface BuiltinFunction {
  readonly reach: BuiltinReach;
  readonly effect: StringEffect;
}

/** Node's path modules: `join` builds URL paths too (one slash between the pieces). */
const PATH_MODULES = ['path', 'node:path', 'path/posix', 'node:path/posix'];
/** React Router's packages (and Remix's), where `generatePath` fills a route's `:params`. */
const ROUTER_MODULES = ['react-router', 'react-router-dom', 'react-router-native', '@remix-run/router'];

export const BUILTIN_FUNCTIONS: readonly BuiltinFunction[] = [
  { reach: { global: 'String' }, effect: 'argument' },
  { reach: { global: 'encodeURIComponent' }, effect: 'argument-text' },
  { reach: { global: 'encodeURI' }, effect: 'argument-text' },
  { reach: { globalConstructor: 'URL' }, effect: 'resolve-url' },
  { reach: { method: 'toString', on: 'string' }, effect: 'receiver' },
  { reach: { method: 'trim', on: 'string' }, effect: 'receiver' },
  { reach: { method: 'replace', on: 'string' }, effect: 'replace-first' },
  // Only the first occurrence, as `replace`: a template names each placeholder once.
  { reach: { method: 'replaceAll', on: 'string' }, effect: 'replace-first' },
  { reach: { method: 'concat', on: 'string' }, effect: 'concat' },
  { reach: { method: 'join', on: 'array' }, effect: 'join' },
  { reach: { method: 'join', on: 'rest-parameter' }, effect: 'join' },
  { reach: { method: 'map', on: 'rest-parameter' }, effect: 'receiver' },
  // `path.join.apply(…)` matches too: the member path is compared by its first names.
  { reach: { modules: PATH_MODULES, export: 'join' }, effect: 'join-paths' },
  { reach: { modules: PATH_MODULES, export: 'posix.join' }, effect: 'join-paths' },
  // Path templates filled from an object: at once, or by what a compiled template returns (its call,
  // or its `expand`/`fill` method: see TEMPLATE_FILLERS).
  { reach: { modules: ['urlcat', 'string-template', 'pupa'], export: '' }, effect: 'fill-template' },
  { reach: { modules: ROUTER_MODULES, export: 'generatePath' }, effect: 'fill-template' },
  { reach: { modules: ['path-to-regexp'], export: 'compile' }, effect: 'template-function' },
  { reach: { modules: ['url-template'], export: 'parseTemplate' }, effect: 'template-function' },
  { reach: { modules: ['url-template', 'uri-template', 'uritemplate'], export: 'parse' }, effect: 'template-function' },
  { reach: { modules: ['uri-templates'], export: '' }, effect: 'template-function' },
];

/** The methods of a compiled template that fill it (`template.expand({ zone })`, `tpl.fill(params)`). */
export const TEMPLATE_FILLERS: ReadonlySet<string> = new Set(['expand', 'fill', 'stringify', 'render', 'toPath']);

// Lookups built once: the evaluator asks them for every call whose value it needs.
const globals = new Map<string, StringEffect>();
const constructors = new Map<string, StringEffect>();
const methods: Record<MethodReceiver, Map<string, StringEffect>> = {
  string: new Map(),
  array: new Map(),
  'rest-parameter': new Map(),
};
const moduleExports = new Map<string, Map<string, StringEffect>>();
for (const { reach, effect } of BUILTIN_FUNCTIONS) {
  if ('global' in reach) globals.set(reach.global, effect);
  else if ('globalConstructor' in reach) constructors.set(reach.globalConstructor, effect);
  else if ('method' in reach) methods[reach.on].set(reach.method, effect);
  else
    for (const module of reach.modules) {
      const exports = moduleExports.get(module) ?? new Map<string, StringEffect>();
      exports.set(reach.export, effect);
      moduleExports.set(module, exports);
    }
}

export function globalFunctionEffect(name: string): StringEffect | undefined {
  return globals.get(name);
}

export function globalConstructorEffect(name: string): StringEffect | undefined {
  return constructors.get(name);
}

export function methodEffect(on: MethodReceiver, name: string): StringEffect | undefined {
  return methods[on].get(name);
}

/** The function a module's member path names (`['posix', 'join', …]`), by its first one or two names. */
export function moduleFunctionEffect(source: string, path: readonly string[]): StringEffect | undefined {
  const exports = moduleExports.get(source);
  const [head, second] = path;
  if (!exports) return undefined;
  if (head === undefined) return exports.get('');
  return exports.get(head) ?? (second === undefined ? undefined : exports.get(`${head}.${second}`));
}
