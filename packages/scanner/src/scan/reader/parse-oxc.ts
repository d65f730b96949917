import { createRequire } from 'node:module';
import type { RawComment } from '@sunset-lint/core';
import { fileURLToPath } from 'node:url';
import type { ParseOutcome, ParseSource, Program } from './parse-outcome.js';
import { type Grammar, isStackOverflow, TOO_DEEP } from './parse-outcome.js';
import { readerInput } from './reader-input.js';
import { loadTypeScriptWithCodeCache } from './typescript-code-cache.js';

/**
 * What the scan uses of oxc-parser: `parseSync`'s program and errors (oxc-parser's module has this
 * shape; `loadOxc` gives one whose results are plain objects, see `plainResults`).
 */
interface OxcParser {
  parseSync(file: string, text: string, options: ParserOptions): OxcResult;
}
interface OxcResult {
  readonly program: unknown;
  readonly errors: readonly unknown[];
  /** The file's comments (the suppression step reads them: `oxcComments`). */
  readonly comments: readonly OxcComment[];
}
interface OxcComment {
  readonly type: 'Line' | 'Block';
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/**
 * oxc-parser: the tree it gives is already ESTree with typescript-estree's shapes, so nothing
 * converts it. With raw transfer (Node 22 or later) the Rust parser writes the tree into a buffer
 * that JavaScript reads in place; without it (`transfer: 'json'`, Node 20) the tree comes as a JSON
 * string that `JSON.parse` reads, the same tree (docs/scanner.md, "Parser choice").
 *
 * What it does not accept goes to TypeScript's parser (the other path, loaded on the first such
 * file), so that a file gets the very same outcome, parse error message included, on either path:
 * the TypeScript path accepts a few things oxc rejects (a `return` outside functions in a script).
 */
export function oxcParseSource(
  oxc: OxcParser,
  transfer: OxcTransfer = 'raw',
  loadTypeScript = requireTypeScriptPath,
): ParseSource {
  const parse = parseReaderInput(oxc, transfer);
  let typescript: ParseSource | undefined;
  const fallback = (file: string, source: string): ParseOutcome => {
    typescript ??= loadTypeScript();
    return typescript(file, source);
  };
  return (file, source) => {
    let result: OxcResult;
    try {
      result = parse(file, source).result;
      if (result.errors.length > 0) return fallback(file, source);
      return { ok: true, program: result.program as unknown as Program };
    } catch (error) {
      if (isStackOverflow(error)) return { ok: false, message: TOO_DEEP, tooDeep: true };
      return fallback(file, source);
    }
  };
}

/**
 * What the parser reads of the file, as the TypeScript path reads it (reader-input.ts), parsed
 * with the options of its language and goal: the tree's and the comments' one way in.
 */
function parseReaderInput(oxc: OxcParser, transfer: OxcTransfer) {
  const options = transfer === 'raw' ? RAW_TRANSFER : JSON_TRANSFER;
  return (file: string, source: string) => {
    const input = readerInput(file, source);
    const result = oxc.parseSync(file, input.text, options[`${input.grammar}:${input.script ? 'script' : 'module'}`]);
    return { input, result };
  };
}

/**
 * A file's comments as oxc-parser reads them, for the suppression step: the same list as
 * TypeScript's trivia (suppress/comments.ts) on every fixture and library file compared
 * (`suppression-comments.test.ts`), without loading TypeScript for a file that holds a directive
 * word. `undefined` where oxc rejects the file: TypeScript's reader then reads it, as its parser
 * then reads the tree. The hashbang line, which oxc lists as a comment of a JavaScript file, is
 * not one for ESLint or TypeScript.
 */
export function oxcComments(oxc: OxcParser, transfer: OxcTransfer = 'raw') {
  const parse = parseReaderInput(oxc, transfer);
  return (file: string, source: string): RawComment[] | undefined => {
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(file, source);
    } catch {
      return undefined;
    }
    const { input, result } = parsed;
    if (result.errors.length > 0) return undefined;
    const comments: RawComment[] = [];
    for (const comment of result.comments) {
      if (comment.start === 0 && input.text.startsWith('#!')) continue;
      const kind = comment.type === 'Line' ? 'line' : 'block';
      comments.push({ kind, value: comment.value, start: comment.start, end: comment.end });
    }
    return comments;
  };
}

/**
 * The TypeScript path, loaded synchronously: the fallback runs inside the per-file step. `require`
 * loads an ES module such as parse.js on every Node sunset-lint supports (20.19 or later).
 */
function requireTypeScriptPath(): ParseSource {
  loadTypeScriptWithCodeCache();
  const require = createRequire(import.meta.url);
  // Run from the TypeScript sources (the test runner does: `pnpm test` builds first), there is no
  // parse.js beside this module, and `require` cannot load a .ts file: the built twin is the same code.
  const path = import.meta.url.endsWith('.ts')
    ? fileURLToPath(new URL('../../../dist/scan/reader/parse.js', import.meta.url))
    : './parse.js';
  return (require(path) as typeof import('./parse.js')).parseSource;
}

/**
 * The options per language and goal, built once. `experimentalRawTransfer` is read by `parseSync`
 * but not declared in its types. With `showSemanticErrors`, oxc also rejects what parses but cannot
 * run (a class declaration without a name, a private name outside a class), as TypeScript's path
 * does. The goal is ESLint's: a module, a script for CommonJS (`.cjs`); left to itself, oxc takes
 * a `.js` file without `import` or `export` for a script and accepts there what ESLint rejects
 * (`<!--` comments).
 */
function parserOptions(rawTransfer: boolean): Record<`${Grammar}:${'module' | 'script'}`, ParserOptions> {
  return Object.fromEntries(
    (['ts', 'tsx', 'jsx'] as const).flatMap((lang) =>
      (['module', 'script'] as const).map((sourceType) => [
        `${lang}:${sourceType}`,
        {
          lang,
          sourceType,
          preserveParens: false,
          showSemanticErrors: true,
          ...(rawTransfer ? { experimentalRawTransfer: true } : {}),
        },
      ]),
    ),
  ) as Record<`${Grammar}:${'module' | 'script'}`, ParserOptions>;
}
type ParserOptions = import('oxc-parser').ParserOptions;
const RAW_TRANSFER = parserOptions(true);
const JSON_TRANSFER = parserOptions(false);

/**
 * How oxc-parser hands its tree to JavaScript: `raw`, in place in a buffer (Node 22 or later, 64-bit);
 * `json`, as a JSON string (anywhere else; slower per file than TypeScript's parser with the
 * converter, but without TypeScript's load and warm-up: see `loadParser`).
 */
export type OxcTransfer = 'raw' | 'json';

/**
 * oxc-parser, when it is installed for this platform, with the transfer this runtime allows; why
 * not otherwise (for `--parser oxc`'s error).
 */
export async function loadOxc(): Promise<{ oxc: OxcParser; transfer: OxcTransfer } | { unavailable: string }> {
  let oxc: typeof import('oxc-parser');
  try {
    oxc = await import('oxc-parser');
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { unavailable: `oxc-parser does not load here (${message})` };
  }
  const transfer = oxc.rawTransferSupported() ? 'raw' : 'json';
  return { oxc: (await plainResults(transfer)) ?? oxc, transfer };
}

/**
 * `parseSync` as oxc-parser's own, but returning a plain `{ program, errors }`. oxc-parser's
 * `parseSync` returns an object literal with getters that close over the tree (raw-transfer/eager.js,
 * wrap.js). V8 allocates each such getter's `AccessorPair` in the old generation, so every file's
 * pair, dead as soon as the file is done, points from old space into the young generation at the
 * file's whole tree, and every scavenge keeps (and soon promotes) the trees of all files parsed since
 * the last full collection (docs/scanner.md, "Memory"). This calls the same steps oxc-parser's
 * `parseSync` runs, through modules the package exports, without that object. Should those modules
 * not have the shape of oxc-parser 0.158 (the version the scanner pins), it is `undefined` and
 * oxc-parser's `parseSync` is used.
 */
async function plainResults(transfer: OxcTransfer): Promise<OxcParser | undefined> {
  try {
    if (transfer === 'raw') {
      const [common, ts, js] = await Promise.all([
        oxcModule<OxcRawTransferCommon>('raw-transfer/common.js'),
        oxcModule<OxcDeserializer>('generated/deserialize/ts.js'),
        oxcModule<OxcDeserializer>('generated/deserialize/js.js'),
      ]);
      const { parseSyncRawImpl, isJsAst, returnBufferToCache } = common;
      const deserializeTs = ts.deserialize;
      const deserializeJs = js.deserialize;
      if (!parseSyncRawImpl || !isJsAst || !returnBufferToCache || !deserializeTs || !deserializeJs) return undefined;
      return {
        // eager.js's `deserialize` without `range`, `experimentalParent`, tokens, and the hashbang
        // comment (not a comment for ESLint or TypeScript: `oxcComments` leaves it out), and
        // without the object of getters.
        parseSync: (file, text, options) =>
          parseSyncRawImpl(file, text, options, (buffer, sourceText, sourceStartPos, sourceByteLen) => {
            const deserialize = isJsAst(buffer) ? deserializeJs : deserializeTs;
            const { program, comments, errors } = deserialize(buffer, sourceText, sourceStartPos, sourceByteLen);
            returnBufferToCache(buffer);
            return { program, comments, errors };
          }),
      };
    }
    const [bindings, wrap] = await Promise.all([oxcModule<OxcBindings>('bindings.js'), oxcModule<OxcWrap>('wrap.js')]);
    const { parseSync } = bindings;
    const { jsonParseAst } = wrap;
    if (!parseSync || !jsonParseAst) return undefined;
    return {
      // index.js's `parseSync` without raw transfer: `wrap` over the native result, without the getters.
      parseSync: (file, text, options) => {
        const result = parseSync(file, text, options);
        const errors = result.errors;
        return {
          program: errors.length > 0 ? undefined : jsonParseAst(result.program),
          comments: result.comments,
          errors,
        };
      },
    };
  } catch {
    return undefined;
  }
}

/**
 * One of oxc-parser's modules (its `exports` lists each), typed by what `plainResults` reads of it:
 * the package declares no types for them, and a specifier TypeScript does not see is left as it is
 * by the bundler too (oxc-parser stays outside the CLI's bundle).
 */
async function oxcModule<T>(path: string): Promise<Partial<T>> {
  const specifier = `oxc-parser/src-js/${path}`;
  return (await import(specifier)) as Partial<T>;
}

/** The parts of oxc-parser's raw-transfer/common.js used above (the package declares no types for them). */
interface OxcRawTransferCommon {
  parseSyncRawImpl(
    filename: string,
    sourceText: string,
    options: ParserOptions,
    convert: (buffer: Uint8Array, sourceText: string, sourceStartPos: number, sourceByteLen: number) => OxcResult,
  ): OxcResult;
  isJsAst(buffer: Uint8Array): boolean;
  returnBufferToCache(buffer: Uint8Array): void;
}
interface OxcDeserializer {
  deserialize(buffer: Uint8Array, sourceText: string, sourceStartPos: number, sourceByteLen: number): OxcResult;
}
interface OxcBindings {
  parseSync(
    filename: string,
    sourceText: string,
    options: ParserOptions,
  ): { program: string; comments: OxcComment[]; errors: unknown[] };
}
interface OxcWrap {
  jsonParseAst(programJson: string): unknown;
}
