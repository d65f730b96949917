import type {
  DeclaredResourceFact,
  ExportedValue,
  HelperExport,
  ImportedCallFact,
  RequestFact,
  SdkCallFact,
} from '../facts.js';
import { ANY_KEY, CALLED } from '../facts.js';
import { anyOfTexts, concatPatterns, hole, substituteParams, type PatternPart, joinUrl } from '../url/pattern.js';
import { instantiateHelper, sendsThroughParameters } from './helper-call.js';
import { valuesCut } from '../url/budget.js';
import { ownValue } from '../dictionary.js';

/** What one module leaves behind for the others once its AST is gone. */
export interface ModuleRecord {
  exports: Record<string, ExportedValue>;
  exportAll: string[];
  /** Calls of imported functions, kept when some argument says something (text, a constant, a parameter). */
  importedCalls: ImportedCallFact[];
}

/** Where the resolver finds modules: the scan's index (support modules may be loaded on demand). */
export interface ModuleSource {
  /** The file a relative specifier names, from the importing file; undefined for packages or missing files. */
  resolve(fromFile: string, specifier: string): string | undefined;
  record(file: string): ModuleRecord | undefined;
}

/** A value exported somewhere, after following re-exports; `rest` = member reads it does not consume. */
type Target =
  | { kind: 'value'; value: Exclude<ExportedValue, { kind: 'reexport' }>; module: string; rest: string[] }
  | { kind: 'namespace'; module: string; rest: string[] };

/** Re-export chains, barrels and helper nesting deeper than this are given up (and cycles end here). */
const MAX_DEPTH = 24;

/**
 * Substitutes what other modules export into a file's facts: string constants and map entries
 * into holes, URL-building helpers' return values and requests at the importing call site, HTTP
 * clients and SDK clients created elsewhere. The result is plain facts again, matched by core's
 * `matchFacts` exactly as a single file's are. Whatever cannot be resolved stays a hole: the
 * outcome is then the same as the ESLint plugin's for that file.
 */
export class CrossFileResolver {
  private readonly helperCache = new Map<string, RequestFact[]>();
  private readonly inProgress = new Set<string>();
  /**
   * How many times a resolution was cut short (a helper already being resolved, in an import
   * cycle, or the depth limit). A helper's requests are cached only when none was cut while they
   * were resolved: a cut result depends on where the resolution started, and reusing it would make
   * findings depend on the order files are resolved in.
   */
  private cuts = 0;
  /**
   * Values another module exports, as substituted into the file being resolved, by the value's
   * pattern, the file it is substituted into (the file, or a helper's module for the helper's own
   * requests) and the depth it was reached at (a result cut short by the depth limit depends on
   * it), with whether it was cut. Without it a constant built from the one before it twice
   * (`a = b + b` in each of forty modules) is resolved 2^40 times. Cleared for each file.
   */
  private resolved = new Map<readonly PatternPart[], Map<string, { pattern: PatternPart[]; cut: boolean }>>();
  private resolvedHome: string | undefined;

  constructor(private readonly modules: ModuleSource) {}

  /** The cache of resolved values belongs to one file's resolution: a new file starts afresh. */
  private startHome(home: string): void {
    if (this.resolvedHome === home) return;
    this.resolvedHome = home;
    this.resolved = new Map();
  }

  /** A request whose URL holds imported values, with those values substituted. */
  resolveRequest(request: RequestFact, home: string): RequestFact {
    this.startHome(home);
    const url = this.resolvePattern(request.url, home, home, 0);
    const innerUrl = request.innerUrl ? this.resolvePattern(request.innerUrl, home, home, 0) : undefined;
    return { ...request, url, ...(innerUrl ? { innerUrl } : {}) };
  }

  /**
   * An SDK call on a client from another module: the client's flavor when it is one, undefined
   * when the module shows it is something else, the call unchanged when it cannot be told.
   */
  resolveSdkCall(call: SdkCallFact, home: string): SdkCallFact | undefined {
    const from = call.clientFrom;
    if (!from) return call;
    const module = this.modules.resolve(home, from.source);
    if (!module) return call;
    let target = this.resolveRef(module, from.path, 0);
    let chain = call.chain;
    // `import * as lib from './lib'; lib.cf.rateLimits.list()`: the export name leads the chain.
    if (target?.kind === 'namespace' && chain.length > 0) {
      target = this.exportOf(target.module, chain[0]!, 0);
      chain = chain.slice(1);
    }
    if (!target) return call;
    if (target.kind === 'value' && target.value.kind === 'sdk') {
      const { clientFrom: _resolved, unconfirmed: _confirmedNow, ...rest } = call;
      return { ...rest, flavor: target.value.flavor, chain: [...target.rest, ...chain] };
    }
    return undefined;
  }

  /**
   * A declared resource whose arguments use values another module exports: an object
   * (`settings: zoneSettings`, `...baseSettings`), whose keys join the resource's properties,
   * written in that module; or a string constant (`settingId: BROTLI`, `IDS.compression`), which
   * becomes the value of the property it is written at.
   */
  resolveDeclaredResource(resource: DeclaredResourceFact, home: string): DeclaredResourceFact {
    if (!resource.pending) return resource;
    let properties = [...resource.properties];
    for (const pending of resource.pending) {
      const module = this.modules.resolve(home, pending.from.source);
      const target = module ? this.resolveRef(module, pending.from.path, 0) : undefined;
      if (target?.kind !== 'value') continue;
      const value = constantText(target.value, target.rest);
      if (value !== undefined) {
        const at = pending.at.join('.');
        properties = properties.map((property) => (property.path.join('.') === at ? { ...property, value } : property));
        continue;
      }
      if (target.value.kind !== 'map') continue;
      const { rest, module: written } = target;
      for (const key of target.value.keys ?? []) {
        if (rest.some((name, i) => key.path[i] !== name) || key.path.length <= rest.length) continue;
        properties.push({ ...key, path: [...pending.at, ...key.path.slice(rest.length)], file: key.file ?? written });
      }
    }
    const { pending: _resolved, ...rest } = resource;
    return { ...rest, properties };
  }

  /** The requests a call of an imported function makes: helpers' requests and HTTP-client verbs. */
  resolveImportedCall(call: ImportedCallFact, home: string, depth = 0): RequestFact[] {
    if (depth === 0) this.startHome(home);
    if (depth > MAX_DEPTH) return this.cut([]);
    const module = this.modules.resolve(home, call.callee.source);
    if (!module) return [];
    const target = this.resolveRef(module, call.callee.path, depth);
    if (target?.kind !== 'value') return [];
    const args = call.args.map((arg) => this.resolvePattern(arg, home, home, depth + 1));
    const value = target.value;
    if (value.kind === 'helper' && target.rest.length === 0)
      return this.helperCall(call, args, target.module, value, depth);
    if (value.kind === 'http-client') return this.clientCall(call, target.module, home, value, target.rest, depth);
    if (value.kind === 'map' && target.rest.length === 1) {
      // `settings.set(zone, 'brotli', 'on')` on an object of methods another module exports.
      const method = value.methods ? ownValue(value.methods, target.rest[0]!) : undefined;
      return method ? this.helperCall(call, args, target.module, method, depth) : [];
    }
    // `api.request(…)` on an instance of a class another module exports, or `this.request(…)` in a
    // subclass; `(await Api.fromEnv()).request(…)` on what one of its factories makes.
    const [factory, called, name] = target.rest;
    const onInstance =
      target.rest.length === 1 ||
      (target.rest.length === 3 && called === CALLED && value.kind === 'class' && value.factories?.includes(factory!));
    if (value.kind === 'class' && onInstance) {
      const method = this.classMethod(target.module, value, target.rest.length === 1 ? factory! : name!, depth + 1);
      return method ? this.helperCall(call, args, method.module, method.helper, depth) : [];
    }
    return [];
  }

  /** A method of an exported class, its own or inherited through `extends` across modules. */
  private classMethod(
    module: string,
    cls: Extract<ExportedValue, { kind: 'class' }>,
    name: string,
    depth: number,
  ): { module: string; helper: HelperExport } | undefined {
    const own = ownValue(cls.methods, name);
    if (own) return { module, helper: own };
    if (!cls.extends) return undefined;
    if (depth > MAX_DEPTH) return this.cut(undefined);
    const baseModule = this.modules.resolve(module, cls.extends.source);
    const base = baseModule ? this.resolveRef(baseModule, cls.extends.path, depth + 1) : undefined;
    if (base?.kind !== 'value' || base.value.kind !== 'class' || base.rest.length > 0) return undefined;
    return this.classMethod(base.module, base.value, name, depth + 1);
  }

  private helperCall(
    call: ImportedCallFact,
    args: PatternPart[][],
    module: string,
    helper: HelperExport,
    depth: number,
  ): RequestFact[] {
    // Function ids are per file: only the helper's own parameters keep their meaning here, and its
    // payload keys point into its file, where they are reported (never at this call).
    const summary = this.helperRequests(module, helper, depth + 1).map(
      ({ payload: _payload, ...inner }): RequestFact => ({
        ...inner,
        url: localize(writtenIn(inner.url, module), helper.fn),
        method: inner.method.kind === 'param' && inner.method.fn !== helper.fn ? { kind: 'unknown' } : inner.method,
      }),
    );
    const site = {
      range: call.range,
      argRanges: call.argRanges,
      ...(call.argMethods ? { argMethods: call.argMethods } : {}),
    };
    return instantiateHelper(summary, helper.fn, args, site).map((request) => ({
      ...request,
      innerUrl: localize(request.innerUrl ?? [], undefined),
    }));
  }

  /** `api.get(path)` / `api.patch(path, body)` / `api(path)` on an axios/got/ky client from another module. */
  private clientCall(
    call: ImportedCallFact,
    module: string,
    home: string,
    client: Extract<ExportedValue, { kind: 'http-client' }>,
    rest: string[],
    depth: number,
  ): RequestFact[] {
    // The verb (if any) is already in the call's reading (`asClient`); what is left is the client itself.
    const shape = call.asClient;
    if (!shape || rest.length > 1) return [];
    const path = this.resolvePattern(shape.url, home, home, depth + 1);
    const base = client.base
      ? localize(this.resolvePattern(client.base, module, home, depth + 1), undefined)
      : undefined;
    return [{ url: base ? joinUrl(base, path) : path, method: shape.method, range: shape.urlRange, via: client.lib }];
  }

  private cut<T>(value: T): T {
    this.cuts++;
    return value;
  }

  /**
   * A helper's requests with its parameters as holes: its own (resolved in its module) and those
   * it makes through helpers it imports in turn (`zoneGet` -> `call` in another module).
   */
  private helperRequests(module: string, helper: HelperExport, depth: number): RequestFact[] {
    const key = `${module}\u0000${helper.fn}`;
    const cached = this.helperCache.get(key);
    if (cached) return cached;
    if (this.inProgress.has(key) || depth > MAX_DEPTH) return this.cut([]);
    const cutsBefore = this.cuts;
    // Cached only when nothing was cut (see `cuts`) and no value was past the budget of the file
    // being resolved: the next file has a budget of its own.
    const valuesCutBefore = valuesCut();
    this.inProgress.add(key);
    const own = helper.requests.map((request) => this.resolveRequestIn(request, module, depth));
    const record = this.modules.record(module);
    const through = (record?.importedCalls ?? [])
      .filter((call) => call.ownerFn === helper.fn)
      .flatMap((call) => this.resolveImportedCall(call, module, depth + 1))
      .filter((request) => sendsThroughParameters(request, helper.fn));
    const requests = [...own, ...through];
    this.inProgress.delete(key);
    if (this.cuts === cutsBefore && valuesCut() === valuesCutBefore) this.helperCache.set(key, requests);
    return requests;
  }

  private resolveRequestIn(request: RequestFact, module: string, depth: number): RequestFact {
    const url = this.resolvePattern(request.url, module, module, depth + 1);
    const innerUrl = request.innerUrl ? this.resolvePattern(request.innerUrl, module, module, depth + 1) : undefined;
    return { ...request, url, ...(innerUrl ? { innerUrl } : {}) };
  }

  /**
   * The pattern with imported values substituted. `module` is where the pattern was written (its
   * holes' specifiers are relative to it); `home` is the file the finding will be reported in:
   * text from any other file loses its source spans, so no fix ever edits the wrong file.
   */
  resolvePattern(pattern: readonly PatternPart[], module: string, home: string, depth: number): PatternPart[] {
    const own = module === home ? pattern : writtenIn(pattern, module);
    if (!own.some((part) => part.kind === 'hole' && part.from)) return [...own];
    return concatPatterns(
      ...own.map((part) =>
        part.kind === 'hole' && part.from ? (this.resolveHole(part, module, home, depth) ?? [part]) : [part],
      ),
    );
  }

  private resolveHole(
    part: Extract<PatternPart, { kind: 'hole' }>,
    module: string,
    home: string,
    depth: number,
  ): PatternPart[] | undefined {
    if (!part.from) return undefined;
    if (depth > MAX_DEPTH) return this.cut(undefined);
    const target = this.modules.resolve(module, part.from.source);
    if (!target) return undefined;
    const resolved = this.resolveRef(target, part.from.path, depth + 1);
    if (resolved?.kind !== 'value') return undefined;
    const value = resolved.value;
    if (part.args) {
      // `zonePath(zoneId, FIREWALL_RULES)`: the helper's return value with these arguments.
      if (value.kind !== 'helper' || !value.returns || resolved.rest.length > 0) return undefined;
      const returns = localize(this.resolveExported(value.returns, resolved.module, home, depth + 1), value.fn);
      const args = part.args.map((arg) => this.resolvePattern(arg, module, home, depth + 1));
      return substituteParams(returns, value.fn, args);
    }
    if (value.kind === 'string' && resolved.rest.length === 0)
      return localize(this.resolveExported(value.pattern, resolved.module, home, depth + 1), undefined);
    if (value.kind === 'map' && resolved.rest.length === 1) {
      if (resolved.rest[0] === ANY_KEY) return anyOfTexts(Object.values(value.entries));
      const entry = ownValue(value.entries, resolved.rest[0]!);
      return entry ? localize(this.resolveExported(entry, resolved.module, home, depth + 1), undefined) : undefined;
    }
    return undefined;
  }

  /** `resolvePattern` of a pattern another module exports, once per place (see `resolved`). */
  private resolveExported(pattern: readonly PatternPart[], module: string, home: string, depth: number): PatternPart[] {
    let byPlace = this.resolved.get(pattern);
    if (!byPlace) this.resolved.set(pattern, (byPlace = new Map()));
    const place = `${home}\u0000${depth}`;
    const known = byPlace.get(place);
    // A result that was cut short counts as a cut again where it is reused (see `cuts`).
    if (known) return known.cut ? this.cut(known.pattern) : known.pattern;
    const cutsBefore = this.cuts;
    const result = this.resolvePattern(pattern, module, home, depth);
    byPlace.set(place, { pattern: result, cut: this.cuts !== cutsBefore });
    return result;
  }

  /** `path` read from `module`: `['*']` the module itself, `['*', name, …]`, `[name, member, …]`. */
  private resolveRef(module: string, path: readonly string[], depth: number): Target | undefined {
    const [head, ...rest] = path;
    let target: Target | undefined;
    if (head === undefined || head === '*') {
      // `require('./x')`: CommonJS `module.exports = value` when the module has one, else its namespace.
      if (rest.length === 0) return this.exportOf(module, 'default', depth) ?? { kind: 'namespace', module, rest: [] };
      const [name, ...members] = rest;
      target = this.exportOf(module, name!, depth);
      if (target) target = { ...target, rest: [...target.rest, ...members] };
      else {
        // `require('./x').a` where `module.exports = { a }` was not an object literal the extractor saw.
        const whole = this.exportOf(module, 'default', depth);
        target = whole ? { ...whole, rest: [...whole.rest, ...rest] } : undefined;
      }
    } else {
      target = this.exportOf(module, head, depth);
      if (target) target = { ...target, rest: [...target.rest, ...rest] };
    }
    // Reads through a namespace (`ns.CONST`) name another export.
    while (target?.kind === 'namespace' && target.rest.length > 0) {
      const next = this.exportOf(target.module, target.rest[0]!, depth + 1);
      target = next ? { ...next, rest: [...next.rest, ...target.rest.slice(1)] } : undefined;
    }
    return target;
  }

  /** An export by name, through `export { x } from`, `export * from` and `module.exports = require(…)`. */
  private exportOf(module: string, name: string, depth: number): Target | undefined {
    if (depth > MAX_DEPTH) return this.cut(undefined);
    const record = this.modules.record(module);
    if (!record) return undefined;
    const value = ownValue(record.exports, name);
    if (value?.kind === 'reexport') {
      const target = this.modules.resolve(module, value.source);
      return target
        ? this.resolveRef(target, value.imported === '*' ? ['*'] : value.imported.split('.'), depth + 1)
        : undefined;
    }
    if (value) return { kind: 'value', value, module, rest: [] };
    if (name === 'default') return undefined; // `export *` never re-exports a default
    for (const source of record.exportAll) {
      const target = this.modules.resolve(module, source);
      const found = target ? this.exportOf(target, name, depth + 1) : undefined;
      if (found) return found;
    }
    return undefined;
  }
}

/** An exported string constant, or a map's string entry read by name, when it is plain text. */
function constantText(
  value: Exclude<ExportedValue, { kind: 'reexport' }>,
  rest: readonly string[],
): string | undefined {
  const pattern =
    value.kind === 'string' && rest.length === 0
      ? value.pattern
      : value.kind === 'map' && rest.length === 1
        ? ownValue(value.entries, rest[0]!)
        : undefined;
  const only = pattern?.length === 1 ? pattern[0] : undefined;
  return only?.kind === 'text' ? only.text : undefined;
}

/**
 * Parameter holes that are not `keepFn`'s made anonymous: function ids are per file, so another
 * file's `fn: 0` must not meet this file's.
 */
function localize(pattern: readonly PatternPart[], keepFn: number | undefined): PatternPart[] {
  return pattern.map((part) =>
    part.kind === 'hole' && part.param !== undefined && part.fn !== keepFn ? hole() : part,
  );
}

/**
 * A pattern written in `file`, travelling into another file's facts: its text spans say where
 * they were written (a finding on that text is reported there, and its fixes edit that file), and
 * hole ranges, which only the type-checked pass of the writing file reads, are dropped.
 */
function writtenIn(pattern: readonly PatternPart[], file: string): PatternPart[] {
  return pattern.map((part): PatternPart => {
    if (part.kind === 'text')
      return part.spans ? { ...part, spans: part.spans.map((span) => ({ ...span, file: span.file ?? file })) } : part;
    if (part.kind === 'hole' && part.range) {
      const { range: _range, ...rest } = part;
      return rest;
    }
    return part;
  });
}
