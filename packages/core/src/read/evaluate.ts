import type { TSESTree } from '@typescript-eslint/types';
import {
  anyOfTexts,
  branchesHole,
  concatPatterns,
  hole,
  joinUrl,
  sizeOfPart,
  sliceText,
  substituteParams,
  text,
  type PatternPart,
} from '../url/pattern.js';
import { isFunctionNode, memberChain, propertyKeyName, rangeOf, startOf, unwrap, type Node } from './ast.js';
import { appendsBefore, isAppendedTo } from './appends.js';
import { ANY_KEY, CALLED, type Range } from '../facts.js';
import { lookup, type ClassInfo, type FunctionInfo, type Scope, type ScopeIndex } from './scope.js';
import { httpClientNamed, httpClientOfModule, type HttpClientModel } from './knowledge/http-clients.js';
import { sdkClientOfModule, sdkFlavorMade, type SdkFlavor } from './knowledge/sdk-clients.js';
import {
  globalConstructorEffect,
  globalFunctionEffect,
  methodEffect,
  moduleFunctionEffect,
  type MethodReceiver,
  type StringEffect,
  TEMPLATE_FILLERS,
} from './knowledge/string-functions.js';
import { fillNamedPlaceholders, hasNamedPlaceholder } from '../url/placeholders.js';
import { iteratedPatterns } from './element-params.js';
import { isPlaceholder, isRelativeModule, UNKNOWN, type Value } from './values.js';
import { admitValue, noteCutPlace, valuesCut } from '../url/budget.js';

const MAX_DEPTH = 40;

/**
 * Evaluates expressions to abstract values within one file. Identifiers resolve through the
 * file's scopes; imports become module references that the scanner resolves across files.
 */
/** The memo's mark of an expression being evaluated: read again inside itself, it is unknown. */
const IN_PROGRESS: Value = { kind: 'unknown' };

export class Evaluator {
  /** Each expression's value once evaluated, `IN_PROGRESS` while it is (one map lookup per call). */
  private readonly memo = new Map<Node, Value>();
  /** A map's value read with a key the file does not show, by the map's object literal. */
  private readonly anyValue = new Map<TSESTree.ObjectExpression, Value>();
  private depth = 0;

  constructor(
    readonly index: ScopeIndex,
    readonly source: string,
    /** Whether a module specifier names a module of the project (relative, or a workspace package or alias the scanner found). */
    readonly isProjectModule: (source: string) => boolean = isRelativeModule,
  ) {}

  scopeOf(node: Node): Scope {
    return this.index.scopeOf.get(node) ?? this.index.program;
  }

  value(input: Node, scope: Scope): Value {
    const node = unwrap(input);
    const cached = this.memo.get(node);
    if (cached === IN_PROGRESS) return UNKNOWN;
    if (cached) return cached;
    if (this.depth > MAX_DEPTH) return UNKNOWN;
    this.memo.set(node, IN_PROGRESS);
    this.depth++;
    const cutsBefore = valuesCut();
    let result: Value | undefined;
    try {
      result = this.compute(node, scope);
      // The place only when a value was cut: a range is a new array on oxc's tree (start/end only).
      if (valuesCut() !== cutsBefore) noteCutPlace(cutsBefore, startOf(node));
      return result;
    } finally {
      this.depth--;
      if (result) this.memo.set(node, result);
      else this.memo.delete(node);
    }
  }

  /** The global a node names, as a dotted name (`Object.assign`, `JSON.stringify`); '' for anything else. */
  globalName(node: Node, scope: Scope): string {
    const value = this.value(node, scope);
    return value.kind === 'global' ? [value.name, ...value.path].join('.') : '';
  }

  pattern(node: Node, scope: Scope): PatternPart[] {
    const value = this.value(node, scope);
    const pattern = this.asPattern(value);
    // An expression the file cannot resolve keeps its place, for the scanner's type-checked pass.
    if (value.kind !== 'string' && pattern.length === 1 && pattern[0]!.kind === 'hole')
      return [{ ...pattern[0]!, range: rangeOf(unwrap(node)) }];
    return pattern;
  }

  asPattern(value: Value): PatternPart[] {
    switch (value.kind) {
      case 'string':
        return value.pattern;
      case 'param':
        return value.path.length === 0 ? [hole({ param: value.index, fn: value.fn.id })] : [hole()];
      case 'module':
        return [hole({ from: { source: value.source, path: value.path } })];
      case 'global':
        return [hole({ ref: value.name, member: value.path })];
      default:
        return [hole()];
    }
  }

  private compute(node: Node, scope: Scope): Value {
    switch (node.type) {
      case 'Literal':
        if (typeof node.value === 'string') {
          const written = rangeOf(node);
          const [start, end] = written;
          const raw = this.source.slice(start + 1, end - 1);
          const origin = { start: start + 1, exact: raw === node.value, written };
          return { kind: 'string', pattern: [text(node.value, origin)] };
        }
        if (typeof node.value === 'number' || typeof node.value === 'boolean')
          return { kind: 'string', pattern: [text(String(node.value))] };
        return UNKNOWN;
      // `path\`/zones/${id}/firewall/rules\``, `String.raw\`…\``: whatever a tag does to the values,
      // the text written between them is the path.
      case 'TaggedTemplateExpression':
        return { kind: 'string', pattern: this.templatePattern(node.quasi, scope) };
      case 'TemplateLiteral':
        return { kind: 'string', pattern: this.templatePattern(node, scope) };
      case 'BinaryExpression':
        if (node.operator !== '+') return UNKNOWN;
        return {
          kind: 'string',
          pattern: concatPatterns(this.pattern(node.left, scope), this.pattern(node.right, scope)),
        };
      case 'Identifier':
        return this.appended(node, this.identifier(node.name, scope), scope);
      case 'ThisExpression':
        if (scope.thisObject) return { kind: 'object', node: scope.thisObject.node, scope: scope.thisObject.scope };
        return scope.cls ? { kind: 'instance', cls: scope.cls } : UNKNOWN;
      case 'MemberExpression': {
        const object = this.value(node.object, scope);
        const name = propertyKeyName(node.property, node.computed);
        if (name === undefined && node.computed) return this.computedMember(object, node.property, scope);
        return name === undefined ? UNKNOWN : this.member(object, name);
      }
      case 'ConditionalExpression': {
        const options = [this.value(node.consequent, scope), this.value(node.alternate, scope)];
        const texts = this.choice(options);
        if (texts.kind !== 'unknown') return texts;
        // `id ? \`…/accounts/${id}/billing/profile\` : \`…/user/billing/profile\``: both kept, each with its holes.
        return options.every((option) => option.kind === 'string')
          ? { kind: 'string', pattern: [branchesHole(options.map((option) => this.asPattern(option)))] }
          : texts;
      }
      case 'LogicalExpression': {
        const left = this.value(node.left, scope);
        if (left.kind !== 'unknown' && left.kind !== 'global') return left;
        // `process.env.CF_API_BASE ?? 'https://api…'`: the fallback is the only value the code shows.
        // An empty fallback (`parts[2] ?? ''`) says nothing about the value: keep it unknown.
        const right = this.value(node.right, scope);
        return right.kind === 'string' && right.pattern.some((part) => part.kind !== 'text' || part.text !== '')
          ? right
          : left;
      }
      case 'ObjectExpression':
        return { kind: 'object', node, scope };
      case 'ArrayExpression':
        return { kind: 'array', node, scope };
      case 'FunctionExpression':
      case 'ArrowFunctionExpression': {
        const fn = this.index.functionOf.get(node);
        return fn ? { kind: 'function', fn } : UNKNOWN;
      }
      case 'ClassExpression': {
        const cls = this.index.classOf.get(node);
        return cls ? { kind: 'class', cls } : UNKNOWN;
      }
      case 'CallExpression':
        return this.callValue(node, scope);
      case 'NewExpression':
        return this.newValue(node, scope);
      default:
        return UNKNOWN;
    }
  }

  private templatePattern(node: TSESTree.TemplateLiteral, scope: Scope): PatternPart[] {
    const parts: PatternPart[][] = [];
    node.quasis.forEach((quasi, i) => {
      const cooked = quasi.value.cooked ?? quasi.value.raw;
      // Quasi ranges include the delimiters for some parsers and not for others: find the raw text.
      const at = this.source.indexOf(quasi.value.raw, startOf(quasi));
      const written: Range = [at, at + quasi.value.raw.length];
      const origin = { start: at, exact: quasi.value.raw === cooked, written };
      parts.push([text(cooked, at >= 0 ? origin : undefined)]);
      const expression = node.expressions[i];
      if (expression) parts.push(this.pattern(expression, scope));
    });
    return concatPatterns(...parts);
  }

  /** A variable's value where it is read, with what `+=` appended to it before (see appendsBefore). */
  private appended(node: TSESTree.Identifier, value: Value, scope: Scope): Value {
    if (!isAppendedTo(this.index, node.name)) return value;
    const binding = lookup(scope, node.name);
    if (binding?.kind !== 'value') return value;
    // `let count = 0; count += n`: arithmetic, not text.
    if (binding.init?.type === 'Literal' && typeof binding.init.value === 'number') return value;
    const appends = appendsBefore(this.index, binding, rangeOf(node)[0], scope);
    if (!appends?.length) return value;
    const pieces = appends.map((append) => this.pattern(append.right, this.scopeOf(append)));
    return { kind: 'string', pattern: concatPatterns(this.asPattern(value), ...pieces) };
  }

  identifier(name: string, scope: Scope): Value {
    const binding = lookup(scope, name);
    if (!binding) {
      if (name === 'undefined') return UNKNOWN;
      return { kind: 'global', name, path: [] };
    }
    switch (binding.kind) {
      case 'value': {
        if (!binding.init) return binding.iterates ? this.iterated(binding.iterates, binding) : UNKNOWN;
        let value = this.value(binding.init, binding.scope);
        for (const key of binding.path) value = this.member(value, key);
        // `const ZONE_ID = 'YOUR_ZONE_ID'` (or `''`) stands for an id the code does not hold.
        if (value.kind === 'string' && value.pattern.length <= 1 && isPlaceholder(value.pattern[0]))
          return { kind: 'string', pattern: [hole()] };
        return value;
      }
      case 'param': {
        const param = binding.fn.params[binding.index];
        const flavor = param?.typeName ? this.sdkTypedFlavor(param.typeName, binding.fn.scope) : undefined;
        if (flavor) return { kind: 'sdk', flavor, chain: [] };
        // A constructor's default is the value the class is written for (`base = API_BASE`).
        if (binding.fn.isConstructor && param?.default && binding.path.length === 0)
          return this.value(param.default, binding.fn.scope);
        return { kind: 'param', fn: binding.fn, index: binding.index, path: binding.path };
      }
      case 'function':
        return { kind: 'function', fn: binding.fn };
      case 'class':
        return { kind: 'class', cls: binding.cls };
      case 'import':
        return { kind: 'module', source: binding.binding.source, path: [binding.binding.imported] };
    }
  }

  /**
   * A `for…of` variable: any of the values the loop walks, when the file spells them out
   * (`for (const [id, value] of Object.entries(TOGGLES))` → each key, where it is written).
   */
  private iterated(iterable: Node, binding: { path: readonly string[]; scope: Scope }): Value {
    const patterns = iteratedPatterns(iterable, binding.path, binding.scope, this);
    if (!patterns?.length) return UNKNOWN;
    return { kind: 'string', pattern: patterns.length === 1 ? patterns[0]! : [branchesHole(patterns)] };
  }

  member(object: Value, name: string): Value {
    switch (object.kind) {
      case 'object': {
        const property = findProperty(object.node, name);
        if (!property) return UNKNOWN;
        if (property.type === 'Property' && isFunctionNode(property.value)) {
          const fn = this.index.functionOf.get(property.value);
          if (fn && property.kind === 'get') return this.returnValue(fn, [], fn.scope);
          return fn ? { kind: 'function', fn } : UNKNOWN;
        }
        return this.value(property.value, object.scope);
      }
      case 'module':
        return { kind: 'module', source: object.source, path: [...object.path, name] };
      case 'global':
        return { kind: 'global', name: object.name, path: [...object.path, name] };
      case 'param':
        return { ...object, path: [...object.path, name] };
      case 'string': {
        // `(await EdgeClient.fromStorage()).setSetting`: a member of what another module's function
        // returns; the scanner reads it where the function is a factory of its class (`()` marks the call).
        const only = object.pattern.length === 1 ? object.pattern[0] : undefined;
        return only?.kind === 'hole' && only.from && only.args
          ? { kind: 'module', source: only.from.source, path: [...only.from.path, CALLED, name] }
          : UNKNOWN;
      }
      case 'sdk':
        return { ...object, chain: [...object.chain, name] };
      case 'instance':
      case 'class':
        // Static members share the maps with instance members: a name is one or the other.
        return this.classMember(object.cls, name);
      default:
        return UNKNOWN;
    }
  }

  classMember(cls: ClassInfo, name: string, depth = 0): Value {
    const method = cls.methods.get(name);
    // `this.poolsPath` of `get poolsPath() { return \`/accounts/${…}/load_balancers/pools\` }`: what it returns.
    if (method?.isGetter) return this.returnValue(method, [], method.scope);
    if (method) return { kind: 'function', fn: method, receiver: cls };
    const field = cls.fields.get(name);
    if (!field) return this.inheritedMember(cls, name, depth);
    const flavor = field.typeName ? this.sdkTypedFlavor(field.typeName, field.scope) : undefined;
    if (flavor) return { kind: 'sdk', flavor, chain: [] };
    if (field.value) return this.value(field.value, field.scope);
    if (field.fromParam) return { kind: 'param', fn: field.fromParam.fn, index: field.fromParam.index, path: [] };
    return UNKNOWN;
  }

  /** A member the class does not define, from the class it extends (in this file or another module). */
  private inheritedMember(cls: ClassInfo, name: string, depth: number): Value {
    if (!cls.superClass || depth > MAX_DEPTH) return UNKNOWN;
    const base = this.value(cls.superClass.node, cls.superClass.scope);
    if (base.kind === 'class') return this.classMember(base.cls, name, depth + 1);
    if (base.kind === 'module' && this.isProjectModule(base.source)) return this.member(base, name);
    return UNKNOWN;
  }

  /** `SETTINGS[key]` with an unknown key: any of the map's string values. */
  private computedMember(object: Value, key: Node, scope: Scope): Value {
    const keyValue = this.value(key, scope);
    if (keyValue.kind === 'string' && keyValue.pattern.length === 1 && keyValue.pattern[0]!.kind === 'text')
      return this.member(object, keyValue.pattern[0]!.text);
    // An imported map read with an unknown key: the scanner substitutes any of its values ('[]' = any key).
    if (object.kind === 'module') return { kind: 'module', source: object.source, path: [...object.path, ANY_KEY] };
    if (object.kind !== 'object') return UNKNOWN;
    // Read once per map: a map of thousands of entries read in thousands of places stays linear.
    let any = this.anyValue.get(object.node);
    if (!any) {
      const options: Value[] = [];
      for (const property of object.node.properties) {
        if (property.type !== 'Property') {
          options.length = 0;
          break;
        }
        options.push(this.value(property.value, object.scope));
      }
      any = options.length ? this.choice(options) : UNKNOWN;
      this.anyValue.set(object.node, any);
    }
    return any;
  }

  private choice(options: Value[]): Value {
    const patterns: PatternPart[][] = [];
    for (const option of options) {
      if (option.kind !== 'string') return UNKNOWN;
      patterns.push(option.pattern);
    }
    const any = anyOfTexts(patterns);
    return any ? { kind: 'string', pattern: any } : UNKNOWN;
  }

  private callValue(node: TSESTree.CallExpression, scope: Scope): Value {
    const callee = this.value(node.callee, scope);
    const args = node.arguments;
    if (callee.kind === 'global') {
      const name = [callee.name, ...callee.path].join('.');
      if (name === 'require' && args[0]?.type === 'Literal' && typeof args[0].value === 'string')
        return { kind: 'module', source: args[0].value, path: ['*'] };
      const effect = globalFunctionEffect(name);
      return effect ? this.builtinCall(effect, UNKNOWN, args, scope) : this.filledByCall(args, scope);
    }
    if (callee.kind === 'module') return this.moduleCall(callee, node, scope, false);
    if (callee.kind === 'http-client') return UNKNOWN;
    if (callee.kind === 'function') {
      const returned = this.returnValue(callee.fn, args, scope);
      return returned.kind === 'unknown' ? this.filledByCall(args, scope) : returned;
    }
    // `toFilters({ zoneId })` of `const toFilters = compile('/zones/:zoneId/filters')`
    if (callee.kind === 'template') return this.filled(callee.pattern, args[0], scope);
    // `url.toString()`, `[a, b].join('/')`, `api.extend({ prefixUrl })`
    const chain =
      node.callee.type === 'MemberExpression' ? propertyKeyName(node.callee.property, node.callee.computed) : undefined;
    if (node.callee.type === 'MemberExpression' && chain) {
      const receiver = this.value(node.callee.object, scope);
      if (receiver.kind === 'http-client') {
        const client = httpClientNamed(receiver.lib);
        return client.instanceFactories.includes(chain)
          ? this.clientFromOptions(client, args[0], scope, receiver.base)
          : UNKNOWN;
      }
      if (receiver.kind === 'template' && TEMPLATE_FILLERS.has(chain))
        return this.filled(receiver.pattern, args[0], scope);
      const on = methodReceiver(receiver);
      const effect = on && methodEffect(on, chain);
      if (effect) return this.builtinCall(effect, receiver, args, scope);
    }
    return this.filledByCall(args, scope);
  }

  /** A path template's named parameters filled from what an object gives them (`{ zoneId, id: 'brotli' }`). */
  private filled(template: PatternPart[], params: Node | undefined, scope: Scope): Value {
    const values = params && params.type !== 'SpreadElement' ? this.value(params, scope) : UNKNOWN;
    return {
      kind: 'string',
      pattern: fillNamedPlaceholders(template, (name) =>
        values.kind === 'object' ? this.asPattern(this.member(values, name)) : undefined,
      ),
    };
  }

  /**
   * A call the code does not show the workings of, given a path template and the object right after
   * it (`fillPath('/zones/:zone/settings/:id', { zone, id: 'brotli' })`, a library not in the table):
   * the template filled, as every template library of the kind does. Anything else stays unknown.
   */
  private filledByCall(args: readonly TSESTree.CallExpressionArgument[], scope: Scope): Value {
    const at = args.findIndex((arg, i) => i > 0 && arg.type === 'ObjectExpression');
    if (at < 0) return UNKNOWN;
    const template = this.value(args[at - 1]!, scope);
    if (template.kind !== 'string' || !hasNamedPlaceholder(template.pattern)) return UNKNOWN;
    return this.filled(template.pattern, args[at], scope);
  }

  /** What a built-in function of knowledge/string-functions.ts makes of its receiver and arguments. */
  private builtinCall(
    effect: StringEffect,
    receiver: Value,
    args: readonly TSESTree.CallExpressionArgument[],
    scope: Scope,
  ): Value {
    const [first, second] = args;
    switch (effect) {
      case 'argument':
        return first ? this.value(first, scope) : UNKNOWN;
      case 'argument-text':
        return first ? { kind: 'string', pattern: this.pattern(first, scope) } : UNKNOWN;
      case 'receiver':
        return receiver;
      case 'replace-first': {
        // `URL_TEMPLATE.replace('<zone>', zoneId)`: the placeholder filled in.
        if (receiver.kind !== 'string' || !first || !second) return UNKNOWN;
        const search = this.value(first, scope);
        const only = search.kind === 'string' && search.pattern.length === 1 ? search.pattern[0] : undefined;
        if (only?.kind !== 'text' || only.text === '') return UNKNOWN;
        return { kind: 'string', pattern: replaceText(receiver.pattern, only.text, this.pattern(second, scope)) };
      }
      case 'concat':
        if (receiver.kind !== 'string') return UNKNOWN;
        return {
          kind: 'string',
          pattern: concatPatterns(
            receiver.pattern,
            ...args.map((arg) => (arg.type === 'SpreadElement' ? [hole()] : this.pattern(arg, scope))),
          ),
        };
      case 'join':
        return this.joined(receiver, first, scope);
      case 'join-paths':
        // `path.posix.join('/client/v4/zones', zoneId, 'filters')`
        if (args.length === 0) return UNKNOWN;
        return { kind: 'string', pattern: args.map((arg) => this.pattern(arg, scope)).reduce(joinUrl) };
      case 'resolve-url':
        if (!first) return UNKNOWN;
        if (!second) return { kind: 'string', pattern: this.pattern(first, scope) };
        return { kind: 'string', pattern: joinUrl(this.pattern(second, scope), this.pattern(first, scope)) };
      case 'fill-template': {
        // `urlcat(base, template, params)`, `generatePath(template, params)`: the strings, then the object.
        const last = args.length > 1 ? args[args.length - 1] : undefined;
        const params = last && this.value(last, scope).kind !== 'string' ? last : undefined;
        const strings = (params ? args.slice(0, -1) : args).filter((arg) => arg.type !== 'SpreadElement');
        if (strings.length === 0) return UNKNOWN;
        const template = strings.map((arg) => this.pattern(arg, scope)).reduce(joinUrl);
        return this.filled(template, params, scope);
      }
      case 'template-function':
        return first ? { kind: 'template', pattern: this.pattern(first, scope) } : UNKNOWN;
    }
  }

  /** `[a, b].join('/')`, or `parts.join('/')` on a rest parameter `...parts`: the call's remaining arguments. */
  private joined(receiver: Value, separatorNode: Node | undefined, scope: Scope): Value {
    const separator = separatorNode ? this.pattern(separatorNode, scope) : [text(',')];
    if (receiver.kind === 'param') {
      const only = separator.length === 1 ? separator[0] : undefined;
      if (only?.kind !== 'text') return UNKNOWN;
      return { kind: 'string', pattern: [hole({ param: receiver.index, fn: receiver.fn.id, restJoin: only.text })] };
    }
    if (receiver.kind !== 'array') return UNKNOWN;
    const pieces: PatternPart[][] = [];
    receiver.node.elements.forEach((element, i) => {
      if (i > 0) pieces.push(separator);
      pieces.push(element && element.type !== 'SpreadElement' ? this.pattern(element, receiver.scope) : [hole()]);
    });
    return { kind: 'string', pattern: concatPatterns(...pieces) };
  }

  private newValue(node: TSESTree.NewExpression, scope: Scope): Value {
    const callee = this.value(node.callee, scope);
    if (callee.kind === 'global' && callee.path.length === 0) {
      const effect = globalConstructorEffect(callee.name);
      if (effect) return this.builtinCall(effect, UNKNOWN, node.arguments, scope);
    }
    if (callee.kind === 'module') return this.moduleCall(callee, node, scope, true);
    if (callee.kind === 'class') return { kind: 'instance', cls: callee.cls };
    // `new this(…)` in a static factory.
    if (callee.kind === 'instance') return callee;
    return UNKNOWN;
  }

  /** Calls into external modules: SDK constructors, client factories, path functions. */
  private moduleCall(
    callee: Extract<Value, { kind: 'module' }>,
    node: TSESTree.CallExpression | TSESTree.NewExpression,
    scope: Scope,
    isNew: boolean,
  ): Value {
    const path = normalizeModulePath(callee.path);
    const flavor = sdkFlavorMade(callee.source, path, isNew);
    if (flavor) return { kind: 'sdk', flavor, chain: [] };
    const effect = moduleFunctionEffect(callee.source, path);
    if (effect) return this.builtinCall(effect, UNKNOWN, node.arguments, scope);
    const client = httpClientOfModule(callee.source);
    if (client && path.length === 1 && client.instanceFactories.includes(path[0]!))
      return this.clientFromOptions(client, node.arguments[0], scope);
    // `new CloudflareApi(token)` of another module: its members are read from the class's export.
    if (this.isProjectModule(callee.source) && isNew) return callee;
    if (this.isProjectModule(callee.source)) {
      const args = node.arguments.map((arg) => this.pattern(arg, scope));
      const call = hole({ from: { source: callee.source, path: callee.path }, args });
      // Calls nested in their own arguments (`a1 = f(a0, a0)`, …) hold a tree of arguments.
      const held = sizeOfPart(call);
      return { kind: 'string', pattern: [admitValue(held.text, held.pieces) ? call : hole()] };
    }
    return this.filledByCall(node.arguments, scope);
  }

  clientFromOptions(
    client: HttpClientModel,
    options: Node | undefined,
    scope: Scope,
    inheritedBase?: PatternPart[],
  ): Value {
    const config = options ? this.value(options, scope) : UNKNOWN;
    const lib = client.name;
    const key = client.options.baseUrl;
    if (config.kind !== 'object' || key === undefined)
      return { kind: 'http-client', lib, ...(inheritedBase ? { base: inheritedBase } : {}) };
    const property = findProperty(config.node, key);
    const base = property ? this.pattern(property.value, config.scope) : inheritedBase;
    return { kind: 'http-client', lib, ...(base ? { base } : {}) };
  }

  /** What a URL-building helper returns, with this call's arguments substituted. */
  private returnValue(fn: FunctionInfo, args: TSESTree.CallExpressionArgument[], scope: Scope): Value {
    const returned = returnedExpression(fn);
    if (!returned) return UNKNOWN;
    const value = this.value(returned, fn.scope);
    if (value.kind !== 'string') return value.kind === 'param' ? UNKNOWN : value;
    return { kind: 'string', pattern: substituteParams(value.pattern, fn.id, this.argumentPatterns(fn, args, scope)) };
  }

  /** A call's arguments by parameter: defaults where none is written, every remaining one for a rest parameter. */
  argumentPatterns(
    fn: FunctionInfo,
    args: ReadonlyArray<Node | undefined>,
    scope: Scope,
  ): Array<PatternPart[] | undefined> {
    const patterns = fn.params.map((param, i) => {
      const arg = args[i];
      if (arg && arg.type !== 'SpreadElement') return this.pattern(arg, scope);
      return param.default ? this.pattern(param.default, fn.scope) : undefined;
    });
    if (fn.params[fn.params.length - 1]?.rest)
      for (let i = fn.params.length; i < args.length; i++) {
        const arg = args[i];
        patterns.push(arg && arg.type !== 'SpreadElement' ? this.pattern(arg, scope) : undefined);
      }
    return patterns;
  }

  /** The SDK flavor of a parameter or field typed with an SDK module's export (`cf: Cloudflare`). */
  sdkTypedFlavor(typeName: string, scope: Scope): SdkFlavor | undefined {
    const binding = lookup(scope, typeName);
    return binding?.kind === 'import' ? sdkClientOfModule(binding.binding.source)?.typed : undefined;
  }

  /** The callee of a call as a member chain on a value: `client.firewall.rules.list`. */
  calleeChain(callee: Node, scope: Scope): { root: Value; names: string[] } | undefined {
    const chain = memberChain(callee);
    if (!chain) return undefined;
    return { root: this.value(chain.root, scope), names: chain.names };
  }
}

/** The single expression a function returns, when it has exactly one `return` (or is an arrow). */
export function returnedExpression(fn: FunctionInfo): Node | undefined {
  const body = fn.node.body;
  if (!body) return undefined;
  if (body.type !== 'BlockStatement') return body;
  const returns = body.body.filter(
    (statement): statement is TSESTree.ReturnStatement => statement.type === 'ReturnStatement',
  );
  return returns.length === 1 ? (returns[0]!.argument ?? undefined) : undefined;
}

export function findProperty(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  // Later properties win, as at run time.
  for (let i = object.properties.length - 1; i >= 0; i--) {
    const property = object.properties[i]!;
    if (property.type === 'Property' && propertyKeyName(property.key, property.computed) === name) return property;
  }
  return undefined;
}

/** The first occurrence of `search` in the pattern's text replaced by `replacement` (unchanged when absent). */
function replaceText(pattern: readonly PatternPart[], search: string, replacement: PatternPart[]): PatternPart[] {
  const index = pattern.findIndex((part) => part.kind === 'text' && part.text.includes(search));
  const part = pattern[index];
  if (part?.kind !== 'text') return [...pattern];
  const at = part.text.indexOf(search);
  return concatPatterns(
    pattern.slice(0, index),
    [sliceText(part, 0, at)],
    replacement,
    [sliceText(part, at + search.length)],
    pattern.slice(index + 1),
  );
}

/** The receivers built-in methods are followed on: strings, array literals, rest parameters (`...parts`). */
function methodReceiver(value: Value): MethodReceiver | undefined {
  if (value.kind === 'string') return 'string';
  if (value.kind === 'array') return 'array';
  if (value.kind === 'param' && value.path.length === 0 && value.fn.params[value.index]?.rest) return 'rest-parameter';
  return undefined;
}

/** `import axios from 'axios'`, `import * as axios`, `require('axios')`: all the module itself. */
export function normalizeModulePath(path: string[]): string[] {
  const [head, ...rest] = path;
  return head === 'default' || head === '*' ? rest : path;
}
