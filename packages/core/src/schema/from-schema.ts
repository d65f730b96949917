/**
 * The TypeScript type of the values a JSON Schema accepts, for the subset the shipped schemas (the
 * settings', the catalogue entry's) use: `$ref` to `#/definitions/<name>` (looked up in
 * `Definitions`), `oneOf` (any of its schemas), `enum`, `string`, `integer`/`number`, `boolean`, a
 * list of those types,
 * `array` with `items`, and `object` with `properties` (optional unless `required` names them) or
 * `additionalProperties`. Other keywords (`pattern`, `minItems`, `anyOf` of `required`, …) narrow
 * values in ways a type cannot say, and are left to ajv. A schema written `as const` thereby is the
 * single definition of both the check and the type.
 */
export type FromSchema<S, Definitions = object> = S extends { readonly $ref: `#/definitions/${infer Name}` }
  ? Name extends keyof Definitions
    ? FromSchema<Definitions[Name], Definitions>
    : unknown
  : S extends { readonly oneOf: readonly (infer Each)[] }
    ? FromSchema<Each, Definitions>
    : S extends { readonly enum: readonly (infer V)[] }
      ? V
      : S extends { readonly type: 'array'; readonly items: infer I }
        ? FromSchema<I, Definitions>[]
        : S extends { readonly type: 'object'; readonly properties: infer P }
          ? ObjectFromSchema<P, S extends { readonly required: readonly (infer R)[] } ? R : never, Definitions>
          : S extends { readonly type: 'object'; readonly additionalProperties: infer A extends object }
            ? Record<string, FromSchema<A, Definitions>>
            : S extends { readonly type: infer T }
              ? PrimitiveFromSchema<T extends readonly (infer Each)[] ? Each : T>
              : unknown;

/** The value of a primitive `type` keyword (one type of a list of them). */
type PrimitiveFromSchema<T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : unknown;

/** An object's properties: those `Required` names present, every other one optional. */
type ObjectFromSchema<P, Required, Definitions> = Flatten<
  { -readonly [K in keyof P as K extends Required ? K : never]-?: FromSchema<P[K], Definitions> } & {
    -readonly [K in keyof P as K extends Required ? never : K]?: FromSchema<P[K], Definitions>;
  }
>;

/** One object type where an intersection was, so that editors show its properties, not its parts. */
type Flatten<T> = { [K in keyof T]: T[K] };

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
