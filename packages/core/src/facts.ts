import type { ValuesCut } from './url/budget.js';
import type { IacEcosystem, RequestMethod, RuleName } from './catalogue/types.js';
import type { Confidence, FindingFix, FindingMigration, TextEdit } from './findings/finding.js';
import type { PatternPart } from './url/pattern.js';
import type { HttpClientName } from './read/knowledge/http-clients.js';
import type { SdkFlavor } from './read/knowledge/sdk-clients.js';

export type Range = [number, number];

/** Member path element for `map[key]` with a key the file does not show (a `ModuleRef` path). */
export const ANY_KEY = '[]';

/** Member path element for what a call returns (`Client.fromEnv()` + `.get`: `['Client', 'fromEnv', '()', 'get']`). */
export const CALLED = '()';

/**
 * A request's method: known, unknown, or given by a helper's parameter: the parameter itself
 * (`zoneRequest(id, 'PATCH', …)`) or, with `option`, the `method` of the init object passed as it
 * (`cfFetch(path, { method: 'PATCH' })` forwarding `init` to fetch).
 */
export type MethodValue =
  | { kind: 'known'; method: RequestMethod }
  | { kind: 'param'; param: number; fn: number; option?: boolean }
  | { kind: 'unknown' };

/**
 * How a URL was seen: sent by a recognized client (`fetch`, `axios`, …), through a URL-building
 * helper, by a verb call on a receiver the file does not show, or only written down (a mention).
 */
export type RequestVia = HttpClientName | OtherLanguageClient | 'unknown-client' | 'helper' | 'mention';

/**
 * The clients the scanner's readers of other languages recognize (shell commands, Python and Go
 * libraries, an SDK whose calls are translated to the request they send): a request they make is
 * as well known as one `fetch` makes.
 */
export type OtherLanguageClient = 'curl' | 'wget' | 'httpie' | 'python-http' | 'go-http' | 'sdk';

/** A request (or a URL that names the API) whose target is matched against endpoint templates. */
export interface RequestFact {
  url: PatternPart[];
  method: MethodValue;
  /**
   * The request's URL argument, the helper-call argument that supplied it, or the mentioned
   * string. A finding points at the text where the deprecated path is written; this place is its
   * related location when that text is elsewhere.
   */
  range: Range;
  via: RequestVia;
  /** The helper function (by its id in this file) whose parameters appear in `url`. */
  ownerFn?: number;
  /** For helper calls: the helper's own pattern; what it matches is reported inside the helper, not again here. */
  innerUrl?: PatternPart[];
  /** Payload keys that matter by endpoint context (fields, bulk setting ids). */
  payload?: PayloadKey[];
  /**
   * The parameter of `ownerFn`'s function the request sends as its body (`body: JSON.stringify(body)`
   * in `#req(method, path, body)`): each call of the helper sends the object it passes there.
   */
  bodyParam?: number;
  /**
   * Read in the file as a verb on another module's export (`api.get(path)`, `api` imported), as on
   * a receiver the file does not show: what the scanner reads of that export, when it knows it (a
   * client with its base, on the API's host or another), takes its place.
   */
  onImport?: true;
}

/** A key in a request payload, with the value when it is a known string (bulk setting ids). */
export interface PayloadKey {
  path: string;
  range: Range;
  /** The edit that removes the whole property (for removal fixes). */
  removal: TextEdit;
  value?: string;
  /** `{ value }`: renaming the key must keep the value (`{ multi_provider: value }`). */
  shorthand?: boolean;
}

/** `client.firewall.rules.list(...)` on an official SDK client. */
export interface SdkCallFact {
  flavor: SdkFlavor | 'unknown';
  chain: string[];
  method: string;
  /** Known string arguments (setting ids), by index. */
  args: Array<string | undefined>;
  /** Source range of each argument, for the scanner's type-checked pass on the unknown ones. */
  argRanges?: Range[];
  range: Range;
  /** The client came from another module (resolved across files by the scanner). */
  clientFrom?: ModuleRef;
  /** Not named like a client: a finding only once the scanner resolves `clientFrom` to an SDK client. */
  unconfirmed?: boolean;
}

/**
 * A resource declared in infrastructure code, in words no tool owns: `new cloudflare.FirewallRule(…)`
 * (Pulumi), `new FirewallRule(this, …)` (CDK for Terraform), `resource "cloudflare_firewall_rule"`
 * (Terraform). Any reader that produces these is matched by `matchDeclaredResource`.
 */
export interface DeclaredResourceFact {
  ecosystem: IacEcosystem;
  /** The type as the ecosystem names it: the class (`FirewallRule`) or the Terraform type (`cloudflare_firewall_rule`). */
  resourceType: string;
  /** Where the resource's type is written: the class expression of `new`, the type label of a Terraform block. */
  range: Range;
  /** False when only the class name says which SDK it is (no import of the provider package seen): medium confidence. */
  knownImport: boolean;
  /** Properties of the arguments, nested ones as paths, with their static values when known. */
  properties: DeclaredProperty[];
  /** Argument objects another module exports (`settings: zoneSettings`, `...baseSettings`), filled in by the scanner. */
  pending?: PendingProperties[];
}

/** A property of a declared resource's arguments, as written (`mobileRedirect` in TypeScript, `mobile_redirect` in HCL). */
export interface DeclaredProperty {
  path: string[];
  /** The key (where a finding on this property points). */
  range: Range;
  value?: string | number | boolean;
  /** The file the key is written in, when it is not the file of the resource (an imported settings object). */
  file?: string;
}

/** An object of another module used at `at` in a resource's arguments (`at` empty for a spread at the top). */
export interface PendingProperties {
  at: string[];
  from: ModuleRef;
  range: Range;
}

/** A call to a function imported from another module: resolved by the scanner, never by ESLint. */
export interface ImportedCallFact {
  callee: ModuleRef;
  args: PatternPart[][];
  argRanges: Range[];
  range: Range;
  ownerFn?: number;
  /** The `method` option of each object argument (GET where none is passed), for helpers that forward an init. */
  argMethods?: MethodValue[];
  /** What the call sends if the callee is an HTTP client (read by core's client-call reading). */
  asClient?: { url: PatternPart[]; urlRange: Range; method: MethodValue };
}

export type ImportBinding = { source: string; imported: string };
/** A value of another module: `source` as written in the import, then the export name and members. */
export type ModuleRef = { source: string; path: string[] };

/** A URL-building function: its requests and return value with its parameters as holes. */
export interface HelperExport {
  kind: 'helper';
  fn: number;
  params: number;
  requests: RequestFact[];
  returns?: PatternPart[];
}

/** What a module exports, in the same vocabulary (no AST). */
export type ExportedValue =
  | { kind: 'string'; pattern: PatternPart[] }
  /**
   * An object: its string entries, its keys as paths (for resources declared with it in other
   * modules), and its methods that make or build requests (`export default { set(zone, id) {…} }`).
   */
  | {
      kind: 'map';
      entries: Record<string, PatternPart[]>;
      keys?: DeclaredProperty[];
      methods?: Record<string, HelperExport>;
    }
  | HelperExport
  /** A class: its methods (own and inherited in its module) as helpers, for instances and subclasses elsewhere. */
  | {
      kind: 'class';
      methods: Record<string, HelperExport>;
      extends?: ModuleRef;
      /** Methods that return an instance of the class (`static async fromStorage() { …; return new EdgeClient(…) }`). */
      factories?: string[];
    }
  | { kind: 'sdk'; flavor: SdkFlavor }
  | { kind: 'http-client'; lib: HttpClientName; base?: PatternPart[] }
  | { kind: 'reexport'; source: string; imported: string };

/** A finding before grading: what the detectors produce. */
export interface RawMatch {
  entryId: string;
  ruleId: RuleName;
  range: Range;
  confidence: Confidence;
  subject: string;
  /**
   * The subject as the message words it, when not `subject` itself: a request whose method is
   * unknown is "A request (method unknown) to /zones/…" there, while `subject` (which fingerprints
   * hash) keeps naming the retired methods.
   */
  said?: string;
  /** What to use instead, when the match knows it more exactly than its entry (a successor resource). */
  replacement?: string;
  fixes?: FindingFix[];
  /**
   * The entry's migration at this place (a path rewrite), for `sunset-lint migrate`; `blocked` where
   * this reading forbids it (a path the rewrite must not touch), whatever other readings say.
   */
  migration?: FindingMigration | 'blocked';
  /** Why no fix or migration may rewrite the text here (`Finding.noRewrite`). */
  noRewrite?: string;
  note?: string;
  /** The file the range is in, when it is not the file being matched (text another module wrote). */
  file?: string;
  /** Other places of the same usage, by source range (in `file`, else in the file being matched). */
  related?: Array<{ range: Range; message: string; file?: string }>;
  /**
   * Where a match placed at the request instead belongs (`file` was not reported on: a scan of a
   * few files): its fingerprint is the one it has there, so that a baseline written by a whole scan
   * knows it whichever files the scan names.
   */
  identity?: { file: string; range: Range };
  /** A usage of a path: one finding per place, whichever requests send it. */
  onePerPlace?: boolean;
  /**
   * Found by the written text alone (the grep floor, `match/path-floor.ts`): kept only where no
   * other reading of the same entry lies inside `root`, the whole expression the text is part of.
   */
  floor?: { root: Range };
}

/** The small index a file leaves behind once its AST is dropped. */
export interface FileFacts {
  requests: RequestFact[];
  sdkCalls: SdkCallFact[];
  /** Resources declared with an infrastructure-as-code SDK. */
  resources: DeclaredResourceFact[];
  importedCalls: ImportedCallFact[];
  /** What no other module can change: payload keys, reads, error checks, header groups, names in strings. */
  inFile: InFileFacts;
  imports: Record<string, ImportBinding>;
  exports: Record<string, ExportedValue>;
  /** `export * from './read/x'`. */
  exportAll: string[];
  /** Values the file's budget left unknown (url/budget.ts); absent when none was. */
  valuesCut?: ValuesCut;
}

/**
 * Facts that no other module can change, matched as they are (the scanner carries them through its
 * cross-file pass untouched). Each list holds only what the catalogue watches (`match/vocabulary.ts`:
 * the names, codes, headers and words its matchers look for), so that a file's facts stay small;
 * none names a catalogue entry.
 */
export interface InFileFacts {
  /** Object literals that write a watched key. */
  objects: WrittenObjectFact[];
  /** Reads of a watched property path. */
  reads: PropertyReadFact[];
  /** Watched numbers compared with a code. */
  codeChecks: CodeCheckFact[];
  /** String literals whose whole text is watched. */
  literals: StringLiteralFact[];
  /** Watched names inside strings. */
  namesInStrings: NameInStringFact[];
  /** Watched headers set together. */
  headerGroups: HeaderGroupFact[];
  /** Strings, templates and arrays of segments whose text holds a word of a catalogue path. */
  writtenPaths: WrittenPathFact[];
}

/** The hole in a written path's text: a part the file does not write (`${id}`, an identifier). */
export const HOLE = '\u0000';

/**
 * A path as written: one string, template, `+` chain or array of segments (joined by `/`), its
 * text with a hole (`\u0000`) for each part the file does not write, and where each stretch of
 * that text is written. The grep floor reads it (`match/path-floor.ts`).
 */
export interface WrittenPathFact {
  text: string;
  /** `[from, to, start, end]`: text `[from, to)` is written in the literal or template text at source `[start, end)`. */
  pieces: Array<[number, number, number, number]>;
  /** The whole expression. */
  root: Range;
  /** Why the text is not a usage, when the code around it says so. */
  silent?: SilentContext;
}

/** What the code around a written path says it is, when not a usage of the API. */
export type SilentContext = 'prose' | 'message' | 'another host' | 'another base' | 'own route' | 'link' | 'comparison';

/** Part of a file's text: enough of it, from `start`, for edits that look at the text around what they remove. */
export interface SourceExcerpt {
  start: number;
  text: string;
}

/**
 * An object literal that writes a watched key (`{ type: 'SRV', data: { service: '_sip' } }`): the
 * watched keys with their places and edits, and the shape that tells what the object describes.
 */
export interface WrittenObjectFact {
  /** Its static keys, each once (a computed key the code does not name statically is left out). */
  keys: string[];
  /**
   * The static string values of the keys whose values tell what an object is (`type: 'SRV'`), by
   * key: several where the code picks one of them (`type: ip.includes(':') ? 'AAAA' : 'A'`).
   */
  values: Record<string, readonly string[]>;
  /** It spreads another object in (`...base`): it may hold keys the literal does not show. */
  spread: boolean;
  /** The watched keys it writes: of several properties of one name, the last (the one that counts). */
  written: WrittenKey[];
}

export interface WrittenKey {
  name: string;
  /** The key. */
  range: Range;
  /** The edit that removes the property alone. */
  removal: TextEdit;
  /** The object literal written as the value, when keys inside it are watched (`data: { service }`). */
  inner?: InnerObject;
}

/** An object literal written as the value of a watched key. */
export interface InnerObject {
  /** Its static keys, each once (the last property of a name). */
  keys: InnerKey[];
  /** The lines it is written on: the text that removing several of its properties at once looks at. */
  lines: SourceExcerpt;
  /**
   * Where the property holding it starts, and the indentation before it when nothing else precedes
   * it on its line: where a sibling property can be written before it, and how.
   */
  holder: { start: number; indent?: string };
}

export interface InnerKey {
  name: string;
  /** The key. */
  range: Range;
  /** The whole property. */
  property: Range;
  /** The value as a piece of a template literal, when it is a string, a template or a reference. */
  piece?: TemplatePiece;
}

/** A value as part of a template literal: plain text (`'_sip'`), or template source (`${domain}`, a template's body). */
export type TemplatePiece = { text: string } | { template: string };

/**
 * A read of a watched property path: a member (`record.data.service`), a key of a declaration's
 * object pattern (`const { service } = record.data`), or a key of any object pattern
 * (`({ error_chain }) => …`, a parameter or a nested pattern: what it is read from is not followed).
 */
export interface PropertyReadFact {
  how: 'member' | 'declaration' | 'pattern';
  /** The watched path read, outermost first (`['data', 'service']`); one name for a pattern. */
  path: string[];
  /** The property read (a member's property, a pattern's key). */
  range: Range;
  /**
   * The name that says what the path is read from: `record` in `record.data.service`, `records` in
   * `records[0].data`, `getRecord` in `getRecord().data`; absent for a pattern or an unnamed receiver.
   */
  receiver?: string;
  /** The watched words of the code around the read (see `NearbyCode`), by their keys. */
  nearby: string[];
  /** `x.error_chain ?? [x]` (or `||`): the read already falls back to its receiver. */
  fallsBackToReceiver?: true;
  /**
   * A member read that can be written again as an expression: not assigned, updated or deleted,
   * not optional, read from a plain reference (`err`, `this`, `body.errors`: safe to write twice).
   */
  rewritable?: { range: Range; text: string; receiver: string };
}

/** A watched number compared with something named like a code: `err.code === 1004`, `case 1004:` under `switch (code)`. */
export interface CodeCheckFact {
  code: number;
  /** The number. */
  range: Range;
  /** The watched words of the code around the check, by their keys. */
  nearby: string[];
}

/** A string literal whose whole text is watched (an error message). */
export interface StringLiteralFact {
  text: string;
  range: Range;
  /**
   * The value of a property of an object literal not handed to an assertion (`{ code: 1004,
   * message: 'DNS Validation Error' }` a simulator answers with): the code writes the text, it
   * does not check for it.
   */
  written?: true;
}

/** A watched name written as a token of its own inside a string (`'ECDHE-RSA-CHACHA20-POLY1305-OLD:…'`), once per occurrence. */
export interface NameInStringFact {
  name: string;
  /** The string (literal or template) it is written in. */
  range: Range;
}

/**
 * Watched headers set together: the keys of one object literal, the `[name, value]` tuples of one
 * list, or the `set`/`append` calls on one Headers object, or `setHeader` calls on one request.
 */
export interface HeaderGroupFact {
  /**
   * Seen going to a request: an object or list a request sends, an object under a `headers` key,
   * `setHeader` on a request's result. `set`/`append` calls are not followed into the request.
   */
  sent: boolean;
  /** Each watched header of the group once (the last written), by its lower-case name. */
  headers: HeaderFact[];
}

export interface HeaderFact {
  /** The name in lower case. */
  name: string;
  /** Where the name is written: an object's key, a tuple's or a call's first argument. */
  range: Range;
  /** The edit that removes the header (the property, the tuple); none for a call. */
  removal?: TextEdit;
}

/**
 * What the in-file matchers look for, as plain names: what the reader extracts facts about
 * (`InFileFacts`). Derived from the catalogue so that a file's facts stay small: a key is a fact
 * only where some entry watches its name, never for every key of a file. It names no entry.
 */
export interface Vocabulary {
  /**
   * Keys whose writing in an object literal is a fact: watched `itself` (`locked`), or for the keys
   * watched inside its object value (`data` → `service`, `proto`, `name`).
   */
  writtenKeys: ReadonlyMap<string, { itself: boolean; inner: ReadonlySet<string> }>;
  /** Keys whose static string value tells what an object is (the field contexts' shapes read `type`). */
  valueKeys: ReadonlySet<string>;
  /** Property paths whose reads are facts (`['data', 'service']`, `['error_chain']`), by their last name. */
  readPaths: ReadonlyMap<string, ReadonlyArray<readonly string[]>>;
  /** Words whose presence in the code around a read or a code check is a fact, with their keys and patterns. */
  nearbyWords: ReadonlyArray<{ key: string; pattern: RegExp }>;
  /** Numbers whose comparison with a code is a fact. */
  codes: ReadonlySet<number>;
  /** String literals whose whole text is a fact. */
  literals: ReadonlySet<string>;
  /** Names whose occurrence as a token inside a string is a fact. */
  namesInStrings: readonly string[];
  /** Header names in lower case. */
  headers: ReadonlySet<string>;
  /** The fewest headers an entry names together: a group with fewer of them is no fact. */
  fewestHeaders: number;
  /**
   * The words of each window of the grep floor (`['firewall', 'rules']`, `['zones', 'filters']`): a
   * string, template or array holding every word of one window is a written-path fact.
   */
  pathWords: ReadonlyArray<readonly string[]>;
  /** Every literal segment of the floor's windows: where a written path starts (`access` of `access/bookmarks`). */
  pathSegments: readonly string[];
  /** The first segments of the catalogue's paths (`zones`, `accounts`, `user`, `organizations`). */
  pathRoots: ReadonlySet<string>;
  /** The zone setting ids the catalogue watches (`minify`): named as settings (`settingId: 'minify'`, a text's `-Setting 'minify'`), their endpoint. */
  settingIds: ReadonlySet<string>;
  /** The first names of the catalogue's SDK chains (`firewall`, `rateLimits`, `zeroTrust`). */
  sdkRoots: ReadonlySet<string>;
}
