/**
 * The TypeScript type of the values a JSON Schema accepts, for the subset the settings schemas
 * use: `enum`, `string`, `integer`/`number`, `boolean`, `array` with `items`, and `object` with
 * `properties` (all optional: the settings require nothing) or `additionalProperties`. A schema
 * written `as const` thereby is the single definition of both the check and the type.
 */
export type FromSchema<S> = S extends { readonly enum: readonly (infer V)[] }
  ? V
  : S extends { readonly type: 'string' }
    ? string
    : S extends { readonly type: 'integer' | 'number' }
      ? number
      : S extends { readonly type: 'boolean' }
        ? boolean
        : S extends { readonly type: 'array'; readonly items: infer I }
          ? FromSchema<I>[]
          : S extends { readonly type: 'object'; readonly properties: infer P }
            ? { -readonly [K in keyof P]?: FromSchema<P[K]> }
            : S extends { readonly type: 'object'; readonly additionalProperties: infer A extends object }
              ? Record<string, FromSchema<A>>
              : unknown;

/** The keywords the settings messages read; everything else is left to ajv. */
export type SchemaNode = {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly additionalProperties?: boolean | SchemaNode;
  readonly propertyNames?: SchemaNode;
  /** What a valid value is, as the end of a sentence: "must be a list of entry ids". */
  readonly errorMessage?: string;
  readonly description?: string;
  /** `pattern`, `minimum`, `minItems`, …: checked by ajv, not read here. */
  readonly [keyword: string]: unknown;
};
