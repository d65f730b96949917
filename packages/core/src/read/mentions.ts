import type { TSESTree } from '@typescript-eslint/types';
import { calleeName, propertyKeyName, unwrap, type Node } from './ast.js';
import type { Evaluator } from './evaluate.js';
import { isRequestMethod } from '../catalogue/types.js';
import type { ScopeIndex } from './scope.js';

/** Server frameworks name a route's path under these keys in a route object (`fastify.route({ url, handler })`). */
const ROUTE_OBJECT_PATH_KEYS = new Set(['path', 'url', 'route']);
/**
 * What a route object serves beside its path: a server's handler, or a client-side router's view
 * (Angular `loadComponent`, React Router `element`/`lazy`, Vue Router `component`).
 */
const ROUTE_OBJECT_TARGET_KEYS = new Set([
  'handler',
  'component',
  'loadComponent',
  'loadChildren',
  'children',
  'redirectTo',
  'element',
  'Component',
  'lazy',
  'loader',
  'action',
  'components',
]);

/**
 * The expressions whose string values could name an API path: every outermost string expression
 * (literal, template, `+` chain) with a slash or a hole in it, and every call whose value the
 * evaluator can build (`[…].join('/')`, `new URL(path, base)`, a URL-building helper).
 */
export function mentionCandidates(index: ScopeIndex): Node[] {
  const candidates: Node[] = [];
  for (const root of index.stringRoots) if (mayHoldPath(root)) candidates.push(root);
  for (const call of index.calls) candidates.push(call);
  return candidates;
}

function mayHoldPath(root: Node): boolean {
  if (root.type === 'Literal') return typeof root.value === 'string' && root.value.includes('/');
  if (root.type === 'TemplateLiteral')
    return root.expressions.length > 0 || root.quasis.some((quasi) => (quasi.value.cooked ?? '').includes('/'));
  return true;
}

/**
 * Whether a string is not a mention of its own. A path the code's own server defines is not a call
 * to the API: the argument of a call that also
 * takes a handler (`app.get('/zones/:id/filters', (req, res) => …)`, `router.delete(path, remove)`),
 * of `router.route(path)`, or the path of a route object with a handler.
 */
export function isNotOwnMention(node: Node, index: ScopeIndex, ev: Evaluator): boolean {
  if (isRouteMatcherCall(node)) return true;
  const parent = index.parentOf.get(node);
  if (!parent) return false;
  if (isRouteMatcherCall(parent)) return true;
  // `new URL(path, base)`: the path is judged with its base, as the whole call (also a candidate).
  if (parent.type === 'NewExpression' && parent.arguments[0] === node && parent.arguments.length > 1) return true;
  if (parent.type === 'CallExpression' && parent.arguments.some((arg) => arg === node)) {
    const callee = unwrap(parent.callee);
    if (callee.type === 'MemberExpression' && propertyKeyName(callee.property, callee.computed) === 'route')
      return true;
    const scope = ev.scopeOf(parent);
    return parent.arguments.some((arg) => arg !== node && arg.type !== 'SpreadElement' && isHandler(arg, ev, scope));
  }
  if (parent.type === 'Property' && parent.value === node) {
    const object = index.parentOf.get(parent);
    return isRouteObjectPath(parent, object, object ? index.parentOf.get(object) : undefined);
  }
  return false;
}

/** Functions that test a URL against a route pattern (path-to-regexp, React Router). */
const ROUTE_MATCHERS = new Set(['match', 'pathToRegexp', 'matchPath', 'matchRoutes']);

/**
 * path-to-regexp's `match('/zones/:zoneId/firewall/rules')`, React Router's `matchPath(pattern, url)`:
 * a route the code tells requests apart by, not one it sends.
 */
export function isRouteMatcherCall(node: Node): boolean {
  return node.type === 'CallExpression' && node.callee.type === 'Identifier' && ROUTE_MATCHERS.has(node.callee.name);
}

/** `{ path, handler }`, `{ url, component }`: the path of a route object of a server or a client-side router. */
export function isRouteObjectPath(property: TSESTree.Property, object: Node | undefined, objectParent?: Node): boolean {
  const key = propertyKeyName(property.key, property.computed);
  // `new URLPattern({ pathname: '/accounts/:account/access/bookmarks' })`: what the code's own
  // handler matches requests against.
  if (
    key === 'pathname' &&
    objectParent?.type === 'NewExpression' &&
    objectParent.callee.type === 'Identifier' &&
    objectParent.callee.name === 'URLPattern'
  )
    return true;
  // Ember's `this.route('rules', { path: '/firewall/rules' })`: the options of a route the app declares.
  if (
    key === 'path' &&
    objectParent?.type === 'CallExpression' &&
    objectParent.arguments[0] !== object &&
    objectParent.callee.type === 'MemberExpression' &&
    propertyKeyName(objectParent.callee.property, objectParent.callee.computed) === 'route'
  )
    return true;
  return (
    key !== undefined &&
    ROUTE_OBJECT_PATH_KEYS.has(key) &&
    object?.type === 'ObjectExpression' &&
    object.properties.some(
      (other) =>
        other.type === 'Property' && ROUTE_OBJECT_TARGET_KEYS.has(propertyKeyName(other.key, other.computed) ?? ''),
    )
  );
}

/** The keys a request descriptor names its URL, its body and its method under. */
const DESCRIPTOR_URL_KEYS = new Set(['url', 'uri', 'path', 'endpoint']);
const DESCRIPTOR_BODY_KEYS = ['body', 'data', 'json'];

/** What a request descriptor says: its method (the object that has one, or a verb written before the URL), its body, and the call it is given to. */
export interface RequestDescriptor {
  method?: { object: TSESTree.ObjectExpression } | { verb: string };
  body?: Node;
  /** The call the description is given to (`net.request({ method, url })`): it makes the request. */
  call?: TSESTree.CallExpression | TSESTree.NewExpression;
}

/**
 * What says what is sent to a URL, whoever sends it: the object the URL is the `url` of
 * (`{ url, method: 'PATCH', body }`: RTK Query's `query()`, an axios config, Electron's
 * `net.request({ method, url })`); the options given right after it to a call the file does not
 * show (`api(url, { method: 'PATCH', body })`, fetch's own shape); or a verb written before it and
 * an object after it (`cf('PUT', url, record)`, a wrapper's method-first shape). Without a body or
 * a method it is only a URL.
 */
export function requestDescriptor(node: Node, index: ScopeIndex): RequestDescriptor | undefined {
  const parent = index.parentOf.get(node);
  if (parent?.type === 'CallExpression') {
    const at = parent.arguments.indexOf(node as TSESTree.CallExpressionArgument);
    const before = parent.arguments[at - 1];
    const verb =
      at > 0 &&
      before?.type === 'Literal' &&
      typeof before.value === 'string' &&
      isRequestMethod(before.value.toUpperCase())
        ? before.value.toUpperCase()
        : undefined;
    const after = parent.arguments[at + 1];
    if (verb !== undefined)
      return { method: { verb }, ...(after && after.type !== 'SpreadElement' ? { body: after } : {}) };
    if (at === 0 && after?.type === 'ObjectExpression') return fromObject(after);
    return undefined;
  }
  if (parent?.type !== 'Property' || parent.value !== node) return undefined;
  if (!DESCRIPTOR_URL_KEYS.has(propertyKeyName(parent.key, parent.computed) ?? '')) return undefined;
  const object = index.parentOf.get(parent);
  if (object?.type !== 'ObjectExpression') return undefined;
  const found = fromObject(object);
  const holder = index.parentOf.get(object);
  const call =
    (holder?.type === 'CallExpression' || holder?.type === 'NewExpression') &&
    holder.arguments.includes(object as TSESTree.CallExpressionArgument)
      ? holder
      : undefined;
  return found && call ? { ...found, call } : found;
}

/** An object's `method` and its first body key (`body`, `data`, `json`). */
function fromObject(object: TSESTree.ObjectExpression): RequestDescriptor | undefined {
  let body: Node | undefined;
  let method = false;
  for (const other of object.properties) {
    if (other.type !== 'Property') continue;
    const key = propertyKeyName(other.key, other.computed) ?? '';
    if (key === 'method') method = true;
    if (body === undefined && DESCRIPTOR_BODY_KEYS.includes(key)) body = other.value;
  }
  if (!method && !body) return undefined;
  return { ...(method ? { method: { object } } : {}), ...(body ? { body } : {}) };
}

/** Names that say a value is a zone setting (`settingId`, `setZoneSetting`, `'zone setting'`). */
const NAMES_SETTING = /setting/i;
/** Keys that hold a setting's id (`settingId`, `setting_id`). */
const SETTING_ID_KEY = /setting_?id$/i;

/**
 * A zone setting id written as a string where the code says it is one: the value of a key named
 * so (`settingId: 'mobile_redirect'`), an argument of a function named so
 * (`setZoneSetting(zone, 'server_side_exclude', …)`), or an `id` beside a text that says so
 * (`spec('zone setting', { id: 'privacy_pass' })`). The same word elsewhere (`'minify'` in a
 * bundler's options) is no evidence.
 */
export function isNamedSetting(literal: TSESTree.Literal, index: ScopeIndex): boolean {
  const parent = index.parentOf.get(literal);
  if (parent?.type === 'Property' && parent.value === literal) {
    const key = propertyKeyName(parent.key, parent.computed) ?? '';
    // `settingId: 'mobile_redirect'`; a UI's `setting: 'brotli'` prop (a story's label) is not enough.
    if (SETTING_ID_KEY.test(key)) return true;
    if (key !== 'id') return false;
    const object = index.parentOf.get(parent);
    const holder = object ? index.parentOf.get(object) : undefined;
    return holder !== undefined && namesSetting(holder, object!);
  }
  return parent !== undefined && namesSetting(parent, literal);
}

/** A call (or `new`) whose callee or another string argument names settings. */
function namesSetting(call: Node, argument: Node): boolean {
  if (call.type !== 'CallExpression' && call.type !== 'NewExpression') return false;
  if (!call.arguments.includes(argument as TSESTree.CallExpressionArgument)) return false;
  const name = calleeName(unwrap(call.callee));
  if (name !== undefined && NAMES_SETTING.test(name)) return true;
  return call.arguments.some(
    (other) =>
      other !== argument &&
      other.type === 'Literal' &&
      typeof other.value === 'string' &&
      NAMES_SETTING.test(other.value),
  );
}

/** A function given as an argument: a route's (or an event's) handler. */
export function isHandler(arg: Node, ev: Evaluator, scope: ReturnType<Evaluator['scopeOf']>): boolean {
  const inner = unwrap(arg);
  if (inner.type === 'ArrowFunctionExpression' || inner.type === 'FunctionExpression') return true;
  // A controller's action, as AdonisJS names one: `[EdgeController, 'bookmarks']`, `'EdgeController.bookmarks'`.
  if (
    inner.type === 'ArrayExpression' &&
    inner.elements.length === 2 &&
    inner.elements[0]?.type === 'Identifier' &&
    /Controller$/.test(inner.elements[0].name)
  )
    return true;
  if (inner.type === 'Literal' && typeof inner.value === 'string' && /^[#\w/.-]*Controller\.\w+$/i.test(inner.value))
    return true;
  return inner.type === 'Identifier' && ev.value(inner, scope).kind === 'function';
}
