import type { Node } from 'web-tree-sitter';
import type { Range, SilentContext } from '@sunset-lint/core/internal';
import { concatPatterns, hole } from '@sunset-lint/core/internal';
import {
  FactsBuilder,
  knownText,
  writtenValue,
  type ObjectEntry,
  type ObjectLiteral,
  type Value,
} from '../facts-builder.js';
import { objectsInJsonText } from '../json-text.js';
import { exportedToCamel, joinedSegments, joinValues, oneOfValues, replaceInValue, snakeCase } from '../values.js';
import { GO_SDK_METHODS, GO_SDK_READS } from './cloudflare-go.js';
import { addBinding, argumentsOf, BindingIndex, methodOf, plusOperands, range, type Binding } from '../syntax.js';

/**
 * The Go reader: a file's syntax tree (tree-sitter-go) to core's facts. Strings are evaluated where
 * the package shows their parts (`fmt.Sprintf`, `+`, `url.JoinPath`, `path.Join`, `strings.Join`,
 * constants and variables of any file of the package, locals, parameters of a helper called with
 * known arguments); requests of `net/http` (`http.NewRequest[WithContext]`, `http.Get/Post`, a
 * client's `Get/Post`), the provider's Go SDK (each method read as the request it sends,
 * go/cloudflare-go.ts) and `api.Raw`; struct and map literals with their keys in the API's
 * spelling (`NotificationEmail` is `notification_email`), and reads of such fields.
 */
export interface GoModule {
  key: string;
  root: Node;
  text: string;
}

export interface GoReadInput {
  module: GoModule;
  builder: FactsBuilder;
  /** The other files of the package (same folder). */
  packageFiles: readonly GoModule[];
  /** Files of the project's packages this file imports (their functions and constants, `api.SetSetting`). */
  importedFiles?: readonly GoModule[];
  /** The Go module (`go.mod`) requires the provider's SDK. */
  moduleUsesSdk?: boolean;
}

interface Frame {
  params?: Map<string, Value>;
  fn?: Node;
  depth: number;
  /** The call being run: a helper's request is reported at the call, in the file being read. */
  callSite?: Range;
  /** The argument expressions of the call being run, by parameter (an object passed as the body). */
  paramNodes?: Map<string, { node: Node; frame: Frame }>;
}

const MAX_DEPTH = 4;
const MESSAGE_FUNCTIONS =
  /^(fmt\.(Print|Println|Printf|Fprint|Fprintf|Fprintln|Errorf|Sprint|Sprintln)|errors\.(New|Wrap|Wrapf)|log\.\w+|panic|t\.(Log|Logf|Error|Errorf|Fatal|Fatalf|Skip|Skipf|Run)|.*\.(Info|Infof|Infow|Warn|Warnf|Warnw|Warning|Warningf|Error|Errorf|Errorw|Debug|Debugf|Debugw|Fatal|Fatalf|Print|Printf|Println|Msg|Msgf|Trace|Tracef|Log|Logf|Event|Eventf|Str|Wrap|Wrapf))$/;
const MESSAGE_KEYS = new Set([
  'Short',
  'Long',
  'Example',
  'Usage',
  'UsageText',
  'Description',
  'Help',
  'Message',
  'Msg',
  'Title',
  'Summary',
]);
const ROUTE_METHODS =
  /^(Handle|HandleFunc|Get|Post|Put|Patch|Delete|Head|Options|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any|Group|Route|Mount|Method|MethodFunc|Path|PathPrefix|Static)$/;
const HTTP_VERB_FUNCTIONS = new Map<string, 'GET' | 'POST' | 'HEAD'>([
  ['http.Get', 'GET'],
  ['http.Post', 'POST'],
  ['http.Head', 'HEAD'],
  ['http.PostForm', 'POST'],
]);
const SDK_RECEIVER = /^(cf|CF|api|API|cfAPI|cfApi|cfClient|CFClient|cloudflare|Cloudflare|cloudflareAPI|cfapi|sdk)$/;
const CLIENT_NAMES = /^(client|httpClient|hc|c\.client|c\.httpClient|c\.http|c\.hc|http\.DefaultClient|cl|api)$/i;
/** gjson's and sjson's calls that take a JSON path (`"result.0.locked"`). */
const JSON_PATH_CALL = /^(?:gjson\.(?:Get|GetBytes)|sjson\.(?:Set|SetBytes|SetRaw|SetRawBytes|Delete|DeleteBytes))$/;

export function readGo(input: GoReadInput): void {
  new GoReader(input).run();
}

class GoReader {
  /** Declarations and keyed values by scope and name, found once (see BindingIndex). */
  private readonly declarations = new BindingIndex(collectDeclarations);
  private readonly keyed = new BindingIndex((root) => collectKeyed(root));
  private functions: Map<string, Node> | undefined;
  private readonly builder: FactsBuilder;
  private readonly resolving = new Set<number>();
  private readonly modules: GoModule[];
  private readonly usesSdk: boolean;
  /** The file imports the SDK's current major versions (`github.com/cloudflare/cloudflare-go/v4`). */
  private readonly usesCurrentSdk: boolean;

  constructor(private readonly input: GoReadInput) {
    this.builder = input.builder;
    this.modules = [input.module, ...input.packageFiles, ...(input.importedFiles ?? [])];
    this.usesSdk =
      !!input.moduleUsesSdk ||
      this.modules.some((module) => /cloudflare-go|cloudflare\.New\w*\(|\*cloudflare\.API\b/.test(module.text));
    this.usesCurrentSdk = /"github\.com\/cloudflare\/cloudflare-go\/v([2-9]|\d\d)"/.test(input.module.text);
  }

  run(): void {
    this.walk(this.input.module.root, { depth: 0 }, true);
    this.headerGroups();
  }

  private walk(node: Node, frame: Frame, emit: boolean, silent?: SilentContext): void {
    switch (node.type) {
      case 'comment':
      case 'type_declaration':
      case 'import_declaration':
      case 'field_declaration_list':
        return;
      case 'function_declaration':
      case 'method_declaration':
      case 'func_literal': {
        const body = node.childForFieldName('body');
        if (body && emit) this.walk(body, { depth: frame.depth, fn: node }, true, silent);
        return;
      }
      case 'interpreted_string_literal':
      case 'raw_string_literal':
        if (emit) this.builder.written(this.stringValue(node), range(node), silent);
        return;
      case 'binary_expression': {
        const operator = node.childForFieldName('operator')?.text;
        if (operator === '+' && node.parent?.type !== 'binary_expression') {
          // `"accounts/" + id + "/tunnels/" + rid`: one written text, as grep reads the line.
          if (emit) this.builder.written(this.literalChain(node), range(node), silent);
          for (const part of plusOperands(node, 'binary_expression'))
            if (part.type !== 'interpreted_string_literal' && part.type !== 'raw_string_literal')
              this.walk(part, frame, emit, silent);
          return;
        }
        if (operator === '==' || operator === '!=') {
          if (!emit) return;
          for (const side of [node.childForFieldName('left'), node.childForFieldName('right')]) {
            if (!side) continue;
            if (side.type === 'int_literal') this.builder.codeCheck(Number(side.text), range(side), this.around(node));
            else this.walk(side, frame, emit, 'comparison');
          }
          return;
        }
        break;
      }
      case 'expression_case': {
        const list = node.childForFieldName('value');
        if (list && emit)
          for (const value of list.namedChildren) if (value) this.walk(value, frame, emit, 'comparison');
        for (const child of node.namedChildren)
          if (child && child.id !== list?.id) this.walk(child, frame, emit, silent);
        return;
      }
      case 'call_expression':
        this.call(node, frame, emit, silent);
        return;
      case 'for_statement': {
        // `for _, p := range []string{"/client/v4/zones/{zone}/filters", …} { mux.HandleFunc(p, gone) }`:
        // the list holds routes the program serves.
        const served = servedRangeList(node);
        for (const child of node.namedChildren)
          if (child) this.walk(child, frame, emit, served && child.type === 'range_clause' ? 'own route' : silent);
        // `for _, id := range []string{"minify", …} { … }` (or a package variable holding the list):
        // the body again for each string of the list, the variable set to it, as in Python.
        if (!served) this.rangeOverStrings(node, frame, silent);
        return;
      }
      case 'keyed_element': {
        const [key, value] = node.namedChildren;
        const name =
          key?.namedChildren[0]?.type === 'identifier' || key?.namedChildren[0]?.type === 'field_identifier'
            ? key.namedChildren[0].text
            : undefined;
        const stringKey = key?.namedChildren[0];
        if (
          emit &&
          stringKey &&
          (stringKey.type === 'interpreted_string_literal' || stringKey.type === 'raw_string_literal')
        )
          this.builder.key(this.stringValue(stringKey), range(stringKey));
        if (value) this.walk(value, frame, emit, name && MESSAGE_KEYS.has(name) ? 'message' : silent);
        return;
      }
      case 'composite_literal':
        if (emit) {
          const object = this.objectOf(node, frame);
          if (object && object.entries.some((entry) => this.builder.watchesKey(entry.key))) this.builder.object(object);
        }
        break;
      case 'selector_expression':
        if (emit) this.fieldRead(node);
        break;
      case 'index_expression': {
        // `data["service"]`, `rec.Data["name"]`: a read of the key under its map.
        const index = node.childForFieldName('index');
        const operand = node.childForFieldName('operand');
        const key =
          index && (index.type === 'interpreted_string_literal' || index.type === 'raw_string_literal')
            ? knownText(this.stringValue(index))
            : undefined;
        // A key read back from a map the function wrote itself (`pool := map[string]any{…}; pool["name"]`)
        // is the program's own data, not what the API answered.
        const ownMap =
          operand?.type === 'identifier' &&
          this.declaration(operand.text, operand, frame)?.value.type === 'composite_literal';
        if (emit && key && operand && !ownMap) {
          const path =
            operand.type === 'selector_expression' || operand.type === 'identifier'
              ? (selectorName(operand) ?? '').split('.')
              : [];
          const names = path.map(snakeCase);
          this.builder.read(
            [...names.slice(-1), key],
            range(index!),
            names.length > 1 ? names[names.length - 2] : undefined,
            this.around(node),
          );
        }
        if (operand) this.walk(operand, frame, emit, silent);
        return;
      }
    }
    for (const child of node.namedChildren) if (child) this.walk(child, frame, emit, silent);
  }

  private call(node: Node, frame: Frame, emit: boolean, silent?: SilentContext): void {
    const fn = node.childForFieldName('function');
    const name = fn ? selectorName(fn) : undefined;
    const args = argumentsOf(node);
    let context = silent;
    if (name && MESSAGE_FUNCTIONS.test(name)) context = 'message';
    if (name && /^strings\.(HasPrefix|HasSuffix|Contains|EqualFold|Index)$/.test(name)) context = 'comparison';
    if (servesRoute(name, args) || this.answers(node, name, args, frame)) context = 'own route';
    if (fn) this.walk(fn, frame, emit, silent);
    for (const arg of args) this.walk(arg, frame, emit, context);
    if (context === 'message' || context === 'own route') return;
    if (emit) this.segmentsFloor(args, context);
    if (emit && name && JSON_PATH_CALL.test(name)) this.jsonPathReads(args, node);
    if (!name) {
      // A method called on what no name shows (`m.(*meta).doJSON(…)`, `c.R().Patch(…)`).
      if (fn?.type === 'selector_expression') {
        const field = fn.childForFieldName('field')?.text;
        if (field && this.functionNamed(field)) this.callWrapper(node, field, args, frame);
        else this.chainedVerb(node, fn, args, frame);
      }
      return;
    }
    this.requestOf(node, name, args, frame);
  }

  /**
   * A member read or written by its JSON path (`gjson.GetBytes(body, "result.notification_email")`,
   * `sjson.SetBytes(doc, "data.service", …)`): the path's names, each with the ones before it.
   */
  private jsonPathReads(args: Node[], node: Node): void {
    const path = args.find((arg) => arg.type === 'interpreted_string_literal' || arg.type === 'raw_string_literal');
    const text = path && knownText(this.stringValue(path));
    if (!path || !text || !/^[A-Za-z_][\w.#]*$/.test(text)) return;
    const names: string[] = [];
    let offset = path.startIndex + 1;
    for (const segment of text.split('.')) {
      if (/^[A-Za-z_]\w*$/.test(segment)) {
        names.push(segment);
        this.builder.read([...names], [offset, offset + segment.length], undefined, this.around(node));
      }
      offset += segment.length + 1;
    }
  }

  /** Runs a `for … range` loop's body once per string of the list it ranges over, the element set to it. */
  private rangeOverStrings(loop: Node, frame: Frame, silent?: SilentContext): void {
    const parts = rangeLoop(loop);
    if (!parts || frame.depth >= MAX_DEPTH) return;
    const { element, body } = parts;
    let list: Node | undefined = parts.list;
    if (list.type === 'identifier') list = this.declaration(list.text, list, frame)?.value;
    if (list?.type !== 'composite_literal' || list.childForFieldName('type')?.type !== 'slice_type') return;
    const items = (list.childForFieldName('body')?.namedChildren ?? []).flatMap((item) => {
      const inner = item?.type === 'literal_element' ? item.namedChildren[0] : item;
      return inner && (inner.type === 'interpreted_string_literal' || inner.type === 'raw_string_literal')
        ? [inner]
        : [];
    });
    if (items.length === 0 || items.length > 32) return;
    for (const item of items) {
      const params = new Map(frame.params ?? []);
      params.set(element, this.stringValue(item));
      this.walk(body, { ...frame, params }, false, silent);
    }
  }

  /**
   * What a handler writes to its `http.ResponseWriter` (`json.NewEncoder(w).Encode(…)`,
   * `fmt.Fprintf(w, …)`, `w.Write(…)`): the program's own answer (a simulator's error body), not
   * what it reads of the API's.
   */
  private answers(node: Node, name: string | undefined, args: readonly Node[], frame: Frame): boolean {
    const fn = node.childForFieldName('function');
    const operand = fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : undefined;
    const encoder =
      operand?.type === 'call_expression' && operand.childForFieldName('function')?.text === 'json.NewEncoder'
        ? argumentsOf(operand)[0]
        : undefined;
    const writer =
      encoder ??
      (name && /^fmt\.Fprint(f|ln)?$/.test(name) ? args[0] : undefined) ??
      (name?.endsWith('.Write') || name?.endsWith('.WriteString') ? operand : undefined);
    if (writer?.type !== 'identifier' || !frame.fn) return false;
    const parameters = frame.fn.childForFieldName('parameters');
    return (
      parameters?.namedChildren.some(
        (parameter) =>
          parameter?.childForFieldName('type')?.text === 'http.ResponseWriter' &&
          parameter.namedChildren.some((child) => child?.type === 'identifier' && child.text === writer.text),
      ) ?? false
    );
  }

  /**
   * A verb at the end of a builder chain (resty's `c.R().SetBody(b).Patch(url)`, `req.Get(url)`): a
   * request by a client the reader does not know, its body the chain's `SetBody`.
   */
  private chainedVerb(node: Node, fn: Node, args: Node[], frame: Frame): void {
    const verb = /^(Get|Post|Put|Patch|Delete|Head)$/.exec(fn.childForFieldName('field')?.text ?? '')?.[1];
    if (!verb || !args[0] || this.functionNamed(verb)) return;
    let body: Node | undefined;
    for (let link = fn.childForFieldName('operand'); link?.type === 'call_expression';) {
      const callee = link.childForFieldName('function');
      if (callee?.type !== 'selector_expression') break;
      if (callee.childForFieldName('field')?.text === 'SetBody') body ??= argumentsOf(link)[0];
      link = callee.childForFieldName('operand');
    }
    const payload = body ? this.bodyObjects(body, frame) : [];
    this.builder.request({
      url: this.value(args[0], frame),
      method: { kind: 'known', method: verb.toUpperCase() as never },
      range: frame.callSite ?? range(node),
      via: 'unknown-client',
      ...(payload.length && payload.every((object) => object.file === undefined) ? { payload } : {}),
    });
  }

  /**
   * Path segments given as separate arguments from an API root on (`url.JoinPath(base, "zones", id,
   * "script_monitor", "scripts")`, `c.get(ctx, "accounts", id, "tunnels")`), read as joined by `/`,
   * as a client that joins them does: written text for the grep floor, as Python's arguments are.
   */
  private segmentsFloor(args: readonly Node[], silent: SilentContext | undefined): void {
    const isString = (arg: Node) => arg.type === 'interpreted_string_literal' || arg.type === 'raw_string_literal';
    const from = args.findIndex((arg) => isString(arg) && this.builder.isApiRoot(knownText(this.stringValue(arg))));
    if (from < 0 || from === args.length - 1) return;
    const segments = args.slice(from);
    this.builder.written(
      joinedSegments(segments.map((arg) => (isString(arg) ? this.stringValue(arg) : [hole()]))),
      [segments[0]!.startIndex, segments[segments.length - 1]!.endIndex],
      silent,
    );
  }

  private requestOf(node: Node, name: string, args: Node[], frame: Frame): void {
    const last = name.split('.').pop()!;
    if (name === 'http.NewRequest' || name === 'http.NewRequestWithContext') {
      const offset = name === 'http.NewRequest' ? 0 : 1;
      const [methodNode, urlNode, bodyNode] = args.slice(offset);
      if (!urlNode) return;
      const payload = bodyNode ? this.bodyObjects(bodyNode, frame) : [];
      this.builder.request({
        url: this.value(urlNode, frame),
        method: methodNode ? methodOf(this.known(methodNode, frame)) : { kind: 'unknown' },
        range: frame.callSite ?? range(node),
        via: 'go-http',
        // A body written in another file (a helper's) is that file's to report.
        ...(payload.length && payload.every((object) => object.file === undefined) ? { payload } : {}),
      });
      return;
    }
    const verb = HTTP_VERB_FUNCTIONS.get(name);
    const receiver = name.slice(0, Math.max(0, name.lastIndexOf('.')));
    if (verb || (/^(Get|Post|Head)$/.test(last) && CLIENT_NAMES.test(receiver))) {
      const urlNode = args[0];
      if (!urlNode) return;
      const payload = args[2] ? this.bodyObjects(args[2], frame) : [];
      this.builder.request({
        url: this.value(urlNode, frame),
        method: { kind: 'known', method: verb ?? (last.toUpperCase() as never) },
        range: frame.callSite ?? range(node),
        via: verb ? 'go-http' : 'unknown-client',
        ...(payload.length && payload.every((object) => object.file === undefined) ? { payload } : {}),
      });
      return;
    }
    const sdk = GO_SDK_METHODS.get(last);
    // The SDK's method, unless the package defines its own of that name and calls it on something not named like the SDK's client.
    const sdkReceiver = receiver !== undefined && SDK_RECEIVER.test(receiver.split('.').pop()!);
    if (sdk && receiver && this.usesSdk && (sdkReceiver || !this.definedHere(last))) {
      this.sdkRequest(node, sdk, args.slice(1), frame);
      return;
    }
    if (this.sdkChainCall(node, name, args, frame)) return;
    if (last === 'Raw' && receiver && this.usesSdk && args.length >= 3) {
      this.builder.request({
        url: concatPatterns([{ kind: 'text', text: '/client/v4' }], this.value(args[2]!, frame)),
        method: methodOf(this.known(args[1]!, frame)),
        range: frame.callSite ?? range(node),
        via: 'sdk',
      });
      return;
    }
    this.callWrapper(node, name, args, frame);
  }

  /**
   * The SDK's current packages (`cloudflare-go/v2` and later) mirror the TypeScript SDK:
   * `client.Firewall.Rules.List(ctx, …)` is `client.firewall.rules.list()`, `ListAutoPaging` the
   * same list, `New` its `create`; a setting id is the argument after `ctx`.
   */
  private sdkChainCall(node: Node, name: string, args: Node[], frame: Frame): boolean {
    const parts = name.split('.');
    if (parts.length < 3 || !this.usesCurrentSdk || !parts.slice(1).every((part) => /^[A-Z]/.test(part))) return false;
    // Run for a caller (a wrapper of this package): the chain is reported where it is written.
    if (frame.callSite) return true;
    const method = parts[parts.length - 1]!.replace(/AutoPaging$/, '');
    const id = args[1] && /string_literal$/.test(args[1].type) ? knownText(this.value(args[1], frame)) : undefined;
    this.builder.sdkCall({
      flavor: 'v4',
      chain: parts.slice(1, -1).map(exportedToCamel),
      method: method === 'New' ? 'create' : exportedToCamel(method),
      args: [id],
      range: range(node),
    });
    return true;
  }

  private definedHere(name: string): boolean {
    return this.modules.some((module) =>
      new RegExp(`^func\\s*(\\([^)]*\\)\\s*)?${name}\\s*\\(`, 'm').test(module.text),
    );
  }

  private sdkRequest(
    node: Node,
    sdk: typeof GO_SDK_METHODS extends ReadonlyMap<string, infer V> ? V : never,
    args: Node[],
    frame: Frame,
  ): void {
    // Run inside a helper called here, the call names nothing but a setting id it passes on: the
    // SDK call is reported where it is written.
    if (frame.callSite && sdk.settingArg === undefined) return;
    const parts: Value[] = [[{ kind: 'text', text: '/client/v4' }]];
    for (const segment of sdk.path.split('/').filter(Boolean)) {
      parts.push([{ kind: 'text', text: '/' }]);
      if (segment === '{}') parts.push([hole()]);
      else if (segment === 'setting' && sdk.settingArg !== undefined) {
        const arg = args[sdk.settingArg];
        parts.push(arg ? this.value(arg, frame) : [hole()]);
      } else parts.push([{ kind: 'text', text: segment }]);
    }
    let payload: ObjectLiteral[] = [];
    const body = sdk.bodyArg !== undefined ? args[sdk.bodyArg] : undefined;
    if (body) {
      const objects = this.literalObjects(body, frame);
      // A params struct wraps the resource (`CreateLoadBalancerPoolParams{LoadBalancer: …}`): its fields are the body too.
      const unwrapped = objects.flatMap((object) => [
        object,
        ...object.entries.flatMap((entry) => (entry.object ? [entry.object] : [])),
      ]);
      payload = sdk.bodyList
        ? [
            {
              range: range(body),
              entries: [{ key: sdk.bodyList, keyRange: range(body), property: range(body), elements: objects }],
            },
          ]
        : unwrapped;
    }
    this.builder.request({
      url: concatPatterns(...parts),
      method: { kind: 'known', method: sdk.method },
      range: frame.callSite ?? range(node),
      via: 'sdk',
      ...(payload.length && payload.every((object) => object.file === undefined) ? { payload } : {}),
    });
  }

  /**
   * A function or method of the package run with the call's arguments (`c.do(ctx, "GET", "/zones/…")`),
   * or a closure the function holds in a variable (`get := func(u string) (*http.Response, error) {…}`).
   */
  private callWrapper(node: Node, name: string, args: Node[], frame: Frame): void {
    if (frame.depth >= MAX_DEPTH) return;
    const target = this.functionNamed(name.split('.').pop()!) ?? this.closureNamed(name, node, frame);
    if (!target || target === frame.fn) return;
    const paramNodes = new Map<string, { node: Node; frame: Frame }>();
    const values = this.bind(target, args, frame, paramNodes);
    const body = target.childForFieldName('body');
    if (body)
      this.walk(
        body,
        { params: values, paramNodes, fn: target, depth: frame.depth + 1, callSite: frame.callSite ?? range(node) },
        false,
      );
  }

  /** The function literal a plain name holds where it is called (`get := func(u string) …; get(url)`). */
  private closureNamed(name: string, at: Node, frame: Frame): Node | undefined {
    if (name.includes('.')) return undefined;
    const value = this.declaration(name, at, frame)?.value;
    return value?.type === 'func_literal' ? value : undefined;
  }

  private functionNamed(name: string): Node | undefined {
    if (!this.functions) {
      // The package's (and its imported packages') functions and methods by name, indexed once.
      this.functions = new Map();
      for (const module of this.modules)
        for (const child of module.root.namedChildren)
          if (child && (child.type === 'function_declaration' || child.type === 'method_declaration')) {
            const fn = child.childForFieldName('name')?.text;
            if (fn !== undefined && !this.functions.has(fn)) this.functions.set(fn, child);
          }
    }
    return this.functions.get(name);
  }

  // --- Values.

  private known(node: Node, frame: Frame): string | undefined {
    return knownText(this.value(node, frame));
  }

  private value(node: Node, frame: Frame, depth = 0): Value {
    if (depth > 12) return [hole()];
    switch (node.type) {
      case 'interpreted_string_literal':
      case 'raw_string_literal':
        return this.stringValue(node);
      case 'int_literal':
        return [{ kind: 'text', text: node.text }];
      case 'parenthesized_expression':
        return node.namedChildren[0] ? this.value(node.namedChildren[0], frame, depth + 1) : [hole()];
      case 'binary_expression': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (node.childForFieldName('operator')?.text !== '+' || !left || !right) return [hole()];
        return concatPatterns(this.value(left, frame, depth + 1), this.value(right, frame, depth + 1));
      }
      case 'identifier':
      case 'selector_expression': {
        const name = selectorName(node);
        if (!name) return [hole()];
        const param = frame.params?.get(name);
        if (param) return param;
        if (/^http\.Method[A-Z][a-z]+$/.test(name))
          return [{ kind: 'text', text: name.slice('http.Method'.length).toUpperCase() }];
        const found = this.declaration(name, node, frame);
        if (found && !this.resolving.has(found.node.id)) {
          this.resolving.add(found.node.id);
          try {
            const scope = found.fn === frame.fn ? frame : { depth: frame.depth };
            return oneOfValues([found, ...(found.branches ?? [])].map((b) => this.value(b.value, scope, depth + 1)));
          } finally {
            this.resolving.delete(found.node.id);
          }
        }
        return [hole({ ref: name })];
      }
      case 'call_expression': {
        const fn = node.childForFieldName('function');
        const name = fn ? selectorName(fn) : undefined;
        const args = argumentsOf(node);
        if (name === 'fmt.Sprintf' && args[0]) {
          let i = 1;
          return replaceInValue(this.value(args[0], frame, depth + 1), /%[-+# 0]*\d*(?:\.\d+)?[svdqx]/g, () => {
            const arg = args[i++];
            return arg ? this.value(arg, frame, depth + 1) : [hole()];
          });
        }
        if ((name === 'url.JoinPath' || name === 'path.Join') && args.length) {
          const values = args
            .filter((arg) => arg.type !== 'variadic_argument')
            .map((arg) => this.value(arg, frame, depth + 1));
          return values.slice(1).reduce((joined, next) => joinValues(joined, next), values[0]!);
        }
        if (name === 'strings.Join' && args[0]?.type === 'composite_literal' && args[1]) {
          const separator = this.known(args[1], frame) ?? '/';
          const items = (args[0].childForFieldName('body')?.namedChildren ?? [])
            .filter((c): c is Node => !!c)
            .map((c) => this.value(c.namedChildren[0] ?? c, frame, depth + 1));
          return concatPatterns(
            ...items.flatMap((item, k) => (k === 0 ? [item] : [[{ kind: 'text' as const, text: separator }], item])),
          );
        }
        if (
          (name === 'url.PathEscape' ||
            name === 'url.QueryEscape' ||
            name === 'string' ||
            name === 'url.Parse' ||
            name === 'url.ParseRequestURI') &&
          args[0]
        )
          return this.value(args[0], frame, depth + 1);
        // `base.ResolveReference(ref).String()`, `u.String()`: the URL a `*url.URL` holds, the
        // reference joined to its base (a base ending in `/` and a relative path, as clients write it).
        const method = fn?.type === 'selector_expression' ? fn.childForFieldName('field')?.text : undefined;
        const operand = fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : undefined;
        if (method === 'String' && args.length === 0 && operand?.type === 'call_expression')
          return this.value(operand, frame, depth + 1);
        if (method === 'ResolveReference' && operand && args[0])
          return joinValues(this.value(operand, frame, depth + 1), this.value(args[0], frame, depth + 1));
        if (name) return this.returned(name.split('.').pop()!, args, frame, depth);
        return [hole()];
      }
      default:
        return [hole()];
    }
  }

  /** What a function of the package returns, run with the call's arguments (`c.zonePath(id) + suffix`). */
  private returned(name: string, args: Node[], frame: Frame, depth: number): Value {
    const target = frame.depth < MAX_DEPTH ? this.functionNamed(name) : undefined;
    if (!target || target === frame.fn) return [hole()];
    let expression: Node | undefined;
    const visit = (node: Node): void => {
      if (expression || node.type === 'func_literal') return;
      if (node.type === 'return_statement')
        expression = node.namedChildren[0]?.namedChildren[0] ?? node.namedChildren[0] ?? undefined;
      for (const child of node.namedChildren) if (child) visit(child);
    };
    const body = target.childForFieldName('body');
    if (body) visit(body);
    if (!expression) return [hole()];
    return this.value(
      expression,
      { params: this.bind(target, args, frame), fn: target, depth: frame.depth + 1 },
      depth + 1,
    );
  }

  private bind(
    target: Node,
    args: Node[],
    frame: Frame,
    nodes?: Map<string, { node: Node; frame: Frame }>,
  ): Map<string, Value> {
    const values = new Map<string, Value>();
    let index = 0;
    for (const declaration of target.childForFieldName('parameters')?.namedChildren ?? []) {
      if (!declaration) continue;
      const names = declaration.childrenForFieldName('name').filter((n): n is Node => !!n);
      for (const param of names.length ? names : [undefined]) {
        const arg = args[index++];
        if (param && arg) {
          values.set(param.text, this.value(arg, frame));
          nodes?.set(param.text, { node: arg, frame });
        }
      }
    }
    return values;
  }

  /** A `+` chain's text as written: literals, and holes for the rest. */
  private literalChain(node: Node): Value {
    return concatPatterns(
      ...plusOperands(node, 'binary_expression').map((part) =>
        part.type === 'interpreted_string_literal' || part.type === 'raw_string_literal'
          ? this.stringValue(part)
          : [hole()],
      ),
    );
  }

  private stringValue(node: Node): Value {
    if (node.type === 'raw_string_literal')
      return writtenValue(node.text.slice(1, -1), node.startIndex + 1, true, this.fileKey(node));
    const inner = node.text.slice(1, -1);
    return writtenValue(
      inner.replace(/\\(["\\/])/g, '$1'),
      node.startIndex + 1,
      !inner.includes('\\'),
      this.fileKey(node),
    );
  }

  private fileKey(node: Node): string | undefined {
    const module = this.modules.find((candidate) => candidate.root.tree === node.tree);
    return module && module !== this.input.module ? module.key : undefined;
  }

  /** A name's value: a local (`u := …`), a package constant or variable of any file of the package. */
  private declaration(
    name: string,
    at: Node,
    frame: Frame,
  ): { node: Node; value: Node; fn?: Node; branches?: Binding[] } | undefined {
    if (frame.fn && !name.includes('.')) {
      const local = this.declarations.find(frame.fn, name, at);
      if (local) return { ...local, fn: frame.fn };
    }
    let current: Node | null = at;
    while (current && current.type !== 'function_declaration' && current.type !== 'method_declaration')
      current = current.parent;
    if (current && current !== frame.fn && !name.includes('.')) {
      const local = this.declarations.find(current, name, at);
      if (local) return { ...local, fn: current };
    }
    const simple = name.startsWith('c.') || name.startsWith('s.') ? undefined : name;
    for (const module of this.modules) {
      const found = this.declarations.find(module.root, simple ?? name, undefined, 'top');
      if (found) return found;
    }
    // A struct field set where the client is made (`&Client{baseURL: "https://…"}`): any keyed element of that name.
    const field = name.split('.').pop()!;
    for (const module of this.modules) {
      const found = this.keyed.find(module.root, field, undefined);
      if (found) return found;
    }
    return undefined;
  }

  // --- Objects.

  private bodyObjects(node: Node, frame: Frame, depth = 0): ObjectLiteral[] {
    if (depth > 6) return [];
    if (node.type === 'call_expression') {
      const name = selectorName(node.childForFieldName('function')!);
      const first = argumentsOf(node)[0];
      if (!first) return [];
      if (name === 'strings.NewReader' || name === 'bytes.NewBufferString')
        return objectsInJsonText(this.value(first, frame));
      if (name === 'bytes.NewBuffer' || name === 'bytes.NewReader' || name === 'json.Marshal')
        return this.bodyObjects(first, frame, depth + 1);
      if (name === '[]byte') return objectsInJsonText(this.value(first, frame));
      return [];
    }
    if (node.type === 'type_conversion_expression') {
      const operand = node.childForFieldName('operand');
      return operand ? objectsInJsonText(this.value(operand, frame)) : [];
    }
    return this.literalObjects(node, frame, depth);
  }

  /** Struct and map literals a value holds: written here, or in the declaration of a name (`payload := map…`, `b, _ := json.Marshal(p)`). */
  private literalObjects(node: Node, frame: Frame, depth = 0): ObjectLiteral[] {
    if (depth > 6) return [];
    if (node.type === 'unary_expression')
      return node.namedChildren[0] ? this.literalObjects(node.namedChildren[0], frame, depth + 1) : [];
    if (node.type === 'composite_literal') {
      const object = this.objectOf(node, frame);
      if (!object) return [];
      // A slice of structs (`[]cloudflare.ZoneSetting{{ID: "brotli"}}`) is its elements.
      if (node.childForFieldName('type')?.type === 'slice_type')
        return object.entries.length ? [object] : (this.elementsOf(node, frame) ?? []);
      return [object];
    }
    if (node.type === 'identifier') {
      const passed = frame.paramNodes?.get(node.text);
      if (passed) return this.literalObjects(passed.node, passed.frame, depth + 1);
      const found = this.declaration(node.text, node, frame);
      const objects: ObjectLiteral[] = [];
      if (found)
        objects.push(
          ...(found.value.type === 'call_expression'
            ? this.bodyObjects(found.value, frame, depth + 1)
            : this.literalObjects(found.value, frame, depth + 1)),
        );
      // `batch = append(batch, cloudflare.ZoneSetting{…})` or `json.NewEncoder(&buf).Encode(v)` in the same function.
      for (const written of this.writtenInto(node)) objects.push(...this.literalObjects(written, frame, depth + 1));
      return objects;
    }
    if (node.type === 'call_expression') {
      if (node.childForFieldName('function')?.text === 'append')
        return argumentsOf(node).flatMap((arg) => this.literalObjects(arg, frame, depth + 1));
      return this.bodyObjects(node, frame, depth + 1);
    }
    return [];
  }

  /**
   * The values written into a name in the function that uses it: appended to a slice (`x = append(x, v…)`) or
   * encoded into a buffer (`json.NewEncoder(&buf).Encode(v)`, as a helper that takes `in any` does).
   */
  private writtenInto(use: Node): Node[] {
    let fn: Node | null = use;
    while (fn && fn.type !== 'function_declaration' && fn.type !== 'method_declaration' && fn.type !== 'func_literal')
      fn = fn.parent;
    if (!fn) return [];
    const values: Node[] = [];
    const visit = (node: Node): void => {
      if (node.type === 'assignment_statement') {
        const left = node.childForFieldName('left')?.namedChildren[0];
        const right = node.childForFieldName('right')?.namedChildren[0];
        if (
          left?.text === use.text &&
          right?.type === 'call_expression' &&
          right.childForFieldName('function')?.text === 'append'
        )
          values.push(...argumentsOf(right).slice(1));
      }
      if (node.type === 'call_expression') {
        const encoder = node.childForFieldName('function');
        const made = encoder?.type === 'selector_expression' ? encoder.childForFieldName('operand') : undefined;
        const target = made?.type === 'call_expression' ? argumentsOf(made)[0] : undefined;
        if (
          encoder?.childForFieldName('field')?.text === 'Encode' &&
          made?.childForFieldName('function')?.text === 'json.NewEncoder' &&
          (target?.type === 'unary_expression' ? target.namedChildren[0] : target)?.text === use.text
        )
          values.push(...argumentsOf(node).slice(0, 1));
      }
      for (const child of node.namedChildren) if (child) visit(child);
    };
    visit(fn);
    return values;
  }

  private elementsOf(node: Node, frame: Frame): ObjectLiteral[] | undefined {
    const body = node.childForFieldName('body');
    return body?.namedChildren
      .filter((c): c is Node => !!c && c.type === 'literal_element')
      .flatMap((element) => {
        const inner = element.namedChildren[0];
        if (inner?.type === 'literal_value') return [this.entriesOf(inner, frame, range(inner))];
        if (inner?.type === 'composite_literal') return this.literalObjects(inner, frame);
        return [];
      });
  }

  private objectOf(node: Node, frame: Frame): ObjectLiteral | undefined {
    const body = node.childForFieldName('body');
    if (!body) return undefined;
    return this.entriesOf(body, frame, range(node));
  }

  private entriesOf(body: Node, frame: Frame, at: Range): ObjectLiteral {
    const file = this.fileKey(body);
    const entries: ObjectEntry[] = [];
    for (const element of body.namedChildren) {
      if (element?.type !== 'keyed_element') continue;
      const [keyElement, valueElement] = element.namedChildren;
      const key = keyElement?.namedChildren[0] ?? keyElement;
      const value = valueElement?.namedChildren[0] ?? valueElement;
      if (!key || !value) continue;
      const name =
        key.type === 'interpreted_string_literal' || key.type === 'raw_string_literal'
          ? knownText(this.stringValue(key))
          : key.type === 'identifier' || key.type === 'field_identifier'
            ? snakeCase(key.text)
            : undefined;
      if (name === undefined) continue;
      const entry: ObjectEntry = { key: name, keyRange: range(key), property: range(element) };
      if (value.type === 'composite_literal') {
        if (value.childForFieldName('type')?.type === 'slice_type')
          entry.elements = this.elementsOf(value, frame) ?? [];
        else entry.object = this.objectOf(value, frame)!;
      } else if (value.type === 'literal_value') entry.object = this.entriesOf(value, frame, range(value));
      else if (value.type === 'unary_expression' && value.namedChildren[0]?.type === 'composite_literal')
        entry.object = this.objectOf(value.namedChildren[0], frame)!;
      else entry.value = this.value(value, frame);
      entries.push(entry);
    }
    return { range: at, entries, ...(file !== undefined ? { file } : {}) };
  }

  // --- Reads and headers.

  /** `rec.Locked`, `pool.NotificationEmail`, `e.ErrorChain`: a read of the field in the API's spelling. */
  private fieldRead(node: Node): void {
    const parent = node.parent;
    // `NotificationEmail: spec.NotificationEmail`: the program's own value copied into a payload (the write is the usage).
    const element = parent?.type === 'literal_element' ? parent.parent : undefined;
    const fieldName = node.childForFieldName('field')?.text;
    if (element?.type === 'keyed_element' && element.namedChildren[0]?.text === fieldName) return;
    // `pool.NotificationEmail = spec.NotificationEmail`: the same, as an assignment.
    const assignment = parent?.type === 'expression_list' ? parent.parent : undefined;
    if (
      assignment?.type === 'assignment_statement' &&
      assignment.childForFieldName('right')?.equals(parent!) &&
      assignment
        .childForFieldName('left')
        ?.namedChildren.some(
          (left) => left?.type === 'selector_expression' && left.childForFieldName('field')?.text === fieldName,
        )
    )
      return;
    if (parent?.type === 'selector_expression' && parent.childForFieldName('operand')?.equals(node)) return;
    if (parent?.type === 'call_expression' && parent.childForFieldName('function')?.equals(node)) return;
    if (
      parent?.type === 'assignment_statement' &&
      parent.childForFieldName('left')?.namedChildren.some((c) => c?.equals(node))
    )
      return;
    const path: string[] = [];
    let current: Node | null = node;
    let field: Node | undefined;
    while (current?.type === 'selector_expression') {
      const name = current.childForFieldName('field');
      if (name) {
        path.unshift(snakeCase(name.text));
        field ??= name;
      }
      current = current.childForFieldName('operand');
    }
    if (!field) return;
    const receiver =
      current?.type === 'identifier'
        ? current.text
        : current?.type === 'index_expression'
          ? current.childForFieldName('operand')?.text
          : undefined;
    this.builder.read(path, range(field), receiver, this.around(node));
  }

  /** `req.Header.Set("Transfer-Encoding", …)` calls on one request, and `http.Header{…}` literals. */
  private headerGroups(): void {
    const byReceiver = new Map<string, Array<{ name: string; range: Range }>>();
    const visit = (node: Node, fn: string): void => {
      if (node.type === 'function_declaration' || node.type === 'method_declaration') fn = String(node.id);
      if (node.type === 'call_expression') {
        const name = selectorName(node.childForFieldName('function')!) ?? '';
        const found = /^(.+)\.Header\.(Set|Add)$/.exec(name);
        const first = argumentsOf(node)[0];
        const header =
          first && (first.type === 'interpreted_string_literal' || first.type === 'raw_string_literal')
            ? knownText(this.stringValue(first))
            : undefined;
        if (found && header) {
          const key = `${fn}:${found[1]}`;
          byReceiver.set(key, [...(byReceiver.get(key) ?? []), { name: header, range: range(first!) }]);
        }
      }
      if (node.type === 'composite_literal' && /Header$/.test(node.childForFieldName('type')?.text ?? '')) {
        const object = this.objectOf(node, { depth: 0 });
        if (object)
          this.builder.headers(
            object.entries.map((entry) => ({ name: entry.key, range: entry.keyRange })),
            true,
          );
      }
      for (const child of node.namedChildren) if (child) visit(child, fn);
    };
    visit(this.input.module.root, '');
    for (const headers of byReceiver.values()) this.builder.headers(headers, true);
  }

  /** The code around a node (its function), also in the API's spelling (`ListDNSRecords` names `dns_records`). */
  private around(node: Node): string {
    let current: Node | null = node;
    while (current && current.type !== 'function_declaration' && current.type !== 'method_declaration')
      current = current.parent;
    const text = (current ?? this.input.module.root).text;
    // The paths the SDK methods it calls request (`ListDNSRecords` reads `/zones/{}/dns_records`).
    const sdkPaths = [...text.matchAll(/\.([A-Z]\w+)\(/g)].map(
      (found) => GO_SDK_READS.get(found[1]!) ?? GO_SDK_METHODS.get(found[1]!)?.path ?? '',
    );
    return `${text}\n${text.replace(/[A-Z][A-Za-z0-9]+/g, (word) => snakeCase(word))}\n${sdkPaths.join('\n')}`;
  }
}

/**
 * Every declaration of a scope by the name it binds (`const`/`var` specs, `:=`, `=`); `top`: the
 * package level only, not inside functions.
 */
function collectDeclarations(scope: Node, mode: string): Map<string, Binding[]> {
  const index = new Map<string, Binding[]>();
  const consider = (node: Node, names: Node[], values: Node[]) =>
    names.forEach((candidate, i) => {
      const name = selectorName(candidate);
      const value = values[i] ?? values[0];
      if (name !== undefined && value) addBinding(index, name, { node, value });
    });
  const visit = (node: Node, depth: number): void => {
    if (node.type === 'const_spec' || node.type === 'var_spec') {
      const names = node.childrenForFieldName('name').filter((n): n is Node => !!n);
      const values = (node.childForFieldName('value')?.namedChildren ?? []).filter((n): n is Node => !!n);
      consider(node, names, values);
    } else if (node.type === 'short_var_declaration' || node.type === 'assignment_statement') {
      const names = (node.childForFieldName('left')?.namedChildren ?? []).filter((n): n is Node => !!n);
      const values = (node.childForFieldName('right')?.namedChildren ?? []).filter((n): n is Node => !!n);
      consider(node, names, values);
    }
    if (mode === 'top' && depth > 0 && (node.type === 'function_declaration' || node.type === 'method_declaration'))
      return;
    for (const child of node.namedChildren) if (child) visit(child, depth + 1);
  };
  visit(scope, 0);
  return index;
}

/** String-like values of keyed elements (`&Client{baseURL: "https://…"}`), by key, the first of each. */
function collectKeyed(root: Node): Map<string, Binding[]> {
  const index = new Map<string, Binding[]>();
  const visit = (node: Node): void => {
    if (node.type === 'keyed_element') {
      const [key, value] = node.namedChildren;
      const inner = value?.namedChildren[0] ?? value;
      if (
        key &&
        !index.has(key.text) &&
        inner &&
        (inner.type === 'interpreted_string_literal' ||
          inner.type === 'raw_string_literal' ||
          inner.type === 'binary_expression' ||
          inner.type === 'identifier')
      )
        index.set(key.text, [{ node, value: inner }]);
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return index;
}

/** `a.b.c` of an identifier or selector chain. */
function selectorName(node: Node): string | undefined {
  if (node.type === 'identifier' || node.type === 'field_identifier' || node.type === 'package_identifier')
    return node.text;
  if (node.type === 'selector_expression') {
    const operand = node.childForFieldName('operand');
    const field = node.childForFieldName('field');
    const inner = operand ? selectorName(operand) : undefined;
    return inner && field ? `${inner}.${field.text}` : undefined;
  }
  if (node.type === 'slice_type' || node.type === 'array_type')
    return `[]${node.childForFieldName('element')?.text ?? ''}`;
  return undefined;
}

/** `r.Get("/zones/…", handler)`, `mux.HandleFunc(p, h)`, `http.HandleFunc(p, h)`: a route the program serves. */
function servesRoute(name: string | undefined, args: readonly Node[]): boolean {
  if (name === 'http.HandleFunc' || name === 'http.Handle') return true;
  const last = name?.split('.').pop();
  const receiver = name?.includes('.') ? name.slice(0, name.lastIndexOf('.')) : undefined;
  const handler = (arg: Node) =>
    arg.type === 'func_literal' ||
    arg.type === 'identifier' ||
    arg.type === 'selector_expression' ||
    arg.type === 'call_expression';
  return (
    last !== undefined &&
    ROUTE_METHODS.test(last) &&
    receiver !== 'http' &&
    !HTTP_VERB_FUNCTIONS.has(name!) &&
    args.length >= 2 &&
    // gin's `r.POST(path, h)`; chi's `r.Get(path, h)` takes two arguments (a client's `Post` takes a content type).
    (/^[A-Z]+$/.test(last) ? args.slice(1).some(handler) : args.length === 2 && handler(args[1]!)) &&
    !CLIENT_NAMES.test(receiver ?? '')
  );
}

/** A `for i, x := range list { … }` loop's element variable, list and body (none for `for i := range`). */
function rangeLoop(loop: Node): { element: string; list: Node; body: Node } | undefined {
  const clause = loop.namedChildren.find((child) => child?.type === 'range_clause');
  const names = clause?.childForFieldName('left')?.namedChildren ?? [];
  // Over a slice, `for i, p := range` names the element second; `for p := range` names the index.
  const element = names.length === 2 ? names[1]?.text : undefined;
  const list = clause?.childForFieldName('right');
  const body = loop.childForFieldName('body');
  return element && element !== '_' && list && body ? { element, list, body } : undefined;
}

/** Whether a `for … range` loop's body serves each element of the list it ranges over as a route. */
function servedRangeList(loop: Node): boolean {
  const parts = rangeLoop(loop);
  if (!parts) return false;
  const { element, body } = parts;
  const serves = (node: Node): boolean => {
    if (node.type === 'call_expression') {
      const fn = node.childForFieldName('function');
      const args = argumentsOf(node);
      if (args[0]?.text === element && servesRoute(fn ? selectorName(fn) : undefined, args)) return true;
    }
    return node.namedChildren.some((child) => !!child && serves(child));
  };
  return serves(body);
}
