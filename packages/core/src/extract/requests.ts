import type { TSESTree } from '@typescript-eslint/types';
import { isRequestMethod, type RequestMethod } from '../catalogue/types.js';
import { concatPatterns, hole, text, type PatternPart } from '../url/pattern.js';
import { propertyKeyName, unwrap, type Node } from './ast.js';
import { findProperty, joinUrl, normalizeModulePath, type Evaluator } from './evaluate.js';
import type { MethodValue } from './facts.js';
import { isHandler } from './mentions.js';
import type { Scope } from './scope.js';
import { HTTP_MODULES, type HttpLib, type Value } from './values.js';

/** A call that sends an HTTP request, before it is turned into a fact. */
export interface RequestCall {
  lib: HttpLib | 'node-http' | 'unknown-client';
  urlNode: Node;
  url: PatternPart[];
  method: MethodValue;
  body?: Node;
  headers?: Node;
  scope: Scope;
}

const VERBS_WITHOUT_BODY = new Set(['get', 'delete', 'head', 'options']);
const VERBS_WITH_BODY = new Set(['post', 'put', 'patch']);
const FETCH_GLOBALS = new Set(['fetch', 'globalThis.fetch', 'window.fetch', 'self.fetch']);
/** Node's own clients: `https.request({ host, path, method }, cb)`, `http.get(url, cb)`. */
const NODE_HTTP_MODULES: Readonly<Record<string, 'http:' | 'https:'>> = {
  http: 'http:',
  'node:http': 'http:',
  https: 'https:',
  'node:https': 'https:',
};

/** Recognizes a request in a call or `new Request(...)`; undefined when the call is not one. */
export function recognizeRequest(
  node: TSESTree.CallExpression | TSESTree.NewExpression,
  ev: Evaluator,
): RequestCall | undefined {
  const scope = ev.scopeOf(node);
  const callee = ev.value(node.callee, scope);
  const args = node.arguments.filter((arg): arg is TSESTree.Expression => arg.type !== 'SpreadElement');

  // `export async function GET({ fetch })` (SvelteKit, Astro, Remix loaders): the framework's fetch.
  if (callee.kind === 'param' && callee.path.at(-1) === 'fetch' && node.type === 'CallExpression')
    return fetchCall(args, ev, scope, 'fetch');
  if (callee.kind === 'global') {
    const name = [callee.name, ...callee.path].join('.');
    if (
      (node.type === 'CallExpression' && FETCH_GLOBALS.has(name)) ||
      (node.type === 'NewExpression' && name === 'Request')
    )
      return fetchCall(args, ev, scope, 'fetch');
  }
  if (callee.kind === 'module' && HTTP_MODULES[callee.source] && node.type === 'CallExpression') {
    const lib = HTTP_MODULES[callee.source]!;
    const path = normalizeModulePath(callee.path);
    if (lib === 'fetch' && path.length === 0) return fetchCall(args, ev, scope, 'fetch');
    if (lib === 'undici') {
      if (path.length === 1 && path[0] === 'fetch') return fetchCall(args, ev, scope, 'fetch');
      if (path.length === 1 && path[0] === 'request') return fetchCall(args, ev, scope, 'undici');
      return undefined;
    }
    if (path.length === 0) return clientCall(lib, undefined, args, ev, scope);
    if (path.length === 1) return verbCall(lib, undefined, path[0]!, args, ev, scope);
    return undefined;
  }
  if (callee.kind === 'module' && NODE_HTTP_MODULES[callee.source] && node.type === 'CallExpression') {
    const path = normalizeModulePath(callee.path);
    if (path.length === 1 && (path[0] === 'request' || path[0] === 'get'))
      return nodeHttpCall(NODE_HTTP_MODULES[callee.source]!, path[0], args, ev, scope);
    return undefined;
  }
  if (callee.kind === 'http-client' && node.type === 'CallExpression')
    return clientCall(callee.lib, callee.base, args, ev, scope);

  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
    const verb = propertyKeyName(node.callee.property, node.callee.computed);
    if (verb === undefined) return undefined;
    const receiver = ev.value(node.callee.object, scope);
    if (receiver.kind === 'http-client') return verbCall(receiver.lib, receiver.base, verb, args, ev, scope);
    if (isUnknownReceiver(receiver) && (VERBS_WITHOUT_BODY.has(verb) || VERBS_WITH_BODY.has(verb)))
      return unknownClientCall(verb, args, ev, scope);
  }
  return undefined;
}

function isUnknownReceiver(value: Value): boolean {
  // `makeClient()` from another module evaluates to an unknown value: a receiver the file does not show.
  const opaque = value.kind === 'string' && value.pattern.length === 1 && value.pattern[0]!.kind === 'hole';
  return (
    opaque || value.kind === 'unknown' || value.kind === 'param' || (value.kind === 'global' && value.name !== 'axios')
  );
}

/** fetch(url, init), new Request(url, init), undici.request(url, options). */
function fetchCall(args: TSESTree.Expression[], ev: Evaluator, scope: Scope, lib: HttpLib): RequestCall | undefined {
  const [urlNode, initNode] = args;
  if (!urlNode) return undefined;
  const init = initNode ? ev.value(initNode, scope) : undefined;
  return {
    lib,
    urlNode,
    url: ev.pattern(urlNode, scope),
    method: init === undefined ? { kind: 'known', method: 'GET' } : methodFromOptions(init, ev),
    ...optionNode(init, 'body'),
    ...optionNode(init, 'headers'),
    scope,
  };
}

/**
 * `https.request(options, cb)` with `{ host | hostname, path, method, headers }`, or
 * `https.request(url[, options], cb)`. Without a host Node sends to localhost: not the API.
 */
function nodeHttpCall(
  protocol: 'http:' | 'https:',
  verb: 'request' | 'get',
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  const [first, second] = args;
  if (!first) return undefined;
  const firstValue = ev.value(first, scope);
  const forcedGet = verb === 'get' ? ({ kind: 'known', method: 'GET' } as const) : undefined;
  if (firstValue.kind !== 'object') {
    const options =
      second && !['ArrowFunctionExpression', 'FunctionExpression'].includes(unwrap(second).type)
        ? ev.value(second, scope)
        : undefined;
    return {
      lib: 'node-http',
      urlNode: first,
      url: ev.pattern(first, scope),
      method: forcedGet ?? (options ? methodFromOptions(options, ev) : { kind: 'known', method: 'GET' }),
      ...optionNode(options, 'headers'),
      scope,
    };
  }
  const pathProperty = findProperty(firstValue.node, 'path');
  const hostProperty = findProperty(firstValue.node, 'hostname') ?? findProperty(firstValue.node, 'host');
  if (!pathProperty || !hostProperty) return undefined;
  const host = ev.pattern(hostProperty.value, firstValue.scope);
  const path = ev.pattern(pathProperty.value, firstValue.scope);
  const origin: PatternPart[] =
    host.length === 1 && host[0]!.kind === 'text' ? [text(`${protocol}//${host[0]!.text}`)] : [hole()];
  return {
    lib: 'node-http',
    urlNode: pathProperty.value,
    url: concatPatterns(origin, path),
    method: forcedGet ?? methodFromOptions(firstValue, ev),
    ...optionNode(firstValue, 'headers'),
    scope,
  };
}

/** axios(url, config), axios(config), got(url, options), ky(url, options). */
function clientCall(
  lib: HttpLib | undefined,
  base: PatternPart[] | undefined,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  const [first, second] = args;
  if (!first) return undefined;
  const firstValue = ev.value(first, scope);
  if (firstValue.kind === 'object') {
    const urlProperty = findProperty(firstValue.node, 'url');
    if (!urlProperty) return undefined;
    return withOptions(lib, base, urlProperty.value, firstValue, ev, firstValue.scope, scope);
  }
  const options = second ? ev.value(second, scope) : undefined;
  return withOptions(lib, base, first, options, ev, scope, scope);
}

/** api.get(url, config), api.post(url, data, config), api.request(config), got.post(url, options). */
function verbCall(
  lib: HttpLib | undefined,
  base: PatternPart[] | undefined,
  verb: string,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  if (verb === 'request') return clientCall(lib, base, args, ev, scope);
  const method = verb.toUpperCase();
  if (verb !== verb.toLowerCase() || !isRequestMethod(method)) return undefined;
  const [urlNode, second, third] = args;
  if (!urlNode) return undefined;
  const bodyInSecond = lib === 'axios' && VERBS_WITH_BODY.has(verb);
  const optionsNode = bodyInSecond ? third : second;
  const options = optionsNode ? ev.value(optionsNode, scope) : undefined;
  const call = withOptions(lib, base, urlNode, options, ev, scope, scope, method);
  if (call && bodyInSecond && second) call.body = second;
  return call;
}

function withOptions(
  lib: HttpLib | undefined,
  base: PatternPart[] | undefined,
  urlNode: Node,
  options: Value | undefined,
  ev: Evaluator,
  urlScope: Scope,
  scope: Scope,
  verbMethod?: RequestMethod,
): RequestCall {
  const baseKey = lib === 'axios' ? 'baseURL' : 'prefixUrl';
  let effectiveBase = base;
  if (lib && options?.kind === 'object') {
    const baseProperty = findProperty(options.node, baseKey);
    if (baseProperty) effectiveBase = ev.pattern(baseProperty.value, options.scope);
  }
  const path = ev.pattern(urlNode, urlScope);
  const method: MethodValue = verbMethod
    ? { kind: 'known', method: verbMethod }
    : options === undefined
      ? { kind: 'known', method: 'GET' }
      : methodFromOptions(options, ev);
  const bodyKey = lib === 'axios' ? 'data' : lib === 'got' || lib === 'ky' ? 'json' : 'body';
  return {
    lib: lib ?? 'unknown-client',
    urlNode,
    url: effectiveBase ? joinUrl(effectiveBase, path) : path,
    method,
    ...(optionNode(options, bodyKey).body ? optionNode(options, bodyKey) : optionNode(options, 'body')),
    ...optionNode(options, 'headers'),
    scope,
  };
}

/**
 * What a call sends when its callee is an HTTP client another module exports (`api(url, init)`,
 * `api.patch(url, body)`, `api.request(config)`): the URL and the method, read exactly as for a
 * client of the file itself. The scanner joins the client's base once it knows the export.
 */
export function importedClientCall(
  verb: string | undefined,
  args: readonly TSESTree.CallExpressionArgument[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  const expressions = args.filter((arg): arg is TSESTree.Expression => arg.type !== 'SpreadElement');
  return verb === undefined
    ? clientCall(undefined, undefined, expressions, ev, scope)
    : verbCall(undefined, undefined, verb, expressions, ev, scope);
}

/** A verb call on a receiver the file does not show (a parameter, an injected client). */
function unknownClientCall(
  verb: string,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  const [urlNode, second] = args;
  if (!urlNode) return undefined;
  // `app.get('/path', handler)`, `router.patch(path, express.json(), handler)`: a route the user's own
  // server defines, not a request.
  if (args.slice(1).some((arg) => isHandler(arg, ev, scope))) return undefined;
  const upper = verb.toUpperCase();
  const method = isRequestMethod(upper) ? upper : undefined;
  return {
    lib: 'unknown-client',
    urlNode,
    url: ev.pattern(urlNode, scope),
    method: method ? { kind: 'known', method } : { kind: 'unknown' },
    ...(VERBS_WITH_BODY.has(verb) && second ? { body: second } : {}),
    scope,
  };
}

/**
 * The method a request's options give: their `method`, GET without one, or the `method` of an init
 * object a helper forwards (`fetch(url, init)`, `fetch(url, { ...init, headers })`).
 */
export function methodFromOptions(options: Value, ev: Evaluator): MethodValue {
  if (options.kind === 'param' && options.path.length === 0)
    return { kind: 'param', param: options.index, fn: options.fn.id, option: true };
  if (options.kind !== 'object') return { kind: 'unknown' };
  const property = findProperty(options.node, 'method');
  if (!property) {
    // A spread may carry a method: then it is the spread init's, or unknown, not the default.
    const spreads = options.node.properties.filter((p) => p.type === 'SpreadElement');
    if (spreads.length === 0) return { kind: 'known', method: 'GET' };
    const forwarded = spreads.length === 1 ? ev.value(spreads[0]!.argument, options.scope) : undefined;
    return forwarded?.kind === 'param' ? methodFromOptions(forwarded, ev) : { kind: 'unknown' };
  }
  const value = ev.value(property.value, options.scope);
  if (value.kind === 'param' && value.path.length === 0) return { kind: 'param', param: value.index, fn: value.fn.id };
  if (value.kind === 'string' && value.pattern.length === 1 && value.pattern[0]!.kind === 'text') {
    const method = value.pattern[0]!.text.toUpperCase();
    if (isRequestMethod(method)) return { kind: 'known', method };
  }
  return { kind: 'unknown' };
}

function optionNode(options: Value | undefined, key: string): { body?: Node; headers?: Node } {
  if (options?.kind !== 'object') return {};
  const property = findProperty(options.node, key);
  if (!property) return {};
  return key === 'headers' ? { headers: property.value } : { body: property.value };
}

/**
 * What an argument tells a helper that forwards it as a request's init: its `method` (GET when the
 * object has none, or when nothing is passed), the caller's own forwarded init, or unknown.
 */
export function initMethodOf(arg: Node | undefined, ev: Evaluator, scope: Scope): MethodValue {
  if (!arg) return { kind: 'known', method: 'GET' };
  const value = ev.value(arg, scope);
  return value.kind === 'object' || value.kind === 'param' ? methodFromOptions(value, ev) : { kind: 'unknown' };
}
