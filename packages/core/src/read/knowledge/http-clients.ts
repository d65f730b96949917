import { isRequestMethod, type RequestMethod } from '../../catalogue/types.js';

/**
 * What the extractor knows about HTTP client libraries, as data: one row per library, read by
 * `read/requests.ts` (requests) and `read/evaluate.ts` (client instances). Teaching the
 * extractor another library is one row here, its name in `HttpClientName`, a fixture and its
 * expectations (docs/contributing.md).
 */

/** The libraries the table models: the `via` of their request facts and the `lib` of their client values. */
export type HttpClientName = 'fetch' | 'axios' | 'got' | 'ky' | 'undici' | 'node-http';

/** How a request function reads its arguments; each shape has one reader in requests.ts. */
export type CallShape =
  /** `fetch(url, init)`: the URL, then options; no config-object form and no base URL. */
  | 'fetch'
  /** `axios(url, options)` or `axios({ url, ...options })`: the options may carry a base URL. */
  | 'client'
  /** Node's `https.request({ hostname, path, method }, cb)`, or `https.request(url[, options], cb)`. */
  | 'node-http';

/** A function a library's module exports that sends a request (`undici.request`, `https.get`). */
export interface RequestFunction {
  readonly name: string;
  readonly shape: CallShape;
  /** The library its requests are recorded under when it is not the row's own (`undici.fetch` is fetch). */
  readonly via?: HttpClientName;
  /** The method it always sends, whatever its options say (`https.get`). */
  readonly method?: RequestMethod;
}

export type Verb = Lowercase<RequestMethod>;

/** How a client's own calls and verb methods read their arguments, known library or not. */
export interface ClientCalls {
  /** Verb methods of the library and of its instances (`axios.get(url)`, `api.post(url, body)`). */
  readonly verbs: readonly Verb[];
  /** The method that takes one options object with the URL inside (`axios.request({ url, method })`). */
  readonly configMethod?: string;
  /** Verbs whose body is an argument, at `index` (`axios.post(url, data, options)`); the options follow it. */
  readonly bodyArgument?: { readonly index: number; readonly verbs: readonly Verb[] };
  /** Keys of the options object. */
  readonly options: {
    /** The URL, in the options object of a config call (`axios({ url, method })`). */
    readonly url: string;
    /** The base URL, joined to each request's path with exactly one slash (an absolute path wins). */
    readonly baseUrl?: string;
    readonly method: string;
    readonly headers: string;
    /** The payload: the first of these keys the options have. */
    readonly body: readonly string[];
  };
}

export interface HttpClientModel extends ClientCalls {
  readonly name: HttpClientName;
  /** Modules whose default (or CommonJS) export is the library. */
  readonly modules: readonly string[];
  /** What calling the library itself sends (`axios(url)`, `fetch(url)`); absent when the call sends nothing. */
  readonly call?: CallShape;
  /**
   * Members of the module that send a request. When present they are the only members read;
   * otherwise every member is read as a verb method or the config method.
   */
  readonly functions?: readonly RequestFunction[];
  /** Members of the library and of its instances that make an instance from options (`axios.create`). */
  readonly instanceFactories: readonly string[];
  /** Globals that are the library itself (`fetch`, `window.fetch`): calling one reads as `call`. */
  readonly globals?: readonly string[];
  /** Global constructors that take what `call` takes (`new Request(url, init)`). */
  readonly constructors?: readonly string[];
  /** Names a framework injects the library under, as a member of a handler's parameter (`GET({ fetch })`). */
  readonly parameterMembers?: readonly string[];
  /**
   * The global a browser build defines (`<script src=axios>`): a call on it is not guessed to be a
   * request of a client the file does not show.
   */
  readonly scriptGlobal?: string;
  /** The protocol of a request given as `{ hostname, path }` options (Node's own clients). */
  readonly protocol?: 'http:' | 'https:';
}

const ALL_VERBS: readonly Verb[] = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
const VERBS_WITH_BODY: readonly Verb[] = ['post', 'put', 'patch'];
/**
 * The extractor has always read `create` and `extend` as instance factories of every library below
 * but Node's own, whichever of the two the library really has, and `prefixUrl` as the base-URL key
 * of every one but axios (fetch and undici included): kept so, not to change what is reported.
 */
const CREATE_OR_EXTEND: readonly string[] = ['create', 'extend'];
const OPTIONS = { url: 'url', method: 'method', headers: 'headers' } as const;

/** Node's `http` and `https`: the same functions, each module with its protocol. */
function nodeHttp(protocol: 'http:' | 'https:', modules: readonly string[]): HttpClientModel {
  return {
    name: 'node-http',
    modules,
    functions: [
      { name: 'request', shape: 'node-http' },
      { name: 'get', shape: 'node-http', method: 'GET' },
    ],
    verbs: [],
    instanceFactories: [],
    options: { ...OPTIONS, body: ['body'] },
    protocol,
  };
}

export const HTTP_CLIENTS: readonly HttpClientModel[] = [
  {
    name: 'fetch',
    modules: ['node-fetch', 'cross-fetch', 'isomorphic-fetch', 'isomorphic-unfetch'],
    call: 'fetch',
    // A fetch module's members are read as verbs like any client's (`nodeFetch.get` is no real API,
    // but the extractor has always read it so).
    verbs: ALL_VERBS,
    configMethod: 'request',
    instanceFactories: CREATE_OR_EXTEND,
    options: { ...OPTIONS, baseUrl: 'prefixUrl', body: ['body'] },
    globals: ['fetch', 'globalThis.fetch', 'window.fetch', 'self.fetch'],
    constructors: ['Request'],
    // SvelteKit, Astro and Remix loaders get the framework's fetch: `export async function GET({ fetch })`.
    parameterMembers: ['fetch'],
  },
  {
    name: 'axios',
    modules: ['axios'],
    call: 'client',
    verbs: ALL_VERBS,
    configMethod: 'request',
    bodyArgument: { index: 1, verbs: VERBS_WITH_BODY },
    instanceFactories: CREATE_OR_EXTEND,
    options: { ...OPTIONS, baseUrl: 'baseURL', body: ['data', 'body'] },
    scriptGlobal: 'axios',
  },
  {
    name: 'got',
    modules: ['got'],
    call: 'client',
    verbs: ALL_VERBS,
    configMethod: 'request',
    instanceFactories: CREATE_OR_EXTEND,
    options: { ...OPTIONS, baseUrl: 'prefixUrl', body: ['json', 'body'] },
  },
  {
    name: 'ky',
    modules: ['ky', 'ky-universal'],
    call: 'client',
    verbs: ALL_VERBS,
    configMethod: 'request',
    instanceFactories: CREATE_OR_EXTEND,
    options: { ...OPTIONS, baseUrl: 'prefixUrl', body: ['json', 'body'] },
  },
  {
    name: 'undici',
    modules: ['undici'],
    functions: [
      { name: 'fetch', shape: 'fetch', via: 'fetch' },
      { name: 'request', shape: 'fetch' },
    ],
    // The verbs and the config method are read on instances only: the module's members are `functions`.
    verbs: ALL_VERBS,
    configMethod: 'request',
    instanceFactories: CREATE_OR_EXTEND,
    options: { ...OPTIONS, baseUrl: 'prefixUrl', body: ['body'] },
  },
  nodeHttp('http:', ['http', 'node:http']),
  nodeHttp('https:', ['https', 'node:https']),
];

/**
 * A client another module exports, read before the scanner knows its library: its verbs and config
 * method as any client's, its payload under `body`, its base URL joined later by the scanner.
 */
export const IMPORTED_CLIENT: ClientCalls = {
  verbs: ALL_VERBS,
  configMethod: 'request',
  options: { ...OPTIONS, body: ['body'] },
};

/**
 * A receiver the file does not show (a parameter, an injected client, `makeClient()` of another
 * module): its verb methods read as requests, the body as the second argument as axios takes it.
 */
export const UNSEEN_CLIENT: Pick<ClientCalls, 'verbs' | 'bodyArgument'> = {
  verbs: ALL_VERBS,
  bodyArgument: { index: 1, verbs: VERBS_WITH_BODY },
};

// Lookups built once: the extractor asks them for every call it sees.
const byModule = new Map<string, HttpClientModel>();
const byName = new Map<HttpClientName, HttpClientModel>();
const byGlobal = new Map<string, HttpClientModel>();
const byConstructor = new Map<string, HttpClientModel>();
const byParameterMember = new Map<string, HttpClientModel>();
const scriptGlobals = new Set<string>();
for (const client of HTTP_CLIENTS) {
  for (const module of client.modules) byModule.set(module, client);
  if (!byName.has(client.name)) byName.set(client.name, client);
  for (const name of client.globals ?? []) byGlobal.set(name, client);
  for (const name of client.constructors ?? []) byConstructor.set(name, client);
  for (const name of client.parameterMembers ?? []) byParameterMember.set(name, client);
  if (client.scriptGlobal) scriptGlobals.add(client.scriptGlobal);
}

/** The library a module is (`'axios'`, `'node:https'`). */
export function httpClientOfModule(source: string): HttpClientModel | undefined {
  return byModule.get(source);
}

/** The model of a client value's library. */
export function httpClientNamed(name: HttpClientName): HttpClientModel {
  // Every name of the union has a row: the table test checks it.
  return byName.get(name)!;
}

/** The library a global function is (`window.fetch`). */
export function httpClientOfGlobal(name: string): HttpClientModel | undefined {
  return byGlobal.get(name);
}

/** The library a global constructor takes requests for (`Request`). */
export function httpClientOfConstructor(name: string): HttpClientModel | undefined {
  return byConstructor.get(name);
}

/** The library a framework injects as this member of a parameter (`{ fetch }`). */
export function httpClientOfParameterMember(name: string): HttpClientModel | undefined {
  return byParameterMember.get(name);
}

export function isScriptGlobal(name: string): boolean {
  return scriptGlobals.has(name);
}

/** The method a verb method sends (`patch` -> PATCH); undefined when the client has no such verb. */
export function verbMethod(client: Pick<ClientCalls, 'verbs'>, verb: string): RequestMethod | undefined {
  // Verbs are few: a scan of the list costs no more than the set lookups it replaces.
  const verbs: readonly string[] = client.verbs;
  if (!verbs.includes(verb)) return undefined;
  const method = verb.toUpperCase();
  return isRequestMethod(method) ? method : undefined;
}

/** Whether a verb takes the body as an argument, and which one. */
export function bodyArgumentOf(client: Pick<ClientCalls, 'bodyArgument'>, verb: string): number | undefined {
  const argument = client.bodyArgument;
  if (!argument) return undefined;
  const verbs: readonly string[] = argument.verbs;
  return verbs.includes(verb) ? argument.index : undefined;
}
