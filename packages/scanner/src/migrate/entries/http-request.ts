import ts = require('typescript');
import type { Finding, TextEdit } from '@sunset-lint/core';
import type { JsPlaces } from '../js-places.js';
import { fetchAt, objectView, type ObjectView, type Reader } from './ruleset-rule.js';

/** The HTTP clients whose requests the rule rewrites read: `fetch`, axios and got. */
export type RuleClient = 'fetch' | 'axios' | 'got';

/**
 * One request written at the finding, through `fetch`, axios or got, read the same way whatever the
 * client: its URL argument, the method it sends, the value it sends as JSON, its headers, and how
 * the file's own client says "send this method" and "read the entry point" (the rewrite keeps the
 * file's client: an axios request becomes axios requests).
 */
export interface RuleRequest {
  client: RuleClient;
  call: ts.CallExpression;
  /** The URL as written at the request (`fetch`'s and the verbs' first argument, a config's `url`). */
  url: ts.Expression;
  /** The method sent, upper case (`GET` where none is written); undefined where it is computed. */
  sent: string | undefined;
  /** The value sent as JSON (`JSON.stringify(X)`'s X, axios' data, got's json); undefined: none. */
  body: ts.Expression | undefined;
  /** Why the body is not read (a body that is not JSON of a value written here); undefined: read or none. */
  bodyProblem?: string;
  /** The request's `headers: …` property as written, for the entry point's read. */
  headers: string | undefined;
  /** The edits that make the request send `method` instead; undefined where the code cannot be told so. */
  setMethod: (method: string) => TextEdit[] | undefined;
  /** The two statements reading the entry point's id with the file's client (no indentation, no line break). */
  entryPointRead: (url: string, names: { response: string; id: string }, semi: string) => string[];
  /** Whether the request is awaited (directly, or got's `.json()` of it): its function can await the read. */
  awaited: boolean;
  read: Reader;
  nodeText: (node: ts.Node) => string;
  file: ts.SourceFile;
}

/** The verbs of axios and got and their instances that send a request (`api.post(url, body)`). */
const VERBS = new Set(['get', 'delete', 'head', 'options', 'post', 'put', 'patch']);
/** axios verbs whose second argument is the body (the options follow it). */
const AXIOS_BODY_VERBS = new Set(['post', 'put', 'patch']);

/** The request holding the finding in its URL, or why none is read there. */
export function ruleRequestAt(finding: Finding, text: string, js: JsPlaces | undefined): RuleRequest | string {
  if (!js) return 'rewritten in JavaScript and TypeScript only';
  const fetched = fetchAt(finding, text, js);
  if (typeof fetched !== 'string') return fromFetch(fetched);
  const file = js.tree;
  const nodeText = (node: ts.Node) => text.slice(node.getStart(file), node.getEnd());
  const { read } = readerOf(text, file);
  const inRange = (node: ts.Node) => node.getStart(file) <= finding.range[0] && finding.range[1] <= node.getEnd();
  for (const node of [...js.chain(finding.range)].reverse()) {
    if (!ts.isCallExpression(node)) continue;
    const client = clientCall(node, file);
    if (!client) continue;
    const request = clientRequest(node, client, { file, nodeText, read, inRange });
    if (request) return request;
  }
  return 'not a request written here through fetch, axios or got (`fetch(url, init)`, `axios.post(url, body)`, `api.post(path, body)`, `axios({ method, url, data })`, `got.post(url, { json })`)';
}

function fromFetch(request: Exclude<ReturnType<typeof fetchAt>, string>): RuleRequest {
  const { call, url, init, options, read, nodeText, file, method, sent } = request;
  const body = options.get('body')?.node;
  const stringified = body && jsonStringified(body, nodeText);
  const headers = options.get('headers') && init ? propertyText(init, 'headers', nodeText) : undefined;
  return {
    client: 'fetch',
    call,
    url,
    sent,
    body: stringified,
    ...(body && !stringified
      ? { bodyProblem: 'the body is not `JSON.stringify(…)` of a value written at the request' }
      : {}),
    headers,
    setMethod: (to) =>
      method && ts.isStringLiteralLike(method.node) ? [methodLiteral(method.node, to, file)] : undefined,
    entryPointRead: (entry, names, semi) => [
      `const ${names.response} = await fetch(${entry}${headers ? `, { ${headers} }` : ''})${semi}`,
      `const ${names.id} = (await ${names.response}.json()).result.id${semi}`,
    ],
    awaited: ts.isAwaitExpression(call.parent),
    read,
    nodeText,
    file,
  };
}

interface Context {
  file: ts.SourceFile;
  nodeText: (node: ts.Node) => string;
  read: Reader;
  inRange: (node: ts.Node) => boolean;
}

/** axios or got, called as a verb (`x.post(…)`), a config call (`x({ … })`, `x.request({ … })`) or got's `got(url, options)`. */
function clientRequest(
  call: ts.CallExpression,
  { client, receiver, verb }: { client: 'axios' | 'got'; receiver: ts.Expression; verb: string | undefined },
  { file, nodeText, read, inRange }: Context,
): RuleRequest | undefined {
  const args = call.arguments;
  let url: ts.Expression | undefined;
  let options: ObjectView | undefined;
  let optionsNode: ts.ObjectLiteralExpression | undefined;
  let body: ts.Expression | undefined;
  let methodNode: ts.Expression | undefined;
  const objectAt = (node: ts.Expression | undefined) =>
    node && ts.isObjectLiteralExpression(node) ? { node, view: objectView(node, file, file.text) } : undefined;
  if (verb && verb !== 'request') {
    if (!args[0] || !inRange(args[0])) return undefined;
    url = args[0];
    const bodyIndex = client === 'axios' && AXIOS_BODY_VERBS.has(verb) ? 1 : undefined;
    if (bodyIndex !== undefined) body = args[bodyIndex];
    const optionsArg = args[bodyIndex === undefined ? 1 : 2];
    if (optionsArg) {
      const object = objectAt(optionsArg);
      if (!object?.view) return undefined;
      ({ node: optionsNode, view: options } = object);
    }
  } else if (args.length === 1 && ts.isObjectLiteralExpression(args[0]!)) {
    // A config call: `axios({ method, url, data })`, `api.request({ … })`.
    const object = objectAt(args[0]);
    if (!object?.view) return undefined;
    ({ node: optionsNode, view: options } = object);
    url = options!.get('url')?.node;
    if (!url || !inRange(url)) return undefined;
    methodNode = options!.get('method')?.node;
  } else if (client === 'got' && !verb && args[0] && inRange(args[0])) {
    // got(url, { method, json }).
    url = args[0];
    const object = objectAt(args[1]);
    if (args[1] && !object?.view) return undefined;
    if (object) ({ node: optionsNode, view: options } = object);
    methodNode = options?.get('method')?.node;
  } else return undefined;
  if (client === 'axios' && !(verb && verb !== 'request'))
    body = options?.get('data')?.node ?? options?.get('body')?.node;
  if (client === 'got') body = options?.get('json')?.node ?? options?.get('body')?.node;
  let bodyProblem: string | undefined;
  const raw = body;
  const stringified = raw && jsonStringified(raw, nodeText);
  if (stringified) body = stringified;
  // got's `body` is text: only `JSON.stringify(…)` of a value written here is read.
  else if (client === 'got' && raw && raw === options?.get('body')?.node) {
    bodyProblem = 'the body is not `json: …` (or `JSON.stringify(…)`) of a value written at the request';
    body = undefined;
  }
  const methodText =
    verb && verb !== 'request'
      ? verb
      : methodNode
        ? ts.isStringLiteralLike(methodNode)
          ? methodNode.text
          : undefined
        : 'get';
  const sent = methodText?.toUpperCase();
  const headers = options?.get('headers') && optionsNode ? propertyText(optionsNode, 'headers', nodeText) : undefined;
  const owner = nodeText(receiver);
  let awaitedBy: ts.Node = call;
  // got's `await got.post(…).json()`: the request is awaited through its body's read.
  if (
    client === 'got' &&
    ts.isPropertyAccessExpression(call.parent) &&
    ts.isCallExpression(call.parent.parent) &&
    call.parent.parent.expression === call.parent
  )
    awaitedBy = call.parent.parent;
  return {
    client,
    call,
    url,
    sent,
    body,
    ...(bodyProblem ? { bodyProblem } : {}),
    headers,
    setMethod: (to) => {
      if (verb && verb !== 'request' && ts.isPropertyAccessExpression(call.expression)) {
        const name = call.expression.name;
        return [{ start: name.getStart(file), end: name.getEnd(), text: to.toLowerCase() }];
      }
      if (methodNode && ts.isStringLiteralLike(methodNode)) return [methodLiteral(methodNode, to, file)];
      return undefined;
    },
    entryPointRead: (entry, names, semi) => {
      const options = headers ? `, { ${headers} }` : '';
      return client === 'axios'
        ? [
            `const ${names.response} = await ${owner}.get(${entry}${options})${semi}`,
            `const ${names.id} = ${names.response}.data.result.id${semi}`,
          ]
        : [
            // got's json() is `unknown` to TypeScript until it is told the shape it reads.
            `const ${names.response} = await ${owner}.get(${entry}${options}).json${/\.[cm]?tsx?$/i.test(file.fileName) ? '<{ result: { id: string } }>' : ''}()${semi}`,
            `const ${names.id} = ${names.response}.result.id${semi}`,
          ];
    },
    awaited: ts.isAwaitExpression(awaitedBy.parent),
    read,
    nodeText,
    file,
  };
}

/**
 * The client a call sends through, with the object whose methods it calls and the verb: `axios.post`,
 * `api.post` (an instance made in this file by `axios.create`/`got.extend`), `axios(…)`, `got(…)`.
 */
function clientCall(
  call: ts.CallExpression,
  file: ts.SourceFile,
): { client: 'axios' | 'got'; receiver: ts.Expression; verb: string | undefined } | undefined {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee) && (VERBS.has(callee.name.text) || callee.name.text === 'request')) {
    const client = clientOf(callee.expression, file, 0);
    return client ? { client, receiver: callee.expression, verb: callee.name.text } : undefined;
  }
  const client = clientOf(callee, file, 0);
  return client ? { client, receiver: callee, verb: undefined } : undefined;
}

/** Whether a name is axios or got in this file: imported or required from the module, or an instance made from one. */
function clientOf(node: ts.Expression, file: ts.SourceFile, depth: number): 'axios' | 'got' | undefined {
  if (depth > 4) return undefined;
  // require('axios') itself (`require('axios').create(…)`).
  if (ts.isCallExpression(node))
    return ts.isIdentifier(node.expression) &&
      node.expression.text === 'require' &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
      ? moduleClient(node.arguments[0].text)
      : undefined;
  if (!ts.isIdentifier(node)) return undefined;
  const name = node.text;
  let found: 'axios' | 'got' | undefined;
  const visit = (child: ts.Node): void => {
    if (found) return;
    if (ts.isImportDeclaration(child) && ts.isStringLiteral(child.moduleSpecifier)) {
      const module = moduleClient(child.moduleSpecifier.text);
      const clause = child.importClause;
      if (module && clause && !clause.isTypeOnly && clause.name?.text === name) found = module;
      return;
    }
    if (
      ts.isVariableDeclaration(child) &&
      ts.isIdentifier(child.name) &&
      child.name.text === name &&
      child.initializer
    ) {
      let init = child.initializer;
      while (ts.isAwaitExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (ts.isCallExpression(init)) {
        const callee = init.expression;
        // require('axios')
        if (
          ts.isIdentifier(callee) &&
          callee.text === 'require' &&
          init.arguments[0] &&
          ts.isStringLiteral(init.arguments[0])
        )
          found = moduleClient(init.arguments[0].text);
        // axios.create(…), got.extend(…), api.extend(…)
        else if (ts.isPropertyAccessExpression(callee) && ['create', 'extend'].includes(callee.name.text))
          found = clientOf(callee.expression, file, depth + 1);
      }
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(file);
  return found;
}

function moduleClient(module: string): 'axios' | 'got' | undefined {
  return module === 'axios' ? 'axios' : module === 'got' ? 'got' : undefined;
}

/** `JSON.stringify(X)`'s X. */
function jsonStringified(node: ts.Expression, nodeText: (node: ts.Node) => string): ts.Expression | undefined {
  return ts.isCallExpression(node) && nodeText(node.expression) === 'JSON.stringify' && node.arguments.length === 1
    ? node.arguments[0]
    : undefined;
}

/** A method string's new text, in the case the code writes it (`'patch'` → `'post'`, `'PATCH'` → `'POST'`). */
function methodLiteral(node: ts.StringLiteralLike, to: string, file: ts.SourceFile): TextEdit {
  const lower = node.text === node.text.toLowerCase();
  return { start: node.getStart(file) + 1, end: node.getEnd() - 1, text: lower ? to.toLowerCase() : to.toUpperCase() };
}

/** The text of one property of an object literal as written (`headers: { … }`, or `headers`). */
function propertyText(object: ts.Expression, name: string, nodeText: (node: ts.Node) => string): string | undefined {
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  const property = object.properties.find(
    (p) => p.name && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) && p.name.text === name,
  );
  return property ? nodeText(property) : undefined;
}

function readerOf(text: string, file: ts.SourceFile): { read: Reader } {
  const single = text.match(/'/g)?.length ?? 0;
  const double = text.match(/"/g)?.length ?? 0;
  const quote = double > single ? '"' : "'";
  return {
    read: {
      text: (node) => text.slice(node.getStart(file), node.getEnd()),
      object: (node) => (ts.isObjectLiteralExpression(node) ? objectView(node, file, text) : undefined),
      quote: (value) => `${quote}${value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}${quote}`,
    },
  };
}
