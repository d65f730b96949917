/**
 * Shapes of the catalogue data in `rules/*.json`, derived from the schema that validates it
 * (catalogue/schema.ts, written to `rules/schema.json`): a field added there is a field here.
 */
import type { Day } from '../grading/day.js';
import type { FromSchema } from '../schema/from-schema.js';
import type { RuleName } from './rule-table.js';
import { CATALOGUE_ENTRY_SCHEMA } from './schema.js';

export type { RuleName };

/** The schema's shared parts (`#/definitions/…`), which its `$ref`s name. */
type Definitions = (typeof CATALOGUE_ENTRY_SCHEMA)['definitions'];
type FromCatalogueSchema<S> = FromSchema<S, Definitions>;

/** A catalogue entry as the data writes it: a `rules/*.json` file, or an entry of `catalogue.add`. */
export type CatalogueEntryData = FromCatalogueSchema<typeof CATALOGUE_ENTRY_SCHEMA>;

/**
 * A loaded catalogue entry: the data, with its end of life parsed once and its fields' contexts
 * resolved (a context named by another field's `name` replaced by it), where the catalogue is
 * loaded and checked (catalogue/load.ts); `writtenEntry` turns the day back into the data's text.
 */
export interface CatalogueEntry extends Omit<CatalogueEntryData, 'eol' | 'match'> {
  /** End of life: the day the data writes `YYYY-MM-DD` (`formatDay` writes it so again). */
  eol: Day;
  match: EntryMatch;
}

/** An entry the loader checked: its end of life parsed, its fields' contexts still as written. */
export type ValidatedEntry = Omit<CatalogueEntryData, 'eol'> & { eol: Day };

/** What an entry matches, as the data writes it. */
export type EntryMatchData = CatalogueEntryData['match'];
/** What a loaded entry matches: the data's, with every field's context resolved. */
export type EntryMatch = Omit<EntryMatchData, 'fields'> & { fields?: FieldMatcher[] };

/** The methods the schedule names. */
export type HttpMethod = FromCatalogueSchema<Definitions['method']>;
export const HTTP_METHODS: readonly HttpMethod[] = CATALOGUE_ENTRY_SCHEMA.definitions.method.enum;

export type EndpointMatcher = FromCatalogueSchema<Definitions['endpoint']>;
export type PathRewrite = NonNullable<EndpointMatcher['rewrite']>;
export type SegmentMatcher = NonNullable<EntryMatch['segments']>[number];
/** A field as `rules/*.json` writes it: its context, or the name of one a field of the catalogue defines. */
export type FieldMatcherData = FromCatalogueSchema<Definitions['field']>;
/**
 * The API resource a field belongs to, as code writes and reads it (`#/definitions/fieldContext`):
 * the shapes of its object literals and the names of receivers that hold one.
 */
export type FieldContext = FromCatalogueSchema<Definitions['fieldContext']>;
/** An object literal's shape: a kind read from `key` among `values` (upper case), some keys, all keys. */
export type ObjectShape = FromCatalogueSchema<Definitions['objectShape']>;
/** Words that say a receiver holds the resource: anywhere in its name, the whole name, or its start. */
export type ReceiverHint = NonNullable<FieldContext['receivers']>[number];
/** A field of a loaded entry: its context resolved. */
export type FieldMatcher = Omit<FieldMatcherData, 'context'> & { context: FieldContext };
export type ErrorShapeMatcher = NonNullable<EntryMatch['errorShapes']>[number];
export type HeaderComboMatcher = NonNullable<EntryMatch['headers']>[number];
export type SdkMatcher = NonNullable<EntryMatch['sdk']>[number];
/**
 * A declared resource (`new cloudflare.FirewallRule(…)`, `resource "cloudflare_firewall_rule"`):
 * its type as each tool names it, and optionally the property (and value) that makes it deprecated.
 */
export type ResourceMatcher = FromCatalogueSchema<Definitions['resource']>;

/** How client code moves off an entry (`#/definitions/migration`): class, change, what needs a person, rewrites. */
export type EntryMigration = FromCatalogueSchema<Definitions['migration']>;
/** A migration's class: automatic, assisted or manual. */
export type MigrationClass = EntryMigration['class'];
/** One machine-readable rewrite of a migration (`#/definitions/migrationRewrite`), told apart by `kind`. */
export type MigrationRewrite = FromCatalogueSchema<Definitions['migrationRewrite']>;
export const MIGRATION_CLASSES: readonly MigrationClass[] =
  CATALOGUE_ENTRY_SCHEMA.definitions.migration.properties.class.enum;

/** The methods code can send: the schedule's, and `HEAD` and `OPTIONS`, which it never lists. */
export type RequestMethod = HttpMethod | 'HEAD' | 'OPTIONS';
const REQUEST_METHODS: ReadonlySet<string> = new Set<RequestMethod>([...HTTP_METHODS, 'HEAD', 'OPTIONS']);

export function isRequestMethod(text: string): text is RequestMethod {
  return REQUEST_METHODS.has(text);
}

/** The infrastructure-as-code tools whose declarations the catalogue can name. */
export type IacEcosystem = 'pulumi' | 'cdktf' | 'terraform';
export const IAC_ECOSYSTEMS: readonly IacEcosystem[] = ['terraform', 'pulumi', 'cdktf'];

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
