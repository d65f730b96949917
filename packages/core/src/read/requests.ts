import type { TSESTree } from '@typescript-eslint/types';
import { isRequestMethod, type RequestMethod } from '../catalogue/types.js';
import { concatPatterns, hole, text, type PatternPart } from '../url/pattern.js';
import { propertyKeyName, unwrap, type Node } from './ast.js';
import { findProperty, normalizeModulePath, type Evaluator } from './evaluate.js';
import { joinUrl } from '../url/pattern.js';
import type { MethodValue } from '../facts.js';
import { isHandler } from './mentions.js';
import type { Scope } from './scope.js';
import {
  bodyArgumentOf,
  httpClientNamed,
  httpClientOfConstructor,
  httpClientOfGlobal,
  httpClientOfModule,
  httpClientOfParameterMember,
  IMPORTED_CLIENT,
  isScriptGlobal,
  UNSEEN_CLIENT,
  verbMethod,
  type CallShape,
  type ClientCalls,
  type HttpClientModel,
  type HttpClientName,
} from './knowledge/http-clients.js';
import type { Value } from './values.js';

/** A call that sends an HTTP request, before it is turned into a fact. */
export interface RequestCall {
  lib: HttpClientName | 'unknown-client';
  urlNode: Node;
  url: PatternPart[];
  method: MethodValue;
  body?: Node;
  headers?: Node;
  scope: Scope;
}

type Via = RequestCall['lib'];

/** Recognizes a request in a call or `new Request(...)`; undefined when the call is not one. */
export function recognizeRequest(
  node: TSESTree.CallExpression | TSESTree.NewExpression,
  ev: Evaluator,
): RequestCall | undefined {
  const scope = ev.scopeOf(node);
  const callee = ev.value(node.callee, scope);
  const args = node.arguments.filter((arg): arg is TSESTree.Expression => arg.type !== 'SpreadElement');
  const isCall = node.type === 'CallExpression';

  // `export async function GET({ fetch })` (SvelteKit, Astro, Remix loaders): the framework's fetch.
  if (callee.kind === 'param' && isCall) {
    const member = callee.path.at(-1);
    const client = member === undefined ? undefined : httpClientOfParameterMember(member);
    if (client?.call) return readCall(client, client.call, client.name, args, ev, scope);
  }
  if (callee.kind === 'global') {
    const name = [callee.name, ...callee.path].join('.');
    const client = isCall ? httpClientOfGlobal(name) : httpClientOfConstructor(name);
    if (client?.call) return readCall(client, client.call, client.name, args, ev, scope);
  }
  if (callee.kind === 'module' && isCall) {
    const client = httpClientOfModule(callee.source);
    if (client) return moduleCall(client, normalizeModulePath(callee.path), args, ev, scope);
  }
  if (callee.kind === 'http-client' && isCall)
    return clientCall(httpClientNamed(callee.lib), callee.lib, callee.base, args, ev, scope);

  if (isCall && node.callee.type === 'MemberExpression') {
    const verb = propertyKeyName(node.callee.property, node.callee.computed);
    if (verb === undefined) return undefined;
    const chained = pathChainCall(node, verb, args, ev, scope);
    if (chained) return chained;
    const receiver = ev.value(node.callee.object, scope);
    if (receiver.kind === 'http-client')
      return verbCall(httpClientNamed(receiver.lib), receiver.lib, receiver.base, verb, args, ev, scope);
    if (isUnknownReceiver(receiver) || inheritsUnseen(receiver, verb, ev)) {
      const method = verbMethod(UNSEEN_CLIENT, verb);
      if (method) return unknownClientCall(verb, method, args, ev, scope);
    }
  }
  return undefined;
}

/** A call of a library's module: the library itself (`axios(url)`), a function it exports, or a verb. */
function moduleCall(
  client: HttpClientModel,
  path: string[],
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  if (path.length === 0) return client.call ? readCall(client, client.call, client.name, args, ev, scope) : undefined;
  if (path.length > 1) return undefined;
  const member = path[0]!;
  if (!client.functions) return verbCall(client, client.name, undefined, member, args, ev, scope);
  const fn = client.functions.find((candidate) => candidate.name === member);
  return fn ? readCall(client, fn.shape, fn.via ?? client.name, args, ev, scope, fn.method) : undefined;
}

/** A request read with the reader of its call shape. */
function readCall(
  client: HttpClientModel,
  shape: CallShape,
  via: Via,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
  method?: RequestMethod,
): RequestCall | undefined {
  switch (shape) {
    case 'fetch':
      return fetchCall(client, via, args, ev, scope);
    case 'client':
      return clientCall(client, via, undefined, args, ev, scope);
    case 'node-http':
      return client.protocol ? nodeHttpCall(client, client.protocol, method, args, ev, scope) : undefined;
  }
}

function isUnknownReceiver(value: Value): boolean {
  // `makeClient()` from another module evaluates to an unknown value: a receiver the file does not show.
  const opaque = value.kind === 'string' && value.pattern.length === 1 && value.pattern[0]!.kind === 'hole';
  return (
    opaque ||
    value.kind === 'unknown' ||
    value.kind === 'param' ||
    (value.kind === 'global' && !isScriptGlobal(value.name))
  );
}

/**
 * `this.patch(path, { body })` in a class extending a library's (Apollo's `RESTDataSource`, a
 * framework's base service): a verb the class does not define comes from a class the file does not show.
 */
function inheritsUnseen(receiver: Value, verb: string, ev: Evaluator): boolean {
  return (
    receiver.kind === 'instance' &&
    receiver.cls.superClass !== undefined &&
    ev.member(receiver, verb).kind === 'unknown'
  );
}

/** fetch(url, init), new Request(url, init), undici.request(url, options). */
function fetchCall(
  client: ClientCalls,
  via: Via,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  const [urlNode, initNode] = args;
  if (!urlNode) return undefined;
  const init = initNode ? ev.value(initNode, scope) : undefined;
  return {
    lib: via,
    urlNode,
    url: ev.pattern(urlNode, scope),
    method: init === undefined ? { kind: 'known', method: 'GET' } : methodFromOptions(init, ev, client.options.method),
    ...sentOptions(init, client.options),
    scope,
  };
}

/**
 * `https.request(options, cb)` with `{ host | hostname, path, method, headers }`, or
 * `https.request(url[, options], cb)`. Without a host Node sends to localhost: not the API.
 */
function nodeHttpCall(
  client: HttpClientModel,
  protocol: 'http:' | 'https:',
  forcedMethod: RequestMethod | undefined,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  const [first, second] = args;
  if (!first) return undefined;
  const firstValue = ev.value(first, scope);
  const forced = forcedMethod ? ({ kind: 'known', method: forcedMethod } as const) : undefined;
  const keys = client.options;
  if (firstValue.kind !== 'object') {
    const options =
      second && !['ArrowFunctionExpression', 'FunctionExpression'].includes(unwrap(second).type)
        ? ev.value(second, scope)
        : undefined;
    return {
      lib: client.name,
      urlNode: first,
      url: ev.pattern(first, scope),
      method: forced ?? (options ? methodFromOptions(options, ev, keys.method) : { kind: 'known', method: 'GET' }),
      ...headersOption(options, keys.headers),
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
    lib: client.name,
    urlNode: pathProperty.value,
    url: concatPatterns(origin, path),
    method: forced ?? methodFromOptions(firstValue, ev, keys.method),
    ...headersOption(firstValue, keys.headers),
    scope,
  };
}

/** axios(url, config), axios(config), got(url, options), ky(url, options). */
function clientCall(
  client: ClientCalls,
  via: Via,
  base: PatternPart[] | undefined,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  const [first, second] = args;
  if (!first) return undefined;
  const firstValue = ev.value(first, scope);
  if (firstValue.kind === 'object') {
    const urlProperty = findProperty(firstValue.node, client.options.url);
    if (!urlProperty) return undefined;
    return withOptions(client, via, base, urlProperty.value, firstValue, ev, firstValue.scope, scope);
  }
  const options = second ? ev.value(second, scope) : undefined;
  return withOptions(client, via, base, first, options, ev, scope, scope);
}

/** api.get(url, config), api.post(url, data, config), api.request(config), got.post(url, options). */
function verbCall(
  client: ClientCalls,
  via: Via,
  base: PatternPart[] | undefined,
  verb: string,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  if (verb === client.configMethod) return clientCall(client, via, base, args, ev, scope);
  const method = verbMethod(client, verb);
  const urlNode = args[0];
  if (!method || !urlNode) return undefined;
  const bodyIndex = bodyArgumentOf(client, verb);
  const optionsNode = args[bodyIndex === undefined ? 1 : bodyIndex + 1];
  const options = optionsNode ? ev.value(optionsNode, scope) : undefined;
  const call = withOptions(client, via, base, urlNode, options, ev, scope, scope, method);
  const bodyNode = bodyIndex === undefined ? undefined : args[bodyIndex];
  if (bodyNode) call.body = bodyNode;
  return call;
}

function withOptions(
  client: ClientCalls,
  via: Via,
  base: PatternPart[] | undefined,
  urlNode: Node,
  options: Value | undefined,
  ev: Evaluator,
  urlScope: Scope,
  scope: Scope,
  verbMethod?: RequestMethod,
): RequestCall {
  const keys = client.options;
  let effectiveBase = base;
  if (keys.baseUrl !== undefined && options?.kind === 'object') {
    const baseProperty = findProperty(options.node, keys.baseUrl);
    if (baseProperty) effectiveBase = ev.pattern(baseProperty.value, options.scope);
  }
  const path = ev.pattern(urlNode, urlScope);
  const method: MethodValue = verbMethod
    ? { kind: 'known', method: verbMethod }
    : options === undefined
      ? { kind: 'known', method: 'GET' }
      : methodFromOptions(options, ev, keys.method);
  return {
    lib: via,
    urlNode,
    url: effectiveBase ? joinUrl(effectiveBase, path) : path,
    method,
    ...sentOptions(options, keys),
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
    ? clientCall(IMPORTED_CLIENT, 'unknown-client', undefined, expressions, ev, scope)
    : verbCall(IMPORTED_CLIENT, 'unknown-client', undefined, verb, expressions, ev, scope);
}

/**
 * `api.get(url)` where `api` is another module's export: read as a verb call on a receiver the file
 * does not show, with the verb's method (undefined when the member is no HTTP verb).
 */
export function verbOnUnseenReceiver(
  verb: string,
  node: TSESTree.CallExpression | TSESTree.NewExpression,
  ev: Evaluator,
): RequestCall | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const method = verbMethod(UNSEEN_CLIENT, verb);
  if (!method) return undefined;
  const args = node.arguments.filter((arg): arg is TSESTree.Expression => arg.type !== 'SpreadElement');
  return unknownClientCall(verb, method, args, ev, ev.scopeOf(node));
}

/** The verbs that end a typed RPC client's path chain (Hono's `hc`, a `Proxy` client): `$get`, `$post`, … */
const CHAIN_VERB = /^\$(get|post|put|patch|delete)$/;

/**
 * A request whose path is written as the member chain of a typed client (Hono's
 * `client.zones[':zoneId'].firewall.rules.$get()`, a `Proxy` client's
 * `edge.zones(id).dns_settings.secondary_overrides.$patch(body)`): each member a segment, each
 * call's or computed member's argument a parameter, the `$verb` its method, after a base the file
 * does not show. (Nuxt's `$axios.$get('/url')` is given its URL: no chain.)
 */
function pathChainCall(
  node: TSESTree.CallExpression,
  verb: string,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  const found = CHAIN_VERB.exec(verb);
  if (!found) return undefined;
  const first = args[0] && unwrap(args[0]);
  if (first && (first.type === 'Literal' || first.type === 'TemplateLiteral')) return undefined;
  const segments: PatternPart[][] = [];
  let current: Node = unwrap((node.callee as TSESTree.MemberExpression).object);
  while (current.type === 'MemberExpression' || current.type === 'CallExpression') {
    if (current.type === 'CallExpression') {
      // `zones(zoneId)`: the member named, then its argument as the next segment.
      if (current.callee.type !== 'MemberExpression') break;
      segments.unshift([hole()]);
      current = current.callee;
      continue;
    }
    const name = current.computed
      ? current.property.type === 'Literal' && typeof current.property.value === 'string'
        ? current.property.value
        : undefined
      : propertyKeyName(current.property, false);
    segments.unshift(name === undefined ? [hole()] : [text(name)]);
    current = unwrap(current.object);
  }
  if (segments.filter((segment) => segment[0]!.kind === 'text').length < 2) return undefined;
  const url: PatternPart[] = [hole()];
  for (const segment of segments) url.push(text('/'), ...segment);
  const body = found[1] === 'get' || found[1] === 'delete' ? undefined : optionsBody(args[0], ev, scope);
  return {
    lib: 'unknown-client',
    urlNode: node.callee,
    url,
    method: { kind: 'known', method: found[1]!.toUpperCase() as RequestMethod },
    ...(body ? { body } : {}),
    scope,
  };
}

/** A verb call on a receiver the file does not show (a parameter, an injected client). */
function unknownClientCall(
  verb: string,
  method: RequestMethod,
  args: TSESTree.Expression[],
  ev: Evaluator,
  scope: Scope,
): RequestCall | undefined {
  const urlNode = args[0];
  if (!urlNode) return undefined;
  // `app.get('/path', handler)`, `router.patch(path, express.json(), handler)`: a route the user's own
  // server defines, not a request.
  if (args.slice(1).some((arg) => isHandler(arg, ev, scope))) return undefined;
  const bodyIndex = bodyArgumentOf(UNSEEN_CLIENT, verb);
  const body = optionsBody(bodyIndex === undefined ? undefined : args[bodyIndex], ev, scope);
  return {
    lib: 'unknown-client',
    urlNode,
    url: ev.pattern(urlNode, scope),
    method: { kind: 'known', method },
    ...(body ? { body } : {}),
    scope,
  };
}

/**
 * What an unseen client's call sends: the argument after the URL is the body itself (axios), or
 * options holding it (`{ body }` for Apollo's RESTDataSource and ofetch, `{ json }` for ky and got).
 */
function optionsBody(arg: Node | undefined, ev: Evaluator, scope: Scope): Node | undefined {
  const options = arg ? ev.value(arg, scope) : undefined;
  if (options?.kind !== 'object') return arg;
  // `{ data }` is the body only in options that are all request options (Playwright's
  // `request.post(url, { data, headers })`): a DNS record's own `data` sits beside `type` and `name`.
  const onlyOptions = options.node.properties.every(
    (property) =>
      property.type === 'Property' && REQUEST_OPTIONS.has(propertyKeyName(property.key, property.computed) ?? ''),
  );
  const inner =
    findProperty(options.node, 'body') ??
    findProperty(options.node, 'json') ??
    (onlyOptions ? findProperty(options.node, 'data') : undefined);
  return inner && ev.value(inner.value, options.scope).kind === 'object' ? inner.value : arg;
}

/** Keys of a request's options object (Playwright, axios, got, ky, undici), none a payload's. */
const REQUEST_OPTIONS = new Set([
  ...['data', 'headers', 'params', 'query', 'searchParams', 'timeout', 'signal', 'failOnStatusCode'],
  ...['ignoreHTTPSErrors', 'maxRedirects', 'maxRetries', 'form', 'multipart', 'responseType', 'retry'],
]);

/**
 * The method a request's options give: their `method`, GET without one, or the `method` of an init
 * object a helper forwards (`fetch(url, init)`, `fetch(url, { ...init, headers })`).
 */
export function methodFromOptions(options: Value, ev: Evaluator, key = 'method'): MethodValue {
  if (options.kind === 'param' && options.path.length === 0)
    return { kind: 'param', param: options.index, fn: options.fn.id, option: true };
  if (options.kind !== 'object') return { kind: 'unknown' };
  const property = findProperty(options.node, key);
  if (!property) {
    // A spread may carry a method: then it is the spread init's, or unknown, not the default.
    const spreads = options.node.properties.filter((p) => p.type === 'SpreadElement');
    if (spreads.length === 0) return { kind: 'known', method: 'GET' };
    const forwarded = spreads.length === 1 ? ev.value(spreads[0]!.argument, options.scope) : undefined;
    return forwarded?.kind === 'param' ? methodFromOptions(forwarded, ev, key) : { kind: 'unknown' };
  }
  const value = ev.value(property.value, options.scope);
  if (value.kind === 'param' && value.path.length === 0) return { kind: 'param', param: value.index, fn: value.fn.id };
  if (value.kind === 'string' && value.pattern.length === 1 && value.pattern[0]!.kind === 'text') {
    const method = value.pattern[0]!.text.toUpperCase();
    if (isRequestMethod(method)) return { kind: 'known', method };
  }
  return { kind: 'unknown' };
}

/** The payload and the headers a request's options send: the first body key they have, and the headers. */
function sentOptions(options: Value | undefined, keys: ClientCalls['options']): { body?: Node; headers?: Node } {
  if (options?.kind !== 'object') return {};
  let body: Node | undefined;
  for (const key of keys.body) {
    body = findProperty(options.node, key)?.value;
    if (body) break;
  }
  const headers = findProperty(options.node, keys.headers)?.value;
  return { ...(body ? { body } : {}), ...(headers ? { headers } : {}) };
}

function headersOption(options: Value | undefined, key: string): { headers?: Node } {
  const headers = options?.kind === 'object' ? findProperty(options.node, key)?.value : undefined;
  return headers ? { headers } : {};
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
