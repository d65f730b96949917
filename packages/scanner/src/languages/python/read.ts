import type { Node } from 'web-tree-sitter';
import type { DeclaredResourceFact, MethodValue, Range, SilentContext } from '@sunset-lint/core/internal';
import { anyOfTexts, concatPatterns, hole, SDK_RECEIVER_NAMES } from '@sunset-lint/core/internal';
import {
  FactsBuilder,
  knownText,
  writtenValue,
  type ObjectEntry,
  type ObjectLiteral,
  type Value,
} from '../facts-builder.js';
import { objectsInJsonText } from '../json-text.js';
import { camelCase, formatPlaceholders, joinedSegments, joinValues, oneOfValues, replaceInValue } from '../values.js';
import { addBinding, argumentsOf, BindingIndex, methodOf, plusOperands, range, type Binding } from '../syntax.js';

/**
 * The Python reader: a module's syntax tree (tree-sitter-python) to core's facts. Strings are
 * evaluated where the module shows their parts (f-strings, `.format`, `%`, `+`, `urljoin`,
 * `"/".join`, names assigned in the module, in the function, on `self`, or imported from another
 * module of the project); requests of `requests`, `httpx`, `aiohttp` and `urllib` (their sessions
 * and clients with a `base_url`), wrappers called with known arguments, and the provider's SDKs: the
 * old `CloudFlare` package, whose attribute chains are the URL's segments, and the current
 * `cloudflare` package, whose chains are the TypeScript SDK's.
 */
export interface PythonModule {
  key: string;
  root: Node;
  text: string;
}

export interface PythonReadInput {
  module: PythonModule;
  builder: FactsBuilder;
  /** The project's modules this one imports, by the name written in the import (`.endpoints`, `pkg.api`). */
  imported: ReadonlyMap<string, PythonModule>;
}

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const MESSAGE_CALLS =
  /^(print|pprint|echo|secho|info|warning|warn|error|exception|critical|debug|fatal|log|abort|fail|exit|flash|notify|send_message|post_message|set_description)$/;
const MESSAGE_RECEIVERS =
  /^(logging|logger|log|LOG|LOGGER|_log|_logger|click|typer|console|sys|self\.log|self\.logger|module|st|rich)$/;
const MESSAGE_KEYWORDS = new Set([
  'help',
  'description',
  'epilog',
  'msg',
  'message',
  'short_help',
  'title',
  'summary',
  'detail',
  'text',
  'usage',
]);
const ROUTE_METHODS = new Set([
  'route',
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'api_route',
  'websocket',
  'add_url_rule',
  'add_get',
  'add_post',
  'add_route',
  'add_put',
  'add_patch',
  'add_delete',
]);
const ROUTE_FUNCTIONS = new Set(['path', 're_path', 'url', 'include']);
const HTTP_MODULES = new Set(['requests', 'httpx', 'aiohttp', 'urllib3']);
const CLIENT_CONSTRUCTORS =
  /^(requests\.Session|requests\.session|Session|httpx\.Client|httpx\.AsyncClient|Client|AsyncClient|aiohttp\.ClientSession|ClientSession|urllib3\.PoolManager|PoolManager)$/;
const CLIENT_NAMES = /^(session|sess|s|http|client|http_client|_session|_client|_http|conn|api_session)$/i;

interface Frame {
  /** Values of the parameters of the function run with known arguments (and of loop variables), by name. */
  params?: Map<string, Value>;
  fn?: Node;
  depth: number;
  /** The call being run (a wrapper's request is reported at the call, in the file being read). */
  callSite?: Range;
  /** The argument expressions of the call being run, by parameter (for objects passed: a payload). */
  paramNodes?: Map<string, { node: Node; frame: Frame }>;
}

const MAX_DEPTH = 4;

export function readPython(input: PythonReadInput): void {
  new PythonReader(input).run();
}

class PythonReader {
  private readonly builder: FactsBuilder;
  private readonly text: string;
  private readonly resolving = new Set<number>();
  /** Assignments by scope and name, found once (see BindingIndex). */
  private readonly assignments = new BindingIndex(collectAssignments);
  private readonly functionIndex = new Map<string, Map<string, Array<{ node: Node; inClass: boolean }>>>();
  /** `async with aiohttp.ClientSession() as session:` clients, by name. */
  private withTargets: Map<string, Node> | undefined;
  private imports: Node[] | undefined;
  private readonly sdk: 'legacy' | 'v4' | undefined;

  constructor(private readonly input: PythonReadInput) {
    this.builder = input.builder;
    this.text = input.module.text;
    // The SDK the module (or a project module it imports its client from) uses.
    const texts = [this.text, ...[...input.imported.values()].map((module) => module.text)];
    this.sdk = texts.some((text) => /^\s*(import\s+CloudFlare|from\s+CloudFlare\s+import)/m.test(text))
      ? 'legacy'
      : texts.some((text) => /^\s*(import\s+cloudflare|from\s+cloudflare\s+import)/m.test(text))
        ? 'v4'
        : undefined;
  }

  run(): void {
    this.walk(this.input.module.root, { depth: 0 }, true);
    this.headerCalls(this.input.module.root);
  }

  // --- Statements and expressions.

  private walk(node: Node, frame: Frame, emit: boolean, silent?: SilentContext): void {
    switch (node.type) {
      case 'comment':
        return;
      case 'function_definition': {
        const body = node.childForFieldName('body');
        for (const child of node.namedChildren)
          if (child && child.id !== body?.id) this.walk(child, frame, emit, silent);
        if (body && emit) this.walk(body, { depth: frame.depth, fn: node }, true, silent);
        return;
      }
      case 'list_comprehension':
      case 'set_comprehension':
      case 'dictionary_comprehension':
      case 'generator_expression': {
        // `{(z, sid): s.get(url(zone, sid)) for z in zones for sid in AUDITED}`: the expression as
        // written, then once for each string of a list a clause loops over, its variable set to it.
        for (const child of node.namedChildren) if (child) this.walk(child, frame, emit, silent);
        const body = node.namedChildren[0];
        if (!body) return;
        for (const clause of node.namedChildren) {
          if (clause?.type !== 'for_in_clause') continue;
          const variable = clause.childForFieldName('left');
          const right = clause.childForFieldName('right');
          const items = right ? this.listItems(right, frame) : [];
          if (variable?.type !== 'identifier' || items.length === 0 || items.length > 32) continue;
          for (const item of items) {
            const params = new Map(frame.params ?? []);
            params.set(variable.text, this.value(item, frame));
            this.walk(body, { ...frame, params }, false, silent);
          }
        }
        return;
      }
      case 'for_statement': {
        // `for path in ("/zones/…/firewall/rules", …): requests.get(BASE + path)`: the body once as
        // written, then once for each string of the list with the variable set to it.
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        const body = node.childForFieldName('body');
        if (right) this.walk(right, frame, emit, silent);
        if (!body) return;
        this.walk(body, frame, emit, silent);
        let target = left;
        let items = right ? this.listItems(right, frame) : [];
        // `for setting_id, value in TABLE.items()` / `for key in TABLE`: the keys of a dict written here.
        const dict = right ? this.dictOf(right, frame) : undefined;
        if (dict) {
          items = dict.namedChildren.flatMap((pair) =>
            pair?.type === 'pair' && pair.childForFieldName('key') ? [pair.childForFieldName('key')!] : [],
          );
          if (left?.type === 'pattern_list' || left?.type === 'tuple_pattern') target = left.namedChildren[0] ?? null;
        }
        if (target?.type !== 'identifier' || items.length === 0 || items.length > 32) return;
        const variable = target.text;
        for (const item of items) {
          const params = new Map(frame.params ?? []);
          params.set(variable, this.value(item, frame));
          this.walk(body, { ...frame, params }, false, silent);
        }
        return;
      }
      case 'pair': {
        // A key names a field, not a path (`{"rate_limits": …}`); its value is read as any value.
        const key = node.childForFieldName('key');
        const value = node.childForFieldName('value');
        if (key && !(key.type === 'string' && !key.text.includes('/'))) this.walk(key, frame, emit, silent);
        else if (key && emit) this.builder.key(this.stringValue(key, frame, true), range(key));
        if (value) this.walk(value, frame, emit, silent);
        return;
      }
      case 'expression_statement': {
        const only = node.namedChildren[0];
        // A docstring, or a string standing alone: prose.
        if (node.namedChildCount === 1 && only && (only.type === 'string' || only.type === 'concatenated_string')) {
          if (emit) this.writeString(only, frame, 'prose');
          return;
        }
        break;
      }
      case 'decorator': {
        const call = node.namedChildren[0];
        if (call?.type === 'call' && emit) {
          const name = calleeName(call);
          const route = name && ROUTE_METHODS.has(name.split('.').pop()!) ? 'own route' : undefined;
          for (const arg of argumentsOf(call)) this.strings(arg, frame, route ?? silent);
        }
        return;
      }
      case 'binary_operator': {
        // `"zones/" + zone_id + "/firewall/waf/packages/" + pid`: one written text, as grep reads the line.
        if (node.childForFieldName('operator')?.text === '+' && node.parent?.type !== 'binary_operator') {
          const parts = plusOperands(node, 'binary_operator');
          if (emit && parts.some((part) => part.type === 'string'))
            this.builder.written(
              concatPatterns(
                ...parts.map((part) => (part.type === 'string' ? this.stringValue(part, frame, true) : [hole()])),
              ),
              range(node),
              silent,
            );
          for (const part of parts) {
            if (part.type !== 'string') this.walk(part, frame, emit, silent);
            else
              for (const child of part.namedChildren)
                if (child?.type === 'interpolation') this.walk(child, frame, emit, silent);
          }
          return;
        }
        break;
      }
      case 'string':
      case 'concatenated_string':
        if (emit) this.writeString(node, frame, silent);
        for (const child of node.namedChildren)
          if (child?.type === 'interpolation') this.walk(child, frame, emit, silent);
        return;
      case 'comparison_operator':
        if (emit) this.comparison(node, frame, emit);
        return;
      case 'call':
        this.call(node, frame, emit, silent);
        return;
      case 'raise_statement':
      case 'assert_statement':
        for (const child of node.namedChildren) if (child) this.walk(child, frame, emit, 'message');
        return;
      case 'subscript': {
        if (emit) this.subscriptRead(node, frame);
        const value = node.childForFieldName('value');
        const index = node.childForFieldName('subscript');
        if (value) this.walk(value, frame, emit, silent);
        if (index && !(index.type === 'string' && !index.text.includes('/'))) this.walk(index, frame, emit, silent);
        return;
      }
      case 'attribute':
        if (emit) this.attributeRead(node, frame);
        break;
      case 'dictionary':
        if (emit) {
          const object = this.objectOf(node, frame);
          if (object && object.entries.some((entry) => this.builder.watchesKey(entry.key))) this.builder.object(object);
        }
        break;
      case 'list':
        // Header lines as curl and pycurl take them (`["Transfer-Encoding: chunked", f"Content-Length: {n}"]`).
        if (emit) {
          const lines = node.namedChildren
            .filter((child): child is Node => child?.type === 'string')
            .map((child) => ({ name: /^[rbfu]*['"]{1,3}([\w-]+):\s/i.exec(child.text)?.[1], child }))
            .filter((line): line is { name: string; child: Node } => line.name !== undefined);
          if (lines.length > 1)
            this.builder.headers(
              lines.map(({ name, child }) => ({ name, range: range(child) })),
              false,
            );
        }
        break;
    }
    for (const child of node.namedChildren) if (child) this.walk(child, frame, emit, silent);
  }

  /** The dict a loop iterates (`TABLE`, `TABLE.items()`, `TABLE.keys()`), when the code shows it. */
  private dictOf(node: Node, frame: Frame, depth = 0): Node | undefined {
    if (depth > 4) return undefined;
    if (node.type === 'dictionary') return node;
    if (node.type === 'call') {
      const fn = node.childForFieldName('function');
      const attribute = fn?.type === 'attribute' ? fn.childForFieldName('attribute')?.text : undefined;
      const object = fn?.type === 'attribute' ? fn.childForFieldName('object') : undefined;
      return object && (attribute === 'items' || attribute === 'keys')
        ? this.dictOf(object, frame, depth + 1)
        : undefined;
    }
    if (node.type === 'identifier' || node.type === 'attribute') {
      const assigned = this.assignmentOf(dotted(node) ?? node.text, node, frame);
      return assigned?.value ? this.dictOf(assigned.value, frame, depth + 1) : undefined;
    }
    return undefined;
  }

  /** The elements of a list or tuple written here or in the assignment of a name. */
  private listItems(node: Node, frame: Frame, depth = 0): Node[] {
    if (node.type === 'list' || node.type === 'tuple' || node.type === 'set')
      return node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
    if (depth < 4 && (node.type === 'identifier' || node.type === 'attribute')) {
      const assigned = this.assignmentOf(dotted(node) ?? node.text, node, frame);
      if (assigned?.value) return this.listItems(assigned.value, frame, depth + 1);
    }
    return [];
  }

  private strings(node: Node, frame: Frame, silent?: SilentContext): void {
    this.walk(node, frame, true, silent);
  }

  private writeString(node: Node, frame: Frame, silent?: SilentContext): void {
    const value = this.stringValue(node, frame, true);
    this.builder.written(value, range(node), silent);
  }

  private comparison(node: Node, frame: Frame, emit: boolean): void {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'integer') {
        this.builder.codeCheck(Number(child.text), range(child), this.around(node));
        continue;
      }
      this.walk(child, frame, emit, 'comparison');
    }
  }

  private call(node: Node, frame: Frame, emit: boolean, silent?: SilentContext): void {
    const fn = node.childForFieldName('function');
    const args = node.childForFieldName('arguments');
    const name = fn ? (dotted(fn) ?? this.onMadeClient(fn)) : undefined;
    const last = name?.split('.').pop();
    const receiver = name?.includes('.') ? name.slice(0, name.lastIndexOf('.')) : undefined;
    let context = silent;
    if (last && MESSAGE_CALLS.test(last) && (!receiver || MESSAGE_RECEIVERS.test(receiver) || last === 'print'))
      context = 'message';
    if (last === 'startswith' || last === 'endswith' || last === 'match' || last === 'search' || last === 'fullmatch')
      context = 'comparison';
    if (last && ROUTE_FUNCTIONS.has(last) && !receiver) context = 'own route';
    if (emit && fn) this.pulumiResource(node, fn, frame);
    // `client.get("/compat/client/v4/…")` on the app's own test client (Flask's `app.test_client()`,
    // Starlette's `TestClient(app)`, a pytest fixture returning one): a request to its own routes.
    if (receiver && this.testClients().has(receiver.split('.')[0]!)) context = 'own route';
    if (receiver && last && /^(add_url_rule|add_get|add_post|add_put|add_patch|add_delete|add_route)$/.test(last))
      context = 'own route';
    // Walk the callee (a request inside `resp = requests.get(…).json()`), then the arguments with
    // their context; keyword arguments named like text for a person are messages.
    if (fn) this.walk(fn, frame, emit, context === 'message' ? undefined : silent);
    const attribute = fn?.type === 'attribute' ? fn.childForFieldName('attribute')?.text : undefined;
    const keyLookup = attribute === 'get' || attribute === 'pop' || attribute === 'setdefault';
    for (const arg of args?.namedChildren ?? []) {
      if (!arg) continue;
      // `body.get("rate_limits", [])`: the key names a field, not a path.
      if (keyLookup && arg.type === 'string' && !arg.text.includes('/') && arg.id === args?.namedChildren[0]?.id) {
        if (emit) this.builder.key(this.stringValue(arg, frame, true), range(arg));
        continue;
      }
      if (arg.type === 'keyword_argument') {
        const key = arg.childForFieldName('name')?.text;
        const value = arg.childForFieldName('value');
        if (value) this.walk(value, frame, emit, key && MESSAGE_KEYWORDS.has(key) ? 'message' : context);
      } else this.walk(arg, frame, emit, context);
    }
    if (context === 'message' || context === 'own route') return;
    if (emit) this.segmentsFloor(node, context);
    if (!fn || !name) return;
    this.requestOf(node, fn, name, frame);
  }

  /**
   * Path segments given as separate arguments (`api.get("organizations", org_id, "audit_logs")`), read
   * as joined by `/` (a client method that joins them): written text for the grep floor.
   */
  private segmentsFloor(node: Node, silent: SilentContext | undefined): void {
    const all = argumentsOf(node).filter((arg) => arg.type !== 'keyword_argument');
    // From the first that is an API root on (`os.path.join(API, "zones", zone, "firewall", "rules")`).
    const from = all.findIndex(
      (arg) => arg.type === 'string' && this.builder.isApiRoot(knownText(this.stringValue(arg, { depth: 0 }, true))),
    );
    const positional = from < 0 ? [] : all.slice(from);
    if (positional.length < 2) return;
    this.builder.written(
      joinedSegments(
        positional.map((arg) => (arg.type === 'string' ? this.stringValue(arg, { depth: 0 }, true) : [hole()])),
      ),
      [positional[0]!.startIndex, positional[positional.length - 1]!.endIndex],
      silent,
    );
  }

  /** `req.add_header("Transfer-Encoding", …)` calls on one request object, within each function. */
  private headerCalls(root: Node): void {
    const byReceiver = new Map<string, Array<{ name: string; range: Range }>>();
    const visit = (node: Node, scope: number): void => {
      if (node.type === 'function_definition') scope = node.id;
      if (node.type === 'call') {
        const fn = node.childForFieldName('function');
        const attribute = fn?.type === 'attribute' ? fn.childForFieldName('attribute')?.text : undefined;
        const receiver = fn?.type === 'attribute' ? fn.childForFieldName('object')?.text : undefined;
        const first = argumentsOf(node)[0];
        if (
          receiver &&
          (attribute === 'add_header' || attribute === 'putheader' || attribute === 'add_unredirected_header') &&
          first?.type === 'string'
        ) {
          const name = knownText(this.stringValue(first, { depth: 0 }, true));
          const key = `${scope}:${receiver}`;
          if (name) byReceiver.set(key, [...(byReceiver.get(key) ?? []), { name, range: range(first) }]);
        }
      }
      for (const child of node.namedChildren) if (child) visit(child, scope);
    };
    visit(root, 0);
    for (const headers of byReceiver.values()) this.builder.headers(headers, true);
  }

  // --- Requests.

  private requestOf(node: Node, fn: Node, name: string, frame: Frame): void {
    const parts = name.split('.');
    const last = parts[parts.length - 1]!;
    const receiver = parts.slice(0, -1);
    const positional = argumentsOf(node).filter((arg) => arg.type !== 'keyword_argument');
    const keyword = keywordArguments(node);
    // The SDKs first: their chains are not HTTP verbs on a client.
    if (this.sdkCall(node, parts, positional, keyword, frame)) return;
    // Ansible's `fetch_url(module, url, data=, method=)` and `open_url(url, data=, method=)`.
    if (last === 'fetch_url' || last === 'open_url') {
      const url = positional[last === 'fetch_url' ? 1 : 0] ?? keyword.get('url');
      const methodArg = keyword.get('method');
      if (url)
        this.sendRequest(
          node,
          url,
          methodArg ? methodOf(this.known(methodArg, frame)) : { kind: 'known', method: 'GET' },
          'python-http',
          keyword,
          frame,
          keyword.get('data'),
        );
      return;
    }
    // `requests.Request("POST", url, data=…, headers=…)`, prepared and sent by a session: its method first.
    if (last === 'Request' && receiver.join('.') === 'requests') {
      const methodNode = positional[0] ?? keyword.get('method');
      const url = positional[1] ?? keyword.get('url');
      if (url)
        this.sendRequest(
          node,
          url,
          methodNode ? methodOf(this.known(methodNode, frame)) : { kind: 'unknown' },
          'python-http',
          keyword,
          frame,
        );
      return;
    }
    const urllibRequest = last === 'Request' && (receiver.length === 0 || receiver.join('.').endsWith('request'));
    if (urllibRequest) {
      const url = positional[0] ?? keyword.get('url');
      if (!url) return;
      const methodArg = keyword.get('method');
      const data = positional[1] ?? keyword.get('data');
      const method = methodArg
        ? methodOf(this.known(methodArg, frame))
        : { kind: 'known' as const, method: data ? ('POST' as const) : ('GET' as const) };
      this.sendRequest(node, url, method, 'python-http', keyword, frame, data);
      return;
    }
    const kind = this.clientKind(receiver, frame);
    if (kind && (VERBS.has(last) || last === 'request' || last === 'fetch' || last === 'open' || last === 'urlopen')) {
      let urlArg: Node | undefined;
      let method: MethodValue;
      if (last === 'request' || last === 'fetch' || last === 'open') {
        const methodNode = positional[0] ?? keyword.get('method');
        urlArg = positional[1] ?? keyword.get('url');
        method = methodNode ? methodOf(this.known(methodNode, frame)) : { kind: 'unknown' };
      } else if (last === 'urlopen') {
        urlArg = positional[0] ?? keyword.get('url');
        method = { kind: 'known', method: 'GET' };
      } else {
        urlArg = positional[0] ?? keyword.get('url');
        method = { kind: 'known', method: last.toUpperCase() as never };
      }
      if (urlArg) this.sendRequest(node, urlArg, method, kind.via, keyword, frame, undefined, kind.base);
      return;
    }
    // A function or method of the project called with known arguments: run it with them.
    this.callWrapper(node, parts, positional, keyword, frame);
  }

  private sendRequest(
    node: Node,
    urlArg: Node,
    method: MethodValue,
    via: 'python-http' | 'unknown-client',
    keyword: Map<string, Node>,
    frame: Frame,
    data?: Node,
    base?: Value,
  ): void {
    let url = this.value(urlArg, frame);
    if (base && !/^[a-z]+:\/\//i.test(knownText(url.slice(0, 1)) ?? '')) url = joinValues(base, url);
    const payload: ObjectLiteral[] = [];
    for (const key of ['json', 'data', 'params']) {
      const value = keyword.get(key) ?? (key === 'data' ? data : undefined);
      if (value) payload.push(...this.objectsOf(value, frame));
    }
    const headers = keyword.get('headers');
    const headerNames = headers ? this.headerNames(headers, frame) : [];
    // Places in another module's text (a wrapper's own body) are not this file's.
    const here = (object: { file?: string }) => object.file === undefined;
    this.builder.request({
      url,
      method,
      range: frame.callSite ?? range(node),
      via,
      ...(payload.length && payload.every(here) ? { payload } : {}),
      ...(headerNames.length && headerNames.every(here) ? { headers: headerNames } : {}),
    });
  }

  /** `requests`, `httpx`, a session or client made from them (with its `base_url`), or a receiver named like one. */
  private clientKind(
    receiver: string[],
    frame: Frame,
  ): { via: 'python-http' | 'unknown-client'; base?: Value } | undefined {
    if (receiver.length === 0) return undefined;
    const joined = receiver.join('.');
    if (receiver.length === 1 && HTTP_MODULES.has(joined)) return { via: 'python-http' };
    if (joined === 'urllib.request' || joined === 'request') return { via: 'python-http' };
    const made = this.constructorOf(receiver, frame);
    if (made) {
      const base = ['base_url', 'base', 'api_base', 'base_uri', 'endpoint']
        .map((key) => made.keyword.get(key))
        .find((value) => value);
      return { via: 'python-http', ...(base ? { base: this.value(base, frame) } : {}) };
    }
    const name = receiver[receiver.length - 1]!;
    if (CLIENT_NAMES.test(name)) return { via: 'unknown-client' };
    return undefined;
  }

  /** The client constructor a receiver was assigned (`s = requests.Session()`, `self.client = httpx.Client(base_url=…)`). */
  private constructorOf(receiver: string[], frame: Frame): { keyword: Map<string, Node> } | undefined {
    const assigned = this.assignmentOf(receiver.join('.'), undefined, frame);
    const value = assigned?.value;
    const call = value?.type === 'await' ? value.namedChildren[0] : value;
    if (call?.type !== 'call') {
      // `async with aiohttp.ClientSession() as session:`
      const withItem = this.withTarget(receiver.join('.'));
      return withItem ? { keyword: keywordArguments(withItem) } : undefined;
    }
    const name = dotted(call.childForFieldName('function')!);
    // A library's client, or the project's own class named like one (`CloudflareSession(token, base_url=…)`).
    if (!name || !(CLIENT_CONSTRUCTORS.test(name) || /(Session|Client|Api|API|Http|HTTP)$/.test(name)))
      return undefined;
    return { keyword: keywordArguments(call) };
  }

  private withTarget(name: string): Node | undefined {
    if (!this.withTargets) {
      const targets = new Map<string, Node>();
      const visit = (node: Node): void => {
        if (node.type === 'as_pattern') {
          const target = node.childForFieldName('alias')?.text ?? node.namedChildren[node.namedChildCount - 1]?.text;
          const value = node.namedChildren[0];
          if (
            target !== undefined &&
            !targets.has(target) &&
            value?.type === 'call' &&
            CLIENT_CONSTRUCTORS.test(dotted(value.childForFieldName('function')!) ?? '')
          )
            targets.set(target, value);
        }
        for (const child of node.namedChildren) if (child) visit(child);
      };
      visit(this.input.module.root);
      this.withTargets = targets;
    }
    return this.withTargets.get(name);
  }

  private sdkCall(node: Node, parts: string[], positional: Node[], keyword: Map<string, Node>, frame: Frame): boolean {
    if (parts.length < 3) return false;
    const client = parts[0]!;
    const method = parts[parts.length - 1]!;
    // Where the client's name is: the receiver, `self.cf`, or a member on the way named like one
    // (`obj.cf.zero_trust…` on a click context's object, `ctx.client.firewall…`).
    let at = client === 'self' ? 1 : 0;
    if (!(SDK_RECEIVER_NAMES.test(parts[at] ?? '') || (at === 0 && this.isSdkClient(client)))) {
      at = parts.slice(0, -2).findLastIndex((part, i) => i > 0 && SDK_RECEIVER_NAMES.test(part));
      if (at < 0) return false;
    }
    const segments = parts.slice(at + 1, -1);
    if (segments.length === 0) return false;
    // Which SDK: the client's constructor when the code shows it, else the module's imports.
    const flavor = this.clientFlavor(parts.slice(0, at + 1).join('.'), frame) ?? this.sdk;
    const legacy =
      flavor === 'legacy' ||
      (flavor === undefined && VERBS.has(method) && method !== 'get'
        ? true
        : flavor === undefined && method === 'get' && positional.length > 0 && segments.length > 1);
    const fnNode = node.childForFieldName('function')!;
    if (legacy && VERBS.has(method)) {
      // The old package: `cf.zones.firewall.rules.get(zone_id)` is GET /zones/<zone_id>/firewall/rules.
      const names = attributeNodes(fnNode).slice(at + 1, -1);
      const url: Value[] = [];
      names.forEach((name, i) => {
        url.push([{ kind: 'text', text: '/' }], writtenValue(name.text, name.startIndex));
        if (i === 0 && positional.length >= 1) url.push([{ kind: 'text', text: '/' }], [hole()]);
      });
      if (positional.length >= 2) url.push([{ kind: 'text', text: '/' }], [hole()]);
      // The chain is the path as written (`zones.firewall.waf.packages.groups`), whatever the ids'
      // places: written text for the grep floor, as a string of its segments would be.
      if (frame.callSite === undefined)
        this.builder.written(joinedSegments(names.map((name) => writtenValue(name.text, name.startIndex))), [
          names[0]!.startIndex,
          names[names.length - 1]!.endIndex,
        ]);
      const data = keyword.get('data');
      const payload = data ? this.objectsOf(data, frame) : [];
      this.builder.request({
        url: concatPatterns([{ kind: 'text', text: '/client/v4' }], ...url),
        method: { kind: 'known', method: method.toUpperCase() as never },
        range: frame.callSite ?? range(node),
        via: this.sdk === 'legacy' ? 'sdk' : 'unknown-client',
        ...(payload.length ? { payload } : {}),
      });
      return true;
    }
    if (flavor === 'legacy') return false;
    // The current package mirrors the TypeScript SDK: `client.firewall.rules.list(zone_id=…)`.
    const settingId = keyword.get('setting_id') ?? positional[0];
    const id = settingId ? knownText(this.value(settingId, frame)) : undefined;
    const settingsCall = segments.join('.') === 'zones.settings';
    // A helper of another module run for its caller: its chain is that module's finding, where it is
    // written (its own scan reports it); only a setting id the caller passes is this file's, at the call.
    const elsewhere = this.moduleOf(node) !== this.input.module;
    if (elsewhere && !(settingsCall && id !== undefined && frame.callSite && settingId?.type === 'identifier'))
      return true;
    this.builder.sdkCall({
      flavor: flavor === 'v4' ? 'v4' : 'unknown',
      chain: segments.map(camelCase),
      method: camelCase(method),
      args: [id],
      // A setting id is reported where it is written (its own line in a long call).
      range: elsewhere ? frame.callSite! : settingsCall && settingId ? range(settingId) : range(node),
    });
    // Its keyword arguments are the request's body (`dns.records.create(type="SRV", data={…})`).
    const body = this.objectOfKeywords(node, frame)[0];
    if (body && body.entries.some((entry) => this.builder.watchesKey(entry.key))) this.builder.object(body);
    return true;
  }

  /** `Cls.NAME`: the value assigned to `NAME` in the body of a class `Cls` of this module or one it imports from. */
  private classMember(name: string): { value: Node; cls: Node } | undefined {
    const [cls, member, ...rest] = name.split('.');
    if (!cls || !member || rest.length > 0 || !/^[A-Z]/.test(cls)) return undefined;
    const imported = this.importedName(cls);
    const modules = imported ? [imported.module] : [this.input.module];
    const className = imported?.name ?? cls;
    for (const module of modules)
      for (const statement of module.root.namedChildren) {
        const definition =
          statement?.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
        if (definition?.type !== 'class_definition' || definition.childForFieldName('name')?.text !== className)
          continue;
        for (const line of definition.childForFieldName('body')?.namedChildren ?? []) {
          const assignment = line?.type === 'expression_statement' ? line.namedChildren[0] : undefined;
          const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : undefined;
          const right = assignment?.childForFieldName('right');
          if (left?.text === member && right) return { value: right, cls: definition };
        }
      }
    return undefined;
  }

  private pulumiNames: { module: Set<string>; classes: Set<string> } | undefined;

  /**
   * A resource of Pulumi's Python SDK (`import pulumi_cloudflare as cloudflare`;
   * `cloudflare.ZoneSettingsOverride("s", settings=cloudflare.ZoneSettingsOverrideSettingsArgs(brotli="on"))`):
   * declared with its keyword arguments as properties, nested `…Args(…)` calls and dicts as paths,
   * matched by core as a TypeScript program's `new ZoneSettingsOverride(…)` is.
   */
  private pulumiResource(node: Node, fn: Node, frame: Frame): void {
    if (!this.pulumiNames) {
      const module = new Set<string>();
      const classes = new Set<string>();
      for (const found of this.input.module.text.matchAll(/^\s*import\s+pulumi_cloudflare(?:\s+as\s+(\w+))?\s*$/gm))
        module.add(found[1] ?? 'pulumi_cloudflare');
      for (const found of this.input.module.text.matchAll(/^\s*from\s+pulumi_cloudflare\s+import\s+([^\n#]+)/gm))
        for (const imported of found[1]!.replace(/[()\\]/g, ' ').split(','))
          if (/^\s*\w+\s*$/.test(imported)) classes.add(imported.trim());
      this.pulumiNames = { module, classes };
    }
    const { module, classes } = this.pulumiNames;
    if (module.size === 0 && classes.size === 0) return;
    const classNode = fn.type === 'attribute' ? fn.childForFieldName('attribute') : fn;
    const owner = fn.type === 'attribute' ? fn.childForFieldName('object')?.text : undefined;
    const type = classNode?.text;
    if (!classNode || !type || !/^[A-Z]/.test(type) || type.endsWith('Args')) return;
    if (owner !== undefined ? !module.has(owner) : !classes.has(type)) return;
    const properties: DeclaredResourceFact['properties'] = [];
    this.pulumiProperties(node, [], frame, properties, 0);
    this.builder.resource({
      ecosystem: 'pulumi',
      resourceType: type,
      range: range(classNode),
      knownImport: true,
      properties,
    });
  }

  private pulumiProperties(
    call: Node,
    prefix: readonly string[],
    frame: Frame,
    out: DeclaredResourceFact['properties'],
    depth: number,
  ): void {
    if (depth > 4) return;
    const entries: Array<{ key: string; keyNode: Node; value: Node }> = [];
    if (call.type === 'call')
      for (const arg of argumentsOf(call)) {
        const key = arg.childForFieldName('name');
        const value = arg.childForFieldName('value');
        if (arg.type === 'keyword_argument' && key && value && key.text !== 'opts')
          entries.push({ key: key.text, keyNode: key, value });
      }
    else if (call.type === 'dictionary')
      for (const pair of call.namedChildren) {
        const key = pair?.type === 'pair' ? pair.childForFieldName('key') : undefined;
        const value = pair?.childForFieldName('value');
        const name = key?.type === 'string' ? knownText(this.stringValue(key, frame, true)) : undefined;
        if (key && value && name !== undefined) entries.push({ key: name, keyNode: key, value });
      }
    for (const { key, keyNode, value } of entries) {
      const path = [...prefix, key];
      const known =
        value.type === 'call' || value.type === 'dictionary' ? undefined : knownText(this.value(value, frame));
      out.push({ path, range: range(keyNode), ...(known !== undefined ? { value: known } : {}) });
      if (value.type === 'call' || value.type === 'dictionary')
        this.pulumiProperties(value, path, frame, out, depth + 1);
    }
  }

  private testClientNames: Set<string> | undefined;

  /** Names that hold the app's own test client: assigned one, or a pytest fixture that returns one. */
  private testClients(): Set<string> {
    if (this.testClientNames) return this.testClientNames;
    const names = new Set<string>();
    const text = this.input.module.text;
    if (/test_client\(|TestClient\(|APIClient\(|from django\.test import/.test(text)) {
      for (const found of text.matchAll(
        /^\s*(\w+)\s*=\s*(?:[\w.]+\.test_client\(|(?:TestClient|APIClient|Client)\()/gm,
      ))
        names.add(found[1]!);
      // `@pytest.fixture` `def client(): … return app.test_client()`: the tests' parameter of that name.
      for (const found of text.matchAll(
        /@(?:pytest\.)?fixture[^\n]*\n\s*(?:async\s+)?def\s+(\w+)\([^)]*\)[^:]*:([\s\S]*?)(?=\n\S|$)/g,
      ))
        if (/\b(?:test_client\(|TestClient\(|APIClient\()/.test(found[2]!)) names.add(found[1]!);
    }
    return (this.testClientNames = names);
  }

  /**
   * `_client().firewall.waf.overrides.list(…)`: a chain read on what a function of the module (or
   * an imported one) returns, when that function makes the SDK's client (`return Cloudflare(…)`):
   * the chain as on a client named `client`.
   */
  private onMadeClient(fn: Node): string | undefined {
    const names: string[] = [];
    let root: Node | null = fn;
    while (root?.type === 'attribute') {
      names.unshift(root.childForFieldName('attribute')?.text ?? '');
      root = root.childForFieldName('object');
    }
    const factory = root?.type === 'call' ? root.childForFieldName('function') : undefined;
    if (factory?.type !== 'identifier') return undefined;
    const made = this.functionNamed(factory.text, false);
    // `session().request(method, url)` on a function that makes and returns an HTTP session
    // (`s = requests.Session(); …; return s`): the verb as the session's module has it.
    const session = made ? /\b(requests|httpx)\.(?:Session|session|Client|AsyncClient)\(/.exec(made.text) : null;
    if (session && names.length === 1 && /\breturn\b/.test(made!.text)) return `${session[1]}.${names[0]}`;
    if (names.length < 2) return undefined;
    const makesClient =
      made &&
      /\breturn\s+(?:CloudFlare\.CloudFlare|CloudFlare|Cloudflare|AsyncCloudflare|cloudflare\.(?:Async)?Cloudflare)\(/.test(
        made.text,
      );
    return makesClient ? ['client', ...names].join('.') : undefined;
  }

  private clientFlavor(name: string, frame: Frame): 'legacy' | 'v4' | undefined {
    const value = this.assignmentOf(name, undefined, frame)?.value;
    const call = value?.type === 'call' ? value : undefined;
    const callee = call ? (dotted(call.childForFieldName('function')!) ?? '') : '';
    if (/^(CloudFlare\.CloudFlare|CloudFlare)$/.test(callee)) return 'legacy';
    if (/^(Cloudflare|AsyncCloudflare|cloudflare\.Cloudflare|cloudflare\.AsyncCloudflare)$/.test(callee)) return 'v4';
    return undefined;
  }

  private isSdkClient(name: string): boolean {
    const assigned = this.assignmentOf(name, undefined, { depth: 0 });
    const value = assigned?.value;
    if (value?.type !== 'call') return false;
    const callee = dotted(value.childForFieldName('function')!) ?? '';
    return /^(CloudFlare\.CloudFlare|CloudFlare|Cloudflare|AsyncCloudflare|cloudflare\.Cloudflare|cloudflare\.AsyncCloudflare)$/.test(
      callee,
    );
  }

  /** A function or method of this module or an imported one, run with the call's arguments. */
  private callWrapper(node: Node, parts: string[], positional: Node[], keyword: Map<string, Node>, frame: Frame): void {
    if (frame.depth >= MAX_DEPTH) return;
    const name = parts[parts.length - 1]!;
    const target = this.functionNamed(name, parts.length > 1);
    if (!target || target === frame.fn) return;
    const paramNodes = new Map<string, { node: Node; frame: Frame }>();
    const values = this.bind(target, positional, keyword, frame, paramNodes);
    // Not a wrapper of a request: nothing to run.
    if (!/(request|get|post|put|patch|delete|urlopen|Request|fetch_url|open_url|call|api)\s*\(/i.test(target.text))
      return;
    const body = target.childForFieldName('body');
    if (body)
      this.walk(
        body,
        { params: values, paramNodes, fn: target, depth: frame.depth + 1, callSite: frame.callSite ?? range(node) },
        false,
      );
  }

  private functionNamed(name: string, method: boolean): Node | undefined {
    for (const module of [this.input.module, ...this.input.imported.values()]) {
      const found = this.functionsOf(module)
        .get(name)
        ?.find((fn) => method || !fn.inClass);
      if (found) return found.node;
    }
    return undefined;
  }

  /** A module's functions and methods by name, in document order, indexed once. */
  private functionsOf(module: PythonModule): Map<string, Array<{ node: Node; inClass: boolean }>> {
    let index = this.functionIndex.get(module.key);
    if (index) return index;
    index = new Map();
    const visit = (node: Node, inClass: boolean): void => {
      if (node.type === 'function_definition') {
        const name = node.childForFieldName('name')?.text;
        if (name !== undefined) index!.set(name, [...(index!.get(name) ?? []), { node, inClass }]);
      }
      for (const child of node.namedChildren) if (child) visit(child, inClass || node.type === 'class_definition');
    };
    visit(module.root, false);
    this.functionIndex.set(module.key, index);
    return index;
  }

  // --- Values.

  private known(node: Node, frame: Frame): string | undefined {
    return knownText(this.value(node, frame));
  }

  private value(node: Node, frame: Frame, depth = 0): Value {
    if (depth > 12) return [hole()];
    switch (node.type) {
      case 'string':
      case 'concatenated_string':
        return this.stringValue(node, frame, false);
      case 'integer':
        return [{ kind: 'text', text: node.text }];
      case 'parenthesized_expression':
        return node.namedChildren[0] ? this.value(node.namedChildren[0], frame, depth + 1) : [hole()];
      case 'conditional_expression': {
        // `"AAAA" if ":" in ip else "A"`: either text, as a choice (a record's type, a setting id).
        const [then, , otherwise] = node.namedChildren;
        if (!then || !otherwise) return [hole()];
        return anyOfTexts([this.value(then, frame, depth + 1), this.value(otherwise, frame, depth + 1)]) ?? [hole()];
      }
      case 'binary_operator': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        const operator = node.childForFieldName('operator')?.text;
        if (!left || !right) return [hole()];
        if (operator === '+')
          return concatPatterns(this.value(left, frame, depth + 1), this.value(right, frame, depth + 1));
        // `PurePosixPath(API_ROOT) / "zones" / zone / "rate_limits"`: a path joined by pathlib's operator.
        if (operator === '/' && isPathJoin(left))
          return joinValues(this.value(left, frame, depth + 1), this.value(right, frame, depth + 1));
        if (operator === '%') {
          const values =
            right.type === 'tuple'
              ? right.namedChildren.filter((c): c is Node => !!c).map((c) => this.value(c, frame, depth + 1))
              : [this.value(right, frame, depth + 1)];
          let i = 0;
          return replaceInValue(
            this.value(left, frame, depth + 1),
            /%[-#0 +]*\d*(?:\.\d+)?[sdrif]/g,
            () => values[i++] ?? [hole()],
          );
        }
        return [hole()];
      }
      case 'identifier': {
        const param = frame.params?.get(node.text);
        if (param) return param;
        const assigned = this.assignmentOf(node.text, node, frame);
        if (assigned?.value) return this.evaluateAssigned(assigned, frame, depth);
        return [hole({ ref: node.text })];
      }
      case 'attribute': {
        const name = dotted(node);
        if (!name) return [hole()];
        const env = /^os\.environ\./.test(name) ? undefined : this.assignmentOf(name, node, frame);
        if (env?.value) return this.evaluateAssigned(env, frame, depth);
        // `Endpoint.POOLS` (`.value`): a member of a class written here or imported (an `Enum` of paths).
        const member = this.classMember(name.replace(/\.value$/, ''));
        if (member) return this.value(member.value, { depth: frame.depth }, depth + 1);
        return [hole({ ref: name })];
      }
      case 'call': {
        const fn = node.childForFieldName('function');
        const name = fn ? dotted(fn) : undefined;
        const positional = argumentsOf(node).filter((arg) => arg.type !== 'keyword_argument');
        const keyword = keywordArguments(node);
        // `Endpoint.POOL.url(account=…)` of `def url(self, **params): return self.value.format(**params)`:
        // the member's text, its `{name}` fields filled from the call's keywords.
        const memberCall = name ? /^(\w+\.\w+)\.(\w+)$/.exec(name) : null;
        const member = memberCall ? this.classMember(memberCall[1]!) : undefined;
        if (member && memberCall && /\bself\.value\b/.test(member.cls.text)) {
          const text = this.value(member.value, { depth: frame.depth }, depth + 1);
          return formatPlaceholders(text, (field) => {
            const named = field ? keyword.get(field) : undefined;
            return named ? this.value(named, frame, depth + 1) : [hole()];
          });
        }
        if (fn?.type === 'attribute' && fn.childForFieldName('attribute')?.text === 'format') {
          const object = fn.childForFieldName('object');
          if (!object) return [hole()];
          let i = 0;
          return formatPlaceholders(this.value(object, frame, depth + 1), (field) => {
            const named = field && !/^\d+$/.test(field) ? keyword.get(field) : undefined;
            const arg = named ?? positional[field && /^\d+$/.test(field) ? Number(field) : i++];
            return arg ? this.value(arg, frame, depth + 1) : [hole()];
          });
        }
        if (fn?.type === 'attribute' && fn.childForFieldName('attribute')?.text === 'join') {
          const separator = knownText(this.value(fn.childForFieldName('object')!, frame, depth + 1));
          const list = positional[0];
          if (separator !== undefined && list && (list.type === 'list' || list.type === 'tuple')) {
            const items = list.namedChildren.filter((c): c is Node => !!c).map((c) => this.value(c, frame, depth + 1));
            return concatPatterns(
              ...items.flatMap((item, k) => (k === 0 ? [item] : [[{ kind: 'text' as const, text: separator }], item])),
            );
          }
          return [hole()];
        }
        if (name && /(^|\.)urljoin$/.test(name) && positional.length >= 2)
          return joinValues(this.value(positional[0]!, frame, depth + 1), this.value(positional[1]!, frame, depth + 1));
        // An environment variable's default stands for it, unless it is empty (the value is set at run time).
        if (name && /(^|\.)(getenv|environ\.get)$/.test(name)) {
          const fallback = positional[1] ?? keyword.get('default');
          const value = fallback ? this.value(fallback, frame, depth + 1) : undefined;
          return value && knownText(value) !== '' ? value : [hole({ ref: name })];
        }
        // `PurePosixPath(API_ROOT, "zones", zone, "settings")`: its arguments joined by `/`.
        if (name && PATHLIB_PATH.test(name) && positional.length) {
          const values = positional.map((arg) => this.value(arg, frame, depth + 1));
          return values.slice(1).reduce((joined, next) => joinValues(joined, next), values[0]!);
        }
        if (name && /^(str|quote|quote_plus)$/.test(name.split('.').pop()!) && positional[0])
          return this.value(positional[0], frame, depth + 1);
        // `path.lstrip("/")`, `base.rstrip("/")`: the same text as far as a path goes.
        if (fn?.type === 'attribute' && /^(strip|lstrip|rstrip)$/.test(fn.childForFieldName('attribute')?.text ?? '')) {
          const object = fn.childForFieldName('object');
          return object ? this.value(object, frame, depth + 1) : [hole()];
        }
        if (name) return this.returned(name, positional, keyword, frame, depth);
        return [hole()];
      }
      default:
        return [hole()];
    }
  }

  /** What a function of the project returns, run with the call's arguments (`s.zone_path(zone, SUFFIX)`). */
  private returned(name: string, positional: Node[], keyword: Map<string, Node>, frame: Frame, depth: number): Value {
    const target = frame.depth < MAX_DEPTH ? this.functionNamed(name.split('.').pop()!, name.includes('.')) : undefined;
    const body = target?.childForFieldName('body');
    const statement = body?.namedChildren.find((child) => child?.type === 'return_statement');
    const expression = statement?.namedChildren[0];
    if (!target || !expression || target === frame.fn) return [hole()];
    const params = this.bind(target, positional, keyword, frame);
    return this.value(expression, { params, fn: target, depth: frame.depth + 1 }, depth + 1);
  }

  private bind(
    target: Node,
    positional: Node[],
    keyword: Map<string, Node>,
    frame: Frame,
    nodes?: Map<string, { node: Node; frame: Frame }>,
  ): Map<string, Value> {
    const values = new Map<string, Value>();
    let index = 0;
    for (const param of target.childForFieldName('parameters')?.namedChildren ?? []) {
      if (!param) continue;
      const paramName = paramNameOf(param);
      if (!paramName || paramName === 'self' || paramName === 'cls') continue;
      if (param.type === 'list_splat_pattern' || param.type === 'dictionary_splat_pattern') break;
      const arg = keyword.get(paramName) ?? positional[index];
      index++;
      const fallback =
        param.type === 'default_parameter' || param.type === 'typed_default_parameter'
          ? param.childForFieldName('value')
          : undefined;
      const given = arg ?? fallback;
      if (given) values.set(paramName, this.value(given, arg ? frame : { depth: frame.depth, fn: target }));
      if (arg) nodes?.set(paramName, { node: arg, frame });
    }
    return values;
  }

  private evaluateAssigned(
    assigned: { node: Node; value: Node; fn?: Node; branches?: Binding[] },
    frame: Frame,
    depth: number,
  ): Value {
    if (this.resolving.has(assigned.node.id)) return [hole()];
    this.resolving.add(assigned.node.id);
    try {
      const scope = assigned.fn && assigned.fn === frame.fn ? frame : { depth: frame.depth };
      return oneOfValues([assigned, ...(assigned.branches ?? [])].map((b) => this.value(b.value, scope, depth + 1)));
    } finally {
      this.resolving.delete(assigned.node.id);
    }
  }

  /** A string literal: its text, f-string fields evaluated (or holes, `literalOnly`: as written). */
  private stringValue(node: Node, frame: Frame, literalOnly: boolean): Value {
    if (node.type === 'concatenated_string')
      return concatPatterns(
        ...node.namedChildren.filter((c): c is Node => !!c).map((c) => this.stringValue(c, frame, literalOnly)),
      );
    const parts: Value[] = [];
    const start = node.namedChildren.find((c) => c?.type === 'string_start');
    const end = node.namedChildren.find((c) => c?.type === 'string_end');
    const raw = start?.text.toLowerCase().includes('r') ?? false;
    let at = start ? start.endIndex : node.startIndex;
    const stop = end ? end.startIndex : node.endIndex;
    for (const child of node.namedChildren) {
      if (!child || child.type !== 'interpolation') continue;
      if (child.startIndex > at) parts.push(this.literal(node, at, child.startIndex, raw));
      const expression = child.namedChildren.find(
        (c) => c && c.type !== 'format_specifier' && c.type !== 'type_conversion',
      );
      parts.push(literalOnly || !expression ? [hole()] : this.value(expression, frame));
      at = child.endIndex;
    }
    if (stop > at) parts.push(this.literal(node, at, stop, raw));
    return concatPatterns(...parts);
  }

  private literal(node: Node, from: number, to: number, raw: boolean): Value {
    const module = this.moduleOf(node);
    const key = module === this.input.module ? undefined : module.key;
    const written = module.text.slice(from, to);
    if (raw || !written.includes('\\')) return writtenValue(written, from, true, key);
    return writtenValue(written.replace(/\\(["'\\/])/g, '$1'), from, false, key);
  }

  /** The module a node belongs to (a value may come from an imported module's tree). */
  private moduleOf(node: Node): PythonModule {
    if (node.tree === this.input.module.root.tree) return this.input.module;
    for (const module of this.input.imported.values()) if (module.root.tree === node.tree) return module;
    return this.input.module;
  }

  /** The last assignment of a name (`BASE = …`, `self.base = …`, an import of another module's name). */
  private assignmentOf(
    name: string,
    at: Node | undefined,
    frame: Frame,
  ): { node: Node; value: Node; fn?: Node } | undefined {
    const local = frame.fn ? this.assignments.find(frame.fn, name, at) : undefined;
    if (local) return { ...local, fn: frame.fn! };
    // The module the running function is written in, then this one.
    const modules = [...new Set([...(frame.fn ? [this.moduleOf(frame.fn)] : []), this.input.module])];
    for (const module of modules) {
      const sameTree = at && at.tree === module.root.tree ? at : undefined;
      const here = this.assignments.find(module.root, name, sameTree, name.startsWith('self.') ? '' : 'module');
      if (here) return here;
    }
    // `from .endpoints import RULES as R`, `import config` + `config.BASE`.
    const imported = this.importedName(name);
    if (imported) {
      const found = this.assignments.find(imported.module.root, imported.name, undefined, 'module');
      if (found) return found;
    }
    return undefined;
  }

  private importedName(name: string): { module: PythonModule; name: string } | undefined {
    // The module's import statements, found once (a lookup of every name that is not assigned here asks).
    this.imports ??= this.input.module.root.namedChildren.filter(
      (statement): statement is Node =>
        statement?.type === 'import_from_statement' || statement?.type === 'import_statement',
    );
    for (const statement of this.imports) {
      if (statement?.type === 'import_from_statement') {
        const source = statement.childForFieldName('module_name')?.text ?? '';
        const module = this.input.imported.get(source);
        for (const imported of statement.childrenForFieldName('name')) {
          if (!imported) continue;
          const original =
            imported.type === 'aliased_import' ? imported.childForFieldName('name')?.text : imported.text;
          const alias = imported.type === 'aliased_import' ? imported.childForFieldName('alias')?.text : imported.text;
          if (!original || !alias) continue;
          if (alias === name && module) return { module, name: original };
          // `from . import zone as zone_api` + `zone_api.setting`: a module of the package, by its alias.
          if (!name.startsWith(`${alias}.`)) continue;
          const submodule = this.input.imported.get(
            source.endsWith('.') ? `${source}${original}` : `${source}.${original}`,
          );
          if (submodule) return { module: submodule, name: name.slice(alias.length + 1) };
        }
      } else if (statement?.type === 'import_statement') {
        for (const imported of statement.namedChildren) {
          const moduleName =
            imported?.type === 'aliased_import' ? imported.childForFieldName('name')?.text : imported?.text;
          const alias =
            imported?.type === 'aliased_import' ? imported.childForFieldName('alias')?.text : imported?.text;
          if (!moduleName || !alias || !name.startsWith(`${alias}.`)) continue;
          const module = this.input.imported.get(moduleName);
          if (module) return { module, name: name.slice(alias.length + 1) };
        }
      }
    }
    return undefined;
  }

  // --- Payloads, headers, reads.

  private objectsOf(node: Node, frame: Frame, depth = 0): ObjectLiteral[] {
    if (depth > 6) return [];
    if (node.type === 'dictionary') {
      const object = this.objectOf(node, frame);
      return object ? [object] : [];
    }
    if (node.type === 'identifier' || node.type === 'attribute') {
      const passed = node.type === 'identifier' ? frame.paramNodes?.get(node.text) : undefined;
      if (passed) return this.objectsOf(passed.node, passed.frame, depth + 1);
      const assigned = this.assignmentOf(dotted(node) ?? node.text, node, frame);
      return assigned?.value ? this.objectsOf(assigned.value, frame, depth + 1) : [];
    }
    if (node.type === 'conditional_expression' || node.type === 'parenthesized_expression') {
      const first = node.namedChildren[0];
      return first ? this.objectsOf(first, frame, depth + 1) : [];
    }
    if (node.type === 'call') {
      // `json.dumps({…})`, `dict(…)`.
      const first = argumentsOf(node)[0];
      const name = dotted(node.childForFieldName('function')!) ?? '';
      if (/(^|\.)dumps$/.test(name) && first) return this.objectsOf(first, frame, depth + 1);
      if (name === 'dict') return this.objectOfKeywords(node, frame);
      return [];
    }
    if (node.type === 'string') return objectsInJsonText(this.stringValue(node, frame, false));
    if (node.type === 'list') return node.namedChildren.flatMap((c) => (c ? this.objectsOf(c, frame, depth + 1) : []));
    return [];
  }

  private objectOfKeywords(call: Node, frame: Frame): ObjectLiteral[] {
    const entries: ObjectEntry[] = [];
    for (const arg of argumentsOf(call)) {
      if (arg.type !== 'keyword_argument') continue;
      const name = arg.childForFieldName('name');
      const value = arg.childForFieldName('value');
      if (!name || !value) continue;
      entries.push(this.entryOf(name.text, range(name), range(arg), value, frame));
    }
    return [{ range: range(call), entries }];
  }

  private objectOf(node: Node, frame: Frame): ObjectLiteral | undefined {
    const entries: ObjectEntry[] = [];
    for (const pair of node.namedChildren) {
      if (pair?.type !== 'pair') continue;
      const key = pair.childForFieldName('key');
      const value = pair.childForFieldName('value');
      const name = key && key.type === 'string' ? knownText(this.stringValue(key, frame, true)) : undefined;
      if (!key || !value || name === undefined) continue;
      entries.push(this.entryOf(name, range(key), range(pair), value, frame));
    }
    const module = this.moduleOf(node);
    return { range: range(node), entries, ...(module !== this.input.module ? { file: module.key } : {}) };
  }

  private entryOf(key: string, keyRange: Range, property: Range, value: Node, frame: Frame, depth = 0): ObjectEntry {
    const entry: ObjectEntry = { key, keyRange, property };
    // `json={"items": items}`: the list or dict the name holds.
    if ((value.type === 'identifier' || value.type === 'attribute') && depth < 4) {
      const assigned = this.assignmentOf(dotted(value) ?? value.text, value, frame);
      if (assigned?.value && (assigned.value.type === 'dictionary' || assigned.value.type === 'list'))
        return this.entryOf(key, keyRange, property, assigned.value, frame, depth + 1);
    }
    if (value.type === 'dictionary') entry.object = this.objectOf(value, frame)!;
    else if (value.type === 'list')
      entry.elements = value.namedChildren.flatMap((c) => (c?.type === 'dictionary' ? [this.objectOf(c, frame)!] : []));
    else if (value.type === 'call' && dotted(value.childForFieldName('function')!) === 'dict')
      entry.object = this.objectOfKeywords(value, frame)[0]!;
    else entry.value = this.value(value, frame);
    return entry;
  }

  private headerNames(node: Node, frame: Frame): Array<{ name: string; range: Range; file?: string }> {
    return this.objectsOf(node, frame).flatMap((object) =>
      object.entries.map((entry) => ({
        name: entry.key,
        range: entry.keyRange,
        ...(object.file ? { file: object.file } : {}),
      })),
    );
  }

  /** `record["data"]["service"]`, `rec.get("locked")`: a read of the path of string keys. */
  private subscriptRead(node: Node, frame: Frame): void {
    if (node.parent?.type === 'subscript' && node.parent.childForFieldName('value')?.equals(node)) return;
    // A key read back from a dict the code wrote itself (`payload = {…}; payload["notification_email"]`)
    // is its own data, not what the API answered.
    const value = node.childForFieldName('value');
    if (value?.type === 'identifier' && this.assignmentOf(value.text, node, frame)?.value?.type === 'dictionary')
      return;
    const { path, receiver, last } = this.keyPath(node);
    if (last && path.length) this.builder.read(path, range(last), receiver, this.around(node));
  }

  private attributeRead(node: Node, frame: Frame): void {
    // `x.get("locked")` is read in `call`; a plain attribute read `record.locked`.
    const parent = node.parent;
    if (parent?.type === 'attribute' && parent.childForFieldName('object')?.equals(node)) return;
    if (parent?.type === 'call' && parent.childForFieldName('function')?.equals(node)) {
      if (node.childForFieldName('attribute')?.text === 'get') {
        const key = argumentsOf(parent)[0];
        const name = key?.type === 'string' ? knownText(this.stringValue(key, frame, true)) : undefined;
        if (name && key) {
          const inner = this.keyPath(node.childForFieldName('object')!);
          this.builder.read(
            [...inner.path, name],
            range(key),
            inner.path.length ? inner.receiver : inner.receiver,
            this.around(node),
          );
        }
      }
      return;
    }
    const attribute = node.childForFieldName('attribute');
    const object = node.childForFieldName('object');
    if (!attribute || !object) return;
    const inner = this.keyPath(object);
    this.builder.read([...inner.path, attribute.text], range(attribute), inner.receiver, this.around(node));
  }

  private keyPath(node: Node): { path: string[]; receiver?: string; last?: Node } {
    const path: string[] = [];
    let current: Node | null = node;
    let last: Node | undefined;
    while (current) {
      if (current.type === 'subscript') {
        const key = current.childForFieldName('subscript');
        const name = key?.type === 'string' ? key.text.replace(/^[rbuf]*['"]+|['"]+$/gi, '') : undefined;
        if (name !== undefined) {
          path.unshift(name);
          last ??= key!;
        }
        current = current.childForFieldName('value');
      } else if (current.type === 'attribute') {
        const attribute = current.childForFieldName('attribute');
        if (attribute && attribute.text !== 'get') path.unshift(attribute.text);
        current = current.childForFieldName('object');
      } else if (current.type === 'call') {
        const fn = current.childForFieldName('function');
        if (fn?.type === 'attribute' && fn.childForFieldName('attribute')?.text === 'get') {
          const key = argumentsOf(current)[0];
          if (key?.type === 'string') path.unshift(key.text.replace(/^[rbuf]*['"]+|['"]+$/gi, ''));
          current = fn.childForFieldName('object');
        } else if (fn?.type === 'attribute' && fn.childForFieldName('attribute')?.text === 'json')
          current = fn.childForFieldName('object');
        else break;
      } else break;
    }
    return { path, ...(current?.type === 'identifier' ? { receiver: current.text } : {}), ...(last ? { last } : {}) };
  }

  /** The code around a node: its function, or the module. */
  private around(node: Node): string {
    let current: Node | null = node;
    while (current && current.type !== 'function_definition') current = current.parent;
    return (current ?? this.input.module.root).text;
  }
}

/** Every assignment of a scope by the name it assigns (`BASE`, `self.base`); `module`: not inside functions and classes. */
function collectAssignments(scope: Node, mode: string): Map<string, Binding[]> {
  const index = new Map<string, Binding[]>();
  const visit = (node: Node, depth: number): void => {
    if (node.type === 'assignment') {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      const name = left ? dotted(left) : undefined;
      if (name !== undefined && right) addBinding(index, name, { node, value: right });
    }
    if (mode === 'module' && depth > 0 && (node.type === 'function_definition' || node.type === 'class_definition'))
      return;
    for (const child of node.namedChildren) if (child) visit(child, depth + 1);
  };
  visit(scope, 0);
  return index;
}

function keywordArguments(call: Node): Map<string, Node> {
  const map = new Map<string, Node>();
  for (const arg of argumentsOf(call)) {
    if (arg.type !== 'keyword_argument') continue;
    const name = arg.childForFieldName('name')?.text;
    const value = arg.childForFieldName('value');
    if (name && value) map.set(name, value);
  }
  return map;
}

function calleeName(call: Node): string | undefined {
  const fn = call.childForFieldName('function');
  return fn ? dotted(fn) : undefined;
}

/** `a.b.c` of an identifier or attribute chain; undefined for anything else. */
function dotted(node: Node): string | undefined {
  if (node.type === 'identifier') return node.text;
  if (node.type === 'attribute') {
    const object = node.childForFieldName('object');
    const attribute = node.childForFieldName('attribute');
    const inner = object ? dotted(object) : undefined;
    return inner && attribute ? `${inner}.${attribute.text}` : undefined;
  }
  return undefined;
}

/** The identifiers of an attribute chain, outermost first (`cf`, `zones`, `firewall`, `rules`, `get`). */
function attributeNodes(node: Node): Node[] {
  if (node.type === 'identifier') return [node];
  if (node.type === 'attribute') {
    const object = node.childForFieldName('object');
    const attribute = node.childForFieldName('attribute');
    return [...(object ? attributeNodes(object) : []), ...(attribute ? [attribute] : [])];
  }
  return [];
}

function paramNameOf(param: Node): string | undefined {
  if (param.type === 'identifier') return param.text;
  const name = param.childForFieldName('name') ?? param.namedChildren.find((c) => c?.type === 'identifier');
  return name?.text;
}

/** pathlib's classes that join a URL's path segments (`PurePosixPath(API_ROOT, "zones", zone)`). */
const PATHLIB_PATH = /(^|\.)(PurePosixPath|PosixPath|PurePath)$/;

/** The left of a `/` that joins paths: a `PurePosixPath(…)`/`PurePath(…)` made there, or another such join. */
function isPathJoin(node: Node): boolean {
  if (node.type === 'binary_operator' && node.childForFieldName('operator')?.text === '/')
    return isPathJoin(node.childForFieldName('left')!);
  return node.type === 'call' && PATHLIB_PATH.test(node.childForFieldName('function')?.text ?? '');
}
