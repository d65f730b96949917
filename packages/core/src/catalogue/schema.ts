import { RULE_NAMES } from './rule-table.js';

/*
 * The schema of a catalogue entry (`rules/*.json`, and the entries the settings' `catalogue.add`
 * adds), defined once, as the settings' schema is (settings/schema.ts): ajv checks entries with it
 * (catalogue/entry-validator.generated.ts is compiled from it), the catalogue's types are derived
 * from it (catalogue/types.ts), and `rules/schema.json`, which entries name in "$schema" and which
 * a packed core ships, is written from it by `pnpm docs` (`pnpm docs:check` fails when it is
 * stale). The `rule` enum is the rule table's names (catalogue/rule-table.ts).
 */

export const CATALOGUE_ENTRY_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://sunset-lint.dev/schema/catalogue-entry.json',
  title: 'sunset-lint catalogue entry',
  description:
    "One row of the edge API's deprecation schedule (spec section 9). Data only: what is deprecated, when, what it matches and what replaces it.",
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'area', 'eol', 'rule', 'replacement', 'docs', 'match'],
  properties: {
    $schema: { type: 'string' },
    id: {
      type: 'string',
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
      description: 'Stable kebab-case id; used in configs, baselines and reports.',
    },
    title: { type: 'string', minLength: 1 },
    area: { type: 'string', minLength: 1 },
    eol: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'End-of-life date, YYYY-MM-DD, exactly as in the schedule.',
    },
    spec: { type: 'string', description: 'Spec section the row comes from.' },
    rule: {
      enum: RULE_NAMES,
      description: 'The linter rule that reports this entry.',
    },
    replacement: { type: 'string', minLength: 1 },
    replacementDocs: { type: 'string', description: 'Repository-relative doc or URL with the migration guide.' },
    docs: { type: 'string', minLength: 1, description: 'Docs anchor for the entry.' },
    match: { $ref: '#/definitions/match' },
    migration: { $ref: '#/definitions/migration' },
  },
  definitions: {
    migration: {
      type: 'object',
      additionalProperties: false,
      required: ['class', 'description'],
      description:
        "How client code moves off the entry (`sunset-lint migrate`): the class, the change in words, what needs a person, and the rewrites that are simple data. Every built-in entry has one; it must agree with the entry's `replacement`.",
      properties: {
        class: {
          enum: ['automatic', 'assisted', 'manual'],
          description:
            'automatic: a text rewrite whose result is the documented replacement; assisted: the parts derivable from the code are rewritten and what needs a person is written at the place; manual: described only.',
        },
        description: {
          type: 'string',
          minLength: 1,
          description:
            'The change, precisely: what the code is rewritten to (or, for manual entries, what replaces it).',
        },
        person: {
          type: 'string',
          minLength: 1,
          description:
            "What needs a person: for assisted and manual entries, and for an automatic entry's places its rewrites leave alone.",
        },
        assistedShapes: {
          type: 'string',
          minLength: 1,
          description:
            "For an automatic entry: the shapes of code its rewrites cannot derive the replacement from. Such a place is classed assisted at the place (scan's JSON `migration`, the plan) and listed for a person; every place classed automatic is one `sunset-lint migrate` rewrites.",
        },
        rewrites: {
          type: 'array',
          minItems: 1,
          items: { $ref: '#/definitions/migrationRewrite' },
          description: "The machine-readable rewrites `sunset-lint migrate` applies at the findings' places.",
        },
      },
    },
    migrationRewrite: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'from', 'to'],
          description:
            'Replace the path text `from` with `to` in the request URL, at path-segment boundaries (`script_monitor` -> `page_shield`).',
          properties: {
            kind: { enum: ['path'] },
            from: { type: 'string', pattern: '^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*$' },
            to: { type: 'string', pattern: '^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*$' },
            renameBodyKey: {
              type: 'object',
              additionalProperties: false,
              required: ['from', 'to'],
              properties: { from: { type: 'string', minLength: 1 }, to: { type: 'string', minLength: 1 } },
              description: "The request body's top-level key the new path takes the value under.",
            },
            unless: {
              type: 'array',
              minItems: 1,
              items: { type: 'string', pattern: '^[A-Za-z0-9_.-]+$' },
              description: 'Path segments after `from` that the rewrite does not apply to (they need a person).',
            },
            comment: { $ref: '#/definitions/migrationComment' },
            methodComments: {
              type: 'object',
              additionalProperties: { type: 'string', minLength: 1 },
              description: 'A comment written instead for a request of this method (PATCH -> PUT with a whole body).',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'key'],
          description:
            "Remove the key from the payloads the entry's field matches (writes); with `readValue`, a read of the key is replaced with that value.",
          properties: {
            kind: { enum: ['drop-key'] },
            key: { type: 'string', pattern: '^[A-Za-z_$][\\w$]*$' },
            readValue: {
              enum: ['false', 'null', 'undefined'],
              description:
                'What a read of the key now gives, per the specification (JavaScript and TypeScript: a read `x.key` whose object has no side effect becomes this literal).',
            },
            comment: { $ref: '#/definitions/migrationComment' },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'object', 'keys', 'into'],
          description:
            "Remove `keys` from the inner `object` and, where the outer object lacks `into`, write it: the keys' values joined with dots (the SRV fold).",
          properties: {
            kind: { enum: ['fold-keys'] },
            object: { type: 'string', pattern: '^[A-Za-z_$][\\w$]*$' },
            keys: { type: 'array', minItems: 1, items: { type: 'string' } },
            into: { type: 'string', pattern: '^[A-Za-z_$][\\w$]*$' },
            comment: { $ref: '#/definitions/migrationComment' },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'header'],
          description: "Remove this header from the request's headers.",
          properties: { kind: { enum: ['drop-header'] }, header: { type: 'string', pattern: '^[A-Za-z0-9-]+$' } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'values'],
          description:
            'Replace each string value with its successor; where the successor is already in the same list, remove the value instead.',
          properties: {
            kind: { enum: ['replace-values'] },
            values: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind'],
          description:
            'Remove the request: a statement that only sends it (its result unused), or its item in a bulk settings edit.',
          properties: { kind: { enum: ['remove-call'] } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'field'],
          description:
            'A read `x.<field>` becomes `(x.<field> ?? [x])`: the root-cause errors under both error shapes.',
          properties: {
            kind: { enum: ['root-cause-read'] },
            field: { type: 'string', pattern: '^[A-Za-z_$][\\w$]*$' },
            comment: { $ref: '#/definitions/migrationComment' },
          },
        },
      ],
    },
    migrationComment: {
      type: 'string',
      minLength: 1,
      description:
        "What needs a person at a place this rewrite changes, written there as a comment in the file's language (assisted entries).",
    },
    method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    endpoint: {
      type: 'object',
      additionalProperties: false,
      required: ['methods', 'path'],
      properties: {
        methods: { type: 'array', minItems: 1, uniqueItems: true, items: { $ref: '#/definitions/method' } },
        liveMethods: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { $ref: '#/definitions/method' },
          description:
            'Methods of the same path that stay live. Absent: the path is retired as a whole and a request with any method is deprecated; present: only the listed methods are.',
        },
        path: {
          type: 'string',
          pattern: '^/?[A-Za-z0-9_.{}:-]+(/[A-Za-z0-9_.{}:-]+)*$',
          description:
            "Path template relative to {base_url}; ':name' or '{name}' is one path segment; a leading slash is optional.",
        },
        subtree: {
          type: 'boolean',
          description:
            'The template and every path below it: an API area retired as a whole (organizations/:id/… beyond the endpoints the schedule lists). Listed endpoints are matched first.',
        },
        rewrite: {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to', 'kind'],
          properties: {
            from: { type: 'string', minLength: 1 },
            to: { type: 'string' },
            kind: { enum: ['fix', 'suggestion'] },
            note: { type: 'string' },
            renameBodyKey: {
              type: 'object',
              additionalProperties: false,
              required: ['from', 'to'],
              properties: { from: { type: 'string', minLength: 1 }, to: { type: 'string', minLength: 1 } },
              description:
                "The replacement endpoint takes the request body's value under another top-level key; the rewrite renames it in a body sent with the request.",
            },
          },
        },
      },
    },
    field: {
      type: 'object',
      additionalProperties: false,
      required: ['path', 'context', 'access'],
      properties: {
        path: {
          type: 'string',
          pattern: '^[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*$',
          description: 'Dotted field path inside the resource, e.g. data.service.',
        },
        context: {
          oneOf: [
            {
              type: 'string',
              pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
              description:
                'The name of a context a field of the catalogue defines (built in: dns-record, load-balancer-pool).',
            },
            { $ref: '#/definitions/fieldContext' },
          ],
          description: 'The API resource the field belongs to: how code writes and reads it.',
        },
        recordType: {
          type: 'string',
          description:
            "The kind of the resource the field applies to: the value of the key a context shape reads (an SRV record: `type: 'SRV'`), compared in upper case.",
        },
        innerEvidence: {
          type: 'object',
          additionalProperties: false,
          required: ['keys', 'atLeast'],
          properties: {
            keys: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string' } },
            atLeast: { type: 'integer', minimum: 1 },
          },
          description:
            "For a path of two names: an outer object that shows no shape of the context is still the resource's, at medium confidence, where the object under the first name holds at least `atLeast` of these keys (an untyped `data` with an SRV record's `port` and `target`).",
        },
        composeOuter: {
          type: 'object',
          additionalProperties: false,
          required: ['key', 'from'],
          properties: {
            key: { type: 'string', pattern: '^[A-Za-z_$][\\w$]*$' },
            from: { type: 'array', minItems: 1, items: { type: 'string' } },
          },
          description:
            "For a path of two names whose removal is offered: where the outer object lacks `key`, the fix writes it, composed of these inner keys joined with dots (an SRV record's `name` is `<service>.<proto>.<name>`); where it has it, it is kept.",
        },
        access: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ['write', 'read'] } },
        onWrite: { enum: ['report', 'fix-remove', 'suggest-remove'], default: 'report' },
        endpoints: {
          type: 'array',
          items: { $ref: '#/definitions/endpoint' },
          description: 'Operations whose payloads or responses carry the field (context, not deprecated themselves).',
        },
      },
    },
    fieldContext: {
      type: 'object',
      additionalProperties: false,
      required: ['resource', 'shapes'],
      properties: {
        name: {
          type: 'string',
          pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
          description: 'A name other fields give as their `context` to share this one.',
        },
        resource: {
          type: 'string',
          minLength: 1,
          description:
            'The resource in words, singular: messages say `locked` sent in a DNS record payload, the schedule says of DNS records.',
        },
        kindNoun: {
          type: 'string',
          minLength: 1,
          description:
            "What one kind of the resource is called after its type, for fields with a recordType: record (an SRV record); the resource's words when omitted.",
        },
        shapes: {
          type: 'array',
          minItems: 1,
          items: { $ref: '#/definitions/objectShape' },
          description: 'An object literal is the resource when it has one of these shapes.',
        },
        receivers: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['text', 'where'],
            properties: {
              text: { type: 'string', pattern: '^[A-Za-z0-9_$]+$' },
              where: { enum: ['anywhere', 'whole', 'start'] },
            },
          },
          description:
            "Words (any case) that say a receiver holds the resource (`record.locked`): anywhere in its name, the whole name, or its start. A read from such a receiver is high confidence; from others, only with the field's endpoints in the code around it.",
        },
      },
    },
    objectShape: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      dependencies: { values: ['key'], key: ['values'] },
      properties: {
        key: { type: 'string', description: "A key whose static string value says the object's kind (type)." },
        values: {
          type: 'array',
          minItems: 1,
          items: { type: 'string' },
          description: 'The kinds the resource has, in upper case: the value of `key`, in upper case, is one of them.',
        },
        anyKeys: {
          type: 'array',
          minItems: 1,
          items: { type: 'string' },
          description: 'The object has at least one of these keys.',
        },
        allKeys: {
          type: 'array',
          minItems: 1,
          items: { type: 'string' },
          description: 'The object has every one of these keys.',
        },
      },
    },
    resource: {
      type: 'object',
      additionalProperties: false,
      anyOf: [{ required: ['terraform'] }, { required: ['pulumi'] }, { required: ['cdktf'] }],
      properties: {
        terraform: {
          type: 'string',
          pattern: '^[a-z][a-z0-9_]*$',
          description: 'Terraform resource type, e.g. cloudflare_firewall_rule.',
        },
        pulumi: {
          type: 'string',
          pattern: '^[A-Z][A-Za-z0-9]*$',
          description: 'Class exported by @pulumi/cloudflare, e.g. FirewallRule.',
        },
        cdktf: {
          type: 'string',
          pattern: '^[A-Z][A-Za-z0-9]*$',
          description:
            'Class exported by @cdktf/provider-cloudflare (module lib/<kebab-case name>, namespace <camelCase name>), e.g. FirewallRule.',
        },
        property: {
          type: 'string',
          pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$',
          description:
            "Property path that makes the resource deprecated, in Terraform's snake_case spelling (settings.mobile_redirect); Pulumi and CDKTF camelCase keys are compared in this spelling. The whole resource when omitted.",
        },
        value: {
          type: ['string', 'number', 'boolean'],
          description: "The property's value that makes it deprecated (setting_id = brotli); any value when omitted.",
        },
        replacement: {
          type: 'string',
          minLength: 1,
          description:
            "What to declare instead in infrastructure code (the successor resource), used in the messages of these findings; the entry's replacement when omitted.",
        },
      },
      dependencies: { value: ['property'] },
    },
    match: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        endpoints: { type: 'array', minItems: 1, items: { $ref: '#/definitions/endpoint' } },
        segments: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['segment', 'replacement'],
            properties: {
              segment: { type: 'string', pattern: '^[A-Za-z0-9_.-]+$' },
              replacement: { type: 'string', pattern: '^[A-Za-z0-9_.-]+$' },
              fix: { enum: ['fix', 'suggestion'], default: 'suggestion' },
            },
          },
        },
        fields: { type: 'array', minItems: 1, items: { $ref: '#/definitions/field' } },
        errorShapes: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['code'],
            properties: {
              code: { type: 'integer' },
              message: { type: 'string' },
              chainField: { type: 'string' },
              context: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  words: {
                    type: 'array',
                    items: { type: 'string', minLength: 1 },
                    description:
                      "Words (any case) that tie a check of the code, or a read of the chain field, to the API's resource when the code around it holds one: a bare number is everyone's code (1004 is also a WebSocket close code).",
                  },
                  receivers: {
                    type: 'array',
                    items: { type: 'string', minLength: 1 },
                    description:
                      "Words (any case) that say the receiver a chain field is read from holds the resource's error (`dnsError.error_chain`).",
                  },
                },
                description: "What the code around an error check deals with when the check is this API's.",
              },
            },
          },
        },
        headers: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['allOf'],
            properties: {
              allOf: { type: 'array', minItems: 2, items: { type: 'string', pattern: '^[A-Za-z0-9-]+$' } },
              drop: { type: 'string' },
            },
          },
        },
        settingIds: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { type: 'string', pattern: '^[a-z0-9_]+$' },
        },
        ciphers: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', minLength: 1 } },
        resources: {
          type: 'array',
          minItems: 1,
          description:
            'Declared infrastructure-as-code resources (Pulumi, CDK for Terraform, Terraform) whose type, or a property of it, is deprecated.',
          items: { $ref: '#/definitions/resource' },
        },
        sdk: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['chain'],
            properties: {
              chain: {
                type: 'string',
                pattern: '^[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*$',
                description: 'Resource chain on an official SDK client, e.g. firewall.rules.',
              },
              methods: { type: 'array', items: { type: 'string' }, description: 'Methods reported; all when omitted.' },
            },
          },
        },
      },
    },
  },
} as const;
