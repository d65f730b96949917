import { extendSettingsSchema, SCANNER_ONLY_KEYS, type FromSchema, type SchemaNode } from '@sunset-lint/core/schedule';

/*
 * On its own, without the code that checks it: @sunset-lint/core's scripts/generate-validators.mjs
 * compiles it to settings-validator.generated.ts and writes config.schema.json (shipped for
 * editors) from it (`pnpm docs`; `pnpm docs:check` fails when either is stale).
 */

const GLOBS = {
  type: 'array',
  items: { type: 'string', pattern: '\\S' },
  errorMessage: 'must be a list of glob patterns (non-empty strings)',
} as const;

/**
 * The scanner's own keys are exactly core's SCANNER_ONLY_KEYS, which the ESLint plugin accepts and
 * ignores in the shared file: a key added here and not there fails to compile.
 */
const SCANNER_KEYS = {
  include: { ...GLOBS, description: 'Files to scan, replacing the default patterns.' },
  exclude: { ...GLOBS, description: 'Files to leave out, on top of the defaults; "!pattern" takes one back.' },
  reportUnusedSuppressions: {
    type: 'string',
    enum: ['off', 'warn', 'error'],
    description:
      'How suppression comments that silence nothing are reported (eslint-disable naming a sunset-lint rule, sunset-lint-ignore): off, warn (default) or error (fails the scan). --report-unused-suppressions overrides it.',
  },
  maxFileSize: {
    type: 'integer',
    minimum: 1,
    errorMessage: 'must be a whole number of bytes (1 or more)',
    description:
      'Files larger than this many bytes are skipped with a file-too-large diagnostic (default 5242880, 5 MiB); --max-file-size overrides it.',
  },
  languages: {
    type: 'array',
    minItems: 1,
    items: { type: 'string', enum: ['javascript', 'terraform', 'shell', 'python', 'go', 'docs', 'text'] },
    errorMessage: 'must be a non-empty list of languages (javascript, terraform, shell, python, go, docs, text)',
    description:
      'The languages scanned (default: all): javascript (JavaScript and TypeScript), terraform, shell (scripts, Dockerfile RUN, Makefile recipes, CI run steps), python, go, docs (Markdown, MDX, reStructuredText, AsciiDoc, Org), text (other formats read as text: Jenkinsfile, justfile, Nix, .http, YAML of other CIs). --languages overrides it.',
  },
  failOnDocs: {
    type: 'boolean',
    description:
      'Whether findings in documentation count against --fail-on (default false: they are reported, marked as documentation, and never fail the scan). --fail-on-docs sets it.',
  },
  // Editors find the schema through this key; the scanner ignores its value.
  $schema: { type: 'string', description: 'The JSON Schema of this file, for editors (config.schema.json).' },
} as const satisfies Record<(typeof SCANNER_ONLY_KEYS)[number], SchemaNode>;

/** The scanner's configuration: the settings every engine shares plus which files to scan. */
export const SCANNER_SETTINGS_SCHEMA = extendSettingsSchema(SCANNER_KEYS);

export type ScannerSettings = FromSchema<typeof SCANNER_SETTINGS_SCHEMA>;

/** The document shipped as `config.schema.json`, for editors (`"$schema"` in sunset-lint.config.json). */
export function scannerConfigJsonSchema(): object {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://sunset-lint.dev/schema/scanner-config.json',
    title: 'sunset-lint scanner configuration',
    description:
      'sunset-lint.config.json, or the "sunset-lint" key of package.json: the settings every engine ' +
      'shares plus the files to scan (include, exclude).',
    ...SCANNER_SETTINGS_SCHEMA,
  };
}
