/** Shapes of the catalogue data in `rules/*.json` (validated against `rules/schema.json`). */

/** The methods the schedule names. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods code can send: the schedule's, and `HEAD` and `OPTIONS`, which it never lists. */
export type RequestMethod = HttpMethod | 'HEAD' | 'OPTIONS';
const REQUEST_METHODS: ReadonlySet<string> = new Set<RequestMethod>([...HTTP_METHODS, 'HEAD', 'OPTIONS']);

export function isRequestMethod(text: string): text is RequestMethod {
  return REQUEST_METHODS.has(text);
}

export type RuleName =
  | 'no-deprecated-endpoint'
  | 'no-srv-data-name-fields'
  | 'no-dns-record-locked'
  | 'no-dns-error-chain'
  | 'no-transfer-encoding-with-content-length'
  | 'no-lb-notification-email'
  | 'no-legacy-chacha20-ciphers'
  | 'no-deprecated-field';

export interface PathRewrite {
  from: string;
  to: string;
  kind: 'fix' | 'suggestion';
  note?: string;
  /** The replacement takes the value under another body key (`{ value }` -> `{ multi_provider }`). */
  renameBodyKey?: { from: string; to: string };
}

export interface EndpointMatcher {
  methods: HttpMethod[];
  /**
   * Methods of the same path that stay live. Absent (every built-in row): the path is retired as a
   * whole and any method sent to it is deprecated; present: only `methods` are.
   */
  liveMethods?: HttpMethod[];
  /** As written in the data: `:name` or `{name}` params, leading slash optional. */
  path: string;
  rewrite?: PathRewrite;
}

export interface SegmentMatcher {
  segment: string;
  replacement: string;
  fix?: 'fix' | 'suggestion';
}

/**
 * The API resource a field belongs to, as code writes and reads it (`rules/schema.json`
 * `fieldContext`): the shapes of its object literals and the names of receivers that hold one.
 */
export interface FieldContext {
  /** A name other fields give as their `context` to share this one (`dns-record`). */
  name?: string;
  /** The resource in words, singular (`DNS record`). */
  resource: string;
  /** What one kind is called after its type (`record`: an SRV record); `resource` when absent. */
  kindNoun?: string;
  /** An object literal is the resource when it has one of these shapes. */
  shapes: ObjectShape[];
  /** Words that say a receiver holds the resource: anywhere in its name, the whole name, or its start. */
  receivers?: ReceiverHint[];
}

/** An object literal's shape: a kind read from `key` among `values` (upper case), some keys, all keys. */
export interface ObjectShape {
  key?: string;
  values?: string[];
  anyKeys?: string[];
  allKeys?: string[];
}

export interface ReceiverHint {
  text: string;
  where: 'anywhere' | 'whole' | 'start';
}

export interface FieldMatcher {
  path: string;
  context: FieldContext;
  /** The kind of the resource the field applies to (an SRV record), compared in upper case. */
  recordType?: string;
  /** For a path of two names: inner keys that make an object of no known shape the resource's (medium). */
  innerEvidence?: { keys: string[]; atLeast: number };
  /** For a path of two names: the outer key the removal fix writes, composed of these inner keys, where it is missing. */
  composeOuter?: { key: string; from: string[] };
  access: Array<'write' | 'read'>;
  onWrite?: 'report' | 'fix-remove' | 'suggest-remove';
  endpoints?: EndpointMatcher[];
}

/** A field as `rules/*.json` writes it: its context, or the name of one a field of the catalogue defines. */
export type FieldMatcherData = Omit<FieldMatcher, 'context'> & { context: string | FieldContext };

export interface ErrorShapeMatcher {
  code: number;
  message?: string;
  chainField?: string;
  /** What the code around an error check deals with when the check is this API's. */
  context?: {
    /** Words (any case) of the code around a check or a read that tie it to the resource (`dns`). */
    words?: string[];
    /** Words (any case) in the name of a receiver that holds the resource's error (`dnsError`). */
    receivers?: string[];
  };
}

export interface HeaderComboMatcher {
  allOf: string[];
  drop?: string;
}

export interface SdkMatcher {
  chain: string;
  methods?: string[];
}

/** The infrastructure-as-code tools whose declarations the catalogue can name. */
export type IacEcosystem = 'pulumi' | 'cdktf' | 'terraform';
export const IAC_ECOSYSTEMS: readonly IacEcosystem[] = ['terraform', 'pulumi', 'cdktf'];

/**
 * A declared resource (`new cloudflare.FirewallRule(…)`, `resource "cloudflare_firewall_rule"`):
 * its type as each tool names it, and optionally the property (and value) that makes it deprecated.
 */
export interface ResourceMatcher {
  /** Terraform resource type: `cloudflare_firewall_rule`. */
  terraform?: string;
  /** Class exported by `@pulumi/cloudflare`: `FirewallRule`. */
  pulumi?: string;
  /** Class exported by `@cdktf/provider-cloudflare` (module `lib/firewall-rule`, namespace `firewallRule`). */
  cdktf?: string;
  /** Property path in Terraform's snake_case spelling (`settings.mobile_redirect`); the whole resource when absent. */
  property?: string;
  /** The value of `property` that is deprecated (`setting_id = "brotli"`); any value when absent. */
  value?: string | number | boolean;
  /** What to declare instead (the successor resource); the entry's `replacement` when absent. */
  replacement?: string;
}

export interface EntryMatch {
  endpoints?: EndpointMatcher[];
  segments?: SegmentMatcher[];
  fields?: FieldMatcher[];
  errorShapes?: ErrorShapeMatcher[];
  headers?: HeaderComboMatcher[];
  settingIds?: string[];
  ciphers?: string[];
  sdk?: SdkMatcher[];
  resources?: ResourceMatcher[];
}

export interface CatalogueEntry {
  id: string;
  title: string;
  area: string;
  /** End-of-life date, `YYYY-MM-DD`. */
  eol: string;
  spec?: string;
  rule: RuleName;
  replacement: string;
  replacementDocs?: string;
  docs: string;
  match: EntryMatch;
}

/** An entry as `rules/*.json` writes it: field contexts may be given by name (`CatalogueEntry` has them resolved). */
export type CatalogueEntryData = Omit<CatalogueEntry, 'match'> & {
  match: Omit<EntryMatch, 'fields'> & { fields?: FieldMatcherData[] };
};

/** Where an entry came from, for error messages and reports. */
export type EntrySource = { kind: 'builtin'; file: string } | { kind: 'user'; file: string };

export interface Catalogue {
  readonly entries: readonly CatalogueEntry[];
  readonly byId: ReadonlyMap<string, CatalogueEntry>;
  readonly sources: ReadonlyMap<string, EntrySource>;
}

/** User-facing changes to the built-in catalogue (config file or ESLint settings). */
export interface CatalogueChanges {
  /** New entries, in the same schema as `rules/*.json`. */
  add?: unknown[];
  /** Entry id -> replacement end-of-life date (`YYYY-MM-DD`). */
  eolOverrides?: Record<string, string>;
  /** Entry ids to switch off. */
  disable?: string[];
}
