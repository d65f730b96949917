import { prefilterFor } from '../match/prefilter.js';
import type { FileFacts, ImportedCallFact, RequestFact, SdkCallFact } from '../facts.js';
import type { ResolvedSettings } from '../options.js';
import type { CrossFileResolver, ModuleRecord } from './cross-file.js';
import { cutsOf, PIECE_COST, valuesCut, ValueBudget, withValueBudget, type ValuesCut } from '../url/budget.js';
import { sizeOfPattern, type PatternPart } from '../url/pattern.js';
import { dictionary } from '../dictionary.js';

/** The facts a file's findings are matched from (no in-file facts where the prefilter says none can match). */
export type MatchableFacts = Pick<FileFacts, 'requests' | 'sdkCalls' | 'resources'> &
  Partial<Pick<FileFacts, 'inFile'>>;

/**
 * What one file leaves for the graph step once its tree is dropped: what it exports to other
 * modules, and either facts that need nothing else or facts that wait for other modules.
 */
export interface IndexedFacts {
  record: ModuleRecord;
  facts: MatchableFacts;
  /** Imported calls that may send requests; empty, with no imported values, when `facts` need no other module. */
  importedCalls: ImportedCallFact[];
  needsOtherModules: boolean;
  /**
   * Values the file's budget left unknown, when the file's text may match (the ESLint plugin reads
   * no other file: it reports a cut exactly then); the scanner's `value-budget` diagnostic.
   */
  valuesCut?: ValuesCut;
}

/**
 * The pure per-file step after a reader: keep only the small index (no AST, no source text). The
 * prefilter both engines share decides whether the file's own facts can match at all; its exports
 * are kept either way, since other files may build their URLs from them.
 */
export function indexFacts(
  facts: FileFacts,
  source: string,
  settings: ResolvedSettings,
  options: {
    prefilter: boolean;
    /**
     * Whether the facts that wait for other modules are copied away from the parse (default). A
     * caller that resolves them at once and keeps only their matches (the scanner, without
     * `--types`) copies the matches instead, which are far fewer; a worker's index is copied to the
     * main thread anyway.
     */
    detachFacts?: boolean;
  },
): IndexedFacts {
  const importedCalls = facts.importedCalls.filter(saysSomething);
  const detach = options.detachFacts ?? true;
  // One copy of what the record, the facts and the imported calls share.
  const copies = new Map<object, unknown>();
  const record = detached(
    {
      exports: facts.exports,
      exportAll: facts.exportAll,
      importedCalls: importedCalls.filter((call) => call.ownerFn !== undefined),
    },
    copies,
  );
  const all: MatchableFacts = {
    requests: facts.requests,
    sdkCalls: facts.sdkCalls,
    resources: facts.resources,
    inFile: facts.inFile,
  };
  const needsOtherModules =
    importedCalls.length > 0 ||
    all.requests.some(holdsImport) ||
    all.sdkCalls.some((call) => call.clientFrom) ||
    all.resources.some((resource) => resource.pending);
  // The prefilter is a condition on one file's text: it decides only for facts that need no other
  // module (a URL built from another module's constants can match although this text cannot). It
  // reads the whole text, so it runs only when its answer is needed (a file of API client code
  // mostly needs other modules).
  let verdict: boolean | undefined;
  const mayMatch = () => (verdict ??= prefilterFor(settings.catalogue, settings.minConfidence).mayMatch(source));
  const own =
    needsOtherModules || !options.prefilter || mayMatch() ? all : { requests: [], sdkCalls: [], resources: [] };
  return {
    record,
    facts: needsOtherModules && detach ? detached(own, copies) : own,
    importedCalls: needsOtherModules ? (detach ? detached(importedCalls, copies) : importedCalls) : [],
    needsOtherModules,
    ...(facts.valuesCut && mayMatch() ? { valuesCut: facts.valuesCut } : {}),
  };
}

/** A file whose findings wait for other modules: its facts, without AST or source text. */
export interface DeferredFile {
  file: string;
  facts: MatchableFacts;
  importedCalls: ImportedCallFact[];
}

/**
 * The graph step: a deferred file's facts with what other modules export substituted (constants,
 * helpers' requests at this file's calls, clients and SDK clients created elsewhere, objects used
 * as a declared resource's arguments). The result is plain facts again, matched exactly as a
 * single file's are.
 */
export function resolveAcrossFiles(deferred: DeferredFile, resolver: CrossFileResolver): ResolvedFacts {
  // What other modules hand in draws from a budget of this file's own (url/budget.ts), in
  // proportion to the facts that wait for them: the file's source is no longer at hand.
  const budget = new ValueBudget(sizeOfDeferred(deferred));
  const facts = withValueBudget(budget, () => resolveDeferred(deferred, resolver, budget));
  const cut = cutsOf(budget);
  return cut ? { ...facts, valuesCut: cut } : facts;
}

/**
 * A deferred file's facts after the graph step, and the values the step's budget left unknown:
 * how many, and the start of the first request, imported call, SDK call or declared resource of the
 * file that needed one (the scanner's `value-budget` diagnostic, at the importing file's place).
 */
export type ResolvedFacts = MatchableFacts & { valuesCut?: ValuesCut };

/** The characters and pieces of a deferred file's URLs and imported calls' arguments. */
function sizeOfDeferred(deferred: DeferredFile): number {
  let size = 0;
  const add = (pattern: readonly PatternPart[]) => {
    const held = sizeOfPattern(pattern);
    size += held.text + PIECE_COST * held.pieces;
  };
  for (const request of deferred.facts.requests) add(request.url);
  for (const call of deferred.importedCalls) for (const arg of call.args) add(arg);
  return size;
}

function resolveDeferred(deferred: DeferredFile, resolver: CrossFileResolver, budget: ValueBudget): MatchableFacts {
  /** Resolves one fact of the file; a value cut meanwhile was needed at its place (the first one noted). */
  const at = <T>(range: readonly [number, number], resolve: () => T): T => {
    const before = valuesCut();
    const resolved = resolve();
    if (valuesCut() !== before && budget.firstCutAt === undefined) budget.firstCutAt = range[0];
    return resolved;
  };
  const imported = deferred.importedCalls.flatMap((call) =>
    at(call.range, () => resolver.resolveImportedCall(call, deferred.file)),
  );
  // A verb on an import, read in the file as on an unseen receiver, gives way to what the export
  // turned out to be (a client whose base is another host makes it silent).
  const known = new Set(imported.map((request) => `${request.range[0]}:${request.range[1]}`));
  const readInFile = new Map<string, RequestFact>();
  const requests: RequestFact[] = deferred.facts.requests
    .filter((request) => {
      const key = `${request.range[0]}:${request.range[1]}`;
      if (!request.onImport || !known.has(key)) return true;
      readInFile.set(key, request);
      return false;
    })
    .map((request) =>
      holdsImport(request) ? at(request.range, () => resolver.resolveRequest(request, deferred.file)) : request,
    );
  // What the file showed of the call (its body) stays with it: the export says only what the client
  // is (its base, its library), as the ESLint plugin's reading of the same call has it.
  for (const request of imported) {
    const seen = readInFile.get(`${request.range[0]}:${request.range[1]}`);
    requests.push(seen?.payload && !request.payload ? { ...request, payload: seen.payload } : request);
  }
  const sdkCalls = deferred.facts.sdkCalls
    .map((call) => at(call.range, () => resolver.resolveSdkCall(call, deferred.file)))
    .filter((call): call is SdkCallFact => call !== undefined);
  const resources = deferred.facts.resources.map((resource) =>
    at(resource.range, () => resolver.resolveDeclaredResource(resource, deferred.file)),
  );
  return { requests, sdkCalls, resources, inFile: deferred.facts.inFile };
}

/**
 * A copy that shares nothing with the parse: strings cut from the source (a literal's value, a
 * name) can be V8 slices that keep the whole file's text alive. Kept facts are small; copying them
 * is what keeps the index at its own size. Facts are plain data (objects, arrays, strings, numbers,
 * booleans, null): a walk copies them about three times faster than `structuredClone`, copies only
 * the strings long enough to be slices (V8 slices from 13 characters), and keeps what the facts
 * share shared (a client call's URL is also its first argument), as `structuredClone` does.
 */
export function detached<T>(value: T, copies = new Map<object, unknown>()): T {
  if (typeof value === 'string') return ownString(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  const done = copies.get(value);
  if (done !== undefined) return done as T;
  if (Array.isArray(value)) {
    // Sized once: an array grown by `push` keeps spare capacity, and the index holds many small ones.
    const copy: unknown[] = new Array<unknown>(value.length);
    copies.set(value, copy);
    for (let i = 0; i < value.length; i++) copy[i] = detached(value[i], copies);
    return copy as T;
  }
  // A dictionary stays one (see dictionary.ts): its keys are names, not a shape.
  const copy: Record<string, unknown> = Object.getPrototypeOf(value) === null ? dictionary() : {};
  copies.set(value, copy);
  for (const key in value) copy[key] = detached((value as Record<string, unknown>)[key], copies);
  return copy as T;
}

/** A copy of a string that is no V8 slice of a larger one (slices start at 13 characters), so it keeps no file's text alive. */
export function ownString(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/** A request whose URL (or helper-inner URL) holds a value of another module. */
function holdsImport(request: RequestFact): boolean {
  return (
    request.url.some((part) => part.kind === 'hole' && part.from !== undefined) ||
    (request.innerUrl?.some((part) => part.kind === 'hole' && part.from !== undefined) ?? false)
  );
}

/**
 * An imported call can only matter when an argument carries text, a constant from elsewhere or a
 * parameter (`get(x)` with only unknown arguments adds nothing to what the helper reports itself).
 * Dropping the rest keeps the index small on large codebases.
 */
function saysSomething(call: ImportedCallFact): boolean {
  return call.args.some((arg) =>
    arg.some((part) => part.kind !== 'hole' || part.from !== undefined || part.param !== undefined),
  );
}
