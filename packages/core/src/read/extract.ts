import type { TSESTree } from '@typescript-eslint/types';
import type { Catalogue, RequestMethod } from '../catalogue/types.js';
import { namesAnotherHost, normalizeApiUrl } from '../url/normalize.js';
import { hole, settingEndpoint, sizeOfPattern, text, writtenAlternatives, type PatternPart } from '../url/pattern.js';
import { admitValue, cutsOf, noteCutPlace, valuesCut, ValueBudget, withValueBudget } from '../url/budget.js';
import { propertyKeyName, rangeOf, unwrap, type Node } from './ast.js';
import { propertyRemoval } from '../findings/edits.js';
import { dictionary } from '../dictionary.js';
import { Evaluator, returnedExpression } from './evaluate.js';
import { declaredResource, objectKeys } from './declared-resources.js';
import type {
  DeclaredResourceFact,
  ExportedValue,
  HelperExport,
  FileFacts,
  ImportedCallFact,
  InFileFacts,
  MethodValue,
  PayloadKey,
  RequestFact,
  SdkCallFact,
  Vocabulary,
  WrittenPathFact,
} from '../facts.js';
import { codeChecks } from './code-checks.js';
import { chainRoot, headerGroups } from './header-groups.js';
import { nearbyWordsFinder } from './nearby-code.js';
import { propertyReads } from './property-reads.js';
import { namesInStrings, watchedLiterals } from './watched-strings.js';
import { writtenObjects } from './written-objects.js';
import { writtenPaths } from './written-paths.js';
import {
  importedClientCall,
  initMethodOf,
  methodFromOptions,
  recognizeRequest,
  verbOnUnseenReceiver,
  type RequestCall,
} from './requests.js';
import {
  enumObject,
  indexScopes,
  lookup,
  type ClassInfo,
  type FunctionInfo,
  type Scope,
  type ScopeIndex,
} from './scope.js';
import { expandFact } from './expand-facts.js';
import { assignedProperties } from './assigned-keys.js';
import { isNamedSetting, isNotOwnMention, mentionCandidates, requestDescriptor } from './mentions.js';
import { instantiateHelper, sendsThroughParameters } from '../resolve/helper-call.js';
import { ownerOf } from '../resolve/methods.js';
import { isRelativeModule, UNKNOWN, type Value } from './values.js';
import { SDK_RECEIVER_NAMES, sdkClientOfModule, type SdkFlavor } from './knowledge/sdk-clients.js';

export interface ExtractOptions {
  catalogue: Catalogue;
  apiHosts: readonly string[];
  /**
   * What the in-file matchers watch, derived from the catalogue by the match stage (its
   * `vocabularyOf`): the reader extracts facts about these names only, and knows no matcher.
   */
  vocabulary: Vocabulary;
  /**
   * Whether a bare module specifier names a module of the project: a workspace package
   * (`@acme/cf-client`) or a tsconfig `paths` alias (`@/lib/cfapi`) the scanner found. Relative
   * specifiers always do; without this, no bare one does (the ESLint plugin sees one file).
   */
  projectModule?: (source: string) => boolean;
}

interface CallFacts {
  requests: RequestFact[];
  sdk?: SdkCallFact;
  imported?: ImportedCallFact;
}

const NO_FACTS: CallFacts = { requests: [] };

/**
 * The most requests a helper's summary keeps: helpers calling helpers (each twice, sixteen deep)
 * would otherwise multiply them; past the budget the rest are not instantiated at the callers (the
 * helpers' own paths are still reported where they are written).
 */
const MAX_SUMMARY_REQUESTS = 16;

/**
 * Walks a program once and returns its facts: the small, AST-free index that both engines match
 * against the catalogue (the ESLint plugin at once, the scanner after resolving imports).
 */
export function extractFacts(program: TSESTree.Program, source: string, options: ExtractOptions): FileFacts {
  // Every value built and every fact made while reading the file draws from one budget (url/budget.ts).
  const budget = new ValueBudget(source.length);
  const facts = withValueBudget(budget, () =>
    new FileExtraction(program, indexScopes(program, options.vocabulary.readPaths), source, options).run(),
  );
  const valuesCut = cutsOf(budget);
  return valuesCut ? { ...facts, valuesCut } : facts;
}

class FileExtraction {
  private readonly ev: Evaluator;
  /** URL mentions of the file (read before its calls; see `run`). */
  private mentions: RequestFact[] = [];
  /** The mentions by the function whose parameters they depend on (each function's summary asks). */
  private readonly mentionsByOwner = new Map<number, RequestFact[]>();
  private readonly isProjectModule: (source: string) => boolean;
  private readonly callFacts = new Map<Node, CallFacts>();
  private readonly summaries = new Map<FunctionInfo, RequestFact[]>();
  private readonly summarizing = new Set<FunctionInfo>();
  /** Request payload objects, so that header groups know which objects are sent. */
  private readonly requestObjects = new Set<Node>();
  /** Calls recognized as requests, so that header groups know what their results are. */
  private readonly requestCalls = new Set<Node>();
  /**
   * Requests whose URL names another host in the file, and the objects they send (body, headers,
   * the objects of a body array): not the API's payloads or headers, so no in-file fact.
   */
  private readonly sentElsewhere = new Set<Node>();
  /** Mentions of a zone setting by its id (`settingMentions`), not by a path. */
  private readonly settingIdMentions = new Set<RequestFact>();

  constructor(
    private readonly program: TSESTree.Program,
    private readonly index: ScopeIndex,
    private readonly source: string,
    private readonly options: ExtractOptions,
  ) {
    const projectModule = options.projectModule;
    this.isProjectModule = projectModule
      ? (specifier) => isRelativeModule(specifier) || projectModule(specifier)
      : isRelativeModule;
    this.ev = new Evaluator(index, source, this.isProjectModule);
  }

  run(): FileFacts {
    const requests: RequestFact[] = [];
    const sdkCalls: SdkCallFact[] = [];
    const importedCalls: ImportedCallFact[] = [];
    const resources: DeclaredResourceFact[] = [];
    const paths = writtenPaths({
      program: this.program,
      source: this.source,
      ev: this.ev,
      vocabulary: this.options.vocabulary,
      apiHosts: this.options.apiHosts,
    });
    // What the code around a string says it is (a message, the code's own route, a path of another
    // host) holds for the evaluator's reading of it as much as for the floor's. Mentions are read
    // before calls: a function that builds an API path from its parameters (and hands it to
    // something the file does not show) is a helper whose callers name the path.
    const silent = new Set(paths.flatMap((path) => (path.silent ? [path.root.join(':')] : [])));
    this.mentions = [...this.urlMentions(), ...this.settingMentions()].filter(
      (mention) => !silent.has(mention.range.join(':')),
    );
    for (const mention of this.mentions) {
      if (mention.ownerFn === undefined) continue;
      const owned = this.mentionsByOwner.get(mention.ownerFn);
      if (owned) owned.push(mention);
      else this.mentionsByOwner.set(mention.ownerFn, [mention]);
    }
    const resourceCalls: Array<[number, number]> = [];
    for (const call of this.index.calls) {
      if (call.type === 'NewExpression') {
        const resource = declaredResource(call, this.ev, this.options.catalogue);
        if (resource) resources.push(resource);
        if (resource) resourceCalls.push(rangeOf(call));
      }
      const facts = this.analyzeCall(call);
      for (const fact of facts.requests)
        for (const one of expandFact(fact, this.index.functions, this.ev)) requests.push(withinBudget(one));
      if (facts.sdk) for (const one of this.sdkVariants(facts.sdk, call)) sdkCalls.push(one);
      if (facts.imported) importedCalls.push(facts.imported);
    }
    // One at a time: a file of 150,000 paths would overflow a spread's argument list.
    for (const fact of this.mentions) {
      // A setting id a declared resource names (`new ZoneSetting('x', { settingId: 'brotli' })`) is the resource's finding.
      if (this.settingIdMentions.has(fact) && resourceCalls.some(([s, e]) => s <= fact.range[0] && fact.range[1] <= e))
        continue;
      for (const one of expandFact(fact, this.index.functions, this.ev)) requests.push(withinBudget(one));
    }
    const inFile = this.inFileFacts(paths);
    return { requests, sdkCalls, resources, importedCalls, inFile, imports: this.imports(), ...this.exports() };
  }

  /** Facts of what the catalogue watches that no other module changes (`InFileFacts`). */
  private inFileFacts(writtenPaths: WrittenPathFact[]): InFileFacts {
    const { vocabulary } = this.options;
    const nearby = nearbyWordsFinder(this.index, this.source, vocabulary.nearbyWords);
    return {
      objects: writtenObjects(this.index, this.ev, vocabulary, this.sentElsewhere),
      reads: propertyReads(this.index, this.source, vocabulary, nearby),
      codeChecks: codeChecks(this.index, vocabulary, nearby),
      literals: watchedLiterals(this.index, vocabulary),
      namesInStrings: namesInStrings(this.index, this.source, vocabulary),
      headerGroups: headerGroups(
        this.index,
        this.ev,
        { objects: this.requestObjects, calls: this.requestCalls, elsewhere: this.sentElsewhere },
        vocabulary,
      ),
      writtenPaths,
    };
  }

  private analyzeCall(node: Node): CallFacts {
    const cached = this.callFacts.get(node);
    if (cached) return cached;
    this.callFacts.set(node, NO_FACTS); // recursion guard
    const facts = this.computeCall(node as TSESTree.CallExpression | TSESTree.NewExpression);
    this.callFacts.set(node, facts);
    return facts;
  }

  private computeCall(node: TSESTree.CallExpression | TSESTree.NewExpression): CallFacts {
    // In a file that knows the SDK's types, `getClient().zones.settings.get(id)` is the SDK's `get`,
    // not an HTTP verb on a client the file does not show.
    const early = node.type === 'CallExpression' && this.sdkTypesImported() ? this.sdkCall(node) : undefined;
    if (early && early.chain.length > 0) return { requests: [], sdk: early };
    const request = recognizeRequest(node, this.ev);
    // A verb on a client named like the SDK's, on one of the SDK's resources the catalogue names,
    // with no URL written (`cf.rateLimits.delete(id, { zone_id })`), is the SDK's method.
    const sdkVerb =
      request?.lib === 'unknown-client' && node.type === 'CallExpression' && !hasText(request.url)
        ? this.sdkCall(node)
        : undefined;
    if (sdkVerb && this.options.vocabulary.sdkRoots.has(sdkVerb.chain[0] ?? '')) return { requests: [], sdk: sdkVerb };
    if (request) return { requests: [this.requestFact(request, node)] };
    if (node.type !== 'CallExpression') return NO_FACTS;
    const scope = this.ev.scopeOf(node);
    const sdk = this.sdkTypesImported() ? early : this.sdkCall(node);
    if (sdk) return { requests: [], sdk };
    const callee = this.ev.value(node.callee, scope);
    const args = node.arguments.map((arg) => (arg.type === 'SpreadElement' ? undefined : arg));
    if (callee.kind === 'function') return { requests: this.helperCall(node, callee.fn, args) };
    if (callee.kind === 'module' && this.isProjectModule(callee.source)) {
      const argPatterns = args.map((arg) => (arg ? this.ev.pattern(arg, scope) : []));
      const exportLength = callee.path[0] === '*' ? 2 : 1;
      const verb = callee.path.length > exportLength ? callee.path[callee.path.length - 1] : undefined;
      const asClient = importedClientCall(verb, node.arguments, this.ev, scope);
      // `api.get(path)` reads as a request with the verb's method here already, as on a receiver
      // the file does not show, so that the ESLint plugin, which sees this file alone, words it as
      // the scanner does once it knows `api` is a client (one finding per place: the two merge).
      const seen = verb === undefined ? undefined : verbOnUnseenReceiver(verb, node, this.ev);
      return {
        requests: seen ? [{ ...this.requestFact(seen, node), onImport: true }] : [],
        imported: {
          callee: { source: callee.source, path: callee.path },
          args: argPatterns,
          argRanges: args.map((arg) => (arg ? rangeOf(arg) : rangeOf(node))),
          range: rangeOf(node),
          ...ownerOfPatterns(argPatterns),
          argMethods: args.map((arg) => initMethodOf(arg, this.ev, scope)),
          ...(asClient
            ? { asClient: { url: asClient.url, urlRange: rangeOf(asClient.urlNode), method: asClient.method } }
            : {}),
        },
      };
    }
    // The same on an export of a module that is not the project's (a workspace package the ESLint
    // plugin cannot tell from a library, a client package): its verb, as on an unseen receiver.
    if (callee.kind === 'module' && callee.path.length > (callee.path[0] === '*' ? 2 : 1)) {
      const seen = verbOnUnseenReceiver(callee.path[callee.path.length - 1]!, node, this.ev);
      if (seen) return { requests: [this.requestFact(seen, node)] };
    }
    return NO_FACTS;
  }

  /** A recognized request as a fact; what it sends (its body, its headers) noted as the request's. */
  private requestFact(found: RequestCall, node: Node): RequestFact {
    const sent = found.body ? undefined : this.chainedBody(node);
    const request = sent ? { ...found, body: sent } : found;
    const payload = request.body ? this.payloadKeys(request.body, request.scope) : undefined;
    const owner = ownerOf(request.url, request.method);
    const bodyParam =
      request.body && !payload?.length && owner.ownerFn !== undefined
        ? this.bodyParam(this.payloadExpression(request.body, request.scope))
        : undefined;
    const fact: RequestFact = {
      url: request.url,
      method: request.method,
      range: rangeOf(request.urlNode),
      via: request.lib,
      ...owner,
      ...(payload?.length ? { payload } : {}),
      ...(bodyParam && bodyParam.fn === owner.ownerFn ? { bodyParam: bodyParam.index } : {}),
    };
    this.requestCalls.add(node);
    // What a request to a host the file names, not ours, sends is that host's (its body, its headers).
    const elsewhere = namesAnotherHost(request.url, this.options.apiHosts);
    if (elsewhere) this.sentElsewhere.add(node);
    for (const node of [request.body, request.headers]) {
      const literal = node ? this.payloadLiteral(node, request.scope) : undefined;
      if (literal) this.requestObjects.add(literal);
      if (literal && elsewhere) {
        this.sentElsewhere.add(literal);
        if (literal.type === 'ArrayExpression')
          for (const element of literal.elements)
            if (element?.type === 'ObjectExpression') this.sentElsewhere.add(element);
      }
    }
    return fact;
  }

  private chainedBodies: Map<Node, Node> | undefined;

  /**
   * The body a request builder is given after the call that names the URL, as superagent and its
   * kin chain it (`edge.patch(url).set('X', y).send({ … })`): each `.send(body)` by its chain's root,
   * found once per file, as header-groups.ts finds a chain's headers.
   */
  private chainedBody(node: Node): Node | undefined {
    if (!this.chainedBodies) {
      this.chainedBodies = new Map();
      for (const call of this.index.calls) {
        if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') continue;
        if (propertyKeyName(call.callee.property, call.callee.computed) !== 'send') continue;
        const body = call.arguments[0];
        const root = chainRoot(call.callee.object);
        if (root && body && body.type !== 'SpreadElement') this.chainedBodies.set(root, body);
      }
    }
    return this.chainedBodies.get(node);
  }

  /** A call of a URL-building helper defined in this file: its requests with our arguments. */
  private helperCall(node: TSESTree.CallExpression, fn: FunctionInfo, args: Array<Node | undefined>): RequestFact[] {
    const summary = this.summary(fn);
    if (summary.length === 0) return [];
    const scope = this.ev.scopeOf(node);
    const argPatterns = this.ev.argumentPatterns(fn, args, scope);
    const argRanges = fn.params.map((_, i) => {
      const arg = args[i];
      return arg ? rangeOf(arg) : undefined;
    });
    const argMethods = fn.params.map((_, i) => initMethodOf(args[i], this.ev, scope));
    const requests = instantiateHelper(summary, fn.id, argPatterns, { range: rangeOf(node), argRanges, argMethods });
    return requests.map((request, i) => {
      const param = summary[i]!.bodyParam;
      const body = param === undefined ? undefined : args[param];
      return body && !request.payload ? this.withBody(request, body, scope) : request;
    });
  }

  /** A helper's request with the body this call passes it: its payload, or the caller's own parameter passed on. */
  private withBody(request: RequestFact, body: Node, scope: Scope): RequestFact {
    const written = this.payloadExpression(body, scope);
    const value = this.ev.value(written.node, written.scope);
    if (value.kind === 'object' || value.kind === 'array') this.requestObjects.add(value.node);
    const payload = this.payloadObjects(written.node, written.scope).flatMap((object) => this.objectKeys(object));
    if (payload.length) return { ...request, payload };
    const passedOn = this.bodyParam(written);
    return passedOn && passedOn.fn === request.ownerFn ? { ...request, bodyParam: passedOn.index } : request;
  }

  /** The parameter a payload expression is (`JSON.stringify(body)` of a parameter), by function id and index. */
  private bodyParam(written: { node: Node; scope: Scope }): { fn: number; index: number } | undefined {
    const value = this.ev.value(written.node, written.scope);
    return value.kind === 'param' && value.path.length === 0 ? { fn: value.fn.id, index: value.index } : undefined;
  }

  /** The requests inside a function whose URL or method depends on its parameters. */
  private summary(fn: FunctionInfo): RequestFact[] {
    const cached = this.summaries.get(fn);
    if (cached) return cached;
    if (this.summarizing.has(fn)) return [];
    this.summarizing.add(fn);
    const sent = fn.calls
      .flatMap((call) => this.analyzeCall(call).requests)
      .filter((request) => sendsThroughParameters(request, fn.id));
    // A function that sends nothing the file recognizes but builds a path from its parameters and
    // hands it on (`this._request` of a mixin's base): each caller's arguments complete the path.
    // A path it returns is its value (`returns`), which callers read as such.
    const returned = returnedExpression(fn);
    const [start, end] = returned ? rangeOf(unwrap(returned)) : [0, -1];
    const inReturn = (range: readonly [number, number]) => range[0] === start && range[1] === end;
    const requests = (
      sent.length
        ? sent
        : (this.mentionsByOwner.get(fn.id) ?? []).filter(
            (mention) => !inReturn(mention.range) && sendsThroughParameters(mention, fn.id),
          )
    ).slice(0, MAX_SUMMARY_REQUESTS);
    this.summarizing.delete(fn);
    this.summaries.set(fn, requests);
    return requests;
  }

  /**
   * One SDK call per value an argument takes when the file spells them out (`settings.edit(id, …)` in
   * `for (const [id, value] of desired)`), each pointing where its value is written.
   */
  private sdkVariants(fact: SdkCallFact, call: Node): SdkCallFact[] {
    if (call.type !== 'CallExpression' || !fact.args.includes(undefined)) return [fact];
    const scope = this.ev.scopeOf(call);
    for (const [index, arg] of call.arguments.entries()) {
      if (fact.args[index] !== undefined || arg.type === 'SpreadElement') continue;
      const texts = writtenAlternatives(this.ev.pattern(arg, scope));
      if (!texts) continue;
      return texts.map(({ text, written }) => ({
        ...fact,
        range: written,
        args: fact.args.map((value, i) => (i === index ? text : value)),
        argRanges: call.arguments.map((other, i) => (i === index ? written : rangeOf(other))),
      }));
    }
    return [fact];
  }

  private sdkCall(node: TSESTree.CallExpression): SdkCallFact | undefined {
    if (node.callee.type !== 'MemberExpression' && node.callee.type !== 'ChainExpression') return undefined;
    const scope = this.ev.scopeOf(node);
    const chain = this.ev.calleeChain(node.callee, scope);
    if (!chain || chain.names.length === 0) return undefined;
    const method = chain.names[chain.names.length - 1]!;
    const names = chain.names.slice(0, -1);
    // Walk while the value stays known (`this.cf` -> the SDK client held in a field).
    let value: Value = chain.root;
    let consumed = 0;
    while (consumed < names.length && (value.kind === 'instance' || value.kind === 'object'))
      value = this.ev.member(value, names[consumed++]!);
    const rest = names.slice(consumed);
    const args = node.arguments.map((arg) => {
      if (arg.type === 'SpreadElement') return undefined;
      const pattern = this.ev.pattern(arg, scope);
      return pattern.length === 1 && pattern[0]!.kind === 'text' ? pattern[0]!.text : undefined;
    });
    const range = rangeOf(node);
    const argRanges = node.arguments.map((arg) => rangeOf(arg));
    if (value.kind === 'sdk')
      return { flavor: value.flavor, chain: [...value.chain, ...rest], method, args, argRanges, range };
    // The file knows the SDK's types (`import type Cloudflare from 'cloudflare'`) and reaches a client
    // it does not show: through an accessor (`getClient().firewall.rules.list()`), an imported
    // instance, a parameter or a field set elsewhere. A chain of the SDK read on it is a call of it.
    const typedBy = this.sdkTypesImported();
    const notShown =
      ['unknown', 'param', 'global', 'module'].includes(value.kind) ||
      // An imported function's result: a value of another module, a hole until resolved.
      (value.kind === 'string' && value.pattern.length === 1 && value.pattern[0]!.kind === 'hole');
    const root = rootNode(node.callee);
    const rootName = consumed > 0 ? names[consumed - 1] : root.type === 'Identifier' ? root.name : undefined;
    if (typedBy && rest.length > 0 && notShown) {
      const extra = value.kind === 'param' || value.kind === 'global' ? value.path : [];
      const read = [...extra, ...rest];
      return { flavor: typedBy, chain: chainAfterClientName(rootName, read) ?? read, method, args, argRanges, range };
    }
    if (value.kind === 'module' && this.isProjectModule(value.source)) {
      const exportLength = value.path[0] === '*' && value.path.length > 1 ? 2 : 1;
      const chainFromModule = [...value.path.slice(exportLength), ...rest];
      if (chainFromModule.length === 0) return undefined;
      // A member named like a client on the way (`this.client.firewall…` in a subclass of an
      // imported base class that holds it): the SDK's chain after it, as on a receiver so named.
      const afterClient = chainAfterClientName(undefined, chainFromModule);
      if (afterClient) return { flavor: 'unknown', chain: afterClient, method, args, argRanges, range };
      // `db.rateLimits.update()` on an imported ORM is no SDK call: without resolving the module,
      // only a client named like one counts.
      const names = [root.type === 'Identifier' ? root.name : '', value.path[exportLength - 1] ?? ''];
      return {
        flavor: 'unknown',
        chain: chainFromModule,
        method,
        args,
        argRanges,
        range,
        clientFrom: { source: value.source, path: value.path.slice(0, exportLength) },
        ...(names.some((name) => SDK_RECEIVER_NAMES.test(name)) ? {} : { unconfirmed: true }),
      };
    }
    if (rest.length === 0 || !(value.kind === 'unknown' || value.kind === 'param' || value.kind === 'global'))
      return undefined;
    // Not shown where the client comes from: accept receivers named like one (medium confidence),
    // the receiver itself or a member on the way (`ctx.cf.filters.list()`, `({ cf }) => cf.rateLimits…`).
    const extra = value.kind === 'unknown' ? [] : value.path;
    const read = chainAfterClientName(rootName, [...extra, ...rest]);
    return read ? { flavor: 'unknown', chain: read, method, args, argRanges, range } : undefined;
  }

  private sdkTypes: SdkFlavor | null | undefined;

  /** The flavor of the SDK module the file imports, types only included (`typed` of its model). */
  private sdkTypesImported(): SdkFlavor | undefined {
    if (this.sdkTypes === undefined) {
      this.sdkTypes = null;
      for (const statement of this.program.body) {
        const model = statement.type === 'ImportDeclaration' ? sdkClientOfModule(statement.source.value) : undefined;
        if (model) this.sdkTypes = model.typed;
      }
    }
    return this.sdkTypes ?? undefined;
  }

  /**
   * Every string value the file builds that could name an API path: the evidence of a usage
   * whether or not a request is seen around it (the matcher decides whether it names one). Paths
   * the code's own server defines are not mentions.
   */
  private urlMentions(): RequestFact[] {
    const mentions: RequestFact[] = [];
    for (const node of mentionCandidates(this.index)) {
      const scope = this.ev.scopeOf(node);
      const value = this.ev.value(node, scope);
      if (value.kind !== 'string' || !value.pattern.some((part) => part.kind === 'text' && part.text.includes('/')))
        continue;
      if (!normalizeApiUrl(value.pattern, this.options.apiHosts)) continue;
      if (isNotOwnMention(node, this.index, this.ev)) continue;
      // `{ url, method: 'PATCH', body }`: the method and the payload it describes.
      const descriptor = requestDescriptor(node, this.index);
      const said = descriptor?.method;
      const payload = descriptor?.body ? this.payloadKeys(descriptor.body, scope) : [];
      // A verb before the URL says how a body is sent (`cf('PUT', url, record)`); without a body the
      // call stays an unseen client's (a mixin's `this._request('patch', url)`, its callers medium).
      const method: MethodValue = !said
        ? { kind: 'unknown' }
        : 'verb' in said
          ? payload.length
            ? { kind: 'known', method: said.verb as RequestMethod }
            : { kind: 'unknown' }
          : methodFromOptions(this.ev.value(said.object, scope), this.ev);
      // The call it is given to makes the request (`net.request({ method, url })`): its `setHeader`s are sent.
      if (descriptor?.call) this.requestCalls.add(descriptor.call);
      mentions.push({
        url: value.pattern,
        method,
        range: rangeOf(node),
        via: 'mention',
        ...(payload.length ? { payload } : {}),
        ...ownerOf(value.pattern, method),
      });
    }
    return mentions;
  }

  /**
   * Zone setting ids the code names as settings (`settingId: 'mobile_redirect'`,
   * `setZoneSetting(zone, 'server_side_exclude')`): the setting's endpoint, named at the string.
   */
  private settingMentions(): RequestFact[] {
    const ids = this.options.vocabulary.settingIds;
    const mentions: RequestFact[] = [];
    for (const node of this.index.strings) {
      if (node.type !== 'Literal' || typeof node.value !== 'string' || !ids.has(node.value)) continue;
      if (!isNamedSetting(node, this.index)) continue;
      const [start, end] = rangeOf(node);
      const method: MethodValue = { kind: 'unknown' };
      const url = settingEndpoint([text(node.value, { start: start + 1, exact: true, written: [start, end] })]);
      const mention: RequestFact = { url, method, range: [start, end], via: 'mention', ...ownerOf(url, method) };
      this.settingIdMentions.add(mention);
      mentions.push(mention);
    }
    return mentions;
  }

  /** The object literal (or header tuple list) a payload is written as. */
  private payloadLiteral(node: Node, scope: Scope): TSESTree.ObjectExpression | TSESTree.ArrayExpression | undefined {
    const written = this.payloadExpression(node, scope);
    const value = this.ev.value(written.node, written.scope);
    return value.kind === 'object' || value.kind === 'array' ? value.node : undefined;
  }

  /**
   * The expression a payload is built by: through `JSON.stringify(x)` and `new Headers(x)`, and
   * through a constant the evaluator cannot read as a value (`const body = JSON.stringify(pool)`,
   * `const headers = new Headers([…])`, `const payload = Object.assign({}, a, b)`).
   */
  private payloadExpression(node: Node, scope: Scope, depth = 0): { node: Node; scope: Scope } {
    const inner = unwrap(node);
    if (depth > 4) return { node: inner, scope };
    // `body === undefined ? undefined : JSON.stringify(body)`: the branch that sends something.
    if (inner.type === 'ConditionalExpression') {
      const sent = [inner.consequent, inner.alternate].filter((branch) => !isNothing(branch));
      if (sent.length === 1) return this.payloadExpression(sent[0]!, scope, depth + 1);
    }
    if (
      (inner.type === 'CallExpression' || inner.type === 'NewExpression') &&
      inner.arguments[0] &&
      inner.arguments[0].type !== 'SpreadElement'
    ) {
      const name = this.ev.globalName(inner.callee, scope);
      // `Object.fromEntries([['Content-Length', n], …])`: headers written as tuples.
      if (name === 'JSON.stringify' || name === 'Headers' || name === 'Object.fromEntries')
        return this.payloadExpression(inner.arguments[0], scope, depth + 1);
    }
    if (inner.type === 'Identifier' && this.ev.value(inner, scope).kind === 'unknown') {
      const binding = lookup(scope, inner.name);
      if (binding?.kind === 'value' && binding.init && binding.path.length === 0 && !binding.iterates)
        return this.payloadExpression(binding.init, binding.scope, depth + 1);
    }
    return { node: inner, scope };
  }

  /** Payload keys that matter by endpoint: top-level keys, keys inside `data`, bulk `items[].id`. */
  private payloadKeys(body: Node, scope: Scope): PayloadKey[] {
    const written = this.payloadExpression(body, scope);
    return this.payloadObjects(written.node, written.scope).flatMap((object) => this.objectKeys(object));
  }

  /** The objects a payload is made of: an object literal, or each source of `Object.assign({}, a, b)`. */
  private payloadObjects(node: Node, scope: Scope): Array<Extract<Value, { kind: 'object' }>> {
    if (node.type === 'CallExpression' && this.ev.globalName(node.callee, scope) === 'Object.assign')
      return node.arguments.flatMap((arg) => (arg.type === 'SpreadElement' ? [] : this.spreadObjects(arg, scope)));
    const value = this.ev.value(node, scope);
    return value.kind === 'object' ? [value] : [];
  }

  /** An object's keys as sent, with those of objects spread into it (`...(email ? { notification_email } : {})`). */
  private objectKeys(value: Extract<Value, { kind: 'object' }>, depth = 0): PayloadKey[] {
    const keys: PayloadKey[] = [];
    const assigned = assignedProperties(this.index, this.source, value.node);
    for (const property of assigned.length ? [...value.node.properties, ...assigned] : value.node.properties) {
      if (property.type === 'SpreadElement') {
        if (depth < 4)
          for (const spread of this.spreadObjects(property.argument, value.scope))
            for (const key of this.objectKeys(spread, depth + 1)) keys.push(key);
        continue;
      }
      if (property.type !== 'Property') continue;
      const name = propertyKeyName(property.key, property.computed);
      if (name === undefined) continue;
      keys.push({
        path: name,
        range: rangeOf(property.key),
        removal: propertyRemoval(this.source, rangeOf(property)),
        ...(property.shorthand ? { shorthand: true } : {}),
      });
      const inner = this.ev.value(property.value, value.scope);
      if (name === 'data' && inner.kind === 'object') {
        for (const nested of inner.node.properties) {
          const nestedName = nested.type === 'Property' ? propertyKeyName(nested.key, nested.computed) : undefined;
          if (nested.type === 'Property' && nestedName !== undefined)
            keys.push({
              path: `data.${nestedName}`,
              range: rangeOf(nested.key),
              removal: propertyRemoval(this.source, rangeOf(nested)),
            });
        }
      }
      if (name === 'items' && inner.kind === 'array') {
        for (const element of inner.node.elements) {
          const item = element && element.type !== 'SpreadElement' ? this.ev.value(element, inner.scope) : undefined;
          if (item?.kind !== 'object') continue;
          const id = item.node.properties.find(
            (p): p is TSESTree.Property => p.type === 'Property' && propertyKeyName(p.key, p.computed) === 'id',
          );
          const idValue = id ? this.ev.pattern(id.value, item.scope) : [];
          if (id && idValue.length === 1 && idValue[0]!.kind === 'text')
            keys.push({
              path: 'items.id',
              range: rangeOf(id.value),
              removal: propertyRemoval(this.source, rangeOf(item.node)),
              value: idValue[0]!.text,
            });
        }
      }
    }
    return keys;
  }

  /** The objects a spread may contribute: both branches of a conditional, the right of `&&`. */
  private spreadObjects(argument: Node, scope: import('./scope.js').Scope): Array<Extract<Value, { kind: 'object' }>> {
    const inner = unwrap(argument);
    if (inner.type === 'ConditionalExpression')
      return [...this.spreadObjects(inner.consequent, scope), ...this.spreadObjects(inner.alternate, scope)];
    if (inner.type === 'LogicalExpression') return this.spreadObjects(inner.right, scope);
    const value = this.ev.value(inner, scope);
    return value.kind === 'object' ? [value] : [];
  }

  private imports(): FileFacts['imports'] {
    const imports: FileFacts['imports'] = dictionary();
    for (const [name, binding] of this.index.program.bindings) {
      if (binding.kind === 'import') imports[name] = binding.binding;
      else if (binding.kind === 'value' && binding.init) {
        const value = this.ev.value(binding.init, binding.scope);
        if (value.kind === 'module' && this.isProjectModule(value.source))
          imports[name] = {
            source: value.source,
            imported: [...value.path, ...binding.path].filter((p) => p !== '*')[0] ?? '*',
          };
      }
    }
    return imports;
  }

  private exports(): Pick<FileFacts, 'exports' | 'exportAll'> {
    const exports = dictionary<ExportedValue>();
    const exportAll: string[] = [];
    const program = this.index.program;
    const put = (name: string, value: ExportedValue | undefined) => {
      if (value) exports[name] = value;
    };
    for (const node of this.index.exportNodes) {
      if (node.type === 'ExportAllDeclaration') {
        const source = String(node.source.value);
        if (node.exported)
          put(propertyKeyName(node.exported, false) ?? '*', { kind: 'reexport', source, imported: '*' });
        else exportAll.push(source);
      } else if (node.type === 'ExportDefaultDeclaration') {
        const declaration = node.declaration;
        if (declaration.type === 'FunctionDeclaration') {
          const fn = this.index.functionOf.get(declaration);
          put('default', fn ? this.exportFunction(fn) : undefined);
        } else if (declaration.type === 'ClassDeclaration') {
          const cls = this.index.classOf.get(declaration);
          put('default', cls ? this.exportClass(cls) : undefined);
        } else if (!declaration.type.startsWith('TS')) {
          put('default', this.exportValue(this.ev.value(declaration, program)));
        }
      } else if (node.type === 'ExportNamedDeclaration') {
        if (node.exportKind === 'type') continue;
        const declaration = node.declaration;
        if (declaration?.type === 'VariableDeclaration') {
          for (const declarator of declaration.declarations) {
            if (declarator.id.type === 'Identifier' && declarator.init)
              put(declarator.id.name, this.exportValue(this.ev.value(declarator.init, this.ev.scopeOf(declarator))));
          }
        } else if (declaration?.type === 'FunctionDeclaration' && declaration.id) {
          const fn = this.index.functionOf.get(declaration);
          put(declaration.id.name, fn ? this.exportFunction(fn) : undefined);
        } else if (declaration?.type === 'ClassDeclaration' && declaration.id) {
          const cls = this.index.classOf.get(declaration);
          put(declaration.id.name, cls ? this.exportClass(cls) : undefined);
        } else if (declaration?.type === 'TSEnumDeclaration') {
          put(declaration.id.name, this.exportValue(this.ev.value(enumObject(declaration), program)));
        }
        for (const specifier of node.specifiers) {
          const exported = propertyKeyName(specifier.exported, false);
          const local = propertyKeyName(specifier.local, false);
          if (exported === undefined || local === undefined) continue;
          if (node.source) put(exported, { kind: 'reexport', source: String(node.source.value), imported: local });
          else put(exported, this.exportValue(this.ev.identifier(local, program)));
        }
      }
    }
    for (const assignment of this.index.assignments) this.commonJsExport(assignment, put);
    return { exports, exportAll };
  }

  /** `module.exports = …`, `module.exports.x = …`, `exports.x = …`. */
  private commonJsExport(
    node: TSESTree.AssignmentExpression,
    put: (name: string, value: ExportedValue | undefined) => void,
  ): void {
    if (node.operator !== '=' || node.left.type !== 'MemberExpression') return;
    const left = node.left;
    const target = propertyKeyName(left.property, left.computed);
    const object = unwrap(left.object);
    const isModuleExports = (n: Node) => {
      const root = n.type === 'MemberExpression' ? unwrap(n.object) : undefined;
      return (
        n.type === 'MemberExpression' &&
        root?.type === 'Identifier' &&
        root.name === 'module' &&
        propertyKeyName(n.property, n.computed) === 'exports'
      );
    };
    const scope = this.ev.scopeOf(node);
    const value = this.ev.value(node.right, scope);
    if (object.type === 'Identifier' && object.name === 'module' && target === 'exports') {
      put('default', this.exportValue(value));
      if (value.kind === 'object') {
        for (const property of value.node.properties) {
          const name = property.type === 'Property' ? propertyKeyName(property.key, property.computed) : undefined;
          if (name !== undefined) put(name, this.exportValue(this.ev.member(value, name)));
        }
      }
    } else if (
      target !== undefined &&
      ((object.type === 'Identifier' && object.name === 'exports') || isModuleExports(object))
    ) {
      put(target, this.exportValue(value));
    }
  }

  private exportValue(value: Value): ExportedValue | undefined {
    switch (value.kind) {
      case 'string':
        return { kind: 'string', pattern: value.pattern };
      case 'object': {
        const entries = dictionary<PatternPart[]>();
        const methods = dictionary<HelperExport>();
        for (const property of value.node.properties) {
          const name = property.type === 'Property' ? propertyKeyName(property.key, property.computed) : undefined;
          if (name === undefined) continue;
          const inner = this.ev.member(value, name);
          if (inner.kind === 'string') entries[name] = inner.pattern;
          if (inner.kind === 'function') {
            // Only methods that say something travel: the rest would only grow the index.
            const helper = this.exportFunction(inner.fn);
            if (helper.requests.length || helper.returns) methods[name] = helper;
          }
        }
        // Its keys travel too, for a resource another module declares with this object as arguments.
        const keys = objectKeys(value, this.ev, this.options.catalogue);
        const hasMethods = Object.keys(methods).length > 0;
        return Object.keys(entries).length || keys.length || hasMethods
          ? { kind: 'map', entries, ...(keys.length ? { keys } : {}), ...(hasMethods ? { methods } : {}) }
          : undefined;
      }
      case 'function':
        return this.exportFunction(value.fn);
      case 'class':
        return this.exportClass(value.cls);
      case 'sdk':
        return value.chain.length === 0 ? { kind: 'sdk', flavor: value.flavor } : undefined;
      case 'http-client':
        return { kind: 'http-client', lib: value.lib, ...(value.base ? { base: value.base } : {}) };
      case 'module':
        return this.isProjectModule(value.source)
          ? { kind: 'reexport', source: value.source, imported: value.path.join('.') }
          : undefined;
      default:
        return undefined;
    }
  }

  /**
   * A class's methods, its own and those it inherits from classes of this module, as helpers; a
   * base class from another module is named, for the scanner to follow.
   */
  private exportClass(cls: ClassInfo): ExportedValue {
    const methods = dictionary<HelperExport>();
    const factories = [...cls.methods]
      .filter(([, fn]) => {
        const returned = returnedExpression(fn);
        const value = returned ? this.ev.value(returned, fn.scope) : undefined;
        return value?.kind === 'instance' && value.cls === cls;
      })
      .map(([name]) => name);
    let base: Value = { kind: 'class', cls };
    for (let depth = 0; base.kind === 'class' && depth < 8; depth++) {
      const current: ClassInfo = base.cls;
      for (const [name, fn] of current.methods) methods[name] ??= this.exportFunction(fn);
      base = current.superClass ? this.ev.value(current.superClass.node, current.superClass.scope) : UNKNOWN;
    }
    const inherited =
      base.kind === 'module' && this.isProjectModule(base.source)
        ? { source: base.source, path: base.path }
        : undefined;
    return {
      kind: 'class',
      methods,
      ...(inherited ? { extends: inherited } : {}),
      ...(factories.length ? { factories } : {}),
    };
  }

  private exportFunction(fn: FunctionInfo): HelperExport {
    const returned = returnedExpression(fn);
    const returns = returned ? this.ev.value(returned, fn.scope) : undefined;
    return {
      kind: 'helper',
      fn: fn.id,
      params: fn.params.length,
      requests: this.summary(fn),
      ...(returns?.kind === 'string' ? { returns: returns.pattern } : {}),
    };
  }
}

/**
 * The fact as the budget allows: each is matched, placed and (in the scanner) copied on its own,
 * so ten thousand requests to one 48 KB constant cost as much as ten thousand such values. Past
 * the budget, a URL larger than an ordinary one is unknown.
 */
function withinBudget(fact: RequestFact): RequestFact {
  const url = sizeOfPattern(fact.url);
  const inner = fact.innerUrl ? sizeOfPattern(fact.innerUrl) : { text: 0, pieces: 0 };
  const cutsBefore = valuesCut();
  if (admitValue(url.text + inner.text, url.pieces + inner.pieces)) return fact;
  noteCutPlace(cutsBefore, fact.range[0]);
  const { innerUrl: _innerUrl, ...rest } = fact;
  return { ...rest, url: [hole()] };
}

function ownerOfPatterns(patterns: PatternPart[][]): { ownerFn?: number } {
  for (const pattern of patterns) {
    const owner = ownerOf(pattern, { kind: 'unknown' });
    if (owner.ownerFn !== undefined) return owner;
  }
  return {};
}

function rootNode(node: Node): Node {
  let current = unwrap(node);
  while (current.type === 'MemberExpression') current = unwrap(current.object);
  return current;
}

/**
 * The chain after the last name that reads as an SDK client (the receiver, or a member on the way:
 * `ctx.cf.filters` is `filters` of the client `cf`; a destructured `{ cf }` is the member `cf` of a
 * parameter), when something is left after it.
 */
function chainAfterClientName(receiver: string | undefined, chain: readonly string[]): string[] | undefined {
  for (let at = chain.length - 2; at >= 0; at--) if (SDK_RECEIVER_NAMES.test(chain[at]!)) return chain.slice(at + 1);
  return receiver && SDK_RECEIVER_NAMES.test(receiver) && chain.length > 0 ? [...chain] : undefined;
}

function hasText(pattern: readonly PatternPart[]): boolean {
  return pattern.some((part) => part.kind === 'text' && part.text !== '');
}

/** `undefined`, `null` or `void 0`: a branch that sends no body. */
function isNothing(node: Node): boolean {
  const inner = unwrap(node);
  return (
    (inner.type === 'Identifier' && inner.name === 'undefined') ||
    (inner.type === 'Literal' && inner.value === null) ||
    (inner.type === 'UnaryExpression' && inner.operator === 'void')
  );
}
